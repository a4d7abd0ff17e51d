import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { cacheKey, canonicalJson } from '../core/canonical-json.ts';
import type { ProtocolProfile, Scenario } from '../core/contract.ts';
import { inProfile, type ProfileReport } from '../generators/profile.ts';
import { PipelineError } from '../core/errors.ts';
import { languageOf, type Language } from '../core/languages.ts';
import { sourceVersion, type Corpus, type Lock } from '../core/lock.ts';
import { readYaml } from '../core/yaml.ts';
import { buildManifest, type Manifest } from '../emit/manifest.ts';
import { publishCorpus, sealManifest, serialise, sha256, type PublishedTexts } from '../emit/publish.ts';
import { checkManifest, checkScenarioFile } from '../emit/validate.ts';
import { ripgrepVersion, searcherOver } from '../evidence/ripgrep.ts';
import { TreeText } from '../evidence/tree-text.ts';
import { classifiedSearch, SyntaxClassifier, type SpansByFile } from '../evidence/syntax.ts';
import { loadGrammars, nodeSpanReader } from '../core/grammars.ts';
import { fetchCorpus } from '../fetchers/index.ts';
import { Facts } from '../generators/facts.ts';
import { generateScenarios, sortScenarios, type SubTypeReport } from '../generators/index.ts';
import { compileManual, compileSpecs } from '../generators/overlays.ts';
import { buildFactGraph, type FactGraph } from '../graph/fact-graph.ts';
import type { FetchedCorpus } from '../fetchers/index.ts';
import type { DriftBase } from '../generators/types.ts';
import { indexCorpus, projectOf, type IndexResult } from '../indexers/index.ts';
import { auditCorpus, datasetCard, type AuditInputs, type AuditReport } from '../validate/audit.ts';
import { categoryChart } from '../validate/chart.ts';
import { checkJudged } from '../validate/judged.ts';
import { codeVersion, StageCache } from './cache.ts';
import { corpusWorkPaths, type RunPaths } from './paths.ts';
import { lockDigest, plan, selectCorpora, shardOf, writeShardRecord } from './shard.ts';

export const stageNames = ['fetch', 'index', 'graph', 'generate', 'validate', 'emit'] as const;

/**
 * The modules each cached stage runs, as entry points: its code version covers everything they
 * import (pipeline/cache.ts), so no list of files is kept by hand.
 */
const STAGE_CODE = {
  index: ['indexers/index.ts'],
  generate: ['graph/fact-graph.ts', 'generators/index.ts', 'generators/overlays.ts', 'generators/profile.ts', 'evidence/ripgrep.ts', 'evidence/syntax.ts', 'core/languages.ts', 'core/grammars.ts'],
  audit: ['validate/audit.ts', 'emit/manifest.ts'],
};
export type StageName = (typeof stageNames)[number];

export interface CorpusOutcome {
  corpus: string;
  ok: boolean;
  /** One line: `corpus fastify, stage index: …`. */
  error?: string;
  /** The failure's stack, for --debug. */
  stack?: string;
  stageMs: Partial<Record<StageName, number>>;
  /** Stages answered from the stage cache. */
  cached: StageName[];
  manifest?: Manifest;
}

/** How often a running stage says it is still running. */
const PROGRESS_EVERY_MS = process.stderr.isTTY ? 5_000 : 15_000;

/**
 * Runs one stage: says so, says every few seconds that it is still running, records its time, and
 * turns any failure into a PipelineError naming the corpus and the stage (the original stack kept
 * for --debug): an unexpected error is that corpus's failure, not the run's.
 */
async function timed<T>(stage: StageName, outcome: CorpusOutcome, corpus: string, log: (l: string) => void, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  log(`${corpus}: ${stage}…`);
  const progress = setInterval(() => log(`${corpus}: ${stage}… ${Math.round((performance.now() - start) / 1000)} s`), PROGRESS_EVERY_MS);
  try {
    return await run();
  } catch (error) {
    throw asStageError(error, { stage, corpus });
  } finally {
    clearInterval(progress);
    // A stage may run twice for one corpus (its Drift pin is fetched, indexed and read too): the times add up.
    outcome.stageMs[stage] = (outcome.stageMs[stage] ?? 0) + Math.round(performance.now() - start);
  }
}

/** The error as a PipelineError naming the corpus and the stage, unless it names its own. */
export function asStageError(error: unknown, where: { stage: string; corpus: string }): PipelineError {
  if (error instanceof PipelineError) {
    const wrapped = new PipelineError(error.message, { ...where, ...error.where });
    wrapped.stack = error.stack;
    return wrapped;
  }
  const wrapped = new PipelineError(error instanceof Error ? error.message : String(error), where);
  if (error instanceof Error) wrapped.stack = error.stack;
  return wrapped;
}

/** fetch → index → graph → generate → validate → emit, for one corpus. Writes nothing unless every stage passed. */
export interface RunOptions {
  concurrency: number;
  /** Ignore the stage cache (still refreshes it). */
  force: boolean;
  /** Run only this deterministic part of the selected corpora (`lmc plan` / `lmc merge`). */
  shard?: { index: number; count: number };
  /** The protocol profile the files are made for (default `lmc`, the full protocol). */
  protocol?: ProtocolProfile;
}

/** The corpus's language folder, with the lock's `test_files` in place of the folder's where the corpus sets them. */
function corpusLanguage(corpus: Corpus): Language {
  const language = languageOf(corpus.language);
  return corpus.test_files ? { ...language, idioms: { ...language.idioms, testFiles: corpus.test_files } } : language;
}

export async function runCorpus(corpus: Corpus, paths: RunPaths, options: RunOptions, log: (line: string) => void, outcome: CorpusOutcome): Promise<CorpusOutcome> {
  const stage = <T>(name: StageName, run: () => Promise<T>) => timed(name, outcome, corpus.name, log, run);

  const fetched = await stage('fetch', () => fetchCorpus(corpus, { repoRoot: paths.repoRoot, workDir: paths.workDir, log }));
  const project = projectOf(corpus, sourceVersion(corpus.source));
  const cache = new StageCache(paths.workDir, options.force, (message) => log(`${corpus.name}: ${message}`));

  const indexKey = cacheKey({ digest: fetched.contentDigest, indexer: corpus.indexer, language: corpus.language, project, code: codeVersion(STAGE_CODE.index) });
  const indexed: IndexResult = await stage('index', async () => {
    const hit = await indexOf(corpus, fetched, project, indexKey, paths, cache);
    if (hit.cached) outcome.cached.push('index');
    return hit.result;
  });
  const earlier = corpus.drift ? driftPin(corpus, project) : undefined;
  const base = earlier ? await (async () => {
    const baseFetched = await stage('fetch', () => fetchCorpus(earlier, { repoRoot: paths.repoRoot, workDir: paths.workDir, log }));
    const baseKey = cacheKey({ digest: baseFetched.contentDigest, indexer: earlier.indexer, language: earlier.language, project: earlier.project, code: codeVersion(STAGE_CODE.index) });
    const baseIndexed = await stage('index', async () => (await indexOf(earlier, baseFetched, earlier.project!, baseKey, paths, cache)).result);
    return { fetched: baseFetched, indexed: baseIndexed, indexKey: baseKey, project: earlier.project! };
  })() : undefined;

  const overlays = await loadOverlays(paths.repoRoot, corpus.name);
  const rgVersion = await ripgrepVersion();
  // How the fact graph reads the index's calls (buildFactGraph's `precision`).
  const { precision } = indexed.indexer;
  const generateKey = cacheKey({
    indexKey,
    precision,
    code: codeVersion(STAGE_CODE.generate),
    seed: corpus.seed,
    budget: corpus.budget,
    sessions: corpus.sessions ?? false,
    protocol: options.protocol ?? 'lmc',
    testFiles: corpus.test_files ?? null,
    drift: base ? base.indexKey : null,
    overlays: [overlays.manual?.text ?? null, overlays.specs?.text ?? null],
    rgVersion,
  });
  /** The spans the generate stage parsed, when it ran (never cached): validate's oracle need not parse those files again. */
  let parsedSpans: SpansByFile | undefined;
  const generated: Generated = await (async () => {
    const cached = await cache.load<Generated>('generate', generateKey, 'result.json');
    if (cached) {
      outcome.cached.push('graph', 'generate');
      return cached;
    }
    const language = languageOf(corpus.language);
    const { constructs, calls, constants, importBindings } = language.idioms;
    const definitionTime = language.syntax.definitionTime.length ? await nodeSpanReader(language.name, language.syntax.definitionTime) : undefined;
    const forms = { constructs, calls, constants, importBindings, precision, ...(definitionTime ? { definitionTime } : {}) };
    const graph = await stage('graph', () => buildFactGraph(indexed.indexPath, project, { treeDir: fetched.treeDir, ...forms }));
    const baseGraph = base ? await stage('graph', () => buildFactGraph(base.indexed.indexPath, base.project, { treeDir: base.fetched.treeDir, ...forms })) : undefined;
    if (graph.symbols.size === 0) {
      throw new PipelineError(`the index has no symbols of project "${project.name}"; check the lock's include paths`, { corpus: corpus.name, stage: 'graph' });
    }
    const result = await stage('generate', async () => {
      const tree = TreeText.load(fetched.treeDir);
      try {
        const searcher = searcherOver(tree);
        const classifier = new SyntaxClassifier(tree, await loadGrammars(corpus.language));
        const search = classifiedSearch(searcher, classifier);
        const language = corpusLanguage(corpus);
        const facts = new Facts(graph, language);
        const manual = overlays.manual ? compileManual(overlays.manual.data, overlays.manual.file, facts) : [];
        const specs = overlays.specs ? compileSpecs(overlays.specs.data, overlays.specs.file, facts, search) : [];
        const reserved = new Set([...manual, ...specs].map((s) => canonicalJson(s.query)));
        const drift = base && baseGraph ? driftBase(baseGraph, graph.packagePrefix, language, base.project.version) : undefined;
        const made = generateScenarios(graph, { language, seed: corpus.seed, budget: corpus.budget, search, reserved, sessions: corpus.sessions ?? false, ...(drift ? { drift } : {}) });
        const profiled = inProfile(sortScenarios([...made.scenarios, ...manual, ...specs]), options.protocol ?? 'lmc', facts);
        parsedSpans = classifier.parsedSpans();
        return {
          scenarios: profiled.scenarios,
          profile: profiled.profile,
          subTypes: made.subTypes,
          symbols: graph.symbols.size,
          callSites: graph.callSites,
          grep: { rgVersion, searches: searcher.searches() },
          overlays: { manual: overlays.manual?.file ?? null, specs: overlays.specs?.file ?? null },
        };
      } finally {
        tree.close();
      }
    });
    await cache.store('generate', generateKey, { name: 'result.json', value: result });
    return result;
  })();
  const { scenarios } = generated;

  const scenarioText = serialise(scenarios);
  const scenarioPath = join(paths.outDir, `${corpus.name}.json`);
  const published = await stage('validate', async () => {
    if (scenarios.length === 0) {
      throw new PipelineError(`no scenario to write: the index of its ${fetched.files} selected file(s) defines nothing any sub-type can ask about`);
    }
    const problems = checkScenarioFile(JSON.parse(scenarioText));
    if (problems.length) throw new PipelineError(`generated scenarios fail the schema: ${problems.slice(0, 3).join('; ')}`, { file: scenarioPath });
    const judged = await judgedSample(paths.repoRoot, corpus.name, scenarios, (options.protocol ?? 'lmc') !== 'lmc');
    const draft: Manifest = { ...buildManifest({ corpus, fetched, indexed, project, scenarioText, ...generated, ...(base ? { driftBase: { source: corpus.drift!.source, contentDigest: base.fetched.contentDigest } } : {}) }), ...(judged ? { judged } : {}) };
    const runDir = join(paths.workDir, 'runs', corpus.name);
    const auditKey = cacheKey({ generateKey, corpus: corpus.name, scenarios: sha256(scenarioText), code: codeVersion(STAGE_CODE.audit) });
    const audit = await auditWithCache(cache, auditKey, { corpus: corpus.name, project: project.name, language: corpus.language, contentDigest: fetched.contentDigest, scenarioText, indexPath: indexed.indexPath, treeDir: fetched.treeDir, runDir, ...(parsedSpans ? { spans: parsedSpans } : {}) }, outcome, log);
    if (audit.failing.length) {
      const listed = audit.failing.slice(0, 20).join(', ');
      throw new PipelineError(`the reference oracle fails ${audit.failing.length} scenario(s): ${listed}${audit.failing.length > 20 ? ', …' : ''} (audit trail: ${join(runDir, 'oracle.jsonl')})`, { file: scenarioPath });
    }
    return finishedSet(draft, audit.report, scenarioText);
  });

  await stage('emit', () => publishCorpus(paths.outDir, published.texts, corpus.name));
  return { ...outcome, ok: true, manifest: published.manifest };
}

/**
 * The five texts a corpus publishes: the scenarios, the audit report, the dataset card rendered
 * from the manifest (never cached, so it always says what the lock says now), its chart, and the
 * manifest, which gets the floor's scores and the hashes of the other four.
 */
export function finishedSet(draft: Manifest, report: AuditReport, scenarioText: string): { manifest: Manifest; texts: PublishedTexts } {
  const withFloor: Manifest = { ...draft, difficulty_floor: floorOf(report) };
  const audit = serialise(report);
  const card = datasetCard(withFloor, report);
  const chart = categoryChart(report);
  const manifest = sealManifest(withFloor, { audit, card, chart });
  const manifestProblems = checkManifest(manifest);
  if (manifestProblems.length) throw new PipelineError(`manifest fails its schema: ${manifestProblems[0]}`, { file: `${draft.corpus.name}.manifest.json` });
  return { manifest, texts: { scenarios: scenarioText, audit, card, chart, manifest: serialise(manifest) } };
}

/**
 * The validate stage's evidence: the reference oracle and the grep floor run over the file
 * through the adapter protocol. Cached under the generate key, the corpus, the scenario file's
 * hash and the audit code, so an unchanged file is not re-run; a cached entry that cannot be read
 * back whole is a miss.
 */
async function auditWithCache(cache: StageCache, key: string, inputs: AuditInputs, outcome: CorpusOutcome, log: (line: string) => void): Promise<{ failing: string[]; report: AuditReport }> {
  const cached = await cache.load<{ failing: string[]; report: AuditReport }>('audit', key, 'audit.json');
  if (cached) {
    outcome.cached.push('validate');
    return cached;
  }
  const { failing, report } = await auditCorpus(inputs, log);
  if (failing.length === 0) await cache.store('audit', key, { name: 'audit.json', value: { failing, report } });
  return { failing, report };
}

/** What the manifest keeps of the floor: how hard each category really is. */
function floorOf(report: AuditReport): Manifest['difficulty_floor'] {
  const floor = report.adapters['grep-floor'];
  return {
    adapter: 'grep-floor',
    weighted_accuracy: floor.weighted_accuracy,
    weighted_accuracy_upstream: floor.weighted_accuracy_upstream,
    raw_accuracy: floor.raw_accuracy,
    by_category: Object.fromEntries(Object.entries(floor.by_category).map(([k, b]) => [k, b.mean])),
    too_easy: report.too_easy,
  };
}

/**
 * The judged sample (audits/<corpus>.yaml), checked against the file it judges; a sample that no
 * longer fits (ids gone after a generator change, a sub-type it does not cover) is reported in the
 * manifest and card rather than failing the run. Read on every run, never cached.
 */
async function judgedSample(repoRoot: string, corpus: string, scenarios: Scenario[], subset: boolean): Promise<Manifest['judged']> {
  const sample = await readRepoYaml(repoRoot, `audits/${corpus}.yaml`, { corpus, stage: 'validate' });
  if (!sample) return undefined;
  try {
    return checkJudged(subset ? judgedWithin(sample.data, scenarios) : sample.data, sample.file, corpus, scenarios);
  } catch (error) {
    if (!(error instanceof PipelineError)) throw error;
    return { file: sample.file, problem: error.message };
  }
}

/** A profile's file is part of the full one: its sample is the full sample's entries about scenarios it kept. */
function judgedWithin(data: unknown, scenarios: Scenario[]): unknown {
  const ids = new Set(scenarios.map((s) => s.id));
  const judged = (data as { judged?: unknown })?.judged;
  return Array.isArray(judged) ? { ...(data as object), judged: judged.filter((j: { id?: unknown }) => typeof j?.id === 'string' && ids.has(j.id)) } : data;
}

/** A YAML file of the repository (an overlay, a spec, a judged sample), or undefined when there is none. */
async function readRepoYaml(repoRoot: string, file: string, where: { corpus: string; stage: string }): Promise<Overlay | undefined> {
  let text: string;
  try {
    text = await readFile(join(repoRoot, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new PipelineError(`cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { file, ...where });
  }
  return { file, text, data: readYaml(text, file) };
}

/** Hand-written overlays live in the repository beside the lock, whatever the output directory. */
interface Overlay {
  file: string;
  text: string;
  data: unknown;
}

/** The corpus's index, from the stage cache or made now. */
async function indexOf(corpus: Corpus, fetched: FetchedCorpus, project: { name: string; version: string }, key: string, paths: RunPaths, cache: StageCache): Promise<{ result: IndexResult; cached: boolean }> {
  const work = corpusWorkPaths(paths, corpus.name);
  const cached = await cache.load<IndexResult>('index', key, 'result.json', { 'index.scip': work.indexPath });
  if (cached) return { result: { ...cached, indexPath: work.indexPath }, cached: true };
  const result = await indexCorpus(corpus, fetched.treeDir, project, { indexPath: work.indexPath, logPath: work.indexLog, scratchRoot: work.scratchRoot });
  await cache.store('index', key, { name: 'result.json', value: result }, { 'index.scip': work.indexPath });
  return { result, cached: false };
}

/**
 * The earlier pin the lock's `drift` names, as a corpus of its own to fetch and index as this one
 * is (same language, selection, indexer and project name; its own version and work paths).
 */
function driftPin(corpus: Corpus, project: { name: string; version: string }): Corpus {
  const drift = corpus.drift!;
  const version = sourceVersion(drift.source);
  const { drift: _, content_digest: __, ...rest } = corpus;
  return { ...rest, name: `${corpus.name}@${version}`, source: drift.source, project: { name: project.name, version }, ...(drift.content_digest ? { content_digest: drift.content_digest } : {}) };
}

/** What Drift generators compare with: the earlier pin's facts, and its ids rewritten with this pin's package prefix. */
function driftBase(earlier: FactGraph, currentPrefix: string, language: Language, from: string): DriftBase {
  return {
    facts: new Facts(earlier, language),
    from,
    asCurrent: (id) => (id.startsWith(earlier.packagePrefix) ? currentPrefix + id.slice(earlier.packagePrefix.length) : id),
  };
}

/** What the generate stage produces (and the stage cache stores). */
interface Generated {
  scenarios: Scenario[];
  profile: ProfileReport;
  subTypes: SubTypeReport[];
  symbols: number;
  callSites: { resolved: number; unresolved: number };
  grep: { rgVersion: string; searches: number };
  overlays: { manual: string | null; specs: string | null };
}

async function loadOverlays(repoRoot: string, corpus: string): Promise<{ manual?: Overlay; specs?: Overlay }> {
  const manual = await readRepoYaml(repoRoot, `scenarios/manual/${corpus}.yaml`, { corpus, stage: 'generate' });
  const specs = await readRepoYaml(repoRoot, `scenarios/specs/${corpus}.yaml`, { corpus, stage: 'generate' });
  return { ...(manual ? { manual } : {}), ...(specs ? { specs } : {}) };
}

/**
 * Runs corpora with bounded concurrency; one failing corpus never stops the others. A shard run
 * leaves a record of its lock, its plan and the corpora it completed, for `lmc merge`.
 */
export async function runGenerate(lock: Lock, names: string[] | undefined, paths: RunPaths, options: RunOptions, log: (line: string) => void): Promise<CorpusOutcome[]> {
  const all = selectCorpora(lock, names, paths.lockFile);
  const selected = options.shard ? shardOf(all, options.shard) : all;
  const limit = pLimit(options.concurrency);
  const outcomes = await Promise.all(
    selected.map((corpus) =>
      limit(async () => {
        const outcome: CorpusOutcome = { corpus: corpus.name, ok: false, stageMs: {}, cached: [] };
        try {
          return await runCorpus(corpus, paths, options, log, outcome);
        } catch (error) {
          const failure = error instanceof PipelineError ? error : asStageError(error, { stage: 'run', corpus: corpus.name });
          return { ...outcome, error: failure.describe(), ...(failure.stack ? { stack: failure.stack } : {}) };
        }
      }),
    ),
  );
  if (options.shard) {
    await writeShardRecord(paths.outDir, {
      lock_sha256: await lockDigest(paths.lockFile),
      shard: options.shard,
      plan: (await plan(all, paths.repoRoot)).include,
      corpora: outcomes.filter((o) => o.ok).map((o) => o.corpus),
    });
  }
  return outcomes;
}
