import { generators } from '../generators/index.ts';
import { categories, inexpressibleSubTypes } from '../generators/types.ts';

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
    '| SafetyNet | (named per entry) | any | any | `manual` | hand-written in `scenarios/manual/<corpus>.yaml`; ids must exist, absences must be absent, answers must agree with the index | chosen per entry |',
    '| any | (named per entry) | `lookup` (kind `text_ref`) | `exact_set` | `grep_compared` | contributor specs in `scenarios/specs/<corpus>.yaml`: a word, an intent, a category | the answer is the complete set rg finds |',
    '',
    '## Not asked',
    '',
    'Sub-types of the reference taxonomy that the protocol\'s seven ops cannot ask honestly (also listed in every manifest):',
    '',
    '| category | sub-type | why |',
    '|---|---|---|',
    ...inexpressibleSubTypes.map((s) => `| ${s.category} | \`${s.sub_type}\` | ${s.reason} |`),
    '',
  );
  return lines.join('\n');
}
