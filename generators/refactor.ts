import { symbolKinds, typeKinds } from '../core/contract.ts';
import type { Facts } from './facts.ts';
import { hasSearchableName } from './completion.ts';
import { textDraft, wordSearch } from './text.ts';
import { candidate, MAX_ANSWER_SET, MAX_MEMBER_SET, withinLimit, type Candidate, type SubTypeGenerator } from './types.ts';

export const refactorGenerators: SubTypeGenerator[] = [
  {
    category: 'Refactor',
    subType: 'methods_of_class',
    goldSource: 'scip_roundtrip',
    rationale: 'classes and interfaces with 1..300 direct members, the central types with hundreds included; exact_set over all of them (the reference set truncated these to 5)',
    needs: 'a class or interface with 1..300 members',
    asks: { op: 'contained_by', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['class', 'interface']))
        .filter((s) => facts.members(s.id).length > 0 && facts.members(s.id).length <= MAX_MEMBER_SET && facts.membersListable(s.id))
        .map(
          candidate((s) => ({
            intent: `Renaming ${s.display}: lists every method and field declared directly in it${membersBeyondMethodsAndFields(facts, s.id)}`,
            query: { op: 'contained_by', sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: facts.members(s.id) },
          })),
        );
    },
  },
  {
    category: 'Refactor',
    subType: 'call_sites',
    goldSource: 'scip_roundtrip',
    rationale: 'methods with 1..40 callers; exact_set over every calling symbol, since a rename must touch all of them',
    needs: 'a method with 1..40 callers',
    asks: { op: 'callers', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['method']))
        .filter((s) => withinLimit(facts.callers(s.id)) && facts.callersComplete(s.id))
        .map(
          candidate((s) => ({
            intent: `Renaming ${s.display}: lists every symbol that calls it`,
            query: { op: 'callers', sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: facts.callers(s.id) },
          })),
        );
    },
  },
  {
    category: 'Refactor',
    subType: 'implementors',
    goldSource: 'scip_roundtrip',
    rationale: 'non-exception classes and interfaces with 1..40 subtypes (transitive); exact_set',
    needs: 'a non-exception class or interface with subtypes',
    asks: { op: 'implementors', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['class', 'interface']))
        .filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id) && !facts.isException(s.id))
        .map(
          candidate((s) => {
            const subtypes = facts.implementors(s.id);
            if (!withinLimit(subtypes)) return undefined;
            return {
              intent: `Changing the contract of ${s.display}: lists every type that implements or extends it`,
              query: { op: 'implementors', sym_stable_id: s.id },
              expected: { kind: 'exact_set', stable_ids: subtypes },
            };
          }),
        );
    },
  },
  {
    category: 'Refactor',
    subType: 'dead_exports',
    goldSource: 'scip_roundtrip',
    rationale: 'one question per kind, function and method (not constructor: classes are constructed through variables no index follows), whose uncalled set has 1..40 members all named by no unresolved call, no import (a re-export), no module-level code, no use as a value and no word in code but their definitions; exact_set over the whole set',
    needs: 'a callable kind whose uncalled set has 1..40 members',
    asks: { op: 'orphans', expected: 'exact_set' },
    candidates({ facts }) {
      const candidates: Candidate[] = [];
      for (const kind of symbolKinds) {
        // Constructors are reached through their class, often by a variable holding it (`route_class(...)`), which no index records as a call: an uncalled constructor is no evidence of dead code.
        if (!['function', 'method'].includes(kind)) continue;
        const orphans = facts.orphans(kind);
        // Dead code only where nothing names the uncalled either: a re-export, a module-level use or a callback is a use.
        if (!withinLimit(orphans) || !orphans.every((id) => facts.callersComplete(id) && !facts.namedNotCalled(id) && !facts.writtenBesidesDefinitions(id))) continue;
        const example = facts.symbol(orphans[0]!)!;
        candidates.push({
          file: example.file,
          draft: () => ({
            intent: `Pruning dead code: lists every ${kind} nothing in the corpus calls (for instance ${example.display})`,
            query: { op: 'orphans', kind },
            expected: { kind: 'exact_set', stable_ids: orphans },
          }),
        });
      }
      return candidates;
    },
  },
  {
    category: 'Refactor',
    subType: 'enum_variants',
    goldSource: 'scip_roundtrip',
    rationale: 'enums with 1..40 members that are all variants (an enum with methods of its own, such as a Rust enum with an impl, is not asked: contained_by would list the methods too); exact_set over every variant',
    needs: 'an enum whose members are all variants',
    asks: { op: 'contained_by', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['enum']))
        .filter((s) => withinLimit(facts.members(s.id)) && facts.members(s.id).every((m) => facts.symbol(m)?.kind === 'enum_member') && facts.membersListable(s.id))
        .map(
          candidate((s) => ({
            intent: `Renaming a variant of ${s.display}: lists every variant it declares`,
            query: { op: 'contained_by', sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: facts.members(s.id) },
          })),
        );
    },
  },
  {
    category: 'Refactor',
    subType: 'cross_module_callers',
    goldSource: 'scip_roundtrip',
    rationale: "callables called both from their own file and from others (the files that hold the bodies, a C header's prototype aside; not asked of one with bodies in several files, nor where a caller with several has one in its file); callers; contains over the callers in other files (the ones a move breaks)",
    needs: 'a callable called from its own file and from another',
    asks: { op: 'callers', expected: 'contains' },
    candidates({ facts }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && facts.callers(s.id).length >= 2)
        .map(
          candidate((s) => {
            const callers = facts.callers(s.id);
            const home = facts.bodyFile(s.id);
            // A caller with bodies in several files (glibc's `do_test`s) is elsewhere if none is here; with one here, which calls is unknown.
            if (home === undefined || callers.some((c) => facts.bodyFiles(c).length > 1 && facts.bodyFiles(c).includes(home))) return undefined;
            const elsewhere = callers.filter((c) => !facts.bodyFiles(c).includes(home));
            if (elsewhere.length === 0 || elsewhere.length === callers.length || elsewhere.length > MAX_ANSWER_SET) return undefined;
            return {
              intent: `Moving ${s.display} out of ${home}: finds callers in other files, whose imports of it may need to change (at least these; a call the index could not resolve may add more)`,
              query: { op: 'callers', sym_stable_id: s.id },
              expected: { kind: 'contains', required: elsewhere },
            };
          }),
        );
    },
  },
  {
    category: 'Refactor',
    subType: 'rename_text_sites',
    goldSource: 'grep_compared',
    rationale: 'functions and methods with a unique compound name of 6+ letters (two or more words: `parseHeaders`, `add_route`; a single word such as `process` is prose as often as code); text_search of the word anywhere, comments and strings included (its definitions are no mention): every place a rename must also touch; exact_set',
    needs: 'a uniquely named function or method mentioned elsewhere',
    asks: { op: 'text_search', expected: 'exact_set' },
    weight: 2,
    candidates({ facts, search }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && hasSearchableName(facts, s, 6) && isCompoundName(s.name))
        .map(
          candidate((s) =>
            textDraft(facts, search, wordSearch(s.name, 'any'), {
              intent: `Renaming ${s.display}: lists every symbol whose text mentions \`${s.name}\`, in code, comments or strings, so no call, docstring or message is missed`,
              maxAnswer: MAX_ANSWER_SET,
            })),
        );
    },
  },
];

/** Two or more words by case or separator (`parseHeaders`, `add_route`, `HTTPServer`): a name no prose uses. */
export function isCompoundName(name: string): boolean {
  return name.split(/_+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter((w) => /[A-Za-z]/.test(w)).length >= 2;
}

/**
 * What else a type's direct members hold, for an intent that must not promise only methods and
 * fields: `, and its nested types and events` (a contract's events are members, not methods).
 */
function membersBeyondMethodsAndFields(facts: Facts, id: string): string {
  const kinds = new Set(facts.members(id).map((m) => facts.symbol(m)!.kind));
  const extras = [
    ...([...kinds].some((k) => typeKinds.has(k)) ? ['nested types'] : []),
    ...(kinds.has('module') ? ['nested modules'] : []),
    ...(kinds.has('modifier') ? ['modifiers'] : []),
    ...(kinds.has('event') ? ['events'] : []),
    ...(kinds.has('error') ? ['errors'] : []),
  ];
  if (extras.length === 0) return '';
  return `, and its ${extras.length === 1 ? extras[0] : `${extras.slice(0, -1).join(', ')} and ${extras[extras.length - 1]}`}`;
}
