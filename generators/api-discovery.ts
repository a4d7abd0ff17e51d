import { isTestFile, typeKinds } from '../graph/fact-graph.ts';
import { escapeName } from '../graph/symbols.ts';
import { compoundOf, typoOf } from './adversarial.ts';
import { isTypeableName } from './completion.ts';
import { MAX_ANSWER_SET, type Draft, type SubTypeGenerator } from './types.ts';

const nonCallableKinds = new Set(['class', 'interface', 'enum', 'type_alias', 'enum_member', 'field', 'property', 'variable', 'constant'] as const);

export const apiDiscoveryGenerators: SubTypeGenerator[] = [
  {
    category: 'ApiDiscovery',
    subType: 'exact_exists',
    goldSource: 'scip_roundtrip',
    rationale: 'types, fields and variables (callables go to signature_recall) looked up by full id; exact_set of that one id',
    drafts({ facts }) {
      return facts
        .targets(nonCallableKinds)
        .filter((s) => isTypeableName(s.name))
        .map((s) => ({
          file: s.file,
          intent: `Has the id of ${s.display} from an earlier session; checks that the ${s.kind} still exists`,
          query: { op: 'lookup', name: s.id, bare_name: false },
          expected: { kind: 'exact_set', stable_ids: [s.id] },
        }));
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'exact_absent',
    goldSource: 'adversarial',
    rationale: 'member transplant: a real method name under a real type that lacks it, by full id; checked absent, exact_set []',
    drafts({ facts, rng }) {
      const types = facts.targets(new Set(['class', 'interface'])).filter((t) => facts.members(t.id).length > 0);
      const methods = facts.targets(new Set(['method'])).filter((m) => isTypeableName(m.name));
      const drafts: Draft[] = [];
      for (const type of types) {
        const own = new Set(facts.members(type.id).map((id) => facts.symbol(id)!.name));
        const foreign = methods.filter((m) => m.owner !== type.id && !own.has(m.name));
        if (!foreign.length) continue;
        const donor = foreign[rng.int(foreign.length)]!;
        const id = `${type.id}${escapeName(donor.name)}().`;
        if (facts.symbol(id) || facts.lookupBare(`${type.name}#${donor.name}`).length) continue;
        drafts.push({
          file: type.file,
          intent: `Assumes ${type.display} has a method \`${donor.name}\` (it exists on ${facts.symbol(donor.owner!)?.display ?? 'another type'}, not here); the id must not resolve`,
          query: { op: 'lookup', name: id, bare_name: false },
          expected: { kind: 'exact_set', stable_ids: [] },
        });
      }
      return drafts;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'invented_type_absent',
    goldSource: 'adversarial',
    rationale: 'plausible compounds of two real type names (head of one, tail of the other), checked absent ignoring case; exact_set []',
    drafts({ facts, rng }) {
      const names = [...new Set(facts.targets(new Set(['class', 'interface'])).map((t) => t.name))].filter(isTypeableName).sort();
      const drafts: Draft[] = [];
      const seen = new Set<string>();
      for (const a of names) {
        const b = names[rng.int(names.length)]!;
        const invented = b === a ? undefined : compoundOf(a, b);
        if (!invented || seen.has(invented) || facts.nameTaken(invented)) continue;
        seen.add(invented);
        const source = facts.lookupBare(a)[0]!;
        drafts.push({
          file: facts.symbol(source)!.file,
          intent: `Recalls a class \`${invented}\`, blending the real ${a} and ${b}; no such class exists`,
          query: { op: 'lookup', name: invented, bare_name: true, kind: 'class' },
          expected: { kind: 'exact_set', stable_ids: [] },
        });
      }
      return drafts;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'typo',
    goldSource: 'adversarial',
    rationale: 'one edit away from a real type or function name (5+ letters), checked absent ignoring case; exact_set []',
    drafts({ facts, rng }) {
      const drafts: Draft[] = [];
      const seen = new Set<string>();
      for (const s of facts.targets(new Set(['class', 'interface', 'function', 'method']))) {
        if (s.name.length < 5 || !isTypeableName(s.name) || seen.has(s.name)) continue;
        seen.add(s.name);
        const typo = typoOf(s.name, rng);
        if (typo === s.name || !isTypeableName(typo) || facts.nameTaken(typo)) continue;
        drafts.push({
          file: s.file,
          intent: `Types \`${typo}\`, a slip for ${s.display}; the misspelt name must match nothing`,
          query: { op: 'lookup', name: typo, bare_name: true },
          expected: { kind: 'exact_set', stable_ids: [] },
        });
      }
      return drafts;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'bare_name_collision',
    goldSource: 'scip_roundtrip',
    rationale: 'short names shared by 2..40 symbols; exact_set over all of them, never one arbitrary pick',
    drafts({ facts }) {
      const drafts: Draft[] = [];
      for (const [name, symbols] of [...facts.byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (!isTypeableName(name) || symbols.length < 2 || symbols.length > MAX_ANSWER_SET || symbols.every((s) => isTestFile(s.file))) continue;
        drafts.push({
          file: symbols[0]!.file,
          intent: `Sees \`${name}\` used and must resolve it; ${symbols.length} symbols share the name (for instance ${symbols[0]!.display}), so all are expected`,
          query: { op: 'lookup', name, bare_name: true },
          expected: { kind: 'exact_set', stable_ids: facts.lookupBare(name) },
        });
      }
      return drafts;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'disambiguate_by_kind',
    goldSource: 'scip_roundtrip',
    rationale: 'short names used by symbols of 2+ kinds, asked with one kind; exact_set over the symbols of that kind',
    drafts({ facts }) {
      const drafts: Draft[] = [];
      for (const [name, symbols] of [...facts.byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const kinds = [...new Set(symbols.map((s) => s.kind))].sort();
        if (!isTypeableName(name) || kinds.length < 2 || symbols.every((s) => isTestFile(s.file))) continue;
        for (const kind of kinds) {
          const ids = facts.lookupBare(name, kind);
          if (ids.length > MAX_ANSWER_SET) continue;
          const example = facts.symbol(ids[0]!)!;
          drafts.push({
            file: example.file,
            intent: `Wants the ${kind} \`${name}\` (such as ${example.display}), not the ${kinds.filter((k) => k !== kind).join('/')} of the same name`,
            query: { op: 'lookup', name, bare_name: true, kind },
            expected: { kind: 'exact_set', stable_ids: ids },
          });
        }
      }
      return drafts;
    },
  },
  {
    category: 'ApiDiscovery',
    subType: 'disambiguate_by_enclosing_type',
    goldSource: 'scip_roundtrip',
    rationale: 'member names that 2+ types declare, asked as `Type#member`; exact_set over that type\'s member(s)',
    drafts({ facts }) {
      const drafts: Draft[] = [];
      for (const s of facts.targets()) {
        const owner = s.owner ? facts.symbol(s.owner) : undefined;
        if (!owner || !typeKinds.has(owner.kind) || !isTypeableName(s.name)) continue;
        const others = (facts.byName.get(s.name) ?? []).filter((o) => o.owner && o.owner !== s.owner && typeKinds.has(facts.symbol(o.owner)!.kind));
        if (!others.length) continue;
        const form = `${owner.name}#${s.name}`;
        drafts.push({
          file: s.file,
          intent: `Means \`${s.name}\` on ${owner.display} (${others.length} other type${others.length > 1 ? 's' : ''} declare the same member)`,
          query: { op: 'lookup', name: form, bare_name: true },
          expected: { kind: 'exact_set', stable_ids: facts.lookupBare(form) },
        });
      }
      return drafts;
    },
  },
];
