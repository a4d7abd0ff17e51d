import type { Facts } from './facts.ts';
import type { GrepHit, GrepSearch } from '../evidence/ripgrep.ts';
import type { Rng } from './sampling.ts';

export const categories = [
  'Completion',
  'BugFix',
  'Refactor',
  'TestGen',
  'FeatureAdd',
  'ApiDiscovery',
  'ControlFlow',
  'Config',
  'SafetyNet',
] as const;
export type Category = (typeof categories)[number];

/** The paper's category weights (they sum to 100). */
export const categoryWeights: Record<Category, number> = {
  Completion: 28,
  BugFix: 18,
  Refactor: 10,
  TestGen: 8,
  FeatureAdd: 8,
  ApiDiscovery: 15,
  ControlFlow: 5,
  Config: 4,
  SafetyNet: 4,
};

export const goldSources = ['scip_roundtrip', 'adversarial', 'grep_compared', 'manual'] as const;
export type GoldSource = (typeof goldSources)[number];

export type Query =
  | { op: 'lookup'; name: string; bare_name: boolean; kind?: string }
  | { op: 'callers' | 'callees' | 'contained_by' | 'implementors'; sym_stable_id: string }
  | { op: 'orphans'; kind: string }
  | { op: 'file_symbols'; file_path: string };

export type Expected =
  | { kind: 'exact_symbol'; stable_id: string }
  | { kind: 'in_top_k'; stable_id: string; k: number }
  | { kind: 'exact_set'; stable_ids: string[] }
  | { kind: 'contains'; required: string[] };

/** How a grep_compared answer was computed, so anyone can replay it (docs/query-semantics.md). */
export interface GrepProvenance {
  pattern: string;
  args: string[];
  exclude_definition_of?: string;
}

/** Where a hand-written scenario came from. */
export interface Origin {
  file: string;
  entry: number;
}

export interface Scenario {
  id: string;
  category: Category;
  sub_type: string;
  intent: string;
  query: Query;
  expected: Expected;
  gold_source: GoldSource;
  grep?: GrepProvenance;
  origin?: Origin;
}

/** A scenario before the pipeline gives it an id. */
export interface Draft {
  intent: string;
  query: Query;
  expected: Expected;
  grep?: GrepProvenance;
}

/**
 * A question a sub-type may ask, drafted only when the sampler reaches it: a
 * large corpus offers far more candidates than the budget takes, and drafting
 * (answer sets, rg searches, transitive walks) is the costly part. `draft`
 * returns undefined when a check made at drafting time rules the target out.
 * `file` is where the target lives, for spreading picks across files.
 */
export interface Candidate {
  file: string;
  draft(): Draft | undefined;
}

/**
 * A candidate about a target that carries its file (a symbol, mostly): one
 * small object that shares the sub-type's draft function, rather than a
 * closure per candidate, which a million-symbol corpus would pay for in
 * allocation and collection.
 */
class TargetCandidate<T extends { file: string }> implements Candidate {
  readonly file: string;
  constructor(
    private readonly target: T,
    private readonly make: (target: T) => Draft | undefined,
  ) {
    this.file = target.file;
  }

  draft(): Draft | undefined {
    return this.make(this.target);
  }
}

/** `targets.map(candidate((t) => …))`: each target becomes a candidate drafted by that function. */
export function candidate<T extends { file: string }>(draft: (target: T) => Draft | undefined): (target: T) => Candidate {
  return (target) => new TargetCandidate(target, draft);
}

export interface GeneratorContext {
  facts: Facts;
  rng: Rng;
  /** Answers a ripgrep search over the corpus tree (memoised); injected so generators stay testable without a tree. */
  grep: (search: GrepSearch) => GrepHit[];
}

/** One sub-type: a pure function from the fact graph to every question it could honestly ask. */
export interface SubTypeGenerator {
  category: Category;
  subType: string;
  goldSource: GoldSource;
  /** One line for the docs table: how targets are chosen and why this scoring kind. */
  rationale: string;
  /** What a corpus must have for this sub-type to ask anything; the manifest's reason when it asks nothing. */
  needs: string;
  /** The query op every draft uses and how it is scored (checked by a test, listed in docs/sub-types.md). */
  asks: { op: Query['op']; expected: Expected['kind'] };
  /** Relative share of its category's budget (default 1); grep sub-types weigh more so the dataset reaches the paper's 20% grep_compared aim. */
  weight?: number;
  /** Every target that passes the cheap checks, in any order; the sampler orders and drafts them. */
  candidates(ctx: GeneratorContext): Candidate[];
}

/** Answer sets bigger than this are not realistic questions: such targets are skipped, never truncated. */
export const MAX_ANSWER_SET = 40;

/** Categories aim for this many scenarios (a worst-case 95% interval of about ±10 points) where the corpus has the material. */
export const CATEGORY_MINIMUM = 100;

/** Sub-types the protocol's seven ops cannot ask honestly; listed in every manifest with the reason. */
export const inexpressibleSubTypes: Array<{ category: Category; sub_type: string; reason: string }> = [
  { category: 'ControlFlow', sub_type: 'async_functions', reason: 'no query op selects symbols by an async modifier; a name lookup would test name recall, not control flow' },
  { category: 'ControlFlow', sub_type: 'return_shape', reason: 'no query op selects functions by return type' },
  { category: 'ApiDiscovery', sub_type: 'arity_check', reason: 'no query op carries an argument count' },
  { category: 'ApiDiscovery', sub_type: 'fuzzy_match', reason: 'lookup is exact by contract; a fuzzy expectation would contradict it (typo covers near misses)' },
  { category: 'BugFix', sub_type: 'class_fields', reason: 'asked through contained_by, which methods_of_class already asks for every class' },
];
