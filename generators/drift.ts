import { typeKinds } from '../core/contract.ts';
import { sortedUnique } from '../core/collections.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import { isTypeableName } from './completion.ts';
import type { Facts } from './facts.ts';
import { surveyable, wordSearch } from './text.ts';
import { inScope } from '../evidence/syntax.ts';
import { candidate, withinLimit, type DriftBase, type SubTypeGenerator } from './types.ts';

/**
 * Drift: questions about the current pin whose answer at an earlier pin of the same corpus was
 * different, so a memory built from the earlier code answers them wrong. Every answer is the current
 * index's; a candidate is drafted only when the earlier pin's answer, its ids written as the current
 * pin's, differs from it.
 */

/** A name worth looking up: a callable's or a type's, typed by hand. */
function lookupable(facts: Facts, s: SymbolFact): boolean {
  return isTypeableName(s.name) && (facts.isCallable(s) || typeKinds.has(s.kind));
}

/** The earlier pin's answer to a bare-name lookup, as ids of the current pin. */
function staleLookup(drift: DriftBase, name: string): string[] {
  return sortedUnique(drift.facts.lookupBare(name).map((id) => drift.asCurrent(id)));
}

/** The first symbol of each name that `keep` accepts, in the order given: one question per name. */
function onePerName(symbols: readonly SymbolFact[], keep: (s: SymbolFact) => boolean): SymbolFact[] {
  const names = new Map<string, SymbolFact>();
  for (const s of symbols) if (!names.has(s.name) && keep(s)) names.set(s.name, s);
  return [...names.values()];
}

function differs(a: readonly string[], b: readonly string[]): boolean {
  return a.length !== b.length || a.some((x, i) => x !== b[i]);
}

export const driftGenerators: SubTypeGenerator[] = [
  {
    category: 'Drift',
    subType: 'removed_since_earlier_pin',
    goldSource: 'scip_roundtrip',
    rationale: 'a callable or type name the earlier pin defined and the current one neither defines nor writes in its code (an import or re-export of another thing under that name would still offer it: fastify\'s `FastifyLogFn`, now pino\'s `LogFn` re-exported); exact_set [] (a memory of the earlier code still finds it)',
    needs: 'an earlier pin (the lock\'s `drift`) defining a name the current pin no longer has',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, drift, search }) {
      if (!drift) return [];
      const stillWritten = (name: string) => search(wordSearch(name, 'code_or_import')).some((m) => inScope('code_or_import', m.syntax));
      return onePerName(drift.facts.targets(), (s) => lookupable(drift.facts, s) && !facts.byName.has(s.name) && !stillWritten(s.name)).map(
        candidate((s) => ({
          intent: `Upgraded from ${drift.from}, whose ${s.display} it remembers; looks it up in the current code, where nothing has that name any more`,
          query: { op: 'lookup', name: s.name, bare_name: true },
          expected: { kind: 'exact_set', stable_ids: [] },
        })),
      );
    },
  },
  {
    category: 'Drift',
    subType: 'added_since_earlier_pin',
    goldSource: 'scip_roundtrip',
    rationale: 'a callable or type name 1..40 symbols of the current pin have and the earlier pin had none of; exact_set over them',
    needs: 'an earlier pin (the lock\'s `drift`) lacking a name the current pin defines',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return onePerName(facts.targets(), (s) => lookupable(facts, s) && !drift.facts.byName.has(s.name)).map(
        candidate((s) => {
          const ids = facts.lookupBare(s.name);
          if (!withinLimit(ids)) return undefined;
          return {
            intent: `Knows the code as of ${drift.from}; looks up \`${s.name}\`, which came in after it`,
            query: { op: 'lookup', name: s.name, bare_name: true },
            expected: { kind: 'exact_set', stable_ids: ids },
          };
        }),
      );
    },
  },
  {
    category: 'Drift',
    subType: 'moved_since_earlier_pin',
    goldSource: 'scip_roundtrip',
    rationale: 'a name both pins define whose symbols changed (moved to another file or type, or one of several removed or added); exact_set over the current ones',
    needs: 'an earlier pin (the lock\'s `drift`) where a name the current pin keeps belonged to other symbols',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return onePerName(facts.targets(), (s) => lookupable(facts, s) && drift.facts.byName.has(s.name)).map(
        candidate((s) => {
          const ids = facts.lookupBare(s.name);
          const stale = staleLookup(drift, s.name);
          if (!withinLimit(ids) || !differs(ids, stale)) return undefined;
          return {
            intent: `Remembers \`${s.name}\` from ${drift.from}, where its definitions were elsewhere or others; looks it up again in the current code`,
            query: { op: 'lookup', name: s.name, bare_name: true },
            expected: { kind: 'exact_set', stable_ids: ids },
          };
        }),
      );
    },
  },
  {
    category: 'Drift',
    subType: 'earlier_id_gone',
    goldSource: 'scip_roundtrip',
    rationale: "the id, written for the current pin, of a symbol the earlier pin had under a name some symbol of the current pin still has (it moved or changed kind, or the name is now another symbol's); exact lookup, exact_set []: an old id must not resolve",
    needs: 'an earlier pin (the lock\'s `drift`) with a symbol whose id is gone while its name lives on',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return drift.facts
        .targets()
        .filter((s) => lookupable(drift.facts, s) && facts.byName.has(s.name) && !facts.symbol(drift.asCurrent(s.id)))
        .map(
          candidate((s) => ({
            intent: `Kept the id of ${s.display} from ${drift.from}; the current code still names a symbol \`${s.name}\`, but none under that id, which must resolve to nothing now`,
            query: { op: 'lookup', name: drift.asCurrent(s.id), bare_name: false },
            expected: { kind: 'exact_set', stable_ids: [] },
          })),
        );
    },
  },
  {
    category: 'Drift',
    subType: 'moved_symbol_id',
    goldSource: 'scip_roundtrip',
    rationale: 'the current id of a symbol whose name one symbol has at each pin, under another id at the earlier pin (it moved); exact lookup of the current id, exact_set [it]: the new id must resolve',
    needs: 'an earlier pin (the lock\'s `drift`) where the one symbol of a name had another id',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return facts
        .targets()
        .filter((s) => {
          if (!lookupable(facts, s) || facts.lookupBare(s.name).length !== 1) return false;
          const before = drift.facts.lookupBare(s.name);
          return before.length === 1 && drift.asCurrent(before[0]!) !== s.id;
        })
        .map(
          candidate((s) => ({
            intent: `\`${s.name}\` moved after ${drift.from}; the agent has its new id, ${s.display}, which must resolve`,
            query: { op: 'lookup', name: s.id, bare_name: false },
            expected: { kind: 'exact_set', stable_ids: [s.id] },
          })),
        );
    },
  },
  {
    category: 'Drift',
    subType: 'changed_file',
    goldSource: 'scip_roundtrip',
    rationale: 'a file both pins have whose 1..40 symbols are not the earlier pin\'s: what it defines now; exact_set',
    needs: 'an earlier pin (the lock\'s `drift`) where a file of the current pin defined other symbols',
    asks: { op: 'file_symbols', expected: 'exact_set' },
    candidates({ facts, drift }) {
      if (!drift) return [];
      const earlier = new Set(drift.facts.graph.files);
      return facts.graph.files
        .filter((file) => earlier.has(file) && facts.isTargetFile(file))
        .map((file) => ({ file }))
        .map(
          candidate(({ file }) => {
            if (!surveyable(facts, file)) return undefined;
            const now = facts.fileSymbols(file);
            const stale = sortedUnique(drift.facts.fileSymbols(file).map((id) => drift.asCurrent(id)));
            if (!withinLimit(now) || !differs(now, stale)) return undefined;
            return {
              intent: `Read ${file} at ${drift.from}; it changed since, and the agent asks what it defines now`,
              query: { op: 'file_symbols', file_path: file },
              expected: { kind: 'exact_set', stable_ids: now },
            };
          }),
        );
    },
  },
];
