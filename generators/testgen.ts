import { typeKinds } from '../core/contract.ts';
import { fillTemplate, matchesAny } from '../core/languages.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import type { Facts } from './facts.ts';
import { regexSearch, surveyable, textDraft, wordSearch } from './text.ts';
import { candidate, MAX_ANSWER_SET, type Candidate, type GeneratorContext, type SubTypeGenerator } from './types.ts';

/** One candidate per idiom of the language's test libraries that some test file uses; the first search finds where, and drafting reuses it. */
function idiomCandidates(idioms: readonly string[], what: string, ctx: GeneratorContext): Candidate[] {
  const candidates: Candidate[] = [];
  for (const idiom of idioms) {
    const query = wordSearch(idiom, 'code');
    const testHit = ctx.search(query).find((h) => h.syntax === 'code' && ctx.facts.inTestCode(h));
    if (!testHit) continue;
    candidates.push({
      file: testHit.file,
      draft: () =>
        textDraft(ctx.facts, ctx.search, query, {
          intent: `Writing a test in the house style: lists every symbol whose code uses \`${idiom}\` (${what})`,
          maxAnswer: MAX_ANSWER_SET,
        }),
    });
  }
  return candidates;
}

export const testGenGenerators: SubTypeGenerator[] = [
  {
    category: 'TestGen',
    subType: 'tests_in_file',
    goldSource: 'scip_roundtrip',
    rationale: 'test files with 2..40 symbols (one would be the example the intent names), none of them filed under another file; file_symbols; exact_set over everything the file defines',
    needs: 'a test file defining 2..40 symbols',
    asks: { op: 'file_symbols', expected: 'exact_set' },
    candidates({ facts }) {
      return facts.graph.files
        .filter((f) => facts.inTestFile(f) && facts.fileSymbols(f).length > 1 && facts.fileSymbols(f).length <= MAX_ANSWER_SET)
        .filter((f) => !facts.holdsDefinitionsFiledElsewhere(f))
        .map((f) => ({
          file: f,
          draft: () => {
            if (!surveyable(facts, f)) return undefined;
            const ids = facts.fileSymbols(f);
            return {
              intent: `Adding a case to ${f}: lists every test and helper it already defines (such as ${facts.symbol(ids[0]!)!.display})`,
              query: { op: 'file_symbols', file_path: f },
              expected: { kind: 'exact_set', stable_ids: ids },
            };
          },
        }));
    },
  },
  {
    category: 'TestGen',
    subType: 'fixture_discovery',
    goldSource: 'scip_roundtrip',
    rationale: "test fixtures (a definition right under a fixture marker of the language's idioms, such as `@pytest.fixture`, found with rg) and test-code helpers called by 2+ tests; lookup by short name; exact_set over every function of that name",
    needs: 'a test fixture or a test helper shared by two tests',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, search }) {
      const picked = new Map<string, string>();
      for (const marker of facts.idioms.tests.fixtureMarkers) {
        for (const hit of search(regexSearch(marker.pattern, 'code'))) {
          if (hit.syntax !== 'code') continue;
          const below = facts.fileSymbols(hit.file).map((id) => facts.symbol(id)!).find((s) => s.range[0] === hit.line && s.kind === 'function');
          if (below) picked.set(below.id, marker.is);
        }
      }
      for (const s of facts.all(new Set(['function']))) {
        if (!facts.isTest(s) || picked.has(s.id) || /^test/i.test(s.name) || matchesAny(facts.idioms.testSymbols, s.name)) continue;
        if (facts.callers(s.id).filter((c) => facts.isTest(facts.symbol(c)!)).length >= 2) picked.set(s.id, 'a helper several tests share');
      }
      return [...picked.entries()].sort().map(([id, what]) => {
        const s = facts.symbol(id)!;
        return {
          file: s.file,
          draft: () => ({
            intent: `Reusing test set-up: looks up \`${s.name}\`, ${what} (${s.display})`,
            query: { op: 'lookup', name: s.name, bare_name: true, kind: 'function' },
            expected: { kind: 'exact_set', stable_ids: facts.lookupBare(s.name, 'function') },
          }),
        };
      });
    },
  },
  {
    category: 'TestGen',
    subType: 'test_to_code',
    goldSource: 'scip_roundtrip',
    rationale: "corpus code that tests (test files, test symbols, test modules) call, where every call of its name resolved and no calling test mocks the type it belongs to, in its body (idioms.tests.mockedType: Java's `mock(ViewManager.class)`) or for its whole file (idioms.tests.mockedStatics: `mockStatic(Arguments.class)`), since its calls may run the stub; callers, contains over the calling tests (extra non-test callers are fine)",
    needs: 'non-test code that a test calls',
    asks: { op: 'callers', expected: 'contains' },
    candidates({ facts, search }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && facts.calledFromTests().has(s.id) && facts.callersComplete(s.id))
        .map(
          candidate((s) => {
            const tests = facts.callers(s.id).filter((c) => facts.isTest(facts.symbol(c)!));
            if (tests.length === 0 || tests.length > MAX_ANSWER_SET) return undefined;
            if (mockedForTests(s, tests, facts, search)) return undefined;
            return {
              intent: `Changing ${s.display}: finds the tests that exercise it directly`,
              query: { op: 'callers', sym_stable_id: s.id },
              expected: { kind: 'contains', required: tests },
            };
          }),
        );
    },
  },
  {
    category: 'TestGen',
    subType: 'mock_stub_pattern',
    goldSource: 'grep_compared',
    rationale: 'mock and stub idioms the test code uses; text_search of the idiom in code; exact_set',
    needs: 'a test that mocks or stubs with a known library idiom',
    idioms: ['tests.mocks'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates: (ctx) => idiomCandidates(ctx.facts.idioms.tests.mocks, 'a mocking idiom', ctx),
  },
  {
    category: 'TestGen',
    subType: 'assertion_idiom',
    goldSource: 'grep_compared',
    rationale: 'exception and deep-equality assertion idioms the test code uses; text_search of the idiom in code; exact_set',
    needs: 'a test using a known assertion idiom',
    idioms: ['tests.assertions'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates: (ctx) => idiomCandidates(ctx.facts.idioms.tests.assertions, 'an assertion idiom', ctx),
  },
];

/**
 * Whether a test calling `s` may run a stub instead: its body makes a mock or spy of the type `s`
 * belongs to (idioms.tests.mockedType), or its file replaces that type's statics for all its tests
 * (idioms.tests.mockedStatics). Such a test does not exercise the corpus's code.
 */
function mockedForTests(s: SymbolFact, tests: readonly string[], facts: Facts, search: GeneratorContext['search']): boolean {
  const owner = s.owner ? facts.symbol(s.owner) : undefined;
  if (!owner || !typeKinds.has(owner.kind)) return false;
  const { mockedType, mockedStatics } = facts.idioms.tests;
  const matches = (form: string | undefined) => (form ? search(regexSearch(fillTemplate(form, { name: owner.name }), 'code')).filter((m) => m.syntax === 'code') : []);
  const mocks = matches(mockedType);
  const statics = new Set(matches(mockedStatics).map((m) => m.file));
  return tests.some((id) => {
    const test = facts.symbol(id)!;
    const body = test.enclosingRange;
    return statics.has(test.file) || mocks.some((m) => m.file === test.file && body !== undefined && m.line - 1 >= body[0] && m.line - 1 <= body[2]);
  });
}
