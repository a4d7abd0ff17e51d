import { describe, expect, it } from 'vitest';
import { latencyPercentiles, nearestRank, passes, scoreResult, setF1, summarise, type ScoredScenario } from '../validate/scorer.ts';

describe('scoreResult', () => {
  it('exact_symbol: only the first result counts', () => {
    expect(scoreResult({ kind: 'exact_symbol', stable_id: 'a' }, ['a', 'b'])).toBe(1);
    expect(scoreResult({ kind: 'exact_symbol', stable_id: 'a' }, ['b', 'a'])).toBe(0);
    expect(scoreResult({ kind: 'exact_symbol', stable_id: 'a' }, [])).toBe(0);
  });

  it('in_top_k: within the first k, not after', () => {
    expect(scoreResult({ kind: 'in_top_k', stable_id: 'a', k: 2 }, ['x', 'a', 'y'])).toBe(1);
    expect(scoreResult({ kind: 'in_top_k', stable_id: 'a', k: 2 }, ['x', 'y', 'a'])).toBe(0);
  });

  it('exact_set: F1 of the sets, duplicates in the answer counted once', () => {
    // {a,b,d} vs {a,b,c}: precision 2/3, recall 2/3.
    expect(scoreResult({ kind: 'exact_set', stable_ids: ['a', 'b', 'c'] }, ['a', 'b', 'd', 'd'])).toBeCloseTo(2 / 3, 12);
    // One extra: precision 1/2, recall 1 → 2·(1/2)/(3/2) = 2/3.
    expect(setF1(['a'], ['a', 'b'])).toBeCloseTo(2 / 3, 12);
    // One of four: precision 1, recall 1/4 → 2·(1/4)/(5/4) = 0.4.
    expect(setF1(['a', 'b', 'c', 'd'], ['a'])).toBeCloseTo(0.4, 12);
    expect(setF1(['a', 'b'], ['b', 'a', 'a'])).toBe(1);
    expect(setF1(['a'], ['b'])).toBe(0);
  });

  it('exact_set: both empty is 1, one side empty is 0', () => {
    expect(scoreResult({ kind: 'exact_set', stable_ids: [] }, [])).toBe(1);
    expect(scoreResult({ kind: 'exact_set', stable_ids: [] }, ['x'])).toBe(0);
    expect(scoreResult({ kind: 'exact_set', stable_ids: ['x'] }, [])).toBe(0);
  });

  it('contains: the fraction of required present, extras free; empty required scores 1 as upstream does', () => {
    expect(scoreResult({ kind: 'contains', required: ['a', 'b', 'c', 'd'] }, ['a', 'c', 'z', 'a'])).toBe(0.5);
    expect(scoreResult({ kind: 'contains', required: ['a'] }, ['z', 'a', 'y'])).toBe(1);
    expect(scoreResult({ kind: 'contains', required: [] }, ['anything'])).toBe(1);
  });

  it('passes at 0.999 and not below', () => {
    expect(passes(0.999)).toBe(true);
    expect(passes(0.9989)).toBe(false);
    expect(passes(2 / 3)).toBe(false);
  });
});

describe('summarise', () => {
  const scored: ScoredScenario[] = [
    { category: 'Completion', sub_type: 'class_by_short_name', gold_source: 'scip_roundtrip', score: 1 },
    { category: 'Completion', sub_type: 'signature_recall', gold_source: 'scip_roundtrip', score: 0 },
    { category: 'BugFix', sub_type: 'callers', gold_source: 'grep_compared', score: 1 },
    { category: 'ApiDiscovery', sub_type: 'typo', gold_source: 'adversarial', score: 0.5 },
    { category: 'ApiDiscovery', sub_type: 'typo', gold_source: 'adversarial', score: 1 },
    { category: 'ApiDiscovery', sub_type: 'exact_exists', gold_source: 'scip_roundtrip', score: 0 },
  ];
  const summary = summarise(scored);

  it('aggregates per category in contract order, with n, mean and pass rate', () => {
    expect(Object.keys(summary.by_category)).toEqual(['Completion', 'BugFix', 'ApiDiscovery']);
    expect(summary.by_category.Completion).toEqual({ n: 2, mean: 0.5, pass_rate: 0.5 });
    expect(summary.by_category.BugFix).toEqual({ n: 1, mean: 1, pass_rate: 1 });
    expect(summary.by_category.ApiDiscovery).toEqual({ n: 3, mean: 0.5, pass_rate: 1 / 3 });
  });

  it('aggregates per sub-type (first appearance order) and per gold source', () => {
    expect(Object.keys(summary.by_sub_type)).toEqual(['class_by_short_name', 'signature_recall', 'callers', 'typo', 'exact_exists']);
    expect(summary.by_sub_type.typo).toEqual({ n: 2, mean: 0.75, pass_rate: 0.5 });
    expect(summary.by_gold_source).toEqual({
      scip_roundtrip: { n: 3, mean: 1 / 3, pass_rate: 1 / 3 },
      grep_compared: { n: 1, mean: 1, pass_rate: 1 },
      adversarial: { n: 2, mean: 0.75, pass_rate: 0.5 },
    });
  });

  it('weights categories: normalised over those present, and the paper\'s raw sum over 100', () => {
    // 0.5·28 + 1·18 + 0.5·15 = 39.5; the present weights sum to 61.
    expect(summary.weighted_accuracy).toBeCloseTo(39.5 / 61, 12);
    expect(summary.weighted_accuracy_paper).toBeCloseTo(0.395, 12);
    expect(summary.raw_accuracy).toBeCloseTo(3.5 / 6, 12);
    expect(summary.n).toBe(6);
    expect(summary.passed).toBe(3);
  });

  it('gives a perfect adapter 1 weighted even when categories are missing, but not by the paper\'s sum', () => {
    const perfect = summarise(scored.map((s) => ({ ...s, score: 1 })));
    expect(perfect.weighted_accuracy).toBe(1);
    expect(perfect.weighted_accuracy_paper).toBeCloseTo(0.61, 12);
    expect(perfect.weighted_accuracy_upstream).toBe(1);
  });

  it("weights as the upstream runner does: its six categories only, normalised over those present", () => {
    // 0.5·32 + 1·22 + 0.5·14 = 45 over 68.
    expect(summary.weighted_accuracy_upstream).toBeCloseTo(45 / 68, 12);
    // ControlFlow, Config and SafetyNet carry no upstream weight: a file of only those scores 0 there.
    const outside = summarise([{ ...scored[0]!, category: 'SafetyNet', score: 1 }]);
    expect([outside.weighted_accuracy, outside.weighted_accuracy_upstream]).toEqual([1, 0]);
  });
});

describe('latency percentiles', () => {
  it('nearest rank: the smallest value with at least p% at or below it', () => {
    expect(nearestRank([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(nearestRank([1, 2, 3, 4, 5], 95)).toBe(5);
    expect(nearestRank([10, 20], 50)).toBe(10);
    expect(nearestRank([7], 99)).toBe(7);
  });

  it('leaves out the first query, which pays for start-up', () => {
    expect(latencyPercentiles([1000, 5, 1, 4, 2, 3])).toEqual({ n: 5, p50: 3, p95: 5, p99: 5 });
    const hundred = [9999, ...Array.from({ length: 100 }, (_, i) => 100 - i)];
    expect(latencyPercentiles(hundred)).toEqual({ n: 100, p50: 50, p95: 95, p99: 99 });
    expect(latencyPercentiles([12])).toBeUndefined();
  });
});
