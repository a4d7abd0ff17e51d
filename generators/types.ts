import type { Facts } from './facts.ts';
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

export interface Scenario {
  id: string;
  category: Category;
  sub_type: string;
  intent: string;
  query: Query;
  expected: Expected;
  gold_source: GoldSource;
}

/** A scenario before the pipeline gives it an id; `file` is where its target lives, for spreading picks across files. */
export interface Draft {
  intent: string;
  query: Query;
  expected: Expected;
  file: string;
}

export interface GeneratorContext {
  facts: Facts;
  rng: Rng;
}

/** One sub-type: a pure function from the fact graph to every scenario it could honestly ask. */
export interface SubTypeGenerator {
  category: Category;
  subType: string;
  goldSource: GoldSource;
  /** One line for the docs table: how targets are chosen and why this scoring kind. */
  rationale: string;
  drafts(ctx: GeneratorContext): Draft[];
}

/** Answer sets bigger than this are not realistic questions: such targets are skipped, never truncated. */
export const MAX_ANSWER_SET = 40;
