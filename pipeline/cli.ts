import { parseArgs } from 'node:util';
import { z } from 'zod/v4';
import { issueWords } from '../core/zod-issues.ts';
import { PipelineError } from '../core/errors.ts';
import { join, resolve } from 'node:path';
import { generatedFiles } from '../emit/docs.ts';
import { feedsNothing, type PowerRow } from '../emit/manifest.ts';
import { writeFileAtomic } from '../core/atomic.ts';
import { cleanCache } from './cache.ts';
import { merge, parseShard, plan, selectCorpora } from './shard.ts';
import { CATEGORY_MINIMUM } from '../generators/types.ts';
import { runGenerate, stageNames, type CorpusOutcome } from './generate.ts';
import { loadLock } from '../core/lock.ts';
import { resolvePaths } from './paths.ts';

const usage = `lmc — LongMemCode scenario pipeline

Usage:
  lmc generate [--corpus NAME]... [options]   fetch, index, generate and emit scenario files
  lmc plan [--corpus NAME]...                 the work as a CI job matrix: {"include": [{"corpus", "key"}]}
  lmc generate --shard i/n                    run the i-th of n deterministic parts of the selected corpora
  lmc merge SHARD_DIR... [--out DIR]          assemble shard outputs (byte-identical to a single run)
  lmc verify [--corpus NAME]...               regenerate from scratch and compare byte for byte with the
                                              committed scenarios/ (and the manifests' hashes); non-zero on a difference
  lmc list [--lock FILE]                      the corpora in the lock, and which run by default
  lmc docs                                    regenerate docs/ tables and schemas/ from the contract and the generator registry
  lmc cache clean [--work-dir DIR]            delete the stage cache (fetched trees stay)
  lmc audit [--corpus NAME]... [options]      after generate: score the reference oracle (must be 100%) and the
                                              grep floor; write <corpus>.audit.json and the card <corpus>.md

Options:
  --corpus NAME       a corpus from the lock (repeatable); default: every corpus with default: true
  --concurrency N     corpora processed at once (default 2)
  --lock FILE         lock file (default corpora.lock.yaml)
  --out DIR           where scenario files go (default scenarios)
  --work-dir DIR      fetched trees, indexes and logs (default .lmc)
  --force             ignore the stage cache (and refresh it)
  --debug             print stack traces
  -h, --help          this text
`;

const optionsSchema = z
  .object({
    corpus: z.array(z.string().min(1)).optional(),
    concurrency: z.coerce.number().int().min(1).max(64).default(2),
    lock: z.string().default('corpora.lock.yaml'),
    out: z.string().default('scenarios'),
    'work-dir': z.string().default('.lmc'),
    debug: z.boolean().default(false),
    force: z.boolean().default(false),
    shard: z.string().optional(),
    help: z.boolean().default(false),
  })
  .strict();

function formatMs(ms: number | undefined): string {
  return ms === undefined ? '-' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
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
    lines.push('', `${o.corpus}: ${m.counts.total} scenarios, grep_compared share ${m.grep.share.toFixed(1)}% (${m.grep.searches} rg searches, ${m.grep.disagreements.length} index/rg disagreement(s))`);
    lines.push(powerTable('category', m.power.by_category), powerTable('gold source', m.power.by_gold_source));
    for (const s of m.shortfalls) lines.push(`  ${s.category} below ${CATEGORY_MINIMUM}: ${s.reason}`);
    const empty = m.sub_types.filter(feedsNothing).map((s) => s.sub_type);
    if (empty.length) lines.push(`  sub-types this corpus cannot feed: ${empty.join(', ')}`);
  }
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let debug = rest.includes('--debug');
  try {
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
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: command === 'cache' || command === 'merge',
    });
    const parsed = optionsSchema.safeParse(values);
    if (!parsed.success) {
      const { path, message } = issueWords(parsed.error.issues[0]!);
      process.stderr.write(`lmc: --${path.map(String).join('.')}: ${message}\n`);
      return 2;
    }
    const opts = parsed.data;
    debug = opts.debug;
    if (opts.help || !command || command === 'help') {
      process.stdout.write(usage);
      return command || opts.help ? 0 : 2;
    }
    const paths = resolvePaths({ lock: opts.lock, out: opts.out, workDir: opts['work-dir'] });
    const lock = await loadLock(paths.lockFile);
    if (command === 'list') {
      const rows = [['corpus', 'language', 'source', 'indexer', 'default']];
      for (const c of lock.corpora) {
        const src = c.source.kind === 'git' ? `git ${c.source.commit.slice(0, 12)}` : c.source.kind === 'npm' ? `npm ${c.source.package}@${c.source.version}` : `local ${c.source.path}`;
        rows.push([c.name, c.language, src, `${c.indexer.name} ${c.indexer.version}`, c.default ? 'yes' : 'no']);
      }
      process.stdout.write(`${table(rows)}\n`);
      return 0;
    }
    if (command === 'verify') {
      const { runVerify } = await import('./verify.ts');
      const results = await runVerify(lock, opts.corpus, paths, opts.concurrency, (line) => process.stderr.write(`${line}\n`));
      for (const r of results) {
        process.stdout.write(`${r.corpus}: ${r.ok ? 'identical to the committed files' : 'DIFFERS'}\n`);
        for (const p of r.problems) process.stdout.write(`  ${p}\n`);
      }
      return results.every((r) => r.ok) ? 0 : 1;
    }
    if (command === 'plan') {
      process.stdout.write(`${JSON.stringify(await plan(selectCorpora(lock, opts.corpus, paths.lockFile), paths.repoRoot))}\n`);
      return 0;
    }
    if (command === 'merge') {
      if (!positionals.length) {
        process.stderr.write('lmc: usage: lmc merge SHARD_DIR... [--out DIR]\n');
        return 2;
      }
      const merged = await merge(positionals.map((p) => resolve(p)), paths.outDir);
      process.stdout.write(`merged ${merged.length} corpora into ${paths.outDir}: ${merged.join(', ')}\n`);
      return 0;
    }
    if (command === 'cache') {
      if (positionals[0] !== 'clean') {
        process.stderr.write('lmc: usage: lmc cache clean\n');
        return 2;
      }
      await cleanCache(paths.workDir);
      process.stdout.write(`removed ${join(paths.workDir, 'cache')}\n`);
      return 0;
    }
    if (command === 'docs') {
      const files = generatedFiles();
      for (const file of files) await writeFileAtomic(resolve(paths.repoRoot, file.path), file.text);
      process.stdout.write(`wrote ${files.map((f) => f.path).join(', ')}\n`);
      return 0;
    }
    if (command === 'generate') {
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const shard = opts.shard ? parseShard(opts.shard) : undefined;
      const outcomes = await runGenerate(lock, opts.corpus, paths, { concurrency: opts.concurrency, force: opts.force, ...(shard ? { shard } : {}) }, log);
      process.stdout.write(`${summarise(outcomes)}\n`);
      return outcomes.every((o) => o.ok) ? 0 : 1;
    }
    if (command === 'audit') {
      // Loaded on demand: generate and list never need the adapters.
      const { runAudit, formatAuditOutcomes } = await import('./audit.ts');
      const outcomes = await runAudit(lock, opts.corpus, paths, (line) => process.stderr.write(`${line}\n`));
      process.stdout.write(`${formatAuditOutcomes(outcomes, paths)}\n`);
      return outcomes.every((o) => o.ok) ? 0 : 1;
    }
    process.stderr.write(`lmc: unknown command "${command}"\n\n${usage}`);
    return 2;
  } catch (error) {
    if (error instanceof PipelineError) {
      process.stderr.write(`lmc: ${error.describe()}\n`);
      if (debug) process.stderr.write(`${error.stack}\n`);
      return 1;
    }
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`lmc: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}
