import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/canonical-json.ts';
import type { Language } from '../core/languages.ts';
import type { FactGraph } from '../graph/fact-graph.ts';
import { parseSymbol } from '../graph/symbols.ts';
import { apiDiscoveryGenerators } from './api-discovery.ts';
import { bugfixGenerators } from './bugfix.ts';
import { completionGenerators } from './completion.ts';
import { configGenerators } from './config.ts';
import { controlFlowGenerators } from './control-flow.ts';
import { driftGenerators } from './drift.ts';
import { Facts } from './facts.ts';
import { featureAddGenerators } from './feature-add.ts';
import { refactorGenerators } from './refactor.ts';
import { createRng, spreadAcrossFiles } from './sampling.ts';
import { sessionGenerators } from './session.ts';
import { testGenGenerators } from './testgen.ts';
import { categories, categoryWeights, isSessionCategory, isUnweightedCategory, sessionFields, type Category, type Scenario, type SessionField } from '../core/contract.ts';
import { CATEGORY_MINIMUM, UNWEIGHTED_QUOTA, type DriftBase, type Draft, type GeneratorContext, type SubTypeGenerator } from './types.ts';

/** Bumped whenever a generator's output for the same facts changes; recorded in every manifest. */
export const GENERATOR_VERSION = '3.0.0';

export const generators: SubTypeGenerator[] = [
  ...completionGenerators,
  ...bugfixGenerators,
  ...refactorGenerators,
  ...testGenGenerators,
  ...featureAddGenerators,
  ...apiDiscoveryGenerators,
  ...controlFlowGenerators,
  ...configGenerators,
  ...driftGenerators,
  ...sessionGenerators,
];

export interface SubTypeReport {
  category: Category;
  sub_type: string;
  /** Candidates that passed the sub-type's cheap checks: an upper bound on the questions it could ask. */
  targets: number;
  emitted: number;
  /** Every candidate was drafted, so `emitted` is all this sub-type offers after de-duplication. */
  exhausted: boolean;
}

export interface GenerationResult {
  scenarios: Scenario[];
  subTypes: SubTypeReport[];
}

export interface GenerationInput {
  /** The corpus's language folder: its test files, idioms and error forms. */
  language: Language;
  seed: number;
  budget: number;
  /** The classified matches of a text search over the corpus tree (generators/types.ts). */
  search: GeneratorContext['search'];
  /** Canonical queries already asked elsewhere (manual overlays, contributor specs): never generated again. */
  reserved?: ReadonlySet<string>;
  /** Whether to ask the session-shaped categories (the lock's `sessions`). */
  sessions?: boolean;
  /** The earlier pin Drift compares with (the lock's `drift`). */
  drift?: DriftBase;
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

/** Category budgets: the paper's weights over the budget, each raised to CATEGORY_MINIMUM; UNWEIGHTED_QUOTA for each session category. */
export function categoryQuotas(budget: number): Map<Category, number> {
  const shares = apportion(budget, categories.map((c) => categoryWeights[c]));
  return new Map(categories.map((c, i) => [c, isUnweightedCategory(c) ? UNWEIGHTED_QUOTA : Math.max(shares[i]!, CATEGORY_MINIMUM)]));
}

/** The sub-types a run asks: the session ones only where the corpus asks for sessions, Drift only against an earlier pin. */
export function activeGenerators(sessions: boolean, drift: boolean): SubTypeGenerator[] {
  return generators.filter((g) => (sessions || !isSessionCategory(g.category)) && (drift || g.category !== 'Drift'));
}

/**
 * Pure given its inputs: (fact graph, seed, budget, search answers) →
 * scenarios. Each sub-type lists every question it could honestly ask as a
 * cheap candidate, ordered by a seeded walk across files; only the ones the
 * budget reaches are drafted, so cost follows the budget, not the corpus.
 * A category's quota is split by sub-type weight, and a sub-type that runs
 * dry hands its unused share to the others, so a small pool never forces
 * padding. Categories claim questions from the lightest weight up, so a
 * specialised question (a registration site, a test-to-code link) goes to
 * the category that needs it rather than to a broad one with plenty of
 * others; a query already asked is never asked again.
 */
export function generateScenarios(graph: FactGraph, input: GenerationInput): GenerationResult {
  const facts = new Facts(graph, input.language, input.search);
  const quotas = categoryQuotas(input.budget);
  const asked = new Set<string>(input.reserved ?? []);
  const scenarios: Scenario[] = [];
  const reports = new Map<string, SubTypeReport>();
  // Sessions claim last (their last turn is a question a single-turn category may ask on its own),
  // the narrowest first: a misspelt call's lookup, then a sub-agent's drill-down, then a follow-up, then a re-read.
  const sessionOrder: Category[] = ['BashFeedbackLoop', 'SubAgentContextHandoff', 'ConversationalContinuation', 'RereadCascade'];
  const rank = (c: Category) => (c === 'Drift' ? 1 : isSessionCategory(c) ? 2 + sessionOrder.indexOf(c) : 0);
  const claimOrder = [...categories].sort((a, b) => rank(a) - rank(b) || categoryWeights[a] - categoryWeights[b] || categories.indexOf(a) - categories.indexOf(b));
  const active = activeGenerators(input.sessions ?? false, input.drift !== undefined);

  for (const category of claimOrder) {
    const members = active
      .filter((g) => g.category === category)
      .map((g) => {
        const candidates = g.candidates({ facts, rng: createRng(input.seed, `drafts:${g.subType}`), search: input.search, ...(input.drift ? { drift: input.drift } : {}) });
        return { g, queue: spreadAcrossFiles(candidates, createRng(input.seed, `order:${g.subType}`)), next: 0, emitted: 0 };
      });
    /** The member's next fresh question, drafting candidates in order until one is. */
    const pull = (m: (typeof members)[number]): Draft | undefined => {
      while (m.next < m.queue.length) {
        const draft = m.queue[m.next++]!.draft();
        if (!draft || namesMisfiled(draft, facts) || looksUpSwallowedName(draft, facts) || looksUpUnknownKind(draft, facts)) continue;
        const key = canonicalJson(draft.query);
        if (asked.has(key)) continue;
        asked.add(key);
        return draft;
      }
      return undefined;
    };
    let remaining = quotas.get(category)!;
    let open = members;
    while (remaining > 0 && open.length) {
      const share = apportion(remaining, open.map((m) => m.g.weight ?? 1));
      open = open.filter((m, k) => {
        let got = 0;
        for (let draft; got < share[k]! && (draft = pull(m)); got++) scenarios.push(toScenario(m.g, draft));
        m.emitted += got;
        remaining -= got;
        return got === share[k];
      });
    }
    for (const m of members) {
      reports.set(m.g.subType, { category, sub_type: m.g.subType, targets: m.queue.length, emitted: m.emitted, exhausted: m.next === m.queue.length });
    }
  }

  return { scenarios: sortScenarios(scenarios), subTypes: active.map((g) => reports.get(g.subType)!) };
}

/** Whether any turn of a draft, query or answer, names an id the index files under the wrong parent (Facts.misfiled). */
function namesMisfiled(draft: Draft, facts: Facts): boolean {
  const names = (value: unknown): boolean =>
    typeof value === 'string' ? facts.misfiled(value) : Array.isArray(value) ? value.some(names) : value !== null && typeof value === 'object' && Object.values(value).some(names);
  return names(draft.query) || names(draft.expected) || names(draft.session);
}

/** Whether a turn of a draft looks up by name something a file declares that a parse error kept from the index (Facts.declaredButMissing). */
function looksUpSwallowedName(draft: Draft, facts: Facts): boolean {
  const turns = [draft.query, draft.session?.preceding_query, ...(draft.session?.queries ?? [])];
  return turns.some((q) => q?.op === 'lookup' && q.bare_name && facts.declaredButMissing(q.name));
}

/** Whether a turn of a draft looks up with a kind that the syntax cannot tell for that name (Facts.kindUnknownFor). */
function looksUpUnknownKind(draft: Draft, facts: Facts): boolean {
  const turns = [draft.query, draft.session?.preceding_query, ...(draft.session?.queries ?? [])];
  return turns.some((q) => q?.op === 'lookup' && q.kind !== undefined && facts.kindUnknownFor(q.bare_name ? q.name : (parseSymbol(q.name)?.descriptors.at(-1)?.name ?? q.name), q.kind));
}

/** File order: category as the contract lists them, then sub-type, then id. */
export function sortScenarios(scenarios: Scenario[]): Scenario[] {
  const ids = new Set<string>();
  for (const s of scenarios) {
    if (ids.has(s.id)) throw new Error(`scenario id collision: ${s.id}`);
    ids.add(s.id);
  }
  const rank = (c: Category) => categories.indexOf(c);
  return [...scenarios].sort(
    (a, b) => rank(a.category) - rank(b.category) || (a.sub_type < b.sub_type ? -1 : a.sub_type > b.sub_type ? 1 : 0) || (a.id < b.id ? -1 : 1),
  );
}

/** A session's earlier turns in the contract's field order, which is the upstream repository's. */
function sessionPart(draft: Draft): Partial<Pick<Scenario, SessionField>> {
  const out: Partial<Record<SessionField, unknown>> = {};
  for (const field of Object.keys(sessionFields) as SessionField[]) if (draft.session?.[field] !== undefined) out[field] = draft.session[field];
  return out as Partial<Pick<Scenario, SessionField>>;
}

function toScenario(g: SubTypeGenerator, draft: Draft): Scenario {
  return {
    id: scenarioId(g.subType, draft.query),
    category: g.category,
    sub_type: g.subType,
    intent: draft.intent,
    ...sessionPart(draft),
    query: draft.query,
    expected: draft.expected,
    gold_source: g.goldSource,
  };
}
