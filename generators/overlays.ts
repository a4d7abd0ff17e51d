import { z } from 'zod/v4';
import { PipelineError } from '../core/errors.ts';
import { issueWords } from '../core/zod-issues.ts';
import { canonicalJson } from '../core/canonical-json.ts';
import { categories, expectedSchema, intentSchema, querySchema, subTypeSchema, textScopes, type Scenario, type TextSearchQuery } from '../core/contract.ts';
import { scenarioId } from './index.ts';
import type { Facts } from './facts.ts';
import { wordSearch } from './text.ts';
import { MAX_ANSWER_SET, type TextMatch } from './types.ts';

export const manualEntrySchema = z
  .object({ category: z.enum(categories), sub_type: subTypeSchema, intent: intentSchema, query: querySchema, expected: expectedSchema })
  .strict();
export const manualFileSchema = z.array(manualEntrySchema);

export const specEntrySchema = z
  .object({
    category: z.enum(categories),
    sub_type: subTypeSchema.default('contributor_spec'),
    intent: intentSchema,
    /** A literal word or dotted name; matched whole-word, case-sensitive. */
    text: z.string().min(2).regex(/^[^\s]+$/, 'must be one word or dotted name, without spaces'),
    /** Count mentions in code only (the default), or in comments and strings too; the intent must say which. */
    in: z.enum(textScopes).default('code'),
  })
  .strict();
export const specFileSchema = z.array(specEntrySchema);

function zodProblem(file: string, error: z.ZodError): PipelineError {
  const { path, message } = issueWords(error.issues[0]!);
  const [entry, ...field] = path;
  const where = typeof entry === 'number' ? `entry ${entry + 1}${field.length ? `, field ${field.map(String).join('.')}` : ''}` : 'the file';
  return new PipelineError(`${where}: ${message}`, { file });
}

/**
 * Hand-written scenarios: schema-checked, every id must be one of the
 * corpus's own symbols, an absence must be truly absent, and the expected
 * answer must agree with what the index says for that query.
 */
export function compileManual(raw: unknown, file: string, facts: Facts): Scenario[] {
  const parsed = manualFileSchema.safeParse(raw);
  if (!parsed.success) throw zodProblem(file, parsed.error);
  const seen = new Map<string, number>();
  return parsed.data.map((entry, i) => {
    const where = (msg: string) => new PipelineError(`entry ${i + 1} (${entry.sub_type}): ${msg}`, { file });
    if (entry.query.op === 'text_search') throw where('text_search questions come from a search; write them as a spec under scenarios/specs/');
    const ids = [
      ...('sym_stable_id' in entry.query ? [entry.query.sym_stable_id] : []),
      ...(entry.expected.kind === 'exact_set' ? entry.expected.stable_ids : entry.expected.kind === 'contains' ? entry.expected.required : [entry.expected.stable_id]),
    ];
    for (const id of ids) if (!facts.symbol(id)) throw where(`id ${id} is not a symbol of this corpus's index`);
    const answer = facts.answer(entry.query)!;
    const expected = entry.expected;
    const missing = expected.kind === 'exact_set' || expected.kind === 'contains' ? (expected.kind === 'exact_set' ? expected.stable_ids : expected.required).filter((id) => !answer.includes(id)) : [];
    if (expected.kind === 'exact_set') {
      if (expected.stable_ids.length === 0 && answer.length > 0) throw where(`expects nothing, but the index answers ${answer.length} symbol(s), e.g. ${answer[0]}`);
      const extra = answer.filter((id) => !expected.stable_ids.includes(id));
      if (missing.length || extra.length) throw where(`expected set disagrees with the index (not in the index's answer: ${missing.join(', ') || 'none'}; missing from the entry: ${extra.join(', ') || 'none'})`);
    } else if (expected.kind === 'contains') {
      if (missing.length) throw where(`requires ${missing.join(', ')}, which the index does not answer`);
    } else if (!answer.includes(expected.stable_id)) {
      throw where(`expects ${expected.stable_id}, which the index does not answer`);
    } else {
      // Scoring reads the first result (or the first k): where the index answers more, no adapter is bound to an order.
      const places = expected.kind === 'exact_symbol' ? 1 : expected.k;
      if (answer.length > places) {
        throw where(`expects ${expected.stable_id} ${places === 1 ? 'first' : `in the first ${places}`}, but the index answers ${answer.length} symbols, in no order an adapter is bound to; write it as contains or exact_set`);
      }
    }
    const key = canonicalJson(entry.query);
    if (seen.has(key)) throw where(`asks the same query as entry ${seen.get(key)}`);
    seen.set(key, i + 1);
    return {
      id: scenarioId(entry.sub_type, entry.query),
      category: entry.category,
      sub_type: entry.sub_type,
      intent: entry.intent,
      query: entry.query,
      expected: entry.expected,
      gold_source: 'manual',
      origin: { file, entry: i + 1 },
    };
  });
}

/** Contributor specs: a word to search for, turned into a grep_compared scenario with a computed answer. */
export function compileSpecs(raw: unknown, file: string, facts: Facts, search: (query: TextSearchQuery) => readonly TextMatch[]): Scenario[] {
  const parsed = specFileSchema.safeParse(raw);
  if (!parsed.success) throw zodProblem(file, parsed.error);
  const seen = new Map<string, number>();
  return parsed.data.map((entry, i) => {
    const where = (msg: string) => new PipelineError(`entry ${i + 1} (${entry.text}): ${msg}`, { file });
    const query = wordSearch(entry.text, entry.in);
    const ids = facts.answerText(search(query), query.in);
    if (ids.length === 0) throw where(`matches nothing in this corpus's ${entry.in === 'code' ? 'code' : 'text'}`);
    if (ids.length > MAX_ANSWER_SET) throw where(`matches ${ids.length} symbols (more than ${MAX_ANSWER_SET}); use a more specific word`);
    const key = canonicalJson(query);
    if (seen.has(key)) throw where(`searches the same text as entry ${seen.get(key)}`);
    seen.set(key, i + 1);
    return {
      id: scenarioId(entry.sub_type, query),
      category: entry.category,
      sub_type: entry.sub_type,
      intent: entry.intent,
      query,
      expected: { kind: 'exact_set', stable_ids: ids },
      gold_source: 'grep_compared',
      origin: { file, entry: i + 1 },
    };
  });
}
