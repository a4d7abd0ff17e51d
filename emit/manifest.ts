import { createHash } from 'node:crypto';
import type { FetchedCorpus } from '../fetchers/index.ts';
import { symbolKinds } from '../graph/fact-graph.ts';
import { generators, GENERATOR_VERSION, type SubTypeReport } from '../generators/index.ts';
import { categories, CATEGORY_MINIMUM, goldSources, inexpressibleSubTypes, type Scenario } from '../generators/types.ts';
import type { IndexResult } from '../indexers/index.ts';
import type { Corpus } from '../core/lock.ts';

export interface PowerRow {
  n: number;
  /** Percent of the file. */
  share: number;
  /** Worst-case (p = 0.5) 95% interval half-width of a pass rate over n scenarios, in points. */
  half_width: number | null;
}

export interface GrepDisagreement {
  id: string;
  only_grep: string[];
  only_index: string[];
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
  indexer: { name: string; version: string; precision: 'compiler' | 'syntactic'; project: { name: string; version: string }; symbols: number; documents: number };
  seed: number;
  budget: number;
  kinds: string[];
  counts: { total: number; by_category: Record<string, number>; by_sub_type: Record<string, number>; by_gold_source: Record<string, number> };
  power: { by_category: Record<string, PowerRow>; by_gold_source: Record<string, PowerRow> };
  shortfalls: Array<{ category: string; n: number; reason: string }>;
  sub_types: Array<{ category: string; sub_type: string; gold_source: string; targets: number; emitted: number; exhausted: boolean; reason?: string }>;
  inexpressible: Array<{ category: string; sub_type: string; reason: string }>;
  grep: { rg_version: string; searches: number; scenarios: number; share: number; disagreements: GrepDisagreement[] };
  overlays: { manual: string | null; specs: string | null };
  scenario_file: { path: string; sha256: string; scenarios: number };
  /** The grep floor's scores (from the validate stage): how hard each category really is. */
  difficulty_floor?: { adapter: 'grep-floor'; weighted_accuracy: number; raw_accuracy: number; by_category: Record<string, number>; too_easy: string[] };
}

export function halfWidth(n: number): number | null {
  return n === 0 ? null : round1(196 * Math.sqrt(0.25 / n));
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function power(scenarios: Scenario[], key: (s: Scenario) => string, order: readonly string[]): Record<string, PowerRow> {
  const out: Record<string, PowerRow> = {};
  for (const k of order) {
    const n = scenarios.filter((s) => key(s) === k).length;
    out[k] = { n, share: scenarios.length ? round1((100 * n) / scenarios.length) : 0, half_width: halfWidth(n) };
  }
  return out;
}

function countBy(scenarios: Scenario[], key: (s: Scenario) => string, order: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const k of order) counts[k] = 0;
  for (const s of scenarios) counts[key(s)] = (counts[key(s)] ?? 0) + 1;
  return counts;
}

export interface ManifestInput {
  corpus: Corpus;
  fetched: FetchedCorpus;
  indexed: IndexResult;
  project: { name: string; version: string };
  symbols: number;
  scenarios: Scenario[];
  subTypes: SubTypeReport[];
  scenarioText: string;
  grep: { rgVersion: string; searches: number; disagreements: GrepDisagreement[] };
  overlays: { manual: string | null; specs: string | null };
}

export function buildManifest(m: ManifestInput): Manifest {
  const { scenarios } = m;
  const goldOf = new Map(generators.map((g) => [g.subType, g]));
  const byCategory = countBy(scenarios, (s) => s.category, categories);
  const subTypeOrder = [...new Set([...m.subTypes.map((r) => r.sub_type), ...scenarios.map((s) => s.sub_type).sort()])];
  const grepCount = scenarios.filter((s) => s.gold_source === 'grep_compared').length;
  return {
    format_version: 1,
    generator: { name: 'lmc', version: GENERATOR_VERSION },
    corpus: {
      name: m.corpus.name,
      language: m.corpus.language,
      description: m.corpus.description,
      source: m.corpus.source,
      include: m.corpus.include,
      exclude: m.corpus.exclude,
      content_digest: m.fetched.contentDigest,
      files: m.fetched.files,
      bytes: m.fetched.bytes,
    },
    indexer: { ...m.indexed.indexer, project: m.project, symbols: m.symbols, documents: m.indexed.documents },
    seed: m.corpus.seed,
    budget: m.corpus.budget,
    kinds: [...symbolKinds, 'text_ref'],
    counts: {
      total: scenarios.length,
      by_category: byCategory,
      by_sub_type: countBy(scenarios, (s) => s.sub_type, subTypeOrder),
      by_gold_source: countBy(scenarios, (s) => s.gold_source, goldSources),
    },
    power: {
      by_category: power(scenarios, (s) => s.category, categories),
      by_gold_source: power(scenarios, (s) => s.gold_source, goldSources),
    },
    shortfalls: categories
      .filter((c) => byCategory[c]! < CATEGORY_MINIMUM)
      .map((c) => {
        const reports = m.subTypes.filter((r) => r.category === c);
        // Below its quota, every member ran dry: what was emitted is all the category's pool holds.
        const offered = reports.reduce((a, r) => a + r.emitted, 0);
        const reason =
          c === 'SafetyNet'
            ? 'SafetyNet comes only from hand-written overlays (scenarios/manual/)'
            : `the corpus offers ${offered} distinct question(s) for this category after de-duplication`;
        return { category: c, n: byCategory[c]!, reason };
      }),
    sub_types: m.subTypes.map((r) => ({
      category: r.category,
      sub_type: r.sub_type,
      gold_source: goldOf.get(r.sub_type)!.goldSource,
      targets: r.targets,
      emitted: r.emitted,
      exhausted: r.exhausted,
      ...(feedsNothing(r)
        ? { reason: `needs ${goldOf.get(r.sub_type)!.needs}; ${r.targets ? `none of its ${r.targets} candidate(s) yields a question not already asked` : 'this corpus has none'}` }
        : {}),
    })),
    inexpressible: inexpressibleSubTypes,
    grep: {
      rg_version: m.grep.rgVersion,
      searches: m.grep.searches,
      scenarios: grepCount,
      share: scenarios.length ? round1((100 * grepCount) / scenarios.length) : 0,
      disagreements: m.grep.disagreements,
    },
    overlays: m.overlays,
    scenario_file: {
      path: `${m.corpus.name}.json`,
      sha256: createHash('sha256').update(m.scenarioText).digest('hex'),
      scenarios: scenarios.length,
    },
  };
}

/** A sub-type that drafted every candidate and still asked nothing: the corpus cannot feed it. */
export function feedsNothing(r: { exhausted: boolean; emitted: number }): boolean {
  return r.exhausted && r.emitted === 0;
}
