import {
  categories,
  categoryDescriptions,
  categoryWeights,
  expectedSchema,
  goldSourceDescriptions,
  goldSourceRules,
  goldSources,
  handWrittenCategories,
  PASS_THRESHOLD,
  querySchema,
  scipKindNames,
  symbolKinds,
} from '../core/contract.ts';
import { generators } from '../generators/index.ts';
import { inexpressibleSubTypes } from '../generators/types.ts';
import { schemaFiles } from './schemas.ts';

const whyKind: Record<string, string> = {
  exact_set: 'the question is "every …" (or "does it exist"): F1 over the complete set, and the empty set for an absence',
  contains: 'the agent only needs these ids among the results; extras cost nothing, and the list is never empty',
  exact_symbol: 'a full-id lookup has exactly one right answer, which must come first',
  in_top_k: 'a ranked answer where the right id must appear early',
};

/** docs/sub-types.md, rendered from the generator registry so it cannot drift from the code. */
export function renderSubTypeTable(): string {
  const lines = [
    '# Sub-types',
    '',
    'Rendered by `npm run lmc -- docs` from the generator registry; a test fails when this file and the code disagree.',
    'What each query op answers is defined in [query-semantics.md](query-semantics.md).',
    '',
    '| category | sub-type | query op | expected kind | ground truth | how targets are chosen | why that scoring kind |',
    '|---|---|---|---|---|---|---|',
  ];
  const ordered = [...generators].sort((a, b) => categories.indexOf(a.category) - categories.indexOf(b.category));
  for (const g of ordered) {
    lines.push(`| ${g.category} | \`${g.subType}\` | \`${g.asks.op}\` | \`${g.asks.expected}\` | \`${g.goldSource}\` | ${g.rationale.replace(/\|/g, '\\|')} | ${whyKind[g.asks.expected]} |`);
  }
  lines.push(
    ...[...handWrittenCategories].map(
      (c) => `| ${c} | (named per entry) | any | any | \`manual\` | hand-written in \`scenarios/manual/<corpus>.yaml\`; ids must exist, absences must be absent, answers must agree with the index | chosen per entry |`,
    ),
    '| any | (named per entry) | `text_search` (mode `word`) | `exact_set` | `grep_compared` | contributor specs in `scenarios/specs/<corpus>.yaml`: a word, an intent, a category, and `in: any` to count comments and strings too | the answer is the complete set the search maps to |',
    '',
    '## Not asked',
    '',
    'Sub-types of the reference taxonomy that the protocol\'s ops cannot ask honestly (also listed in every manifest):',
    '',
    '| category | sub-type | why |',
    '|---|---|---|',
    ...inexpressibleSubTypes.map((s) => `| ${s.category} | \`${s.sub_type}\` | ${s.reason} |`),
    '',
  );
  return lines.join('\n');
}

/** One row per member of a discriminated union: its tag value(s), its fields, its description. */
function unionRows(union: { options: readonly unknown[] }, tag: string): Array<{ tags: string[]; fields: string[]; description: string }> {
  return union.options.map((option) => {
    const o = option as { shape: Record<string, { def?: { values?: unknown[]; entries?: Record<string, string> }; isOptional?: () => boolean }>; meta?: () => { description?: string } | undefined };
    const tagSchema = o.shape[tag]!;
    const tags = tagSchema.def?.values?.map(String) ?? Object.values(tagSchema.def?.entries ?? {});
    const fields = Object.entries(o.shape)
      .filter(([k]) => k !== tag)
      .map(([k, v]) => (v.isOptional?.() ? `${k}?` : k));
    return { tags, fields, description: o.meta?.()?.description ?? '' };
  });
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/contract.md: the tables of core/contract.ts, so the docs say what the code checks. */
export function renderContract(): string {
  const lines = [
    '# The scenario contract',
    '',
    'Rendered by `npm run lmc -- docs` from [`core/contract.ts`](../core/contract.ts), which also generates',
    '[`schemas/scenario-file.schema.json`](../schemas/scenario-file.schema.json) and every validator of queries and',
    'scenarios; a test fails when this file, the schemas and the code disagree. What each op answers, exactly, is in',
    '[query-semantics.md](query-semantics.md).',
    '',
    '## Categories',
    '',
    '| category | weight | the agent is… |',
    '|---|---:|---|',
    ...categories.map((c) => `| ${c} | ${categoryWeights[c]} | ${categoryDescriptions[c]} |`),
    '',
    '## Ground-truth sources',
    '',
    '| gold source | the expected answer comes from | the scenario must |',
    '|---|---|---|',
    ...goldSources.map((g) => {
      const r = goldSourceRules[g];
      const must = [r.op ? `ask with \`${r.op}\`` : '', r.notOp ? `not ask with \`${r.notOp}\`` : '', r.requires ? `carry \`${r.requires}\`` : '', r.emptyAnswer ? 'expect `exact_set []`' : ''].filter(Boolean).join('; ');
      return `| \`${g}\` | ${goldSourceDescriptions[g]} | ${must} |`;
    }),
    '',
    '## Query ops',
    '',
    '| op | fields | answers |',
    '|---|---|---|',
    ...unionRows(querySchema, 'op').map((r) => `| ${r.tags.map((t) => `\`${t}\``).join(', ')} | ${r.fields.map((f) => `\`${f}\``).join(', ')} | ${cell(r.description)} |`),
    '',
    '## Expected kinds',
    '',
    `A scenario passes at a score of at least ${PASS_THRESHOLD}.`,
    '',
    '| kind | fields | score |',
    '|---|---|---|',
    ...unionRows(expectedSchema, 'kind').map((r) => `| \`${r.tags[0]}\` | ${r.fields.map((f) => `\`${f}\``).join(', ')} | ${cell(r.description)} |`),
    '',
    '## Kinds',
    '',
    `\`lookup.kind\` and \`orphans.kind\` take ${symbolKinds.map((k) => `\`${k}\``).join(', ')}.`,
    '',
    "Where the indexer sets SCIP's `SymbolInformation.kind`, it decides the kind:",
    '',
    '| SCIP kind | number | kind |',
    '|---|---:|---|',
    ...Object.entries(scipKindNames).map(([n, k]) => `| ${k.scip} | ${n} | \`${k.kind}\` |`),
    '',
    'Any other value, and 0 (unspecified, as both npm indexers leave it), leaves the kind to the descriptors and the hover text (query-semantics.md, "Kinds").',
    '',
  ];
  return lines.join('\n');
}

/** Every file `lmc docs` writes (repository-relative path and text); a test checks the committed ones against these. */
export function generatedFiles(): Array<{ path: string; text: string }> {
  return [{ path: 'docs/sub-types.md', text: renderSubTypeTable() }, { path: 'docs/contract.md', text: renderContract() }, ...schemaFiles()];
}
