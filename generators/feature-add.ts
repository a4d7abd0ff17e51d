import { idiomRegExp, matchesAny, namedLikeRegistration } from '../core/languages.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import type { Facts } from './facts.ts';
import { candidate, MAX_ANSWER_SET, type SubTypeGenerator } from './types.ts';

/**
 * Whether a recorded signature has the shape of a registration point: it takes something to register
 * (a parameter besides the receiver the language writes first) and does not answer a yes/no question.
 */
function registrationShaped(facts: Facts, s: SymbolFact): boolean {
  const { receiver, returns, booleanTypes } = facts.idioms.signatures;
  const signature = facts.signatureOf(s);
  const open = signature?.indexOf('(') ?? -1;
  if (!signature || open < 0) return false;
  let depth = 0;
  let close = -1;
  for (let i = open; i < signature.length && close < 0; i++) {
    if (signature[i] === '(') depth += 1;
    else if (signature[i] === ')' && --depth === 0) close = i;
  }
  if (close < 0) return false;
  const params = signature.slice(open + 1, close).replace(receiver ? idiomRegExp(receiver) : /^$/, '');
  if (!params.trim()) return false;
  const returned = returns ? idiomRegExp(returns).exec(signature)?.groups?.type : undefined;
  return !(returned && booleanTypes.includes(returned));
}

export const featureAddGenerators: SubTypeGenerator[] = [
  {
    category: 'FeatureAdd',
    subType: 'extension_point',
    goldSource: 'scip_roundtrip',
    rationale: 'interfaces and base classes that others implement; implementors (transitive); exact_set over every existing implementation to mirror',
    needs: 'an interface or base class with implementations',
    asks: { op: 'implementors', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['interface', 'class']))
        .filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id) && !facts.isException(s.id))
        .map(
          candidate((s) => {
            const subs = facts.implementors(s.id);
            if (subs.length === 0 || subs.length > MAX_ANSWER_SET) return undefined;
            return {
              intent: `Adding a new implementation of ${s.display}: lists the existing ones to mirror`,
              query: { op: 'implementors', sym_stable_id: s.id },
              expected: { kind: 'exact_set', stable_ids: subs },
            };
          }),
        );
    },
  },
  {
    category: 'FeatureAdd',
    subType: 'registration_call_sites',
    goldSource: 'scip_roundtrip',
    rationale: "callables named like registration or DI entry points by the language folder's vocabulary (`idioms.registration`: verbs such as register* or subscribe*; add* only when what it adds is something one registers, such as a listener, route or command; on, use and the like only as the whole name; none where the language has no such idiom) whose recorded signature has the shape of one: it takes an argument besides its receiver and returns no boolean (by the language's signature idioms), and which code in another file calls (an entry point, not a file's own helper); callers; exact_set over every registration site",
    needs: 'a registration-style function or method, shaped like one by its recorded signature, that another file calls',
    asks: { op: 'callers', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets()
        .filter((s) => facts.isCallable(s) && namedLikeRegistration(facts.idioms.registration, s.name) && registrationShaped(facts, s) && facts.callersComplete(s.id))
        // An entry point the rest of the code registers through: called from another file (a helper only its own file calls is no registration point).
        .filter((s) => facts.callers(s.id).some((c) => facts.symbol(c)!.file !== s.file) && facts.callers(s.id).length <= MAX_ANSWER_SET)
        .map(
          candidate((s) => ({
            intent: `Registering a new feature through ${s.display}: lists every place that already registers through it`,
            query: { op: 'callers', sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: facts.callers(s.id) },
          })),
        );
    },
  },
  {
    category: 'FeatureAdd',
    subType: 'closest_feature',
    goldSource: 'scip_roundtrip',
    rationale: 'modules holding 2+ functions or classes of one kind (sibling features); contained_by; exact_set over every member',
    needs: 'a module with two or more sibling functions or classes',
    asks: { op: 'contained_by', expected: 'exact_set' },
    candidates({ facts, rng }) {
      return facts
        .targets(new Set(['module']))
        .filter((m) => facts.members(m.id).length >= 2 && facts.members(m.id).length <= MAX_ANSWER_SET && facts.membersListable(m.id))
        .map(
          candidate((m) => {
            const members = facts.members(m.id);
            const features = members.map((id) => facts.symbol(id)!).filter((s) => s.kind === 'function' || s.kind === 'class');
            if (features.length < 2) return undefined;
            const model = features[rng.int(features.length)]!;
            return {
              intent: `Adding a feature like ${model.display}: lists everything its module ${m.name} defines, to place and shape the new one alongside`,
              query: { op: 'contained_by', sym_stable_id: m.id },
              expected: { kind: 'exact_set', stable_ids: members },
            };
          }),
        );
    },
  },
  {
    category: 'FeatureAdd',
    subType: 'partner_file',
    goldSource: 'scip_roundtrip',
    rationale: 'the test file whose path carries the name of a source file (3+ letters) and whose tests call most into it; file_symbols of that test file; contains over the tests calling into the source file',
    needs: 'a source file whose code tests call',
    asks: { op: 'file_symbols', expected: 'contains' },
    candidates({ facts }) {
      return facts.graph.files
        .filter((f) => facts.isTargetFile(f) && facts.fileSymbols(f).some((id) => facts.calledFromTests().has(id)))
        .map((source) => ({
          file: source,
          draft: () => {
            const byTestFile = new Map<string, Set<string>>();
            for (const id of facts.fileSymbols(source)) {
              for (const caller of facts.callers(id)) {
                const c = facts.symbol(caller)!;
                if (!facts.inTestFile(c.file)) continue;
                const set = byTestFile.get(c.file) ?? new Set<string>();
                set.add(caller);
                byTestFile.set(c.file, set);
              }
            }
            // A partner carries the source's name (gin's context.go and context_test.go, OCaml's array.ml and
            // lib-array/test_array.ml): a test file of another module that only calls into it is not one.
            const stem = source.slice(source.lastIndexOf('/') + 1).replace(/\.[^.]*$/u, '').toLowerCase();
            const named = [...byTestFile.entries()].filter(([file]) => stem.length >= 3 && file.toLowerCase().includes(stem));
            const best = named.sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))[0];
            if (!best || best[1].size > MAX_ANSWER_SET) return undefined;
            return {
              intent: `Adding a feature to ${source}: opens its partner test file ${best[0]} and expects the tests that call into it`,
              query: { op: 'file_symbols', file_path: best[0] },
              expected: { kind: 'contains', required: [...best[1]].sort() },
            };
          },
        }));
    },
  },
  {
    category: 'FeatureAdd',
    subType: 'public_api_surface',
    goldSource: 'scip_roundtrip',
    rationale: "entry modules (the module of a file with one of the language's entry file names, such as index, __init__, lib, or named after the package; not a module of tests by the language's `testModules`, such as Rust's `mod test`; not one whose file re-exports names defined elsewhere by the language's `reExports`, such as Python's `from .x import Y as Y` or Rust's `pub use`, since its public surface is more than it defines) with 1..40 members; contained_by; exact_set",
    needs: 'an entry module with 1..40 top-level symbols',
    asks: { op: 'contained_by', expected: 'exact_set' },
    candidates({ facts }) {
      const pkg = facts.graph.packagePrefix.split(' ')[2] ?? '';
      return facts
        .targets(new Set(['module']))
        .filter((m) => {
          const base = m.file.split('/').pop()!.replace(/\.(d\.)?[^.]+$/, '');
          return [...facts.idioms.entryModules, pkg].includes(base);
        })
        .filter((m) => !matchesAny(facts.idioms.testModules, m.name) && !facts.reExportsIn(m.file))
        .filter((m) => facts.members(m.id).length > 0 && facts.members(m.id).length <= MAX_ANSWER_SET && facts.membersListable(m.id))
        .map(
          candidate((m) => ({
            intent: `Exposing a new feature from the package entry ${m.name}: lists what that module defines today`,
            query: { op: 'contained_by', sym_stable_id: m.id },
            expected: { kind: 'exact_set', stable_ids: facts.members(m.id) },
          })),
        );
    },
  },
];
