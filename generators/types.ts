import type { Facts } from './facts.ts';
import type { TextMatch } from '../evidence/syntax.ts';
import type { Rng } from './sampling.ts';
import type { Category, Expected, GoldSource, Query, Scenario, SessionField, TextSearchQuery } from '../core/contract.ts';

/** A scenario before the pipeline gives it an id. */
export interface Draft {
  intent: string;
  query: Query;
  expected: Expected;
  /** A session-shaped scenario's earlier turns (core/contract.ts, sessionShapes). */
  session?: Partial<Pick<Scenario, SessionField>>;
}

export type { TextMatch };

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

/** An earlier pin of the corpus, for Drift: its facts, its version, and its ids written as the current pin's. */
export interface DriftBase {
  facts: Facts;
  from: string;
  /** An id of the earlier pin with the current pin's package prefix: the same symbol, if it still exists. */
  asCurrent(id: string): string;
}

export interface GeneratorContext {
  facts: Facts;
  /** The earlier pin, where the lock names one (`drift`). */
  drift?: DriftBase;
  rng: Rng;
  /** The matches of a text search over the corpus tree, classified (memoised); injected so generators stay testable without a tree. */
  search: (query: TextSearchQuery) => readonly TextMatch[];
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
  /** The language idioms it reads (paths into idioms.json, such as `errors.raise`): without one it cannot ask anything in that language. */
  idioms?: string[];
  /** The query op every draft uses and how it is scored (checked by a test, listed in docs/sub-types.md). */
  asks: { op: Query['op']; expected: Expected['kind'] };
  /** Relative share of its category's budget (default 1); grep sub-types weigh more so the dataset reaches the paper's 20% grep_compared aim. */
  weight?: number;
  /** Every target that passes the cheap checks, in any order; the sampler orders and drafts them. */
  candidates(ctx: GeneratorContext): Candidate[];
}

/** Answer sets bigger than this are not realistic questions: such targets are skipped, never truncated. */
export const MAX_ANSWER_SET = 40;

/** An answer worth asking for whole: 1..MAX_ANSWER_SET ids. */
export function withinLimit(ids: readonly string[]): boolean {
  return ids.length > 0 && ids.length <= MAX_ANSWER_SET;
}

/**
 * "Every member of this type" is asked up to this many members: the central types of a corpus
 * (gin's Context, clap's Command, FastifyInstance) are the ones an agent most needs listed whole.
 */
export const MAX_MEMBER_SET = 300;

/** Each session category, and Drift, aims for this many scenarios where a corpus's lock asks for them. */
export const UNWEIGHTED_QUOTA = 30;

/** Categories aim for this many scenarios (a worst-case 95% interval of about ±10 points) where the corpus has the material. */
export const CATEGORY_MINIMUM = 100;

/** Sub-types the protocol's ops cannot ask honestly; listed in every manifest with the reason. */
export const inexpressibleSubTypes: Array<{ category: Category; sub_type: string; reason: string }> = [
  { category: 'ControlFlow', sub_type: 'async_functions', reason: 'no query op selects symbols by an async modifier; a name lookup would test name recall, not control flow' },
  { category: 'ControlFlow', sub_type: 'return_shape', reason: 'no query op selects functions by return type' },
  { category: 'ApiDiscovery', sub_type: 'arity_check', reason: 'no query op carries an argument count' },
  { category: 'ApiDiscovery', sub_type: 'fuzzy_match', reason: 'lookup is exact by contract; a fuzzy expectation would contradict it (typo covers near misses)' },
  { category: 'BugFix', sub_type: 'class_fields', reason: 'asked through contained_by, which methods_of_class already asks for every class' },
];
