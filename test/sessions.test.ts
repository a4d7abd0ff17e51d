import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioSchema, turnsOf, type Scenario } from '../core/contract.ts';
import { checkScenarioFile } from '../emit/validate.ts';
import { Facts } from '../generators/facts.ts';
import { generateScenarios } from '../generators/index.ts';
import { sessionGenerators } from '../generators/session.ts';
import { createRng } from '../generators/sampling.ts';
import { lintScenarioFile } from '../validate/lint.ts';
import { runScenarios } from '../validate/runner.ts';
import { handMadeGraph, id, noGrep, ts } from './hand-made-graph.ts';
import { repoRoot, tempDir } from './helpers.ts';

const facts = new Facts(handMadeGraph(), ts);
const drafts = (subType: string) =>
  sessionGenerators
    .find((g) => g.subType === subType)!
    .candidates({ facts, rng: createRng(1, subType), search: noGrep })
    .map((c) => c.draft())
    .filter((d) => d !== undefined)
    .sort((a, b) => JSON.stringify(a.query).localeCompare(JSON.stringify(b.query)));

describe('session generators on the hand-made graph', () => {
  it('follow a lookup that finds one callable with its callers, naming the id it returned', () => {
    // add and receipt have unique names and known callers; total is shared, checkout uncalled.
    expect(drafts('callers_of_the_found_symbol').map((d) => [d.session, d.query, d.expected])).toEqual([
      [
        { preceding_query: { op: 'lookup', name: 'add', bare_name: true }, preceding_expected: { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#add().')] } },
        { op: 'callers', sym_stable_id: id('src/`cart.ts`/Cart#add().') },
        { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] },
      ],
      [
        { preceding_query: { op: 'lookup', name: 'receipt', bare_name: true }, preceding_expected: { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/receipt().')] } },
        { op: 'callers', sym_stable_id: id('src/`checkout.ts`/receipt().') },
        { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] },
      ],
    ]);
  });

  it('hand a surveyed file to a sub-agent, which asks what one of its callables calls (cart.ts has 5 symbols: surveyable too, but its callables call nothing)', () => {
    expect(drafts('file_overview_then_callees').map((d) => [d.session, d.query, d.expected])).toEqual([
      [
        { main_query: { op: 'file_symbols', file_path: 'src/checkout.ts' }, main_expected: { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().'), id('src/`checkout.ts`/receipt().')] } },
        { op: 'callees', sym_stable_id: id('src/`checkout.ts`/checkout().') },
        { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#add().'), id('src/`cart.ts`/Cart#total().'), id('src/`checkout.ts`/receipt().')] },
      ],
      [
        { main_query: { op: 'file_symbols', file_path: 'src/checkout.ts' }, main_expected: { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().'), id('src/`checkout.ts`/receipt().')] } },
        { op: 'callees', sym_stable_id: id('src/`checkout.ts`/receipt().') },
        { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#total().')] },
      ],
    ]);
  });

  it('re-read one question 2..5 times, each read equal to the query', () => {
    for (const d of drafts('repeated_name_lookup')) {
      expect(d.session!.queries!.length).toBeGreaterThanOrEqual(2);
      expect(d.session!.queries!.length).toBeLessThanOrEqual(5);
      for (const q of d.session!.queries!) expect(q).toEqual(d.query);
    }
    expect(drafts('repeated_name_lookup').map((d) => [d.query, d.expected])).toContainEqual([
      { op: 'lookup', name: 'total', bare_name: true },
      { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/GiftCart#total().')] },
    ]);
  });

  it('never survey a file whole where the language folder says its indexer skips a declaration (surveyGaps)', () => {
    const gaps = { ...ts, idioms: { ...ts.idioms, surveyGaps: ['^limits:'] } };
    const search = (q: { pattern: string }) => (q.pattern === '^limits:' ? [{ file: 'src/checkout.ts', line: 3, start: 0, end: 7, text: 'limits:', syntax: 'code' as const }] : []);
    const g = sessionGenerators.find((x) => x.subType === 'repeated_file_listing')!;
    const files = g
      .candidates({ facts: new Facts(handMadeGraph(), gaps, search), rng: createRng(1, 'x'), search })
      .map((c) => c.draft())
      .filter((d) => d !== undefined)
      .map((d) => (d.query as { file_path: string }).file_path);
    expect(files).toEqual(['src/cart.ts']);
  });

  it('never survey a file whole that holds a definition filed under another file (a C static twin)', () => {
    const g = handMadeGraph();
    // checkout.ts also defines a copy of Cart#add, which the index files under cart.ts.
    g.filedElsewhere = new Map([['src/checkout.ts', [id('src/`cart.ts`/Cart#add().')]]]);
    const listing = sessionGenerators.find((x) => x.subType === 'repeated_file_listing')!;
    const files = listing
      .candidates({ facts: new Facts(g, ts), rng: createRng(1, 'x'), search: noGrep })
      .map((c) => c.draft())
      .filter((d) => d !== undefined)
      .map((d) => (d.query as { file_path: string }).file_path);
    expect(files).toEqual(['src/cart.ts']);
  });

  it('ask nothing for a language folder without error-message templates', () => {
    const noTemplates = { ...ts, idioms: { ...ts.idioms, feedback: undefined } };
    const g = sessionGenerators.find((x) => x.subType === 'misspelt_call_to_symbol')!;
    expect(g.candidates({ facts: new Facts(handMadeGraph(), noTemplates), rng: createRng(1, 'x'), search: noGrep })).toEqual([]);
  });

  it('are asked only when the lock asks for sessions, and never repeat a single-turn query', () => {
    const without = generateScenarios(handMadeGraph(), { language: ts, seed: 42, budget: 200, search: noGrep });
    expect(without.scenarios.filter((s) => turnsOf(s).length > 1)).toEqual([]);
    expect(without.subTypes.map((r) => r.sub_type)).not.toContain('callers_of_the_found_symbol');
    const withSessions = generateScenarios(handMadeGraph(), { language: ts, seed: 42, budget: 200, search: noGrep, sessions: true });
    expect(withSessions.subTypes.map((r) => r.sub_type)).toContain('callers_of_the_found_symbol');
    expect(checkScenarioFile(JSON.parse(JSON.stringify(withSessions.scenarios)))).toEqual([]);
    expect(withSessions.scenarios.filter((s) => s.category === 'RereadCascade').length).toBeGreaterThan(0);
  });
});

const base = { id: 'x-000000000001', sub_type: 'x', intent: 'a scenario of the hand-made file', gold_source: 'scip_roundtrip' as const };
const lookup = { op: 'lookup' as const, name: 'Store', bare_name: true };
const found = { kind: 'exact_set' as const, stable_ids: ['lmc-test npm shop 1.0.0 pkg/Store#'] };

describe('session shapes', () => {
  const problem = (s: unknown) => {
    const r = scenarioSchema.safeParse(s);
    return r.success ? 'valid' : r.error.issues.map((i) => i.message).join('; ');
  };
  it('tie each session field to its category', () => {
    expect(problem({ ...base, category: 'ConversationalContinuation', query: lookup, expected: found })).toBe('a ConversationalContinuation scenario must carry `preceding_query`');
    expect(problem({ ...base, category: 'Completion', main_query: lookup, query: lookup, expected: found })).toBe('only SubAgentContextHandoff scenarios carry `main_query`');
    expect(problem({ ...base, category: 'RereadCascade', queries: [lookup, { ...lookup, name: 'Other' }], query: lookup, expected: found })).toBe('every entry of `queries` repeats `query`');
    expect(problem({ ...base, category: 'RereadCascade', queries: [lookup, lookup], query: lookup, expected: found })).toBe('valid');
  });

  it('are checked by the published schema too', () => {
    expect(checkScenarioFile([{ ...base, category: 'BashFeedbackLoop', query: lookup, expected: found }])).toEqual(["scenario x-000000000001: /0 must have required property 'context'"]);
  });

  it('lint an empty required in an earlier turn', () => {
    const file = [{ ...base, category: 'ConversationalContinuation', preceding_query: lookup, preceding_expected: { kind: 'contains', required: [] }, query: { op: 'callers', sym_stable_id: found.stable_ids[0] }, expected: found }];
    expect(lintScenarioFile(file).findings.filter((f) => f.rule === 'empty_required')).toEqual([{ rule: 'empty_required', scenario: 'x-000000000001', detail: 'preceding_expected: required: []' }]);
  });
});

let dir: string;
beforeAll(async () => {
  dir = await tempDir('sessions');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the runner on sessions', () => {
  it('asks every turn in order, scores each, and sends a sub-agent turn to a second process, run at niceness 10', async () => {
    // Each process answers with its own pid, how many queries it has seen and its niceness, so turns can be told apart.
    const file = join(dir, 'echo.mjs');
    await writeFile(
      file,
      `import { createInterface } from 'node:readline';
import { getPriority } from 'node:os';
let seen = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const { query } = JSON.parse(line);
  seen++;
  process.stdout.write(JSON.stringify({ results: query.op === 'lookup' ? ['lmc-test npm shop 1.0.0 pkg/Store#'] : [process.pid + ':' + seen + ':' + getPriority()] }) + '\\n');
}
`,
    );
    const sessions: Scenario[] = [
      { ...base, id: 'a-000000000001', category: 'RereadCascade', queries: [lookup, lookup, lookup], query: lookup, expected: found },
      { ...base, id: 'b-000000000001', category: 'SubAgentContextHandoff', main_query: lookup, main_expected: found, query: { op: 'file_symbols', file_path: 'pkg/store.ts' }, expected: found },
    ];
    const run = await runScenarios('demo', sessions, { label: 'echo', command: process.execPath, args: [file] });
    expect(run.outcomes.map((o) => [o.id, o.score, (o.earlier_turns ?? []).map((t) => t.score)])).toEqual([
      ['a-000000000001', 1, [1, 1]],
      ['b-000000000001', 0, [1]],
    ]);
    // The sub-agent's answer is the first query its process saw: it never saw the main agent's turns.
    const [, seen, niceness] = run.outcomes[1]!.returned[0]!.split(':');
    expect(seen).toBe('1');
    // Lower than the session's process (niceness 0 unless the whole test runs lower already).
    expect(Number(niceness)).toBeGreaterThanOrEqual(10);
    expect(run.result.earlier_turns).toEqual({ n: 3, passed: 3 });
    // An adapter that answers from its inputs alone gets every turn in one process: the sub-agent's is the fifth query it saw.
    const once = await runScenarios('demo', sessions, { label: 'echo', command: process.execPath, args: [file], stateless: true });
    expect(once.outcomes[1]!.returned[0]!.split(':').slice(1)).toEqual(['5', String(getPriority())]);
  });
});

describe('BashFeedbackLoop in the committed fixture files', () => {
  it.each([
    ['python-inventory', 'languages/python/fixture', /File "([^"]+)", line (\d+)/],
    ['ts-inventory', 'languages/typescript/fixture', /^([^(]+)\((\d+),(\d+)\)/],
  ])('%s: every message points at a line of the fixture that calls the name it suggests, misspelt in the message only', (corpus, root, where) => {
    const scenarios = JSON.parse(readFileSync(join(repoRoot, 'scenarios', `${corpus}.json`), 'utf8')) as Scenario[];
    const feedback = scenarios.filter((s) => s.category === 'BashFeedbackLoop');
    expect(feedback.length).toBeGreaterThan(0);
    for (const s of feedback) {
      const [, file, line, column] = where.exec(s.context!.stderr_excerpt)!;
      const name = (s.query as { name: string }).name;
      const text = readFileSync(join(repoRoot, root, file!), 'utf8').split('\n')[Number(line) - 1]!;
      expect(text, s.id).toMatch(new RegExp(`\\b${name}\\s*\\(`));
      if (column) expect(text.slice(Number(column) - 1).startsWith(name), s.id).toBe(true);
      expect(s.context!.stderr_excerpt).toContain(`'${name}'?`);
      expect(s.expected).toEqual({ kind: 'exact_set', stable_ids: [expect.stringContaining(`${name}`)] });
    }
  });
});
