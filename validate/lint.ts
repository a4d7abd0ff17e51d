/**
 * `lmc lint FILE…`: the quality rules of a scenario file, for any file the runner reads (ours or
 * the upstream repository's). Each rule names a defect that makes a score mean less than it says
 * (../shared/docs/quality-bar.md); the schema is the published one (schemas/scenario-file.schema.json).
 */
import { canonicalJson } from '../core/canonical-json.ts';
import { scenarioSchemaProblem } from '../emit/validate.ts';

export const lintRules = {
  schema: 'fails the published scenario schema',
  repeated_query: 'asks the same query as an earlier scenario of the file',
  empty_required: '`contains` with an empty `required` (in `expected` or a session\'s earlier answer), which any answer passes',
  fixed_size_contains: '`contains` cut at a size shared by many scenarios of the file: the first N of a larger set',
  repeated_id: 'uses the id of an earlier scenario of the file',
  pseudo_id: 'an id that names a file, not a symbol (`file:routing.py`)',
  machine_path: 'an id holding an absolute path of the machine that made it (`file:///Users/…`)',
  adversarial_not_empty: 'an adversarial scenario whose expected answer is not the empty exact_set',
  missing_gold_source: 'no `gold_source`: nothing says what the answer rests on',
} as const;
export type LintRule = keyof typeof lintRules;

export interface LintFinding {
  rule: LintRule;
  /** The scenario's id, or its index when it has none. */
  scenario: string;
  detail: string;
}

/** A `contains` size is a cap when at least this share of the file's `contains` scenarios (and 5 of them) have it. */
const CAP_SHARE = 0.2;
const CAP_MIN_SIZE = 3;

type Loose = Record<string, unknown>;

/** Every finding in a parsed scenario file, in file order; a file that is not an array is one `schema` finding. */
export function lintScenarioFile(data: unknown): { scenarios: number; findings: LintFinding[] } {
  if (!Array.isArray(data)) return { scenarios: 0, findings: [{ rule: 'schema', scenario: '(file)', detail: 'the file is not a JSON array of scenarios' }] };
  // The published schema's `minItems: 1`: a file that asks nothing measures nothing.
  if (data.length === 0) return { scenarios: 0, findings: [{ rule: 'schema', scenario: '(file)', detail: 'the file holds no scenario' }] };
  const findings: LintFinding[] = [];
  const caps = containsCaps(data);
  const seen = new Map<string, string>();
  const ids = new Set<string>();
  data.forEach((raw, index) => {
    const s = (raw && typeof raw === 'object' ? raw : {}) as Loose;
    const name = typeof s.id === 'string' ? s.id : `#${index}`;
    const add = (rule: LintRule, detail: string) => findings.push({ rule, scenario: name, detail });
    const expected = (s.expected ?? {}) as Loose;

    const schemaProblem = scenarioSchemaProblem(raw);
    if (schemaProblem) add('schema', schemaProblem);
    if (s.query !== undefined) {
      const key = canonicalJson(s.query);
      const first = seen.get(key);
      if (first) add('repeated_query', `same query as ${first}`);
      else seen.set(key, name);
    }
    const required = Array.isArray(expected.required) ? expected.required : undefined;
    for (const [field, answer] of answersOf(s)) {
      if (answer.kind === 'contains' && Array.isArray(answer.required) && answer.required.length === 0) add('empty_required', `${field}: required: []`);
    }
    if (expected.kind === 'contains' && required && caps.has(required.length)) add('fixed_size_contains', `${required.length} ids, like ${caps.get(required.length)} other contains scenarios`);
    if (typeof s.id === 'string') {
      if (ids.has(s.id)) add('repeated_id', 'id used before');
      ids.add(s.id);
    }
    for (const id of idsOf(s)) {
      if (id.startsWith('file:') && !id.startsWith('file:///')) add('pseudo_id', JSON.stringify(id));
      if (MACHINE_PATH.test(id)) add('machine_path', JSON.stringify(id).slice(0, 100));
    }
    if (s.gold_source === 'adversarial' && !(expected.kind === 'exact_set' && Array.isArray(expected.stable_ids) && expected.stable_ids.length === 0)) {
      add('adversarial_not_empty', `expects ${canonicalJson(expected).slice(0, 80)}`);
    }
    if (s.gold_source === undefined) add('missing_gold_source', 'no gold_source');
  });
  return { scenarios: data.length, findings };
}

/** Sizes of `contains` answers that look like a fixed cap: shared by a large share of the file's `contains` scenarios. */
function containsCaps(data: unknown[]): Map<number, number> {
  const sizes = new Map<number, number>();
  let total = 0;
  for (const raw of data) {
    const expected = ((raw as Loose | null)?.expected ?? {}) as Loose;
    if (expected.kind !== 'contains' || !Array.isArray(expected.required)) continue;
    total++;
    sizes.set(expected.required.length, (sizes.get(expected.required.length) ?? 0) + 1);
  }
  return new Map([...sizes].filter(([size, n]) => size >= CAP_MIN_SIZE && n >= 5 && n >= CAP_SHARE * total).map(([size, n]) => [size, n - 1]));
}

/** A scenario's expected answers: its `expected`, and a session's answers to its earlier turns. */
function answersOf(s: Loose): Array<[string, Loose]> {
  return (['expected', 'preceding_expected', 'main_expected'] as const).filter((f) => s[f] && typeof s[f] === 'object').map((f) => [f, s[f] as Loose]);
}

/** The symbol ids a scenario names: in its queries and in its expected answers. */
function idsOf(s: Loose): string[] {
  const queries = [s.query, s.preceding_query, s.main_query].map((q) => (q ?? {}) as Loose);
  // Concatenated, not spread into push: an answer of 200,000 ids would overflow the call's arguments.
  const ids: unknown[] = queries.map((q) => q.sym_stable_id);
  const answerIds = answersOf(s).flatMap(([, e]) => [e.stable_id, ...[e.stable_ids, e.required].filter(Array.isArray)]);
  return ids.concat(...answerIds).filter((id): id is string => typeof id === 'string');
}

/** An absolute path in an id: a `file://` URI or a home directory. */
const MACHINE_PATH = /file:\/\/\/|(?:^|[\s:])\/(?:Users|home)\//;

/** One row per file and a count per rule: the table `lmc lint` prints. */
export function lintTable(results: Array<{ file: string; scenarios: number; findings: LintFinding[] }>): string {
  const rules = Object.keys(lintRules) as LintRule[];
  const header = ['file', 'scenarios', ...rules];
  const rows = results.map((r) => [r.file, String(r.scenarios), ...rules.map((rule) => String(r.findings.filter((f) => f.rule === rule).length))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
