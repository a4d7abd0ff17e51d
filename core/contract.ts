/**
 * The scenario contract, defined once: categories and their weights, ground-truth sources, the
 * kind vocabulary, every query op and expected kind with its fields, and the rules that tie a
 * scenario's fields together. The published JSON Schema (emit/schemas.ts), every zod validator
 * (overlays, the adapter protocol) and the docs tables (`lmc docs`) are derived from this module.
 */
import { z } from 'zod/v4';

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
  'Drift',
  'ConversationalContinuation',
  'RereadCascade',
  'SubAgentContextHandoff',
  'BashFeedbackLoop',
] as const;
export type Category = (typeof categories)[number];

/**
 * The upstream repository's session-shaped categories (its v0.2 workflow categories): a scenario
 * holds the earlier turns of an agent's session beside its `query`. Neither the paper nor the
 * upstream runner weights them; the upstream runner scores their `query` alone.
 */
export const sessionCategories = ['ConversationalContinuation', 'RereadCascade', 'SubAgentContextHandoff', 'BashFeedbackLoop'] as const satisfies readonly Category[];
export type SessionCategory = (typeof sessionCategories)[number];
export function isSessionCategory(c: Category): c is SessionCategory {
  return (sessionCategories as readonly Category[]).includes(c);
}

/**
 * Categories outside the paper's nine, asked only where the lock asks for them (`sessions`, `drift`)
 * and weighted by neither the paper nor the upstream runner: each aims for a fixed number of scenarios.
 */
export function isUnweightedCategory(c: Category): boolean {
  return categoryWeights[c] === 0;
}

/** The paper's category weights (they sum to 100 over its nine); Drift and the session categories weigh nothing there. */
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
  Drift: 0,
  ConversationalContinuation: 0,
  RereadCascade: 0,
  SubAgentContextHandoff: 0,
  BashFeedbackLoop: 0,
};

/**
 * The upstream runner's weights (CataDef/LongMemCode, runners/lmc-runner): six categories, normalised
 * over those a file has; ControlFlow, Config and SafetyNet are scored but not weighted there.
 */
export const upstreamCategoryWeights: Partial<Record<Category, number>> = {
  Completion: 32,
  BugFix: 22,
  Refactor: 12,
  TestGen: 10,
  FeatureAdd: 10,
  ApiDiscovery: 14,
};

export const categoryDescriptions: Record<Category, string> = {
  Completion: 'importing or constructing a symbol and needs its canonical id',
  BugFix: 'enumerating callers, callees, overrides, impact of a suspect symbol',
  Refactor: 'auditing a rename: every method of a type, every call site, every implementor',
  TestGen: 'listing what exists in a file or test module before writing a test',
  FeatureAdd: 'finding the closest existing feature or extension point to mirror',
  ApiDiscovery: 'asking whether a symbol exists; rejecting invented names; resolving ambiguous names',
  ControlFlow: 'locating exception types and the code that raises them',
  Config: 'finding who reads an environment variable, config key or feature flag',
  SafetyNet: 'hand-curated edge cases',
  Drift: 'working on code that changed since it was last read: what an upgrade removed, added or moved',
  ConversationalContinuation: 'following up on the answer it just got: the next question names the symbol the first one found',
  RereadCascade: 'asking the same question again within one session, as agents re-read the same code many times',
  SubAgentContextHandoff: 'handing a file it surveyed to a fresh sub-agent, which drills into one symbol of it',
  BashFeedbackLoop: "turning a compiler's or interpreter's error message into the symbol it is about",
};

/** Categories no generator feeds: their scenarios are hand-written overlays (scenarios/manual/<corpus>.yaml). */
export const handWrittenCategories: ReadonlySet<Category> = new Set(['SafetyNet']);

export const goldSources = ['scip_roundtrip', 'adversarial', 'grep_compared', 'manual'] as const;
export type GoldSource = (typeof goldSources)[number];

export const goldSourceDescriptions: Record<GoldSource, string> = {
  scip_roundtrip: "structural facts of the corpus's SCIP index",
  adversarial: 'a name fabricated from the corpus\'s own names and checked absent: the answer is empty',
  grep_compared: 'a `text_search`: ripgrep over the corpus tree, each match classified by the parse of its file and mapped to the symbol around it',
  manual: 'a hand-written scenario, checked against the index on every run',
};

/** Our kind vocabulary: what `lookup.kind` and `orphans.kind` take (docs/query-semantics.md, "Kinds"). */
export const symbolKinds = [
  'module',
  'class',
  'interface',
  'enum',
  'enum_member',
  'type_alias',
  'type',
  'function',
  'method',
  'constructor',
  'field',
  'property',
  'variable',
  'constant',
  'event',
  'error',
  'modifier',
] as const;
export type SymbolKind = (typeof symbolKinds)[number];

export const callableKinds: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor', 'modifier']);
export const typeKinds: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'enum', 'type_alias', 'type']);
/** Named values: what a top-level or member declaration with an initializer defines (docs/query-semantics.md, "Crediting"). */
export const termKinds: ReadonlySet<SymbolKind> = new Set(['field', 'property', 'variable', 'constant']);

/** SCIP's StaticMethod kind: a method of the type itself, which the fact graph keeps as `static`. */
export const SCIP_STATIC_METHOD = 80;

/**
 * SCIP's `SymbolInformation.kind` (the numbers of scip.proto) in our vocabulary, for indexers that
 * set it; an indexer that leaves it unspecified (0) gets kinds from the symbol's descriptors and
 * hover text instead (docs/query-semantics.md, "Kinds"). Kinds not listed (macros, parameters…)
 * leave the kind to that fallback.
 */
export const scipKindNames: Record<number, { scip: string; kind: SymbolKind }> = {
  7: { scip: 'Class', kind: 'class' },
  8: { scip: 'Constant', kind: 'constant' },
  9: { scip: 'Constructor', kind: 'constructor' },
  11: { scip: 'Enum', kind: 'enum' },
  12: { scip: 'EnumMember', kind: 'enum_member' },
  13: { scip: 'Event', kind: 'event' },
  15: { scip: 'Field', kind: 'field' },
  17: { scip: 'Function', kind: 'function' },
  21: { scip: 'Interface', kind: 'interface' },
  26: { scip: 'Method', kind: 'method' },
  29: { scip: 'Module', kind: 'module' },
  30: { scip: 'Namespace', kind: 'module' },
  35: { scip: 'Package', kind: 'module' },
  41: { scip: 'Property', kind: 'property' },
  42: { scip: 'Protocol', kind: 'interface' },
  49: { scip: 'Struct', kind: 'class' },
  53: { scip: 'Trait', kind: 'interface' },
  54: { scip: 'Type', kind: 'type' },
  55: { scip: 'TypeAlias', kind: 'type_alias' },
  59: { scip: 'Union', kind: 'class' },
  61: { scip: 'Variable', kind: 'variable' },
  63: { scip: 'Error', kind: 'error' },
  65: { scip: 'Modifier', kind: 'modifier' },
  66: { scip: 'AbstractMethod', kind: 'method' },
  [SCIP_STATIC_METHOD]: { scip: 'StaticMethod', kind: 'method' },
  85: { scip: 'Mixin', kind: 'class' },
};

/** How a `text_search` reads its pattern: a whole-word fixed string, or a regex in ripgrep's syntax. */
export const textModes = ['word', 'regex'] as const;
export type TextMode = (typeof textModes)[number];

/**
 * Which matches a `text_search` counts: those in code outside import declarations (`code`), those in
 * code or in an import declaration (`code_or_import`), or also those in comments and string literals (`any`).
 */
export const textScopes = ['code', 'code_or_import', 'any'] as const;
export type TextScope = (typeof textScopes)[number];

/** The scenario files' own licence: the benchmark's (the paper: "The benchmark is MIT-licensed"). Each corpus's code keeps its own. */
export const DATASET_LICENSE = 'MIT';

/** The version of the query protocol these files speak: the upstream runner's seven ops plus `extensionOps`. */
export const PROTOCOL_VERSION = 'lmc-query/2';

/**
 * The protocol profiles a file can be generated for: `lmc`, this pipeline's full protocol, and
 * `upstream`, only the forms the upstream runner's reference adapters understand, so that an
 * existing adapter is scored on memory rather than on conventions it never learnt.
 */
export const protocolProfiles = ['lmc', 'upstream'] as const;
export type ProtocolProfile = (typeof protocolProfiles)[number];

/**
 * The conventions of this pipeline that the upstream reference adapters do not speak, each with
 * how to tell a query uses it. The upstream profile leaves out every scenario any turn of which uses one.
 */
export const protocolExtensions = {
  text_search: { description: 'the `text_search` op', uses: (q: Query) => q.op === 'text_search' },
  lookup_kind: { description: '`lookup` restricted by a `kind` of this vocabulary', uses: (q: Query) => q.op === 'lookup' && q.kind !== undefined },
  orphans_kind: { description: '`orphans` of a `kind` of this vocabulary', uses: (q: Query) => q.op === 'orphans' },
  member_form_name: { description: 'a bare-name `lookup` of the `Type#member` form', uses: (q: Query) => q.op === 'lookup' && q.bare_name && q.name.includes('#') },
} as const satisfies Record<string, { description: string; uses: (q: Query) => boolean }>;
export type ProtocolExtension = keyof typeof protocolExtensions;

/** The extensions a scenario's turns use, in the table's order. */
export function extensionsOf(s: Scenario): ProtocolExtension[] {
  const queries = turnsOf(s).map((t) => t.query);
  return (Object.keys(protocolExtensions) as ProtocolExtension[]).filter((e) => queries.some((q) => protocolExtensions[e].uses(q)));
}

const stableId = z
  .string()
  .min(1)
  .regex(/^(?!file:)(?!local )\S+ \S+ /, 'must be a SCIP symbol id, not a file: or local id')
  .meta({ id: 'stableId', description: 'A SCIP symbol string of a corpus symbol; never a file: pseudo id or a local symbol.' });

const filePath = z
  .string()
  .min(1)
  .regex(/^(?!\/)(?!file:)(?!.*(^|\/)\.\.(\/|$))/, 'must be a repository-relative path')
  .meta({ description: 'Repository-relative, as the index names the document.' });

/**
 * Every query op: its fields, and one sentence on what it answers (the exact rules are in
 * docs/query-semantics.md). Each op means one thing, decided by the query alone. The first seven
 * are the upstream runner's ops; `text_search` is this pipeline's extension (listed in every
 * manifest). `files` is how a scenario file must write them; `wire` is what an adapter accepts:
 * the same shapes, with any non-empty string as an id or path (an id no corpus has is a fair
 * question, answered with nothing).
 */
function makeQuerySchema(form: 'files' | 'wire') {
  const id = form === 'files' ? stableId : z.string().min(1);
  const path = form === 'files' ? filePath : z.string().min(1);
  const kind = form === 'files' ? z.enum(symbolKinds) : z.string().min(1);
  return z.discriminatedUnion('op', [
    z
      .object({
        op: z.literal('lookup'),
        name: z.string().min(1),
        bare_name: z.boolean(),
        kind: kind.optional(),
      })
      .strict()
      .meta({ description: '`bare_name: true`: every symbol whose short name (or `Type#member` form) is `name`; `false`: `[name]` when a symbol has exactly that id. `kind` restricts either.' }),
    z
      .object({ op: z.enum(['callers', 'callees', 'contained_by', 'implementors']), sym_stable_id: id })
      .strict()
      .meta({ description: '`callers`: symbols whose bodies call it; `callees`: what its body calls; `contained_by`: its direct members; `implementors`: what implements, extends or overrides it, transitively.' }),
    z.object({ op: z.literal('orphans'), kind }).strict().meta({ description: 'Every symbol of this kind that nothing calls.' }),
    z.object({ op: z.literal('file_symbols'), file_path: path }).strict().meta({ description: 'Every symbol defined in this file, modules excluded.' }),
    z
      .object({ op: z.literal('text_search'), pattern: z.string().min(1), mode: z.enum(textModes), in: z.enum(textScopes) })
      .strict()
      .meta({ description: 'Extension. The symbols whose text matches `pattern` (`mode` word: a whole-word fixed string; regex: ripgrep syntax), counting matches in code outside import declarations (`in: code`), in code or import declarations (`code_or_import`), or anywhere, comments and strings too (`any`); a match on a definition\'s own name is no mention; each match goes to the innermost definition around its line, else its file\'s module.' }),
  ]);
}
export const querySchema = makeQuerySchema('files').meta({ id: 'query' });
export const wireQuerySchema = makeQuerySchema('wire');
export type Query = z.infer<typeof querySchema>;
export type QueryOp = Query['op'];
export type TextSearchQuery = Extract<Query, { op: 'text_search' }>;
export const upstreamOps = ['lookup', 'callers', 'callees', 'contained_by', 'implementors', 'orphans', 'file_symbols'] as const satisfies readonly QueryOp[];
export const extensionOps = ['text_search'] as const satisfies readonly QueryOp[];
export const queryOps = [...upstreamOps, ...extensionOps] as const;

/** An id list without repeats: checked by zod, and stated as `uniqueItems` in the JSON Schema. */
function uniqueIds<T extends z.ZodArray<z.ZodString>>(list: T) {
  return list.refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id').meta({ uniqueItems: true });
}

/** How a scenario is scored; a scenario passes at a score of at least PASS_THRESHOLD. */
export const expectedSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('exact_symbol'), stable_id: stableId }).strict().meta({ description: '1 if the first result equals `stable_id`, else 0.' }),
    z
      .object({ kind: z.literal('in_top_k'), stable_id: stableId, k: z.int().min(1) })
      .strict()
      .meta({ description: '1 if `stable_id` is among the first `k` results, else 0.' }),
    z
      .object({ kind: z.literal('exact_set'), stable_ids: uniqueIds(z.array(stableId)) })
      .strict()
      .meta({ description: 'F1 of the returned set against `stable_ids`; both empty scores 1 (how an absence is asked).' }),
    z
      .object({ kind: z.literal('contains'), required: uniqueIds(z.array(stableId).min(1, 'must list at least one id (an empty contains cannot fail)')) })
      .strict()
      .meta({ description: 'The fraction of `required` among the results; extras cost nothing. Never empty: the runner scores an empty list 1 for any answer.' }),
  ])
  .meta({ id: 'expected' });
export type Expected = z.infer<typeof expectedSchema>;
export type ExpectedKind = Expected['kind'];
export const expectedKinds = ['exact_symbol', 'in_top_k', 'exact_set', 'contains'] as const satisfies readonly ExpectedKind[];

export const PASS_THRESHOLD = 0.999;

export const originSchema = z
  .object({ file: z.string().min(1), entry: z.int().min(1) })
  .strict()
  .meta({ description: 'The overlay or spec file (repository-relative) and 1-based entry a hand-written or contributor scenario came from.' });
export type Origin = z.infer<typeof originSchema>;

export const subTypeSchema = z.string().regex(/^[a-z0-9_]+$/, 'must be lowercase letters, digits and underscores');
export const intentSchema = z.string().min(10, 'must say in a sentence what the agent is doing');

/** How many times a RereadCascade session asks its question, the last time as its `query`. */
export const REREAD_TURNS = { min: 2, max: 10 } as const;

/**
 * The earlier turns of a session, in the upstream repository's field names. The runner's `query`
 * is always the session's last turn, the one the upstream runner scores.
 */
export const sessionFields = {
  preceding_query: querySchema.optional().meta({ description: 'ConversationalContinuation: the question asked just before, in the same session; `query` names what its answer found.' }),
  preceding_expected: expectedSchema.optional().meta({ description: 'ConversationalContinuation: the answer to `preceding_query`.' }),
  main_query: querySchema.optional().meta({ description: "SubAgentContextHandoff: the main agent's survey; `query` then goes to a fresh adapter process that never saw it." }),
  main_expected: expectedSchema.optional().meta({ description: 'SubAgentContextHandoff: the answer to `main_query`.' }),
  context: z
    .object({
      preceding_command: z.string().min(1).meta({ description: 'The command the agent ran.' }),
      stderr_excerpt: z.string().min(1).meta({ description: 'What it printed: an error message naming the symbol `query` looks up.' }),
    })
    .strict()
    .optional()
    .meta({ description: 'BashFeedbackLoop: the failing command and its message, rendered from the language folder\'s templates; never sent to the adapter.' }),
  queries: z
    .array(querySchema)
    .min(REREAD_TURNS.min)
    .max(REREAD_TURNS.max)
    .optional()
    .meta({ description: 'RereadCascade: every read of the session, each equal to `query` (the last) and each scored against `expected`.' }),
};
export type SessionField = keyof typeof sessionFields;

/** The session fields each session category carries (all of them, and no others); other categories carry none. */
export const sessionShapes: Record<SessionCategory, readonly SessionField[]> = {
  ConversationalContinuation: ['preceding_query', 'preceding_expected'],
  RereadCascade: ['queries'],
  SubAgentContextHandoff: ['main_query', 'main_expected'],
  BashFeedbackLoop: ['context'],
};

/** The fields a scenario has, before the rules that tie them together. */
export const scenarioFields = {
  id: z.string().regex(/^[a-z0-9_]+-[0-9a-f]{12}$/, 'must be <sub_type>-<12 hex>'),
  category: z.enum(categories),
  sub_type: subTypeSchema,
  intent: intentSchema,
  ...sessionFields,
  query: querySchema,
  expected: expectedSchema,
  gold_source: z.enum(goldSources),
  origin: originSchema.optional(),
};

/** The session field a scenario lacks or should not have, or its RereadCascade read that differs from `query`; undefined when its shape fits its category. */
export function sessionProblem(s: { category: Category; query: unknown } & Partial<Record<SessionField, unknown>>): string | undefined {
  const wanted: readonly SessionField[] = isSessionCategory(s.category) ? sessionShapes[s.category] : [];
  for (const field of Object.keys(sessionFields) as SessionField[]) {
    const has = s[field] !== undefined;
    if (wanted.includes(field) && !has) return `a ${s.category} scenario must carry \`${field}\``;
    if (!wanted.includes(field) && has) return `only ${categoryCarrying(field)} scenarios carry \`${field}\``;
  }
  if (Array.isArray(s.queries) && s.queries.some((q) => JSON.stringify(q) !== JSON.stringify(s.query))) return 'every entry of `queries` repeats `query`';
  return undefined;
}

function categoryCarrying(field: SessionField): SessionCategory {
  return sessionCategories.find((c) => sessionShapes[c].includes(field))!;
}

/** One question of a session and the process that is asked it: the session's own, or a fresh sub-agent's. */
export interface Turn {
  query: Query;
  expected: Expected;
  process: 'session' | 'subagent';
}

/** Every turn of a scenario in the order an agent asks them; the last is its `query`. A scenario that is no session is one turn. */
export function turnsOf(s: Scenario): Turn[] {
  const last: Turn = { query: s.query, expected: s.expected, process: s.main_query ? 'subagent' : 'session' };
  if (s.preceding_query && s.preceding_expected) return [{ query: s.preceding_query, expected: s.preceding_expected, process: 'session' }, last];
  if (s.main_query && s.main_expected) return [{ query: s.main_query, expected: s.main_expected, process: 'session' }, last];
  if (s.queries) return [...s.queries.slice(0, -1).map((query) => ({ query, expected: s.expected, process: 'session' as const })), last];
  return [last];
}

/**
 * What each ground-truth source demands of the other fields: the op it asks with, an `origin`, an
 * empty answer. JSON Schema gets these as if/then rules and zod as a refinement, both from this one table.
 */
export const goldSourceRules: Record<GoldSource, { op?: 'text_search'; notOp?: 'text_search'; requires?: 'origin'; emptyAnswer?: true }> = {
  scip_roundtrip: { notOp: 'text_search' },
  adversarial: { notOp: 'text_search', emptyAnswer: true },
  grep_compared: { op: 'text_search' },
  manual: { requires: 'origin' },
};

/** The rule a scenario breaks, or undefined. */
export function goldSourceProblem(s: { gold_source: GoldSource; query: Query; expected: Expected; origin?: unknown }): string | undefined {
  const rule = goldSourceRules[s.gold_source];
  if (rule.op && s.query.op !== rule.op) return `a ${s.gold_source} scenario asks with \`${rule.op}\``;
  if (rule.notOp && s.query.op === rule.notOp) return `only grep_compared and manual scenarios ask with \`${rule.notOp}\``;
  if (rule.requires && s[rule.requires] === undefined) return `a ${s.gold_source} scenario must carry \`${rule.requires}\``;
  if (rule.emptyAnswer && !(s.expected.kind === 'exact_set' && s.expected.stable_ids.length === 0)) return 'an adversarial scenario expects exact_set []';
  return undefined;
}

export const scenarioSchema = z
  .object(scenarioFields)
  .strict()
  .superRefine((s, ctx) => {
    const problem = goldSourceProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['gold_source'] });
    const shape = sessionProblem(s);
    if (shape) ctx.addIssue({ code: 'custom', message: shape, path: ['category'] });
  })
  .meta({ id: 'scenario' });
export type Scenario = z.infer<typeof scenarioSchema>;

export const scenarioFileSchema = z.array(scenarioSchema).min(1);
