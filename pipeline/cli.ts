import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { z } from 'zod/v4';
import { writeFileAtomic } from '../core/atomic.ts';
import { cleanUpNow } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import { loadLock, type Corpus, type Lock } from '../core/lock.ts';
import { issueWords } from '../core/zod-issues.ts';
import { generatedFiles } from '../emit/docs.ts';
import { feedsNothing, type PowerRow } from '../emit/manifest.ts';
import { CATEGORY_MINIMUM, UNWEIGHTED_QUOTA } from '../generators/types.ts';
import { isUnweightedCategory, protocolProfiles, type Category } from '../core/contract.ts';
import { DEFAULT_STARTUP_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, MAX_UNREAD_LINES, PIPES_GRACE_MS } from '../validate/runner.ts';
import { cleanCache } from './cache.ts';
import { runGenerate, stageNames, type CorpusOutcome } from './generate.ts';
import { resolvePaths, type RunPaths } from './paths.ts';
import { checkPrograms, lockOutDir, lockWorkDir, outputsAreFiles, ownDirsOutsideLocalSources, programsFor, writableDir } from './preflight.ts';
import { merge, parseShard, plan, selectCorpora } from './shard.ts';

type OptionName = 'corpus' | 'concurrency' | 'lock' | 'out' | 'work-dir' | 'force' | 'shard' | 'protocol' | 'adapter' | 'debug';

const optionHelp: Record<OptionName, string> = {
  corpus: '--corpus NAME       a corpus from the lock (repeatable; each runs once); default: every corpus with default: true',
  concurrency: '--concurrency N     corpora processed at once (default 2; outputs never depend on it)',
  lock: '--lock FILE         lock file (default corpora.lock.yaml)',
  out: '--out DIR           where scenario files are published (default scenarios; scenarios/upstream with --protocol upstream)',
  'work-dir': '--work-dir DIR      fetched trees, indexes, logs and the stage cache (default .lmc); one run at a time',
  force: '--force             ignore the stage cache (and refresh it)',
  shard: '--shard i/n         run only the i-th of n deterministic parts of the selected corpora',
  protocol: "--protocol P        lmc (default: the full protocol) or upstream (only what the upstream runner's reference adapters understand)",
  adapter:
    '--adapter CMD       the memory system to score, a command run by `sh -c` that speaks the adapter protocol. Fixed timeouts: ' +
    `each adapter process has ${DEFAULT_STARTUP_TIMEOUT_MS / 1000} s for its first answer (start-up and ingestion included) and ${DEFAULT_TIMEOUT_MS / 1000} s for each later one, ` +
    `else it is killed with every process it started and the run fails; after the last answer it has ${DEFAULT_TIMEOUT_MS / 1000} s to exit (${PIPES_GRACE_MS / 1000} s once it has written more than ${MAX_UNREAD_LINES} lines nobody asked for), then it is killed`,
  debug: '--debug             print stack traces with errors',
};

interface Command {
  synopsis: string;
  summary: string;
  options: OptionName[];
  /** Positional arguments it takes, for the parser. */
  positionals?: boolean;
}

const commands: Record<string, Command> = {
  generate: {
    synopsis: 'lmc generate [--corpus NAME]... [options]',
    summary: 'fetch, index, generate, validate and publish each corpus\'s scenario file, manifest, audit and dataset card',
    options: ['corpus', 'concurrency', 'lock', 'out', 'work-dir', 'force', 'shard', 'protocol', 'debug'],
  },
  plan: { synopsis: 'lmc plan [--corpus NAME]...', summary: 'the work as a CI job matrix: {"include": [{"corpus", "key"}]}', options: ['corpus', 'lock', 'debug'] },
  merge: {
    synopsis: 'lmc merge SHARD_DIR... [--out DIR] [--lock FILE]',
    summary: 'assemble the outputs of `generate --shard` runs of this lock into one directory (byte-identical to a single run); refuses an incomplete or mixed set of shards',
    options: ['out', 'lock', 'debug'],
    positionals: true,
  },
  verify: {
    synopsis: 'lmc verify [--corpus NAME]... [--out DIR] [--protocol P]',
    summary: 'regenerate from scratch and compare byte for byte with the published files in --out (and each set\'s hashes); non-zero on a difference',
    options: ['corpus', 'concurrency', 'lock', 'out', 'protocol', 'debug'],
  },
  audit: {
    synopsis: 'lmc audit [--corpus NAME]... [options]',
    summary: 'after generate: score the reference oracle (must be 100%) and the grep floor again, and publish the audit, card and manifest',
    options: ['corpus', 'lock', 'out', 'work-dir', 'debug'],
  },
  list: { synopsis: 'lmc list [--lock FILE]', summary: 'the corpora in the lock: language, source kind and pin, indexer, whether a plain generate covers them', options: ['lock', 'debug'] },
  docs: { synopsis: 'lmc docs', summary: 'regenerate the docs/ tables and schemas/ from the contract and the generator registry', options: ['debug'] },
  cache: { synopsis: 'lmc cache clean [--work-dir DIR]', summary: 'delete the stage cache (fetched trees stay)', options: ['work-dir', 'debug'], positionals: true },
  lint: {
    synopsis: 'lmc lint FILE...',
    summary: 'check scenario files (ours or the upstream repository\'s) against the published schema and the quality rules (repeated queries, empty or fixed-size contains, pseudo ids, non-empty adversarial answers, missing gold_source); prints a defect table, non-zero on any defect',
    options: ['debug'],
    positionals: true,
  },
  run: {
    synopsis: 'lmc run FILE --adapter CMD',
    summary: "score a memory system on a scenario file (ours or the upstream repository's): per category, weighted by the paper's nine categories and by the upstream runner's six, labelled",
    options: ['adapter', 'debug'],
    positionals: true,
  },
  sample: {
    synopsis: 'lmc sample --corpus NAME [--out DIR]',
    summary: 'print a stratified sample of a published file (every sub-type, 60 or more scenarios) as an audits/<corpus>.yaml skeleton to judge against the source',
    options: ['corpus', 'lock', 'out', 'debug'],
  },
};

function overview(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.synopsis.length));
  return [
    'lmc — LongMemCode scenario pipeline',
    '',
    'Usage:',
    ...Object.values(commands).map((c) => `  ${c.synopsis.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    ...Object.values(optionHelp).map((h) => `  ${h}`),
    '  -h, --help          this text, or a command\'s own with `lmc COMMAND --help`',
    '',
  ].join('\n');
}

function commandHelp(name: string): string {
  const c = commands[name]!;
  return [`Usage: ${c.synopsis}`, '', c.summary, '', 'Options:', ...c.options.map((o) => `  ${optionHelp[o]}`), '  -h, --help          this text', ''].join('\n');
}

const optionsSchema = z
  .object({
    corpus: z.array(z.string().min(1)).optional(),
    concurrency: z.coerce.number().int().min(1).max(64).default(2),
    lock: z.string().min(1).default('corpora.lock.yaml'),
    out: z.string().min(1).optional(),
    'work-dir': z.string().min(1).default('.lmc'),
    debug: z.boolean().default(false),
    force: z.boolean().default(false),
    shard: z.string().optional(),
    protocol: z.enum(protocolProfiles).default('lmc'),
    adapter: z.string().min(1).optional(),
    help: z.boolean().default(false),
  })
  .strict();
type Options = z.infer<typeof optionsSchema>;

function formatMs(ms: number | undefined): string {
  return ms === undefined ? '-' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

/** Columns padded to their widest cell: text to the left, numbers and times (`numeric`) to the right. */
function table(rows: string[][], numeric = true): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 || !numeric ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd()).join('\n');
}

function powerTable(title: string, rows: Record<string, PowerRow>): string {
  const out = [[title, 'n', 'share', '95% ±']];
  for (const [k, r] of Object.entries(rows)) out.push([k, String(r.n), `${r.share.toFixed(1)}%`, r.half_width === null ? '-' : `${r.half_width.toFixed(1)} pts`]);
  return table(out)
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

export function summarise(outcomes: CorpusOutcome[]): string {
  const rows = [['corpus', 'status', ...stageNames, 'scenarios']];
  for (const o of outcomes) {
    rows.push([o.corpus, o.ok ? 'ok' : 'FAILED', ...stageNames.map((s) => (o.cached.includes(s) ? 'cached' : formatMs(o.stageMs[s]))), String(o.manifest?.counts.total ?? '-')]);
  }
  const lines = [table(rows)];
  for (const o of outcomes) if (o.error) lines.push(`  ${o.error}`);
  for (const o of outcomes) {
    const m = o.manifest;
    if (!m) continue;
    lines.push('', `${o.corpus}: ${m.counts.total} scenarios, grep_compared share ${m.grep.share.toFixed(1)}% (${m.grep.searches} rg searches)`);
    lines.push(powerTable('category', m.power.by_category), powerTable('gold source', m.power.by_gold_source));
    for (const s of m.shortfalls) lines.push(`  ${s.category} below ${isUnweightedCategory(s.category as Category) ? UNWEIGHTED_QUOTA : CATEGORY_MINIMUM}: ${s.reason}`);
    const empty = m.sub_types.filter(feedsNothing).map((s) => s.sub_type);
    if (empty.length) lines.push(`  sub-types this corpus cannot feed: ${empty.join(', ')}`);
  }
  return lines.join('\n');
}

/** The source and its pin, as `lmc list` shows it. */
function pinOf(c: Corpus): string {
  switch (c.source.kind) {
    case 'git':
      return `git ${c.source.url} @ ${c.source.commit.slice(0, 12)}`;
    case 'npm':
      return `npm ${c.source.package}@${c.source.version}`;
    case 'debian':
      return `debian ${c.source.package}=${c.source.version}`;
    case 'local':
      return `local ${c.source.path}`;
  }
}

/** Exit code of a run stopped by SIGINT or SIGTERM, after its children and temporary files are gone. */
const INTERRUPTED = 130;

export async function main(argv: string[]): Promise<number> {
  const first = argv[0];
  const named = first !== undefined && !first.startsWith('-');
  const command = named ? first : undefined;
  const rest = named ? argv.slice(1) : argv;
  let debug = rest.includes('--debug');
  const stop = () => {
    const left = cleanUpNow();
    process.stderr.write(
      left.length === 0
        ? 'lmc: interrupted; stopped child processes and removed temporary files\n'
        : `lmc: interrupted; stopped child processes, but could not remove ${left.join(', ')}\n`,
    );
    process.exit(INTERRUPTED);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    if (command === 'help') {
      const topic = rest[0];
      process.stdout.write(topic && commands[topic] ? commandHelp(topic) : overview());
      return 0;
    }
    if (command !== undefined && !commands[command]) {
      process.stderr.write(`lmc: unknown command "${command}" (commands: ${Object.keys(commands).join(', ')}; lmc --help)\n`);
      return 2;
    }
    const spec = command ? commands[command]! : undefined;
    const allowed = new Set<string>([...(spec?.options ?? Object.keys(optionHelp)), 'help']);
    const { values, positionals } = parseArgs({
      args: rest,
      options: {
        corpus: { type: 'string', multiple: true },
        concurrency: { type: 'string' },
        lock: { type: 'string' },
        out: { type: 'string' },
        'work-dir': { type: 'string' },
        debug: { type: 'boolean' },
        force: { type: 'boolean' },
        shard: { type: 'string' },
        protocol: { type: 'string' },
        adapter: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: spec?.positionals ?? false,
    });
    const misplaced = Object.keys(values).find((k) => !allowed.has(k));
    if (misplaced) {
      process.stderr.write(`lmc ${command}: --${misplaced} does not apply to this command (lmc ${command} --help)\n`);
      return 2;
    }
    const parsed = optionsSchema.safeParse(values);
    if (!parsed.success) {
      const { path, message } = issueWords(parsed.error.issues[0]!);
      process.stderr.write(`lmc: --${path.map(String).join('.')}: ${message}\n`);
      return 2;
    }
    const opts = parsed.data;
    debug = opts.debug;
    if (opts.help || !command) {
      process.stdout.write(command ? commandHelp(command) : overview());
      return command || opts.help ? 0 : 2;
    }
    return await run(command, opts, positionals);
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`lmc: ${(error as Error).message}${command ? ` (lmc ${command} --help)` : ''}\n`);
      return 2;
    }
    const failure = error instanceof PipelineError ? error : new PipelineError(error instanceof Error ? error.message : String(error));
    process.stderr.write(`lmc: ${failure.describe()}\n`);
    if (debug) process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return 1;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
  }
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Where each profile's files go unless --out says otherwise: never one profile over the other's files. */
const defaultOut: Record<(typeof protocolProfiles)[number], string> = { lmc: 'scenarios', upstream: 'scenarios/upstream' };

/** Runs a command once its options are valid: the lock is read, options and paths are checked, and programs found, before any work. */
async function run(command: string, opts: Options, positionals: string[]): Promise<number> {
  const paths = resolvePaths({ lock: opts.lock, out: opts.out ?? defaultOut[opts.protocol], workDir: opts['work-dir'] });
  if (command === 'docs') {
    const files = generatedFiles();
    for (const file of files) await writeFileAtomic(resolve(paths.repoRoot, file.path), file.text);
    process.stdout.write(`wrote ${files.map((f) => f.path).join(', ')}\n`);
    return 0;
  }
  if (command === 'cache') {
    if (positionals.length !== 1 || positionals[0] !== 'clean') {
      process.stderr.write('lmc: usage: lmc cache clean [--work-dir DIR]\n');
      return 2;
    }
    await writableDir(paths.workDir, '--work-dir');
    return withWorkDir(paths, async () => {
      await cleanCache(paths.workDir);
      process.stdout.write(`removed ${join(paths.workDir, 'cache')}\n`);
      return 0;
    });
  }
  if (command === 'lint') {
    if (!positionals.length) {
      process.stderr.write('lmc: usage: lmc lint FILE...\n');
      return 2;
    }
    const { lintFiles } = await import('./lint.ts');
    return lintFiles(positionals);
  }
  if (command === 'run') {
    if (positionals.length !== 1 || !opts.adapter) {
      process.stderr.write('lmc: usage: lmc run FILE --adapter CMD\n');
      return 2;
    }
    const { runFile } = await import('./run.ts');
    process.stdout.write(`${await runFile(positionals[0]!, opts.adapter)}\n`);
    return 0;
  }
  const lock = await loadLock(paths.lockFile);
  const selected = selectCorpora(lock, opts.corpus, paths.lockFile);
  if (command === 'list') return list(lock);
  if (command === 'sample') {
    if (selected.length !== 1 || !opts.corpus?.length) {
      process.stderr.write('lmc: usage: lmc sample --corpus NAME [--out DIR]\n');
      return 2;
    }
    const { sampleSkeleton } = await import('./sample.ts');
    process.stdout.write(await sampleSkeleton(selected[0]!.name, paths.outDir));
    return 0;
  }
  if (command === 'plan') {
    process.stdout.write(`${JSON.stringify(await plan(selected, paths.repoRoot))}\n`);
    return 0;
  }
  if (command === 'merge') {
    if (!positionals.length) {
      process.stderr.write('lmc: usage: lmc merge SHARD_DIR... [--out DIR] [--lock FILE]\n');
      return 2;
    }
    await writableDir(paths.outDir, '--out');
    return withOutDir(paths, async () => {
      const merged = await merge(positionals.map((p) => resolve(p)), paths.outDir, paths.lockFile, (await plan(lock.corpora, paths.repoRoot)).include);
      process.stdout.write(`merged ${merged.length} corpora into ${paths.outDir}: ${merged.join(', ')}\n`);
      return 0;
    });
  }
  if (command === 'verify') {
    checkPrograms(programsFor(selected, { search: true }));
    const { runVerify } = await import('./verify.ts');
    const results = await runVerify(lock, opts.corpus, paths, opts.concurrency, log, opts.protocol);
    for (const r of results) {
      process.stdout.write(`${r.corpus}: ${r.ok ? 'identical to the committed files' : 'DIFFERS'}\n`);
      for (const p of r.problems) process.stdout.write(`  ${p}\n`);
    }
    return results.every((r) => r.ok) ? 0 : 1;
  }
  if (command === 'audit') {
    await writableDir(paths.outDir, '--out');
    await writableDir(paths.workDir, '--work-dir');
    checkPrograms(programsFor([], { search: true }));
    return withWorkDir(paths, () => withOutDir(paths, async () => {
      const { runAudit, formatAuditOutcomes } = await import('./audit.ts');
      const outcomes = await runAudit(lock, opts.corpus, paths, log);
      process.stdout.write(`${formatAuditOutcomes(outcomes, paths)}\n`);
      return outcomes.every((o) => o.ok) ? 0 : 1;
    }));
  }
  // generate
  const shard = opts.shard ? parseShard(opts.shard) : undefined;
  await writableDir(paths.outDir, '--out');
  await writableDir(paths.workDir, '--work-dir');
  await outputsAreFiles(paths.outDir, selected);
  await ownDirsOutsideLocalSources([{ dir: paths.workDir, option: '--work-dir' }, { dir: paths.outDir, option: '--out' }], selected, paths.repoRoot);
  checkPrograms(programsFor(selected, { search: true }));
  return withWorkDir(paths, () => withOutDir(paths, async () => {
    const outcomes = await runGenerate(lock, opts.corpus, paths, { concurrency: opts.concurrency, force: opts.force, protocol: opts.protocol, ...(shard ? { shard } : {}) }, log);
    process.stdout.write(`${summarise(outcomes)}\n`);
    for (const o of outcomes) {
      if (!o.error) continue;
      process.stderr.write(`lmc: ${o.error}\n`);
      if (opts.debug && o.stack) process.stderr.write(`${o.stack}\n`);
    }
    return outcomes.every((o) => o.ok) ? 0 : 1;
  }));
}

/** Runs `work` as the only writer of the work directory. */
function withWorkDir(paths: RunPaths, work: () => Promise<number>): Promise<number> {
  return holding(() => lockWorkDir(paths.workDir), work);
}

/** Runs `work` as the only writer of the output directory. */
function withOutDir(paths: RunPaths, work: () => Promise<number>): Promise<number> {
  return holding(() => lockOutDir(paths.outDir), work);
}

async function holding(take: () => Promise<() => Promise<void>>, work: () => Promise<number>): Promise<number> {
  const release = await take();
  try {
    return await work();
  } finally {
    await release();
  }
}

function list(lock: Lock): number {
  const rows = [['corpus', 'language', 'source', 'indexer', 'default']];
  for (const c of lock.corpora) rows.push([c.name, c.language, pinOf(c), `${c.indexer.name} ${c.indexer.version}`, c.default ? 'yes' : 'no']);
  process.stdout.write(`${table(rows, false)}\n`);
  return 0;
}
