import { inScope, type TextMatch } from '../evidence/syntax.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import { hasSearchableName } from './completion.ts';
import { escapeRegex, fillTemplate } from '../core/languages.ts';
import { regexSearch, textDraft } from './text.ts';
import { candidate, MAX_ANSWER_SET, withinLimit, type SubTypeGenerator } from './types.ts';

export const bugfixGenerators: SubTypeGenerator[] = [
  {
    category: 'BugFix',
    subType: 'callers',
    goldSource: 'scip_roundtrip',
    rationale: 'functions and constructors with 1..40 callers (methods go to Refactor call_sites); exact_set over every caller',
    needs: 'a function or constructor with 1..40 callers',
    asks: { op: 'callers', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['function', 'constructor']))
        .filter((s) => withinLimit(facts.callers(s.id)) && facts.callersComplete(s.id))
        .map(
          candidate((s) => ({
            intent: `Suspects a bug in ${s.display}; lists every symbol whose body calls it`,
            query: { op: 'callers', sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: facts.callers(s.id) },
          })),
        );
    },
  },
  {
    category: 'BugFix',
    subType: 'callees',
    goldSource: 'scip_roundtrip',
    rationale: 'callables that call 1..40 corpus callables; exact_set over every callee',
    needs: 'a callable that calls 1..40 corpus callables',
    asks: { op: 'callees', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && facts.calleesComplete(s.id) && withinLimit(facts.callees(s.id)))
        .map(
          candidate((s) => ({
            intent: `Tracing a wrong result out of ${s.display}; lists every corpus function or method it calls by name (an operator is no call)`,
            query: { op: 'callees', sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: facts.callees(s.id) },
          })),
        );
    },
  },
  {
    category: 'BugFix',
    subType: 'overrides',
    goldSource: 'scip_roundtrip',
    rationale: 'methods that 1..40 methods override (transitively); exact_set over every override',
    needs: 'an overridden method',
    asks: { op: 'implementors', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['method']))
        .filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id))
        .map(
          candidate((s) => {
            const overrides = facts.implementors(s.id);
            if (!withinLimit(overrides)) return undefined;
            return {
              intent: `Fixing ${s.display}: lists every method that overrides or implements it, which may carry the same bug`,
              query: { op: 'implementors', sym_stable_id: s.id },
              expected: { kind: 'exact_set', stable_ids: overrides },
            };
          }),
        );
    },
  },
  {
    category: 'BugFix',
    subType: 'depth2_impact',
    goldSource: 'scip_roundtrip',
    rationale: 'the second hop of an impact walk: callers of a direct caller of the suspect; exact_set over every such caller',
    needs: 'a caller that is itself called',
    asks: { op: 'callers', expected: 'exact_set' },
    candidates({ facts }) {
      // Each hop once, credited to the first suspect (in id order) it calls.
      const suspectOf = (via: SymbolFact) =>
        facts.callees(via.id).find((id) => id !== via.id && facts.isCallable(facts.symbol(id)!) && !facts.isTest(facts.symbol(id)!));
      return facts
        .all()
        .filter((via) => withinLimit(facts.callers(via.id)) && facts.callersComplete(via.id) && suspectOf(via) !== undefined)
        .map(
          candidate((via) => ({
            intent: `Changing ${facts.symbol(suspectOf(via)!)!.display} affects its caller ${via.display}; lists the callers of that caller (second hop of the impact)`,
            query: { op: 'callers', sym_stable_id: via.id },
            expected: { kind: 'exact_set', stable_ids: facts.callers(via.id) },
          })),
        );
    },
  },
  {
    category: 'BugFix',
    subType: 'exception_type',
    goldSource: 'scip_roundtrip',
    rationale: 'exception classes (an ancestor is the language base error), looked up by the short name a traceback shows; exact_set over every class of that name',
    needs: 'an exception class (one whose ancestors include the language base error)',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['class']))
        .filter((s) => facts.isException(s.id))
        .map(
          candidate((s) => ({
            intent: `A traceback names \`${s.name}\`; looks up the exception class ${s.display}`,
            query: { op: 'lookup', name: s.name, bare_name: true, kind: 'class' },
            expected: { kind: 'exact_set', stable_ids: facts.lookupBare(s.name, 'class') },
          })),
        );
    },
  },
  {
    category: 'BugFix',
    subType: 'call_sites_grep',
    goldSource: 'grep_compared',
    weight: 2,
    rationale: "functions and methods whose short name (6+ letters) is unique in the corpus and that code writes in no form the language's `callLookalike` names (a bash case arm, a nested JavaScript `function name (` no index records, a Ruby `alias`, `undef` or local variable or parameter of that name, which a call without parentheses reads like, a Swift `#selector`, an Objective-C dot-syntax send `x.name`, a Kotlin `fun` no index records, an OCaml or Haskell name before a keyword, `case x of`, or a Haskell equation no index records), its own definitions aside; text_search in code for the language's call form (`name(`, Ruby's call without parentheses, OCaml's and Haskell's application where the name heads an expression, not `map name xs`): the symbols whose code writes such a call on any receiver, resolved or not, unless the suspect itself is the only one, and only where every caller the index records is among them (a call whose `(` is on the next line, or `f.call(…)`, is written in no call form); exact_set. A text question beside `callers`, which is the index's",
    needs: 'a function or method with a unique name that is called',
    idioms: ['callText'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && hasSearchableName(facts, s, 6))
        .map(
          candidate((s) => {
            const lookalike = facts.idioms.callLookalike;
            if (lookalike && search(regexSearch(fillTemplate(lookalike, { name: s.name }), 'code')).some((m) => inScope('code', m.syntax) && !facts.onDefinitionName(nameWithin(m, s.name)))) return undefined;
            const draft = textDraft(facts, search, regexSearch(fillTemplate(facts.idioms.callText, { name: s.name }), 'code'), {
              intent: `Suspects ${s.display}; lists every symbol whose code writes a call named \`${s.name}\`, on any receiver (comments and strings aside)`,
              maxAnswer: MAX_ANSWER_SET,
            });
            if (draft?.expected.kind !== 'exact_set') return undefined;
            // Only the suspect itself writing such a call (`self.inner.retain(f)` inside `retain`) would present it as its own caller.
            if (draft.expected.stable_ids.every((id) => id === s.id)) return undefined;
            // A call the index records where the form finds none (its `(` on the next line, `handleRequest.call(…)`) would be left out.
            const found = new Set(draft.expected.stable_ids);
            return facts.callers(s.id).every((caller) => found.has(caller)) ? draft : undefined;
          }),
        );
    },
  },
  {
    category: 'BugFix',
    subType: 'error_wrapping',
    goldSource: 'grep_compared',
    rationale: "exception classes used to wrap another error; text_search in code for the language's wrap form (`raise X(...) from e`, `new X(..., { cause })`): the symbols that wrap an error in it; exact_set",
    needs: 'code that wraps one error in another',
    idioms: ['errors.wrap'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      const wrap = facts.idioms.errors.wrap;
      return (wrap ? facts.targets(new Set(['class'])) : [])
        .filter((s) => facts.isException(s.id))
        .map(
          candidate((s) => {
            return textDraft(facts, search, regexSearch(fillTemplate(wrap!, { name: s.name }), 'code'), {
              intent: `Tracing where a low-level failure is re-raised as ${s.display}: lists every symbol whose code wraps an error in it`,
              maxAnswer: MAX_ANSWER_SET,
            });
          }),
        );
    },
  },
];

/**
 * The name's own place in a match of a form written around it: its last whole-word occurrence there.
 * A form may start on another definition's name (Ruby's `def fetch(key, default = …)` binds the
 * parameter `default`), and only the name itself being a definition's is its own definition.
 */
function nameWithin(m: TextMatch, name: string): TextMatch {
  const words = [...m.text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}_$])${escapeRegex(name)}(?![\\p{L}\\p{N}_$])`, 'gu'))];
  const last = words[words.length - 1];
  return last ? { ...m, start: m.start + last.index, end: m.start + last.index + name.length, text: name } : m;
}
