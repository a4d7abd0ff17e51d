import { createHash } from 'node:crypto';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { checkManifest, checkScenarioFile } from '../emit/validate.ts';
import { fetchCorpus } from '../fetchers/index.ts';
import { symbolKinds } from '../graph/fact-graph.ts';
import { buildFactGraph } from '../graph/fact-graph.ts';
import { GENERATOR_VERSION, generateScenarios, type SubTypeReport } from '../generators/index.ts';
import { generators } from '../generators/index.ts';
import { categories, goldSources, type Scenario } from '../generators/types.ts';
import { indexCorpus, projectOf } from '../indexers/index.ts';
import { writeFileAtomic } from './atomic.ts';
import { PipelineError } from './errors.ts';
import { sourceVersion, type Corpus, type Lock } from './lock.ts';
import { corpusWorkPaths, type RunPaths } from './paths.ts';

export const stageNames = ['fetch', 'index', 'graph', 'generate', 'validate', 'emit'] as const;
export type StageName = (typeof stageNames)[number];

export interface CorpusOutcome {
  corpus: string;
  ok: boolean;
  error?: string;
  stageMs: Partial<Record<StageName, number>>;
  scenarios?: number;
  counts?: Manifest['counts'];
  subTypes?: SubTypeReport[];
}

export interface Manifest {
  format_version: 1;
  generator: { name: 'lmc'; version: string };
  corpus: {
    name: string;
    language: string;
    description: string;
    source: Corpus['source'];
    include: string[];
    exclude: string[];
    content_digest: string;
    files: number;
    bytes: number;
  };
  indexer: { name: string; version: string; precision: 'compiler'; project: { name: string; version: string }; symbols: number; documents: number };
  seed: number;
  budget: number;
  kinds: string[];
  counts: { total: number; by_category: Record<string, number>; by_sub_type: Record<string, number>; by_gold_source: Record<string, number> };
  sub_types: Array<{ category: string; sub_type: string; gold_source: string; candidates: number; emitted: number }>;
  scenario_file: { path: string; sha256: string; scenarios: number };
}

/** Two-space JSON with a final newline; key order is the order objects were built in. */
export function serialise(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function countBy(scenarios: Scenario[], key: (s: Scenario) => string, order: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const k of order) counts[k] = 0;
  for (const s of scenarios) counts[key(s)] = (counts[key(s)] ?? 0) + 1;
  return counts;
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
export async function runCorpus(corpus: Corpus, paths: RunPaths, log: (line: string) => void): Promise<CorpusOutcome> {
  const outcome: CorpusOutcome = { corpus: corpus.name, ok: false, stageMs: {} };
  const work = corpusWorkPaths(paths, corpus.name);
  const stage = <T>(name: StageName, run: () => Promise<T>) => timed(name, outcome, corpus.name, log, run);

  const fetched = await stage('fetch', () => fetchCorpus(corpus, { repoRoot: paths.repoRoot, workDir: paths.workDir, log }));
  const project = projectOf(corpus, sourceVersion(corpus.source));
  const indexed = await stage('index', () =>
    indexCorpus(corpus, fetched.treeDir, project, { indexPath: work.indexPath, logPath: work.indexLog, scratchRoot: work.scratchRoot }),
  );
  const graph = await stage('graph', () => buildFactGraph(indexed.indexPath, project));
  if (graph.symbols.size === 0) {
    throw new PipelineError(`the index has no symbols of project "${project.name}"; check the lock's include paths`, { corpus: corpus.name, stage: 'graph' });
  }
  const generated = await stage('generate', async () => generateScenarios(graph, corpus.seed, corpus.budget));
  const { scenarios } = generated;

  const scenarioText = serialise(scenarios);
  const scenarioPath = join(paths.outDir, `${corpus.name}.json`);
  const manifest: Manifest = await stage('validate', async () => {
    const problems = checkScenarioFile(JSON.parse(scenarioText));
    if (problems.length) throw new PipelineError(`generated scenarios fail the schema: ${problems.slice(0, 3).join('; ')}`, { file: scenarioPath });
    const goldOf = new Map(generators.map((g) => [g.subType, g.goldSource]));
    const m: Manifest = {
      format_version: 1,
      generator: { name: 'lmc', version: GENERATOR_VERSION },
      corpus: {
        name: corpus.name,
        language: corpus.language,
        description: corpus.description,
        source: corpus.source,
        include: corpus.include,
        exclude: corpus.exclude,
        content_digest: fetched.contentDigest,
        files: fetched.files,
        bytes: fetched.bytes,
      },
      indexer: { ...indexed.indexer, project, symbols: graph.symbols.size, documents: indexed.documents },
      seed: corpus.seed,
      budget: corpus.budget,
      kinds: [...symbolKinds],
      counts: {
        total: scenarios.length,
        by_category: countBy(scenarios, (s) => s.category, categories),
        by_sub_type: countBy(scenarios, (s) => s.sub_type, generated.subTypes.map((r) => r.sub_type)),
        by_gold_source: countBy(scenarios, (s) => s.gold_source, goldSources),
      },
      sub_types: generated.subTypes.map((r) => ({ category: r.category, sub_type: r.sub_type, gold_source: goldOf.get(r.sub_type)!, candidates: r.candidates, emitted: r.emitted })),
      scenario_file: {
        path: `${corpus.name}.json`,
        sha256: createHash('sha256').update(scenarioText).digest('hex'),
        scenarios: scenarios.length,
      },
    };
    const manifestProblems = checkManifest(m);
    if (manifestProblems.length) throw new PipelineError(`manifest fails its schema: ${manifestProblems[0]}`, { file: `${corpus.name}.manifest.json` });
    return m;
  });

  await stage('emit', async () => {
    await writeFileAtomic(scenarioPath, scenarioText);
    await writeFileAtomic(join(paths.outDir, `${corpus.name}.manifest.json`), serialise(manifest));
  });
  return { ...outcome, ok: true, scenarios: scenarios.length, counts: manifest.counts, subTypes: generated.subTypes };
}

/** Runs corpora with bounded concurrency; one failing corpus never stops the others. */
export async function runGenerate(lock: Lock, names: string[] | undefined, paths: RunPaths, concurrency: number, log: (line: string) => void): Promise<CorpusOutcome[]> {
  let selected: Corpus[];
  if (names?.length) {
    selected = names.map((n) => {
      const c = lock.corpora.find((x) => x.name === n);
      if (!c) throw new PipelineError(`no corpus named "${n}" in the lock (known: ${lock.corpora.map((x) => x.name).join(', ')})`, { file: paths.lockFile });
      return c;
    });
  } else {
    selected = lock.corpora.filter((c) => c.default);
  }
  const limit = pLimit(concurrency);
  return Promise.all(
    selected.map((corpus) =>
      limit(async () => {
        const outcome: CorpusOutcome = { corpus: corpus.name, ok: false, stageMs: {} };
        try {
          return await runCorpus(corpus, paths, log);
        } catch (error) {
          if (error instanceof PipelineError) return { ...outcome, error: error.describe() };
          throw error;
        }
      }),
    ),
  );
}
