import { createHash } from 'node:crypto';
import type { FactGraph } from '../graph/fact-graph.ts';
import { apiDiscoveryGenerators } from './api-discovery.ts';
import { bugfixGenerators } from './bugfix.ts';
import { completionGenerators } from './completion.ts';
import { Facts } from './facts.ts';
import { refactorGenerators } from './refactor.ts';
import { createRng, spreadAcrossFiles } from './sampling.ts';
import { categories, categoryWeights, type Category, type Draft, type Scenario, type SubTypeGenerator } from './types.ts';

/** Bumped whenever a generator's output for the same facts changes; recorded in every manifest. */
export const GENERATOR_VERSION = '1.0.0';

export const generators: SubTypeGenerator[] = [
  ...completionGenerators,
  ...bugfixGenerators,
  ...refactorGenerators,
  ...apiDiscoveryGenerators,
];

export interface SubTypeReport {
  category: Category;
  sub_type: string;
  candidates: number;
  emitted: number;
}

export interface GenerationResult {
  scenarios: Scenario[];
  subTypes: SubTypeReport[];
}

/** JSON with keys sorted at every level: the identity of a query, independent of how it was built. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function scenarioId(subType: string, query: unknown): string {
  return `${subType}-${createHash('sha256').update(canonicalJson(query)).digest('hex').slice(0, 12)}`;
}

/** Splits `total` by weights with largest remainders; ties broken by list order so the split is deterministic. */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * Takes up to `quota` items from several pools, evenly, handing a pool's
 * unused share to the others: a small pool never forces padding.
 */
function fairTake(pools: number[], quota: number): number[] {
  const take = pools.map(() => 0);
  let remaining = quota;
  for (;;) {
    const open = pools.map((p, i) => (take[i]! < p ? i : -1)).filter((i) => i >= 0);
    if (remaining <= 0 || open.length === 0) return take;
    const share = apportion(remaining, open.map(() => 1));
    let given = 0;
    open.forEach((i, k) => {
      const n = Math.min(share[k]!, pools[i]! - take[i]!);
      take[i]! += n;
      given += n;
    });
    remaining -= given;
    if (given === 0) return take;
  }
}

/**
 * Pure: (fact graph, seed, budget) → scenarios. Each sub-type lists every
 * question it could honestly ask; drafts are ordered by a seeded walk across
 * files; category budgets follow the paper's weights over the categories
 * this corpus can feed; a query already asked is never asked again.
 */
export function generateScenarios(graph: FactGraph, seed: number, budget: number): GenerationResult {
  const facts = new Facts(graph);
  const pools = generators.map((g) => spreadAcrossFiles(g.drafts({ facts, rng: createRng(seed, `drafts:${g.subType}`) }), createRng(seed, `order:${g.subType}`)));

  const present = categories.filter((c) => generators.some((g, i) => g.category === c && pools[i]!.length > 0));
  const categoryBudget = new Map<Category, number>();
  apportion(budget, present.map((c) => categoryWeights[c])).forEach((n, i) => categoryBudget.set(present[i]!, n));

  const asked = new Set<string>();
  const scenarios: Scenario[] = [];
  const subTypes: SubTypeReport[] = [];
  for (const category of categories) {
    const members = generators.map((g, i) => ({ g, pool: pools[i]! })).filter(({ g }) => g.category === category);
    // Drop queries an earlier category already asked before sizing the shares.
    const fresh = members.map(({ pool }) => pool.filter((d) => !asked.has(canonicalJson(d.query))));
    const quotas = fairTake(fresh.map((p) => p.length), categoryBudget.get(category) ?? 0);
    members.forEach(({ g }, k) => {
      let emitted = 0;
      for (const draft of fresh[k]!) {
        if (emitted >= quotas[k]!) break;
        const key = canonicalJson(draft.query);
        if (asked.has(key)) continue;
        asked.add(key);
        scenarios.push(toScenario(g, draft));
        emitted += 1;
      }
      subTypes.push({ category, sub_type: g.subType, candidates: fresh[k]!.length, emitted });
    });
  }

  const ids = new Set<string>();
  for (const s of scenarios) {
    if (ids.has(s.id)) throw new Error(`scenario id collision: ${s.id}`);
    ids.add(s.id);
  }
  const rank = (c: Category) => categories.indexOf(c);
  scenarios.sort((a, b) => rank(a.category) - rank(b.category) || (a.sub_type < b.sub_type ? -1 : a.sub_type > b.sub_type ? 1 : 0) || (a.id < b.id ? -1 : 1));
  return { scenarios, subTypes };
}

function toScenario(g: SubTypeGenerator, draft: Draft): Scenario {
  return {
    id: scenarioId(g.subType, draft.query),
    category: g.category,
    sub_type: g.subType,
    intent: draft.intent,
    query: draft.query,
    expected: draft.expected,
    gold_source: g.goldSource,
  };
}
