import { symbolKinds } from '../graph/fact-graph.ts';
import { MAX_ANSWER_SET, type Draft, type SubTypeGenerator } from './types.ts';

const withinLimit = (ids: string[]): boolean => ids.length > 0 && ids.length <= MAX_ANSWER_SET;

export const refactorGenerators: SubTypeGenerator[] = [
  {
    category: 'Refactor',
    subType: 'methods_of_class',
    goldSource: 'scip_roundtrip',
    rationale: 'classes and interfaces with 1..40 direct members; exact_set over all of them (the reference set truncated these to 5)',
    drafts({ facts }) {
      return facts
        .targets(new Set(['class', 'interface']))
        .filter((s) => withinLimit(facts.members(s.id)))
        .map((s) => ({
          file: s.file,
          intent: `Renaming ${s.display}: lists every method and field declared directly in it`,
          query: { op: 'contained_by', sym_stable_id: s.id },
          expected: { kind: 'exact_set', stable_ids: facts.members(s.id) },
        }));
    },
  },
  {
    category: 'Refactor',
    subType: 'call_sites',
    goldSource: 'scip_roundtrip',
    rationale: 'methods with 1..40 callers; exact_set over every calling symbol, since a rename must touch all of them',
    drafts({ facts }) {
      return facts
        .targets(new Set(['method']))
        .filter((s) => withinLimit(facts.callers(s.id)))
        .map((s) => ({
          file: s.file,
          intent: `Renaming ${s.display}: lists every symbol that calls it`,
          query: { op: 'callers', sym_stable_id: s.id },
          expected: { kind: 'exact_set', stable_ids: facts.callers(s.id) },
        }));
    },
  },
  {
    category: 'Refactor',
    subType: 'implementors',
    goldSource: 'scip_roundtrip',
    rationale: 'non-exception classes and interfaces with 1..40 subtypes (transitive); exact_set',
    drafts({ facts }) {
      return facts
        .targets(new Set(['class', 'interface']))
        .filter((s) => !facts.isException(s.id) && withinLimit(facts.implementors(s.id)))
        .map((s) => ({
          file: s.file,
          intent: `Changing the contract of ${s.display}: lists every type that implements or extends it`,
          query: { op: 'implementors', sym_stable_id: s.id },
          expected: { kind: 'exact_set', stable_ids: facts.implementors(s.id) },
        }));
    },
  },
  {
    category: 'Refactor',
    subType: 'dead_exports',
    goldSource: 'scip_roundtrip',
    rationale: 'one question per callable kind whose uncalled set has 1..40 members; exact_set over the whole set',
    drafts({ facts }) {
      const drafts: Draft[] = [];
      for (const kind of symbolKinds) {
        if (!['function', 'method', 'constructor'].includes(kind)) continue;
        const orphans = facts.orphans(kind);
        if (!withinLimit(orphans)) continue;
        const example = facts.symbol(orphans[0]!)!;
        drafts.push({
          file: example.file,
          intent: `Pruning dead code: lists every ${kind} nothing in the corpus calls (for instance ${example.display})`,
          query: { op: 'orphans', kind },
          expected: { kind: 'exact_set', stable_ids: orphans },
        });
      }
      return drafts;
    },
  },
];
