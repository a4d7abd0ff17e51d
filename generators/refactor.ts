import { symbolKinds } from '../core/contract.ts';
import { hasSearchableName } from './completion.ts';
import { grepDraft, textRefQuery, textRefSearch } from './grep.ts';
import { candidate, MAX_ANSWER_SET, type Candidate, type SubTypeGenerator } from './types.ts';

const withinLimit = (ids: string[]): boolean => ids.length > 0 && ids.length <= MAX_ANSWER_SET;

export const refactorGenerators: SubTypeGenerator[] = [
  {
    category: 'Refactor',
    subType: 'methods_of_class',
    goldSource: 'scip_roundtrip',
    rationale: 'classes and interfaces with 1..40 direct members; exact_set over all of them (the reference set truncated these to 5)',
    needs: 'a class or interface with 1..40 members',
    asks: { op: 'contained_by', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['class', 'interface']))
        .filter((s) => withinLimit(facts.members(s.id)))
        .map(
          candidate((s) => ({
            intent: `Renaming ${s.display}: lists every method and field declared directly in it`,
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
        .filter((s) => facts.callersComplete(s.id) && withinLimit(facts.callers(s.id)))
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
        .filter((s) => facts.hasSubtypes(s.id) && !facts.isException(s.id))
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
    rationale: 'one question per callable kind whose uncalled set has 1..40 members; exact_set over the whole set',
    needs: 'a callable kind whose uncalled set has 1..40 members',
    asks: { op: 'orphans', expected: 'exact_set' },
    candidates({ facts }) {
      const candidates: Candidate[] = [];
      for (const kind of symbolKinds) {
        if (!['function', 'method', 'constructor'].includes(kind)) continue;
        const orphans = facts.orphans(kind);
        if (!withinLimit(orphans) || !orphans.every((id) => facts.callersComplete(id))) continue;
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
    rationale: 'enums with 1..40 members; contained_by; exact_set over every variant',
    needs: 'an enum',
    asks: { op: 'contained_by', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['enum']))
        .filter((s) => withinLimit(facts.members(s.id)))
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
    rationale: 'callables called both from their own file and from others; callers; contains over the callers in other files (the ones a move breaks)',
    needs: 'a callable called from its own file and from another',
    asks: { op: 'callers', expected: 'contains' },
    candidates({ facts }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && facts.callers(s.id).length >= 2)
        .map(
          candidate((s) => {
            const callers = facts.callers(s.id);
            const elsewhere = callers.filter((c) => facts.symbol(c)!.file !== s.file);
            if (elsewhere.length === 0 || elsewhere.length === callers.length || elsewhere.length > MAX_ANSWER_SET) return undefined;
            return {
              intent: `Moving ${s.display} out of ${s.file}: finds the callers in other files, which need a new import`,
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
    rationale: 'functions and methods with a unique name of 6+ letters; lookup kind text_ref of the name minus its definition line, answered by rg: every place a rename must also touch, strings and comments included; exact_set',
    needs: 'a uniquely named function or method mentioned elsewhere',
    asks: { op: 'lookup', expected: 'exact_set' },
    weight: 2,
    candidates({ facts, grep }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && hasSearchableName(facts, s, 6))
        .map(
          candidate((s) =>
            grepDraft(facts, grep, textRefSearch(s.name), {
              intent: `Renaming ${s.display}: lists every symbol whose text mentions \`${s.name}\`, so no string, comment or call is missed`,
              query: textRefQuery(s.name),
              excludeDefinitionOf: s.id,
              maxAnswer: MAX_ANSWER_SET,
            })),
        );
    },
  },
];
