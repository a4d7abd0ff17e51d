import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import pLimit from 'p-limit';
import { checkManifest, checkScenarioFile } from '../emit/validate.ts';
import { fetchCorpus } from '../fetchers/index.ts';
import { buildManifest, type GrepDisagreement, type Manifest } from '../emit/manifest.ts';
import { grepOver, ripgrepVersion } from '../evidence/ripgrep.ts';
import { buildFactGraph } from '../graph/fact-graph.ts';
import { Facts } from '../generators/facts.ts';
import { generateScenarios, sortScenarios, type SubTypeReport } from '../generators/index.ts';
import { cacheKey, canonicalJson } from '../core/canonical-json.ts';
import { languageOf } from '../core/languages.ts';
import { TEXT_REF_ARGS } from '../generators/grep.ts';
import { compileManual, compileSpecs } from '../generators/overlays.ts';
import type { Scenario } from '../core/contract.ts';
import { indexCorpus, projectOf, type IndexResult } from '../indexers/index.ts';
import { codeVersion, StageCache } from './cache.ts';
import { selectCorpora, shardOf } from './shard.ts';
import { auditCorpus, writeAuditFiles, type AuditReport, type CorpusAudit } from '../validate/audit.ts';
import { writeFileAtomic } from '../core/atomic.ts';
import { PipelineError } from '../core/errors.ts';
import { sourceVersion, type Corpus, type Lock } from '../core/lock.ts';
import { corpusWorkPaths, type RunPaths } from './paths.ts';

export const stageNames = ['fetch', 'index', 'graph', 'generate', 'validate', 'emit'] as const;

/**
 * The modules each cached stage runs, as entry points: its code version covers everything they
 * import (pipeline/cache.ts), so no list of files is kept by hand.
 */
const STAGE_CODE = {
  index: ['indexers/index.ts'],
  generate: ['graph/fact-graph.ts', 'generators/index.ts', 'generators/overlays.ts', 'evidence/ripgrep.ts', 'core/languages.ts'],
  audit: ['validate/audit.ts', 'emit/manifest.ts'],
};
export type StageName = (typeof stageNames)[number];

export interface CorpusOutcome {
  corpus: string;
  ok: boolean;
  error?: string;
  stageMs: Partial<Record<StageName, number>>;
  /** Stages answered from the stage cache. */
  cached: StageName[];
  manifest?: Manifest;
}

/** Two-space JSON with a final newline; key order is the order objects were built in. */
export function serialise(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

async function timed<T>(stage: StageName, outcome: CorpusOutcome, corpus: string, log: (l: string) => void, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  log(`${corpus}: ${stage}…`);
  try {
    return await run();
  } catch (error) {
    if (error instanceof PipelineError) {
      throw new PipelineError(error.message, { stage, corpus, ...error.where });
    }
    throw error;
  } finally {
    outcome.stageMs[stage] = Math.round(performance.now() - start);
  }
}

/** fetch → index → graph → generate → validate → emit, for one corpus. Writes nothing unless every stage passed. */
export interface RunOptions {
  concurrency: number;
  /** Ignore the stage cache (still refreshes it). */
  force: boolean;
  /** Run only this deterministic part of the selected corpora (`lmc plan` / `lmc merge`). */
  shard?: { index: number; count: number };
}

export async function runCorpus(corpus: Corpus, paths: RunPaths, options: RunOptions, log: (line: string) => void, outcome: CorpusOutcome): Promise<CorpusOutcome> {
  const work = corpusWorkPaths(paths, corpus.name);
  const stage = <T>(name: StageName, run: () => Promise<T>) => timed(name, outcome, corpus.name, log, run);

  const fetched = await stage('fetch', () => fetchCorpus(corpus, { repoRoot: paths.repoRoot, workDir: paths.workDir, log }));
  const project = projectOf(corpus, sourceVersion(corpus.source));
  const cache = new StageCache(paths.workDir, options.force);

  const indexKey = cacheKey({ digest: fetched.contentDigest, indexer: corpus.indexer, language: corpus.language, project, code: codeVersion(STAGE_CODE.index) });
  const indexed: IndexResult = await stage('index', async () => {
    if (await cache.has('index', indexKey)) {
      outcome.cached.push('index');
      await cache.getFile('index', indexKey, 'index.scip', work.indexPath);
      return { ...(await cache.readJson<IndexResult>('index', indexKey, 'result.json')), indexPath: work.indexPath };
    }
    const result = await indexCorpus(corpus, fetched.treeDir, project, { indexPath: work.indexPath, logPath: work.indexLog, scratchRoot: work.scratchRoot });
    await cache.putFile('index', indexKey, 'index.scip', work.indexPath);
    await cache.writeJson('index', indexKey, 'result.json', result);
    await cache.seal('index', indexKey);
    return result;
  });

  const overlays = await loadOverlays(paths.repoRoot, corpus.name);
  const rgVersion = await ripgrepVersion();
  const generateKey = cacheKey({
    indexKey,
    code: codeVersion(STAGE_CODE.generate),
    seed: corpus.seed,
    budget: corpus.budget,
    overlays: [overlays.manual?.text ?? null, overlays.specs?.text ?? null],
    rgVersion,
  });
  const generated: Generated = await (async () => {
    if (await cache.has('generate', generateKey)) {
      outcome.cached.push('graph', 'generate');
      return cache.readJson<Generated>('generate', generateKey, 'result.json');
    }
    const graph = await stage('graph', () => buildFactGraph(indexed.indexPath, project));
    if (graph.symbols.size === 0) {
      throw new PipelineError(`the index has no symbols of project "${project.name}"; check the lock's include paths`, { corpus: corpus.name, stage: 'graph' });
    }
    const result = await stage('generate', async () => {
      const search = grepOver(fetched.treeDir);
      // Most text searches are for the corpus's own names: answer them in a few batched runs.
      search.prefetchWords(TEXT_REF_ARGS, [...graph.symbols.values()].map((s) => s.name));
      const language = languageOf(corpus.language);
      const facts = new Facts(graph, language);
      const manual = overlays.manual ? compileManual(overlays.manual.data, overlays.manual.file, facts) : [];
      const specs = overlays.specs ? compileSpecs(overlays.specs.data, overlays.specs.file, facts, search.grep) : [];
      const reserved = new Set([...manual, ...specs].map((s) => canonicalJson(s.query)));
      const made = generateScenarios(graph, { language, seed: corpus.seed, budget: corpus.budget, grep: search.grep, reserved });
      const scenarios = sortScenarios([...made.scenarios, ...manual, ...specs]);
      return {
        scenarios,
        subTypes: made.subTypes,
        symbols: graph.symbols.size,
        grep: { rgVersion, searches: search.searches(), disagreements: grepDisagreements(scenarios, facts) },
        overlays: { manual: overlays.manual?.file ?? null, specs: overlays.specs?.file ?? null },
      };
    });
    await cache.writeJson('generate', generateKey, 'result.json', result);
    await cache.seal('generate', generateKey);
    return result;
  })();
  const { scenarios } = generated;

  const scenarioText = serialise(scenarios);
  const scenarioPath = join(paths.outDir, `${corpus.name}.json`);
  const { manifest, audit } = await stage('validate', async () => {
    const problems = checkScenarioFile(JSON.parse(scenarioText));
    if (problems.length) throw new PipelineError(`generated scenarios fail the schema: ${problems.slice(0, 3).join('; ')}`, { file: scenarioPath });
    const draft = buildManifest({ corpus, fetched, indexed, project, scenarioText, ...generated });
    const audit = await auditWithCache(cache, { generateKey, scenarioText, manifest: draft, indexPath: indexed.indexPath, treeDir: fetched.treeDir, runDir: join(paths.workDir, 'runs', corpus.name) }, outcome, log);
    if (audit.failing.length) {
      const listed = audit.failing.slice(0, 20).join(', ');
      throw new PipelineError(`the reference oracle fails ${audit.failing.length} scenario(s): ${listed}${audit.failing.length > 20 ? ', …' : ''} (audit trail: ${join(paths.workDir, 'runs', corpus.name, 'oracle.jsonl')})`, { file: scenarioPath });
    }
    const m: Manifest = { ...draft, difficulty_floor: floorOf(audit.report) };
    const manifestProblems = checkManifest(m);
    if (manifestProblems.length) throw new PipelineError(`manifest fails its schema: ${manifestProblems[0]}`, { file: `${corpus.name}.manifest.json` });
    return { manifest: m, audit };
  });

  await stage('emit', async () => {
    await removeStaleTemps(paths.outDir, corpus.name);
    await writeFileAtomic(scenarioPath, scenarioText);
    await writeFileAtomic(join(paths.outDir, `${corpus.name}.manifest.json`), serialise(manifest));
    await writeAuditFiles(paths.outDir, audit);
  });
  return { ...outcome, ok: true, manifest };
}

/**
 * The validate stage's evidence: the reference oracle and the grep floor run
 * over the file through the adapter protocol. Cached under the scenario
 * file's own hash and the adapters' code, so an unchanged file is not re-run.
 */
async function auditWithCache(
  cache: StageCache,
  input: { generateKey: string; scenarioText: string; manifest: Manifest; indexPath: string; treeDir: string; runDir: string },
  outcome: CorpusOutcome,
  log: (line: string) => void,
): Promise<Pick<CorpusAudit, 'corpus' | 'failing' | 'report' | 'card'>> {
  const key = cacheKey({
    generateKey: input.generateKey,
    scenarios: createHash('sha256').update(input.scenarioText).digest('hex'),
    code: codeVersion(STAGE_CODE.audit),
  });
  if (await cache.has('audit', key)) {
    outcome.cached.push('validate');
    return cache.readJson('audit', key, 'audit.json');
  }
  const { corpus, failing, report, card } = await auditCorpus(
    { manifest: input.manifest, scenarioText: input.scenarioText, indexPath: input.indexPath, treeDir: input.treeDir, runDir: input.runDir },
    log,
  );
  if (failing.length === 0) {
    await cache.writeJson('audit', key, 'audit.json', { corpus, failing, report, card });
    await cache.seal('audit', key);
  }
  return { corpus, failing, report, card };
}

/** What the manifest keeps of the floor: how hard each category really is. */
function floorOf(report: AuditReport): Manifest['difficulty_floor'] {
  const floor = report.adapters['grep-floor'];
  return {
    adapter: 'grep-floor',
    weighted_accuracy: floor.weighted_accuracy,
    raw_accuracy: floor.raw_accuracy,
    by_category: Object.fromEntries(Object.entries(floor.by_category).map(([k, b]) => [k, b.mean])),
    too_easy: report.too_easy,
  };
}

/** A run killed in the middle of a write leaves its temp file behind; the next run sweeps this corpus's. */
async function removeStaleTemps(outDir: string, corpus: string): Promise<void> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  const stale = names.filter((n) => n.startsWith(`.${corpus}.json.`) || n.startsWith(`.${corpus}.manifest.json.`));
  await Promise.all(stale.filter((n) => n.endsWith('.tmp')).map((n) => rm(join(outDir, n), { force: true })));
}

/** For grep answers to call questions, where the index answers the same question differently. */
function grepDisagreements(scenarios: Scenario[], facts: Facts): GrepDisagreement[] {
  const out: GrepDisagreement[] = [];
  for (const s of scenarios) {
    if (s.gold_source !== 'grep_compared' || s.query.op !== 'callers' || s.expected.kind !== 'exact_set') continue;
    const target = facts.symbol(s.query.sym_stable_id);
    if (!target || !facts.isCallable(target)) continue;
    const index = facts.callers(target.id);
    const grep = s.expected.stable_ids;
    const onlyGrep = grep.filter((id) => !index.includes(id));
    const onlyIndex = index.filter((id) => !grep.includes(id));
    if (onlyGrep.length || onlyIndex.length) out.push({ id: s.id, only_grep: onlyGrep, only_index: onlyIndex });
  }
  return out;
}

/** Hand-written overlays live in the repository beside the lock, whatever the output directory. */
interface Overlay {
  file: string;
  text: string;
  data: unknown;
}

/** What the generate stage produces (and the stage cache stores). */
interface Generated {
  scenarios: Scenario[];
  subTypes: SubTypeReport[];
  symbols: number;
  grep: { rgVersion: string; searches: number; disagreements: GrepDisagreement[] };
  overlays: { manual: string | null; specs: string | null };
}

async function loadOverlays(repoRoot: string, corpus: string): Promise<{ manual?: Overlay; specs?: Overlay }> {
  const read = async (kind: 'manual' | 'specs') => {
    const file = `scenarios/${kind}/${corpus}.yaml`;
    let text: string;
    try {
      text = await readFile(join(repoRoot, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      return { file, text, data: parseYaml(text, { uniqueKeys: true }) as unknown };
    } catch (error) {
      throw new PipelineError(`malformed YAML: ${(error as Error).message.split('\n')[0]}`, { file });
    }
  };
  const manual = await read('manual');
  const specs = await read('specs');
  return { ...(manual ? { manual } : {}), ...(specs ? { specs } : {}) };
}

/** Runs corpora with bounded concurrency; one failing corpus never stops the others. */
export async function runGenerate(lock: Lock, names: string[] | undefined, paths: RunPaths, options: RunOptions, log: (line: string) => void): Promise<CorpusOutcome[]> {
  const selected = options.shard ? shardOf(selectCorpora(lock, names, paths.lockFile), options.shard) : selectCorpora(lock, names, paths.lockFile);
  const limit = pLimit(options.concurrency);
  return Promise.all(
    selected.map((corpus) =>
      limit(async () => {
        const outcome: CorpusOutcome = { corpus: corpus.name, ok: false, stageMs: {}, cached: [] };
        try {
          return await runCorpus(corpus, paths, options, log, outcome);
        } catch (error) {
          if (error instanceof PipelineError) return { ...outcome, error: error.describe() };
          throw error;
        }
      }),
    ),
  );
}
