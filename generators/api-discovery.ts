import { typeKinds } from '../core/contract.ts';
import { idiomRegExp } from '../core/languages.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import { escapeName } from '../graph/symbols.ts';
import { compoundOf, typoOf } from './adversarial.ts';
import { identifierWords } from './facts.ts';
import { isTypeableName } from './completion.ts';
import { candidate, MAX_ANSWER_SET, type Candidate, type SubTypeGenerator } from './types.ts';

const nonCallableKinds = new Set(['class', 'interface', 'enum', 'type_alias', 'enum_member', 'field', 'property', 'variable', 'constant', 'event', 'error'] as const);

export const apiDiscoveryGenerators: SubTypeGenerator[] = [
  {
    category: 'ApiDiscovery',
    subType: 'exact_exists',
    goldSource: 'scip_roundtrip',
    rationale: 'types, fields and variables (callables go to signature_recall) looked up by full id; exact_set of that one id',
    needs: 'a type, field or variable outside test code',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(nonCallableKinds)
        .filter((s) => isTypeableName(s.name))
        .map(
          candidate((s) => ({
            intent: `Has the id of ${s.display} from an earlier session; checks that the ${s.kind} still exists`,
            query: { op: 'lookup', name: s.id, bare_name: false },
            expected: { kind: 'exact_set', stable_ids: [s.id] },
          })),
        );
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'member_transplant',
    goldSource: 'adversarial',
    weight: 2,
    rationale: 'member transplant: a real method name under a real type that lacks it, by full id; checked absent, exact_set []',
    needs: 'a class with members and a method name it lacks',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, rng }) {
      const methods = facts.targets(new Set(['method'])).filter((m) => isTypeableName(m.name));
      if (!methods.length) return [];
      const root = facts.idioms.rootMembers;
      const extension = facts.idioms.extensionMethods;
      const extensionNames = new Set(
        extension === undefined ? [] : facts.targets(new Set(['function', 'method'])).filter((m) => m.signature !== undefined && idiomRegExp(extension).test(m.signature)).map((m) => m.name),
      );
      // A name any type may have without declaring it: one a method overriding another bears (a
      // supertype outside the corpus may give it to every type), one the root type gives every type,
      // or an extension method's, callable on every type it extends.
      const anyTypeMayHave = (m: SymbolFact) => facts.overridesAnother(m) || (root !== undefined && idiomRegExp(root).test(m.name)) || extensionNames.has(m.name);
      return facts
        .targets(new Set(['class', 'interface']))
        .filter((t) => facts.members(t.id).length > 0 && !(facts.idioms.externalTypesOpen && facts.ancestors(t.id).some((a) => !facts.symbol(a))))
        .map(
          candidate((type) => {
            // What a supertype declares, the type has too (rack's Session::Pool inherits Persisted#context).
            const own = new Set([type.id, ...facts.ancestors(type.id)].flatMap((t) => facts.members(t)).map((id) => facts.symbol(id)!.name));
            // A few seeded draws find a foreign method name without scanning every method for every type.
            let donor: (typeof methods)[number] | undefined;
            for (let attempt = 0; attempt < 8 && !donor; attempt++) {
              const candidate = methods[rng.int(methods.length)]!;
              if (candidate.owner !== type.id && !own.has(candidate.name) && !anyTypeMayHave(candidate)) donor = candidate;
            }
            // Checked after the draws, so that the draws for the types after this one stay as they were.
            if (!donor || facts.membersMadeByMacro(type.id)) return undefined;
            const id = `${type.id}${escapeName(donor.name)}().`;
            if (facts.symbol(id) || facts.lookupBare(`${type.name}#${donor.name}`).length) return undefined;
            return {
              intent: `Assumes ${type.display} has a method \`${donor.name}\` (it exists on ${facts.symbol(donor.owner!)?.display ?? 'another type'}, not here); the id must not resolve`,
              query: { op: 'lookup', name: id, bare_name: false },
              expected: { kind: 'exact_set', stable_ids: [] },
            };
          }),
        );
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'plausible_compound',
    goldSource: 'adversarial',
    weight: 2,
    rationale: 'plausible compounds of two real type names (head of one, tail of the other), checked absent ignoring case and written nowhere in the corpus text; exact_set []',
    needs: 'two class names to blend into an absent one',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, rng }) {
      const names = [...new Set(facts.targets(new Set(['class', 'interface'])).map((t) => t.name))].filter(isTypeableName).sort();
      const candidates: Candidate[] = [];
      const seen = new Set<string>();
      for (const a of names) {
        const b = names[rng.int(names.length)]!;
        const invented = b === a ? undefined : compoundOf(a, b);
        if (!invented || seen.has(invented) || facts.nameTaken(invented)) continue;
        seen.add(invented);
        const source = facts.lookupBare(a)[0]!;
        candidates.push({
          file: facts.symbol(source)!.file,
          draft: () => ({
            intent: `Recalls a class \`${invented}\`, blending the real ${a} and ${b}; no such class exists`,
            query: { op: 'lookup', name: invented, bare_name: true, kind: 'class' },
            expected: { kind: 'exact_set', stable_ids: [] },
          }),
        });
      }
      return candidates;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'typo',
    goldSource: 'adversarial',
    weight: 2,
    rationale: 'one edit away from a real type or function name (5+ letters), checked absent ignoring case and written nowhere in the corpus text; exact_set []',
    needs: 'a type or function name of 5+ letters',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, rng }) {
      const slips: Array<{ file: string; s: SymbolFact; typo: string }> = [];
      const seen = new Set<string>();
      for (const s of facts.targets(new Set(['class', 'interface', 'function', 'method']))) {
        if (s.name.length < 5 || !isTypeableName(s.name) || seen.has(s.name)) continue;
        seen.add(s.name);
        const typo = typoOf(s.name, rng);
        if (typo === s.name || !isTypeableName(typo) || facts.nameTaken(typo)) continue;
        slips.push({ file: s.file, s, typo });
      }
      return slips.map(
        candidate(({ s, typo }) => ({
          intent: `Types \`${typo}\`, a slip for ${s.display}; the misspelt name must match nothing`,
          query: { op: 'lookup', name: typo, bare_name: true },
          expected: { kind: 'exact_set', stable_ids: [] },
        })),
      );
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'bare_name_collision',
    goldSource: 'scip_roundtrip',
    rationale: 'short names shared by 2..40 symbols; exact_set over all of them, never one arbitrary pick',
    needs: 'a short name shared by 2..40 symbols',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      const candidates: Candidate[] = [];
      for (const [name, symbols] of [...facts.byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (!isTypeableName(name) || symbols.length < 2 || symbols.length > MAX_ANSWER_SET || symbols.every((s) => facts.isTest(s))) continue;
        candidates.push({
          file: symbols[0]!.file,
          draft: () => ({
            intent: `Sees \`${name}\` used and must resolve it; ${symbols.length} symbols share the name (for instance ${symbols[0]!.display}), so all are expected`,
            query: { op: 'lookup', name, bare_name: true },
            expected: { kind: 'exact_set', stable_ids: facts.lookupBare(name) },
          }),
        });
      }
      return candidates;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'disambiguate_by_kind',
    goldSource: 'scip_roundtrip',
    rationale: 'short names used by symbols of 2+ kinds, asked with one kind; exact_set over the symbols of that kind',
    needs: 'a short name used by symbols of two kinds',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      const candidates: Candidate[] = [];
      for (const [name, symbols] of [...facts.byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (!isTypeableName(name)) continue;
        const kinds = [...new Set(symbols.map((s) => s.kind))].sort();
        if (kinds.length < 2 || symbols.every((s) => facts.isTest(s))) continue;
        for (const kind of kinds) {
          const ofKind = symbols.filter((s) => s.kind === kind);
          if (ofKind.length > MAX_ANSWER_SET) continue;
          // The smallest id: the first that lookupBare returns.
          const example = ofKind.reduce((a, b) => (b.id < a.id ? b : a));
          candidates.push({
            file: example.file,
            draft: () => ({
              intent: `Wants the ${kind} \`${name}\` (such as ${example.display}), not the ${kinds.filter((k) => k !== kind).join('/')} of the same name`,
              query: { op: 'lookup', name, bare_name: true, kind },
              expected: { kind: 'exact_set', stable_ids: facts.lookupBare(name, kind) },
            }),
          });
        }
      }
      return candidates;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'disambiguate_by_enclosing_type',
    goldSource: 'scip_roundtrip',
    rationale: 'member names that 2+ types declare, asked as `Type#member` where no other type of that short name declares it; exact_set over that type\'s member(s)',
    needs: 'a member name declared by two types',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets()
        .filter((s) => {
          const owner = s.owner ? facts.symbol(s.owner) : undefined;
          if (!owner || !typeKinds.has(owner.kind) || !isTypeableName(s.name) || facts.typeOwnersOf(s.name).size < 2) return false;
          // `Type#member` picks this type only when no other type of that short name declares the member too.
          return facts.lookupBare(`${owner.name}#${s.name}`).every((id) => facts.symbol(id)?.owner === s.owner);
        })
        .map(
          candidate((s) => {
            const owner = facts.symbol(s.owner!)!;
            const others = facts.typeOwnersOf(s.name).size - 1;
            const form = `${owner.name}#${s.name}`;
            return {
              intent: `Means \`${s.name}\` on ${owner.display} (${others} other type${others > 1 ? 's' : ''} declare the same member)`,
              query: { op: 'lookup', name: form, bare_name: true },
              expected: { kind: 'exact_set', stable_ids: facts.lookupBare(form) },
            };
          }),
        );
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'naming_convention',
    goldSource: 'adversarial',
    weight: 2,
    rationale: 'a real function or method name rewritten in the other convention (snake_case <-> camelCase), checked absent ignoring case and written nowhere in the corpus text; exact_set []',
    needs: 'a multi-word function or method name',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      const respelt: Array<{ file: string; s: SymbolFact; other: string }> = [];
      const seen = new Set<string>();
      for (const s of facts.targets(new Set(['function', 'method']))) {
        const words = identifierWords(s.name);
        if (words.length < 2 || !isTypeableName(s.name)) continue;
        const snake = s.name.includes('_');
        const other = snake
          ? words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('')
          : words.map((w) => w.toLowerCase()).join('_');
        if (other === s.name || seen.has(other) || facts.nameTaken(other)) continue;
        seen.add(other);
        respelt.push({ file: s.file, s, other });
      }
      return respelt.map(
        candidate(({ s, other }) => ({
          intent: `Writes \`${other}\` out of habit, but the corpus spells it ${s.display}; the other convention must match nothing`,
          query: { op: 'lookup', name: other, bare_name: true },
          expected: { kind: 'exact_set', stable_ids: [] },
        })),
      );
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'wrong_module',
    goldSource: 'adversarial',
    weight: 2,
    rationale: 'a real top-level name placed under another real module, by full id; checked absent; exact_set []',
    needs: 'two modules with top-level symbols',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, rng }) {
      const modules = facts.targets(new Set(['module'])).filter((m) => facts.members(m.id).length > 0);
      if (modules.length < 2) return [];
      return modules.map(
        candidate((home) => {
          const members = facts.members(home.id).map((id) => facts.symbol(id)!).filter((x) => isTypeableName(x.name));
          if (!members.length) return undefined;
          const moved = members[rng.int(members.length)]!;
          const target = modules[rng.int(modules.length)]!;
          if (target.id === home.id) return undefined;
          const suffix = moved.id.slice(home.id.endsWith('__init__:') ? home.id.length - '__init__:'.length : home.id.length);
          const base = target.id.endsWith('__init__:') ? target.id.slice(0, -'__init__:'.length) : target.id;
          const id = base + suffix;
          if (facts.symbol(id)) return undefined;
          return {
            intent: `Imports \`${moved.name}\` from ${target.name}, but it lives in ${home.name} (${moved.display}); the misplaced id must not resolve`,
            query: { op: 'lookup', name: id, bare_name: false },
            expected: { kind: 'exact_set', stable_ids: [] },
          };
        }),
      );
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'disambiguate_by_module_path',
    goldSource: 'scip_roundtrip',
    rationale: "short names defined at the top level of 2+ modules; contained_by the module meant; contains that module's symbol of the name, so the adapter must find it among the module's members",
    needs: 'a short name defined at the top level of two modules',
    asks: { op: 'contained_by', expected: 'contains' },
    candidates({ facts }) {
      const twinOf = (s: SymbolFact) => facts.filesOf(s.name).find((f) => f !== s.file);
      return facts
        .targets()
        // In a file the index misses a declaration of, a member of a lost type falls to the module.
        .filter((s) => s.kind !== 'module' && isTypeableName(s.name) && s.owner !== undefined && facts.symbol(s.owner)?.kind === 'module' && twinOf(s) !== undefined && !facts.missesDeclarationsIn(s.file))
        .map(
          candidate((s) => {
            const module = facts.symbol(s.owner!)!;
            return {
              intent: `Means the \`${s.name}\` of module ${module.name}, not the one in ${twinOf(s)}; lists what ${module.name} defines to find it`,
              query: { op: 'contained_by', sym_stable_id: module.id },
              expected: { kind: 'contains', required: [s.id] },
            };
          }),
        );
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'scope_restricted_lookup',
    goldSource: 'scip_roundtrip',
    rationale: 'a short name defined in several files, looked for within one file; file_symbols of that file; contains over the symbols of that name there',
    needs: 'a short name defined in two files',
    asks: { op: 'file_symbols', expected: 'contains' },
    candidates({ facts, rng }) {
      const candidates: Candidate[] = [];
      for (const file of facts.graph.files) {
        if (!facts.isTargetFile(file) || !facts.fileSymbols(file).length) continue;
        candidates.push({
          file,
          draft: () => {
            const shared = facts
              .fileSymbols(file)
              .map((id) => facts.symbol(id)!)
              .filter((s) => isTypeableName(s.name) && facts.filesOf(s.name).length > 1);
            if (!shared.length) return undefined;
            const pick = shared[rng.int(shared.length)]!;
            const here = shared.filter((s) => s.name === pick.name).map((s) => s.id).sort();
            return {
              intent: `Looks for \`${pick.name}\` only within ${file} (other files define the same name): expects ${pick.display} among that file's symbols`,
              query: { op: 'file_symbols', file_path: file },
              expected: { kind: 'contains', required: here },
            };
          },
        });
      }
      return candidates;
    },
  },
];
