import { typeKinds } from '../core/contract.ts';
import { idiomRegExp, matchesAny } from '../core/languages.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import type { Facts } from './facts.ts';
import { boundAsLocal, importedFromElsewhere, textDraft, wordSearch, writtenQualifiedByAnother } from './text.ts';
import { candidate, MAX_ANSWER_SET, type Candidate, type SubTypeGenerator } from './types.ts';

/** Names an agent would never type: constructors and other synthetic members. */
export function isTypeableName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !/^__.*__$/.test(name);
}

/** A name a text search finds this symbol by alone: typeable, at least `minLength` long, and no other symbol's. */
export function hasSearchableName(facts: Facts, s: SymbolFact, minLength: number): boolean {
  return s.name.length >= minLength && isTypeableName(s.name) && facts.byName.get(s.name)!.length === 1;
}

export const completionGenerators: SubTypeGenerator[] = [
  {
    category: 'Completion',
    subType: 'builder_chain',
    goldSource: 'scip_roundtrip',
    rationale: "instance methods (by the language's signature idioms: taking `self`, not static; nor marked static by the index, as a Kotlin companion's) whose recorded signature returns their own type (the class name, or the language's self types: `this`, `Self`, `static`): the links of a fluent chain; lookup `Type#method`; exact_set",
    needs: 'a method whose signature returns its own type',
    idioms: ['signatures.returns'],
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      const candidates: Candidate[] = [];
      const { returns: returnPattern, selfTypes, instance } = facts.idioms.signatures;
      for (const s of returnPattern ? facts.targets(new Set(['method'])) : []) {
        const owner = s.owner ? facts.symbol(s.owner) : undefined;
        const signature = facts.signatureOf(s);
        if (!owner || !signature || s.static || !isTypeableName(s.name) || (instance && !idiomRegExp(instance).test(signature))) continue;
        const returns = idiomRegExp(returnPattern!).exec(signature)?.groups?.type;
        if (!returns || ![...selfTypes, owner.name].includes(returns)) continue;
        candidates.push({
          file: s.file,
          draft: () => {
            const form = `${owner.name}#${s.name}`;
            // A field of the same name (Rust's `required` beside `fn required(self, …) -> Self`) is no link of the chain.
            const sameName = facts.lookupBare(form);
            const methods = facts.lookupBare(form, 'method');
            return {
              intent: `Chaining calls on ${owner.display}: \`${s.name}\` returns the same type (\`${signature}\`); needs its canonical id`,
              query: { op: 'lookup', name: form, bare_name: true, ...(methods.length < sameName.length ? { kind: 'method' as const } : {}) },
              expected: { kind: 'exact_set', stable_ids: methods },
            };
          },
        });
      }
      return candidates;
    },
  },
  {
    category: 'Completion',
    subType: 'class_by_short_name',
    goldSource: 'scip_roundtrip',
    rationale: 'every type-like symbol except exception classes; exact_set over all symbols of that kind and short name, so a shared name expects every candidate',
    needs: 'a non-exception class, interface, enum or type alias outside test code',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      const seen = new Set<string>();
      return facts
        .targets(typeKinds)
        .filter((s) => {
          const key = `${s.kind} ${s.name}`;
          if (seen.has(key) || !isTypeableName(s.name) || facts.isException(s.id)) return false;
          seen.add(key);
          return true;
        })
        .map(
          candidate((s) => {
            const ids = facts.lookupBare(s.name, s.kind);
            return {
              intent: `Importing the ${s.kind} \`${s.name}\` (${s.display}) and needs its canonical id${ids.length > 1 ? `; ${ids.length} ${pluralOfKind(s.kind)} share that name, so all are expected` : ''}`,
              query: { op: 'lookup', name: s.name, bare_name: true, kind: s.kind },
              expected: { kind: 'exact_set', stable_ids: ids },
            };
          }),
        );
    },
  },
  {
    category: 'Completion',
    subType: 'method_on_type',
    goldSource: 'scip_roundtrip',
    rationale: 'methods whose short name no other type uses (shared names go to disambiguate_by_enclosing_type) and no field or property of their type shares; exact_set over every `Type#method` match',
    needs: 'a method whose name no other type uses',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['method']))
        .filter((s) => {
          if (!isTypeableName(s.name)) return false;
          const owners = facts.typeOwnersOf(s.name);
          return owners.size <= 1 && (!s.owner || owners.has(s.owner)) && facts.memberForm(s).includes('#');
        })
        .map(
          candidate((s) => {
            const form = facts.memberForm(s);
            const ids = facts.lookupBare(form);
            // A field or property of the same name (clap's `ArgGroup#multiple`, an Objective-C property beside its getter) answers too, and is no method.
            if (!ids.every((m) => facts.isCallable(facts.symbol(m)!))) return undefined;
            return {
              // Overloads share the form: the intent names them all, not the one the question was drawn from.
              intent:
                ids.length > 1
                  ? `Calling \`${form}\` and needs the canonical ids of the method; its ${ids.length} overloads share that name, so all are expected`
                  : `Calling \`${form}\` and needs the canonical id of the method ${s.display}`,
              query: { op: 'lookup', name: form, bare_name: true },
              expected: { kind: 'exact_set', stable_ids: ids },
            };
          }),
        );
    },
  },
  {
    category: 'Completion',
    subType: 'signature_recall',
    goldSource: 'scip_roundtrip',
    rationale: 'functions and methods whose indexer recorded a signature (none whose body runs over a declaration the index lost: its hover may hold the swallowed code) and whose short name no other symbol of that kind has (with several, the remembered signature would pick one that a name-and-kind lookup cannot), remembered by short name and kind only (the signature is in the intent, not the query); exact_set with that one id, so the adapter must resolve the name',
    needs: 'a function or method with a recorded signature and a name unique for its kind',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts }) {
      const seen = new Set<string>();
      return facts
        .targets(new Set(['function', 'method']))
        .filter((s) => {
          const key = `${s.kind} ${s.name}`;
          if (!facts.signatureOf(s) || !isTypeableName(s.name) || seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map(
          candidate((s) => {
            const ids = facts.lookupBare(s.name, s.kind);
            // Same-named symbols of one kind are bare_name_collision's question.
            if (ids.length !== 1) return undefined;
            return {
              intent: `Remembers a ${s.kind} \`${s.name}\` written \`${facts.signatureOf(s)}\` and needs its id`,
              query: { op: 'lookup', name: s.name, bare_name: true, kind: s.kind },
              expected: { kind: 'exact_set', stable_ids: ids },
            };
          }),
        );
    },
  },
  {
    category: 'Completion',
    subType: 'defining_file',
    goldSource: 'scip_roundtrip',
    rationale: 'one top-level symbol per file, not test code (importable or not: a Lua local and a Go unexported name live there too); contains with that one required id, since the agent only checks the file defines it',
    needs: 'a non-test file with a top-level symbol',
    asks: { op: 'file_symbols', expected: 'contains' },
    candidates({ facts, rng }) {
      return facts.graph.files
        .filter((file) => facts.isTargetFile(file) && facts.fileSymbols(file).length > 0)
        .map((file) => ({
          file,
          draft: () => {
            const topLevel = facts
              .fileSymbols(file)
              .map((id) => facts.symbol(id)!)
              .filter((s) => s.owner && facts.symbol(s.owner)?.kind === 'module' && isTypeableName(s.name) && !facts.isTest(s));
            if (!topLevel.length) return undefined;
            const pick = topLevel[rng.int(topLevel.length)]!;
            return {
              intent: `Recalls that \`${pick.name}\` lives in \`${file}\` and checks that file defines ${pick.display}`,
              query: { op: 'file_symbols', file_path: file },
              expected: { kind: 'contains', required: [pick.id] },
            };
          },
        }));
    },
  },
  {
    category: 'Completion',
    subType: 'cross_module_sibling',
    goldSource: 'scip_roundtrip',
    rationale: "modules with 2..40 direct members, one of them outside test code and not a submodule (the one already imported), whose file re-exports no name defined elsewhere (the language's `reExports`: what such a module offers to import is more than it defines); exact_set over all of them (the full sibling list, never a sample, the imported one and test code included)",
    needs: 'a module with 2..40 top-level symbols, one outside test code and not a submodule',
    asks: { op: 'contained_by', expected: 'exact_set' },
    candidates({ facts, rng }) {
      // Test code: a test file's or test module's symbol, or the module of tests itself (Rust's `mod tests`).
      const testCode = (id: string) => {
        const s = facts.symbol(id)!;
        return facts.isTest(s) || (s.kind === 'module' && matchesAny(facts.idioms.testModules, s.name));
      };
      // What an agent imports by name: a symbol outside test code, not a submodule.
      const importable = (id: string) => !testCode(id) && facts.symbol(id)!.kind !== 'module';
      return facts
        .targets(new Set(['module']))
        .filter((m) => facts.members(m.id).length >= 2 && facts.members(m.id).length <= MAX_ANSWER_SET && facts.members(m.id).some(importable) && facts.membersListable(m.id) && !facts.reExportsIn(m.file))
        .map(
          candidate((m) => {
            const members = facts.members(m.id);
            const importables = members.filter(importable);
            const known = facts.symbol(importables[rng.int(importables.length)]!)!;
            // A Go package's members include its _test.go files' symbols, a Rust module its `mod tests`: the answer holds them too.
            const tests = members.some(testCode) ? ', its test code included' : '';
            return {
              intent: `Already imports \`${known.name}\` from module ${m.name}; lists every top-level symbol that module defines (\`${known.name}\` among them${tests})`,
              query: { op: 'contained_by', sym_stable_id: m.id },
              expected: { kind: 'exact_set', stable_ids: members },
            };
          }),
        );
    },
  },
  {
    category: 'Completion',
    subType: 'usage_examples',
    goldSource: 'grep_compared',
    rationale: 'types with a unique name of 5+ letters, none of whose uses is qualified by another owner (`URI::Parser` is not Rack::Multipart::Parser; idioms.qualified) and that no file imports another type of the name for (idioms.importedFrom: `from starlette.responses import Response`; with `dottedRelativeImports`, leading dots of a path count from the package of the importing file) and that no code binds as a local variable or parameter (the index\'s local definitions: `local handlers = {}` in another function); text_search of the word in code, imports not counted (its definition is no mention), unless the type itself is among the symbols mentioning it: existing code to copy a construction from; exact_set',
    needs: 'a uniquely named type mentioned elsewhere',
    asks: { op: 'text_search', expected: 'exact_set' },
    weight: 2,
    candidates({ facts, search }) {
      return facts
        .targets(typeKinds)
        .filter((s) => hasSearchableName(facts, s, 5))
        .map(
          candidate((s) => {
            const intent = (ownMembers: boolean) =>
              `About to use ${s.display}: lists every symbol whose code (not its comments, strings or imports) already mentions \`${s.name}\`${ownMembers ? ' (its own members among them, where they name it)' : ''}, to copy how it is used`;
            // `URI::Parser.new` is no example of how to use Rack::Multipart::Parser, nor a file's `Response` it imports from starlette of fastapi's.
            if (writtenQualifiedByAnother(s, facts, search) || importedFromElsewhere(s, facts, search)) return undefined;
            // `local handlers = {}` in another function is no use of the table `handlers`.
            if (boundAsLocal(s.name, facts, search)) return undefined;
            const draft = textDraft(facts, search, wordSearch(s.name, 'code'), { intent: intent(false), maxAnswer: MAX_ANSWER_SET });
            // Mentioned inside its own declaration (C's `typedef struct X X;` tag, a recursive type): that is no example to copy, and the answer would hold the question.
            if (!draft || (draft.expected.kind === 'exact_set' && draft.expected.stable_ids.includes(s.id))) return undefined;
            // A Go method names its type in its receiver: such a mention is in the answer, and the intent says so.
            const own = new Set(facts.members(s.id));
            const ownMethods = draft.expected.kind === 'exact_set' && draft.expected.stable_ids.some((id) => own.has(id));
            return ownMethods ? { ...draft, intent: intent(true) } : draft;
          }),
        );
    },
  },
];

/** A kind's name in the plural, as an intent says it: `class` → `classes`, `type_alias` → `type aliases`. */
function pluralOfKind(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return /(?:s|x|ch|sh)$/.test(words) ? `${words}es` : `${words}s`;
}
