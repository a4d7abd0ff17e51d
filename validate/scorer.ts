/**
 * Pure scoring, exactly as the scenario contract (../shared/docs/scenario-contract.md) and the
 * upstream runner define it: one scenario's returned ids against its `expected`, then aggregates.
 */
import { pushTo } from '../core/collections.ts';
import { categories, categoryWeights, PASS_THRESHOLD, upstreamCategoryWeights, type Category, type Expected } from '../core/contract.ts';


/** A scenario passes when its score is at least this (the runner's threshold). */

/** Score in [0, 1] of the ids an adapter returned, in the order it returned them. */
export function scoreResult(expected: Expected, returned: readonly string[]): number {
  switch (expected.kind) {
    case 'exact_symbol':
      return returned[0] === expected.stable_id ? 1 : 0;
    case 'in_top_k':
      return returned.slice(0, expected.k).includes(expected.stable_id) ? 1 : 0;
    case 'exact_set':
      return setF1(expected.stable_ids, returned);
    case 'contains': {
      // The runner scores an empty `required` as 1; the pipeline never emits one.
      if (expected.required.length === 0) return 1;
      const got = new Set(returned);
      return expected.required.filter((id) => got.has(id)).length / expected.required.length;
    }
  }
}

/** F1 of two id sets; duplicates in `returned` count once. Both empty is 1 ("this does not exist" answered right). */
export function setF1(expected: readonly string[], returned: readonly string[]): number {
  const want = new Set(expected);
  const got = new Set(returned);
  if (want.size === 0 && got.size === 0) return 1;
  if (want.size === 0 || got.size === 0) return 0;
  let hits = 0;
  for (const id of got) if (want.has(id)) hits += 1;
  if (hits === 0) return 0;
  const precision = hits / got.size;
  const recall = hits / want.size;
  return (2 * precision * recall) / (precision + recall);
}

export function passes(score: number): boolean {
  return score >= PASS_THRESHOLD;
}

/** The labels a score is aggregated under. */
export interface ScoredScenario {
  category: Category;
  sub_type: string;
  gold_source: string;
  score: number;
}

export interface Bucket {
  n: number;
  mean: number;
  pass_rate: number;
}

export interface ScoreSummary {
  n: number;
  passed: number;
  /** Unweighted mean score over all scenarios. */
  raw_accuracy: number;
  /**
   * Σ mean_c × weight_c / Σ weight_c over the categories that have scenarios: a corpus that cannot
   * ask some categories is scored on the ones it asks, so a perfect adapter gets 1.
   */
  weighted_accuracy: number;
  /**
   * The paper's definition, Σ mean_c × weight_c / 100 over all nine categories: a category with no
   * scenarios contributes 0, so this is below `weighted_accuracy` whenever a category is missing.
   */
  weighted_accuracy_paper: number;
  /**
   * The upstream runner's: Σ mean_c × w_c / Σ w_c over the present categories among its six
   * (`upstreamCategoryWeights`); ControlFlow, Config and SafetyNet do not count. 0 when none is present.
   */
  weighted_accuracy_upstream: number;
  /** Categories with scenarios, in the contract's order. */
  by_category: Partial<Record<Category, Bucket>>;
  /** In order of first appearance. */
  by_sub_type: Record<string, Bucket>;
  by_gold_source: Record<string, Bucket>;
}

function bucketOf(scores: number[]): Bucket {
  const sum = scores.reduce((a, b) => a + b, 0);
  return { n: scores.length, mean: sum / scores.length, pass_rate: scores.filter(passes).length / scores.length };
}

function groupScores(scored: readonly ScoredScenario[], key: (s: ScoredScenario) => string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const s of scored) pushTo(groups, key(s), s.score);
  return groups;
}

function buckets(groups: Map<string, number[]>): Record<string, Bucket> {
  return Object.fromEntries([...groups].map(([k, scores]) => [k, bucketOf(scores)]));
}

export function summarise(scored: readonly ScoredScenario[]): ScoreSummary {
  const byCategory = groupScores(scored, (s) => s.category);
  const categoryBuckets: Partial<Record<Category, Bucket>> = {};
  let weightedSum = 0;
  let presentWeight = 0;
  let upstreamSum = 0;
  let upstreamWeight = 0;
  for (const c of categories) {
    const scores = byCategory.get(c);
    if (!scores) continue;
    const bucket = bucketOf(scores);
    categoryBuckets[c] = bucket;
    weightedSum += bucket.mean * categoryWeights[c];
    presentWeight += categoryWeights[c];
    const upstream = upstreamCategoryWeights[c] ?? 0;
    upstreamSum += bucket.mean * upstream;
    upstreamWeight += upstream;
  }
  const all = scored.map((s) => s.score);
  return {
    n: scored.length,
    passed: all.filter(passes).length,
    raw_accuracy: all.length ? bucketOf(all).mean : 0,
    weighted_accuracy: presentWeight ? weightedSum / presentWeight : 0,
    weighted_accuracy_paper: weightedSum / 100,
    weighted_accuracy_upstream: upstreamWeight ? upstreamSum / upstreamWeight : 0,
    by_category: categoryBuckets,
    by_sub_type: buckets(groupScores(scored, (s) => s.sub_type)),
    by_gold_source: buckets(groupScores(scored, (s) => s.gold_source)),
  };
}

/** Nearest-rank percentile: the smallest value with at least p% of the values at or below it. `sorted` ascending, non-empty. */
export function nearestRank(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface LatencyPercentiles {
  /** Queries the percentiles are over (all but the first). */
  n: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * P50/P95/P99 by nearest rank over per-query latencies given in run order. The first query is left
 * out, as the paper does, because it also pays for the adapter's start-up and ingest.
 * Undefined when there is nothing after the first query.
 */
export function latencyPercentiles(inRunOrder: readonly number[]): LatencyPercentiles | undefined {
  const sorted = inRunOrder.slice(1).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  return { n: sorted.length, p50: nearestRank(sorted, 50), p95: nearestRank(sorted, 95), p99: nearestRank(sorted, 99) };
}
