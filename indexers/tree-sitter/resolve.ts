import { pushUnique } from '../../core/collections.ts';
import { SCIP_STATIC_METHOD } from '../../core/contract.ts';
import { matchesAny, type DefinitionKind, type WalkerConfig } from '../../core/languages.ts';
import { formatDescriptor, type Descriptor } from '../../graph/symbols.ts';
import { callableKinds, CONSTRUCTOR, CorpusSymbols, signatureKinds, termKinds, typeKinds, typeOrNamespace, type FileState, type Sym, type SymKind } from './corpus-symbols.ts';
import type { FileFacts, Range, RawCall, RawDefinition, RawLocal } from './extract.ts';

export { SCHEME } from './corpus-symbols.ts';

/** SCIP SymbolInformation.Kind values (scip.proto) for what the queries capture. */
const scipKind: Record<SymKind, number> = {
  module: 29,
  namespace: 30,
  class: 7,
  struct: 49,
  interface: 21,
  trait: 53,
  mixin: 85,
  enum: 11,
  type: 54,
  alias: 55,
  union: 59,
  function: 17,
  method: 26,
  constructor: 9,
  field: 15,
  property: 41,
  constant: 8,
  variable: 61,
  enum_member: 12,
  event: 13,
  error: 63,
  modifier: 65,
  impl: 0,
};

/** Default hover per kind; a language's folder overrides it. Types start with the word the fact graph reads the kind from. */
const defaultHover: Record<DefinitionKind, string> = {
  namespace: 'namespace {name}',
  class: 'class {name}',
  struct: 'struct {name}',
  interface: 'interface {name}',
  trait: 'interface {name}',
  mixin: 'class {name}',
  enum: 'enum {name}',
  type: 'type {name}',
  alias: 'type {name}',
  union: 'union {name}',
  function: '{text}',
  method: '{text}',
  constructor: '{text}',
  field: '(field) {text}',
  property: '(property) {text}',
  constant: '(constant) {text}',
  variable: '(variable) {text}',
  enum_member: '(enum member) {text}',
  event: '{text}',
  error: '{text}',
  modifier: '{text}',
  impl: '{text}',
};

export interface OccurrenceOut {
  range: number[];
  symbol: string;
  symbolRoles: number;
  enclosingRange?: number[];
}
export interface SymbolInformationOut {
  symbol: string;
  documentation: string[];
  relationships: Array<{ symbol: string; isImplementation: boolean }>;
  kind: number;
  displayName: string;
}
export interface DocumentOut {
  relativePath: string;
  language: string;
  occurrences: OccurrenceOut[];
  symbols: SymbolInformationOut[];
}
export interface ResolvedIndex {
  documents: DocumentOut[];
  symbols: number;
  resolvedCalls: number;
  unresolvedCalls: number;
}

/**
 * Turns every file's extracted facts into SCIP documents, in five phases over one shared
 * structure: place every definition, bind locals, link supertypes and overrides, resolve calls,
 * write the documents. A call becomes a reference only when its target is unambiguous.
 */
export function resolveCorpus(files: FileFacts[], config: WalkerConfig, project: { name: string; version: string }, selfTypes: readonly string[] = []): ResolvedIndex {
  const corpus = new CorpusSymbols(files, config, project);
  placeDefinitions(corpus);
  bindLocals(corpus);
  linkSupertypes(corpus);
  const results = writtenResults(corpus, selfTypes);
  typeLocalsByCalls(corpus, results);
  const calls = resolveCalls(corpus, results);
  // After the calls: a satisfied interface is no place to look a called method up.
  if (config.interfaces === 'structural') satisfyInterfaces(corpus);
  return { documents: writeDocuments(corpus, calls), symbols: corpus.symbols.size, resolvedCalls: calls.resolved, unresolvedCalls: calls.unresolved };
}

function descriptorSuffix(kind: DefinitionKind): Descriptor['suffix'] | undefined {
  if (kind === 'namespace') return 'namespace';
  if (typeKinds.has(kind)) return 'type';
  if (callableKinds.has(kind) || signatureKinds.has(kind)) return 'method';
  if (termKinds.has(kind)) return 'term';
  return undefined;
}

/**
 * Module symbols of files named by their path, then every definition: lexical nesting first; what
 * needs a type looked up by name (a Go receiver, an `impl` target, `DBImpl::Get`) once all others
 * are placed.
 */
function placeDefinitions(corpus: CorpusSymbols): void {
  const { config, header } = corpus;
  for (const state of corpus.states) {
    const descriptors = state.module.moduleSymbol;
    if (!descriptors) continue;
    const id = header + descriptors.map(formatDescriptor).join('');
    corpus.define(id, 'module', descriptors[descriptors.length - 1]!.name, undefined, state.index, `module ${JSON.stringify(state.module.segments.join('/'))}`);
  }

  const strip = config.hoverStrip ? new RegExp(`^(?:${config.hoverStrip})`) : undefined;
  const hoverFor = (d: RawDefinition): string => {
    const text = (strip ? d.text.replace(strip, '') : d.text) || d.name;
    // hasOwn: `constructor` is also a key of every object's prototype.
    const template = Object.hasOwn(config.hover, d.kind) ? config.hover[d.kind]! : defaultHover[d.kind];
    return template.replace('{name}', d.name).replace('{text}', text);
  };
  const overloadCount = new Map<string, number>();

  /** The container a definition's members go in, null for a local (inside a function body), or 'defer'. */
  const containerOf = (state: FileState, index: number, allowLookup: boolean): string | null | 'defer' => {
    const d = state.facts.definitions[index]!;
    if (d.owner !== undefined) {
      if (!allowLookup) return 'defer';
      return corpus.resolveType(d.owner, state, d.parent) ?? state.container + formatDescriptor({ name: corpus.cleanTypeName(d.owner), suffix: 'type' });
    }
    let p = d.parent;
    if (d.ownedByEnclosingType) {
      while (p >= 0 && !typeKinds.has(state.facts.definitions[p]!.kind) && state.facts.definitions[p]!.kind !== 'impl') p = state.facts.definitions[p]!.parent;
      if (p < 0) return null;
    }
    if (p < 0) return state.container;
    const parent = state.facts.definitions[p]!;
    const nestedSymbol = config.nestedFunctions === 'symbols' && d.kind === 'function' && callableKinds.has(parent.kind);
    if (!nestedSymbol && (callableKinds.has(parent.kind) || termKinds.has(parent.kind))) return null;
    const opened = state.opens[p];
    if (opened === undefined) return allowLookup ? null : 'defer';
    return opened;
  };

  /** Places one definition; false when it must wait for lookups. */
  const place = (state: FileState, index: number, allowLookup: boolean): boolean => {
    const d = state.facts.definitions[index]!;
    if (d.name === '') return true; // an anonymous scope: never a symbol
    if (d.declares) return false; // once every definition is placed
    const container = containerOf(state, index, allowLookup);
    if (container === 'defer') return false;
    if (container === null) return true;
    if (d.kind === 'impl') {
      if (!allowLookup) return false;
      state.opens[index] = corpus.resolveType(d.name, state, d.parent) ?? container + formatDescriptor({ name: corpus.cleanTypeName(d.name), suffix: 'type' });
      return true;
    }
    // An operator (Haskell's `>>.`) is one name, whatever characters it holds.
    const parts = /[\p{L}\p{N}_]/u.test(d.name) ? corpus.nameSplit(d.name) : [d.name];
    let prefix = container;
    for (const part of parts.slice(0, -1)) {
      // `DBImpl::Get` defined outside its class, `class Rack::Request`: a known type, else a namespace.
      const asType = corpus.members.get(prefix)?.get(part)?.find((id) => corpus.isType(id));
      if (!asType && d.kind !== 'namespace' && !allowLookup) return false;
      prefix = asType ?? prefix + formatDescriptor({ name: part, suffix: 'namespace' });
    }
    const name = d.kind === 'constructor' ? CONSTRUCTOR : parts[parts.length - 1]!;
    const suffix = descriptorSuffix(d.kind)!;
    let descriptor: Descriptor = { name, suffix };
    const ownFile = d.fileLocal && suffix === 'method' && !matchesAny(config.includedFiles, state.facts.path);
    if (ownFile) descriptor = { ...descriptor, disambiguator: fileDisambiguator(corpus, prefix, name, state) };
    else if (config.staticApart && d.static && suffix === 'method' && hasInstanceNamesake(state, index)) descriptor = { ...descriptor, disambiguator: 'static' };
    const plainId = prefix + formatDescriptor(descriptor);
    if (suffix === 'method' && config.overloads === 'disambiguate' && corpus.symbols.has(plainId)) {
      const n = (overloadCount.get(plainId) ?? 0) + 1;
      overloadCount.set(plainId, n);
      descriptor = { ...descriptor, disambiguator: `+${n}` };
    }
    const id = prefix + formatDescriptor(descriptor);
    // One definition per symbol and file, except callables (C++ overloads merged, TypeScript overload signatures).
    if (suffix !== 'method' && state.defined.has(id)) {
      state.opens[index] = id;
      return true;
    }
    const sym = corpus.define(id, d.kind, name, prefix, state.index, hoverFor(d), d.parameters);
    if (ownFile) corpus.fileLocal.set(id, state.index);
    if (d.static) sym.static = true;
    if (d.extension) pushUnique(corpus.extensions, name, id);
    state.defined.add(id);
    state.ids[index] = id;
    state.opens[index] = id;
    return true;
  };

  const deferred: Array<[FileState, number]> = [];
  for (const state of corpus.states) {
    state.facts.definitions.forEach((_, index) => {
      if (!place(state, index, false)) deferred.push([state, index]);
    });
  }
  const declarations = deferred.filter(([state, index]) => state.facts.definitions[index]!.declares);
  for (const [state, index] of deferred) place(state, index, true);
  for (const [state, index] of declarations) attachDeclaration(corpus, state, index, containerOf(state, index, true), hoverFor(state.facts.definitions[index]!));
}

/** Whether the definition's file defines a method of its name, not static, in the same place (`def start` beside `def self.start`). */
function hasInstanceNamesake(state: FileState, index: number): boolean {
  const d = state.facts.definitions[index]!;
  return state.facts.definitions.some((other) => other !== d && !other.static && other.kind === d.kind && other.name === d.name && other.parent === d.parent);
}

/**
 * The method disambiguator of a callable only its file can name: the file's path in SCIP's simple
 * identifier characters (`tst-xsigstack.c` → `tst-xsigstack_c`), so each file's `static int do_test`
 * is a symbol of its own; `+n` after it in the unlikely case two paths read the same.
 */
function fileDisambiguator(corpus: CorpusSymbols, prefix: string, name: string, state: FileState): string {
  const base = state.facts.path.replace(/[^A-Za-z0-9_-]/g, '_');
  const takenByAnother = (disambiguator: string) => {
    const file = corpus.fileLocal.get(prefix + formatDescriptor({ name, suffix: 'method', disambiguator }));
    return file !== undefined && file !== state.index;
  };
  let disambiguator = base;
  for (let n = 1; takenByAnother(disambiguator); n++) disambiguator = `${base}+${n}`;
  return disambiguator;
}

/**
 * A declaration (`val f : t` in an `.mli`, `f :: a -> b` above `f`'s equations) is one more definition
 * occurrence of the one value or function of that name in its container; of several, nothing; of none,
 * nothing, except that a forward declaration (Lua's `local a, b`) is then a variable of its own.
 */
function attachDeclaration(corpus: CorpusSymbols, state: FileState, index: number, container: string | null | 'defer', hover: string): void {
  if (container === null || container === 'defer') return;
  const d = state.facts.definitions[index]!;
  const named = (corpus.members.get(container)?.get(d.name) ?? []).filter((id) => {
    const kind = corpus.symbols.get(id)!.kind;
    return callableKinds.has(kind) || termKinds.has(kind);
  });
  if (named.length === 1) state.ids[index] = named[0];
  else if (named.length === 0 && d.forward) {
    const id = container + formatDescriptor({ name: d.name, suffix: 'term' });
    if (!corpus.symbols.has(id)) corpus.define(id, 'variable', d.name, container, state.index, hover);
    state.ids[index] = id;
  }
}

/** Typed and untyped local bindings, keyed by the definition whose body declares them; functions declared inside functions are locals too. */
function bindLocals(corpus: CorpusSymbols): void {
  for (const state of corpus.states) {
    for (const local of state.facts.locals) {
      if (local.scope < 0) continue;
      let scoped = state.locals.get(local.scope);
      if (!scoped) state.locals.set(local.scope, (scoped = new Map()));
      if (!scoped.has(local.name) || scoped.get(local.name) === undefined) scoped.set(local.name, local.type || undefined);
    }
    state.facts.definitions.forEach((d, i) => {
      if (state.ids[i] || d.parent < 0 || d.name === '' || d.declares) return;
      let scoped = state.locals.get(d.parent);
      if (!scoped) state.locals.set(d.parent, (scoped = new Map()));
      if (!scoped.has(d.name)) scoped.set(d.name, undefined);
    });
  }
}

/**
 * A local no binding gives a written type takes the type its call hands back (`c, _ := CreateTestContext(w)`
 * makes `c` a `*Context`): the callee's `@result` at the binding's position, resolved where the callee is
 * written. Only where every binding of that name in that scope takes one and the same type from a call, so
 * a name bound twice (two closures' `c`, or `c := f()` beside `c, _ := g()`) keeps no type. Bindings whose
 * call has a receiver typed this way (`r := New(); g := r.Group(…)`) are settled once that type is, so the
 * passes repeat until none settles more.
 */
function typeLocalsByCalls(corpus: CorpusSymbols, results: Results): void {
  if (results.written.size === 0) return;
  // Every binding of a name in a scope that no written type covers, or no type at all where one is not from a call.
  const groups: Array<{ state: FileState; scope: number; name: string; bindings: Array<RawLocal | undefined> }> = [];
  for (const state of corpus.states) {
    const byScopeAndName = new Map<string, (typeof groups)[number]>();
    const group = (scope: number, name: string) => {
      const key = `${scope} ${name}`;
      let found = byScopeAndName.get(key);
      if (!found) byScopeAndName.set(key, (found = { state, scope, name, bindings: [] }));
      return found;
    };
    // Several patterns may read one binding (untyped and from its call): one binding, from the call where one read it so.
    const bindingAt = new Map<string, { bindings: Array<RawLocal | undefined>; index: number }>();
    for (const local of state.facts.locals) {
      if (local.scope < 0 || state.locals.get(local.scope)?.get(local.name) !== undefined) continue;
      const at = startKey(local.range);
      const read = bindingAt.get(at);
      if (read) {
        if (local.fromCall) read.bindings[read.index] = local;
        continue;
      }
      const bindings = group(local.scope, local.name).bindings;
      bindingAt.set(at, { bindings, index: bindings.push(local) - 1 });
    }
    // A function body's own definitions that are no symbols bind names too, with no call to type them,
    // unless a local pattern read the same binding (Kotlin's `val s = makeStore()` in a function is both).
    state.facts.definitions.forEach((d, i) => {
      if (state.ids[i] || d.parent < 0 || d.name === '' || d.declares || !byScopeAndName.has(`${d.parent} ${d.name}`)) return;
      if (!bindingAt.has(startKey(d.nameRange))) group(d.parent, d.name).bindings.push(undefined);
    });
    groups.push(...[...byScopeAndName.values()].filter((g) => g.bindings.every((b) => b?.fromCall)));
  }
  // Only a call on a local (`r.Group(…)`) may resolve in a later pass, once that local is typed; any other answer is
  // final (a call on a call on such a local too: fewer types, never a wrong one).
  const final = new Map<RawLocal, string | undefined>();
  const typeOf = (state: FileState, binding: RawLocal): string | undefined => {
    if (final.has(binding)) return final.get(binding);
    const type = typeFromCall(corpus, state, binding, results);
    const receiver = state.facts.calls[binding.fromCall!.call]!.receiver;
    if (type !== undefined || receiver?.kind !== 'expression' || !IDENTIFIER.test(receiver.text.trim())) final.set(binding, type);
    return type;
  };
  const maySettle = (g: (typeof groups)[number]) => g.bindings.every((b) => !final.has(b!) || final.get(b!) !== undefined);
  let pending = groups;
  for (let settled = true; settled && pending.length; ) {
    settled = false;
    pending = pending.filter((g) => {
      const types = g.bindings.map((b) => typeOf(g.state, b!));
      if (types.some((t) => t === undefined)) return maySettle(g);
      if (types.every((t) => t === types[0])) g.state.locals.get(g.scope)!.set(g.name, { id: types[0]! });
      settled = true;
      return false;
    });
  }
}

/** The type a binding takes from the call it is given: the callee's result at its position, where the callee hands back as many. */
function typeFromCall(corpus: CorpusSymbols, state: FileState, local: RawLocal, results: Results): string | undefined {
  const { call, position, count } = local.fromCall!;
  const target = resolveCall(corpus, state.facts.calls[call]!, state, results, new Map());
  return target === undefined ? undefined : resultType(corpus, results, target, position, count);
}

/**
 * The callables whose definitions write the types they hand back, and the fields and properties whose
 * definitions write the type they hold (`@result`); and the names that mean "the type this is a member of".
 */
interface Results {
  written: Map<string, { state: FileState; index: number }>;
  selfTypes: ReadonlySet<string>;
}

function writtenResults(corpus: CorpusSymbols, selfTypes: readonly string[]): Results {
  const written = new Map<string, { state: FileState; index: number }>();
  for (const state of corpus.states) {
    state.facts.definitions.forEach((d, i) => {
      if (d.results && state.ids[i]) written.set(state.ids[i]!, { state, index: i });
    });
  }
  return { written, selfTypes: new Set(selfTypes) };
}

/**
 * The type of the value a call of `callee` gives: a type called or constructed is that type (a constructor,
 * its type); a callable, the one type it writes as its result. An interface, trait or mixin is none: what
 * is made is whichever type takes it on.
 */
function valueTypeOf(corpus: CorpusSymbols, results: Results, callee: string): string | undefined {
  const sym = corpus.symOf(callee);
  const made = typeKinds.has(sym.kind) ? callee : sym.kind === 'constructor' ? corpus.parentContainer(callee) : undefined;
  if (made === undefined) return resultType(corpus, results, callee, 0, 1);
  return corpus.isType(made) && !takenOnByOthers.has(corpus.symOf(made).kind) ? made : undefined;
}

/** The type the one field or property `name` of the type around `scope` is declared with, its own or inherited. */
function fieldType(corpus: CorpusSymbols, results: Results, state: FileState, scope: number, name: string): string | undefined {
  const type = enclosingType(corpus, state, scope);
  const fields = type ? corpus.membersNamed(type, name, true).filter((id) => termKinds.has(corpus.symOf(id).kind)) : [];
  return fields.length === 1 ? resultType(corpus, results, fields[0]!, 0, 1) : undefined;
}

/** Kinds whose members other types take on (implement, include): their own-type name is whichever type that is. */
const takenOnByOthers = new Set(['interface', 'trait', 'mixin']);

/**
 * The type a callable hands back at `position` of `count` values, resolved where the callable is
 * written; where it writes the language's own-type name (Rust's and Swift's `Self`, PHP's `self`), the
 * type it is a member of, unless that is an interface, trait or mixin (a trait's `-> Self` is whichever
 * type implements it).
 */
function resultType(corpus: CorpusSymbols, results: Results, callable: string, position: number, count: number): string | undefined {
  const callee = results.written.get(callable);
  if (!callee) return undefined;
  const written = callee.state.facts.definitions[callee.index]!.results!;
  if (written.length !== count || position < 0) return undefined;
  if (results.selfTypes.has(corpus.cleanTypeName(written[position]!))) {
    const owner = enclosingType(corpus, callee.state, callee.index);
    return owner !== undefined && !takenOnByOthers.has(corpus.symOf(owner).kind) ? owner : undefined;
  }
  return corpus.resolveType(written[position]!, callee.state, callee.index);
}

/**
 * Supertypes as written, resolved (one the corpus does not define is kept under an id of no
 * package, so an `Exception` subclass is known as one); the functions of `impl Trait for T`; then
 * every method that overrides a supertype's.
 */
function linkSupertypes(corpus: CorpusSymbols): void {
  const { symbols } = corpus;
  for (const state of corpus.states) {
    state.facts.definitions.forEach((d, i) => {
      const subtype = d.kind === 'impl' ? state.opens[i] : state.ids[i];
      if (!subtype || d.supertypes.length === 0 || !symbols.has(subtype)) return;
      const scope = d.kind === 'impl' ? d.parent : i;
      for (const written of d.supertypes) {
        const supertype = corpus.resolveSupertype(written, state, scope);
        if (supertype && supertype !== subtype) symbols.get(subtype)!.supertypes.add(supertype);
        // A type is never its own supertype: a name that resolves back to it (`impl error::Error for Error`) means another one.
        const external = supertype === subtype ? corpus.externalType(written, { shadowed: true }) : supertype ? undefined : corpus.externalType(written);
        if (external) symbols.get(subtype)!.externalSupertypes.add(external);
      }
      if (d.kind === 'impl') linkTraitMembers(corpus, state, i);
    });
  }
  for (const sym of symbols.values()) {
    if (!callableKinds.has(sym.kind) || sym.name === CONSTRUCTOR || corpus.config.constructorNames.includes(sym.name)) continue;
    const ownerSym = symbols.get(corpus.parentContainer(sym.id));
    if (!ownerSym || ownerSym.supertypes.size === 0) continue;
    for (const supertype of ownerSym.supertypes) {
      for (const target of corpus.membersNamed(supertype, sym.name, true)) {
        const other = symbols.get(target)!;
        // Overloads override only the same arity, when both arities are known.
        const sameArity = sym.parameters === undefined || other.parameters === undefined || sym.parameters === other.parameters;
        if (callableKinds.has(other.kind) && sameArity) sym.implementations.add(target);
      }
    }
  }
}

/** The functions of `impl Trait for T` implement the trait's functions of the same name. */
function linkTraitMembers(corpus: CorpusSymbols, state: FileState, implIndex: number): void {
  const impl = state.facts.definitions[implIndex]!;
  for (const written of impl.supertypes) {
    const trait = corpus.resolveType(written, state, impl.parent);
    if (!trait) continue;
    state.facts.definitions.forEach((member, j) => {
      const id = state.ids[j];
      if (member.parent !== implIndex || !id) return;
      for (const target of corpus.members.get(trait)?.get(corpus.symbols.get(id)!.name) ?? []) corpus.symbols.get(id)!.implementations.add(target);
    });
  }
}

/** A method a type has or an interface asks for: its name, its arity when known, and the symbol that declares it. */
interface MethodEntry {
  name: string;
  parameters: number | undefined;
  id: string;
}

/**
 * Structural interfaces (Go): a concrete type implements every own interface whose methods it has
 * by name and arity, its own or promoted from the types it embeds, and every interface it embeds;
 * its own methods implement the interface's of the same name. An interface that extends one from
 * outside the corpus asks for methods nobody can list here, so only embedding says who implements it.
 */
function satisfyInterfaces(corpus: CorpusSymbols): void {
  const { symbols } = corpus;
  const embedded = new Map<string, string[]>();
  for (const state of corpus.states) {
    state.facts.definitions.forEach((d, i) => {
      const id = state.ids[i];
      for (const written of (id && d.embeds) || []) {
        const target = corpus.resolveSupertype(written, state, i);
        if (target && target !== id && !embedded.get(id!)?.includes(target)) embedded.set(id!, [...(embedded.get(id!) ?? []), target]);
      }
    });
  }
  const ownMethods = (type: string): MethodEntry[] =>
    [...(corpus.members.get(type)?.values() ?? [])].flat().flatMap((id) => {
      const m = symbols.get(id)!;
      return callableKinds.has(m.kind) ? [{ name: m.name, parameters: m.parameters, id }] : [];
    });
  /** What an interface asks for (its own and its own supertypes' methods), undefined when one of its supertypes is outside the corpus. */
  const asked = new Map<string, MethodEntry[] | undefined>();
  const askedBy = (iface: string, path: Set<string> = new Set()): MethodEntry[] | undefined => {
    if (asked.has(iface)) return asked.get(iface);
    const sym = symbols.get(iface)!;
    let entries: MethodEntry[] | undefined = sym.externalSupertypes.size ? undefined : ownMethods(iface);
    for (const sup of sym.supertypes) {
      const inherited = path.has(sup) ? [] : askedBy(sup, new Set([...path, iface]));
      entries = entries && inherited ? [...entries, ...inherited] : undefined;
    }
    asked.set(iface, entries);
    return entries;
  };
  /** Every method a type has, own or promoted through what it embeds, and every interface it embeds. */
  const promoted = (type: string, path: Set<string>): { methods: MethodEntry[]; interfaces: string[] } => {
    const methods = [...(symbols.get(type)!.kind === 'interface' ? askedBy(type) ?? ownMethods(type) : ownMethods(type))];
    const interfaces: string[] = [];
    for (const inner of embedded.get(type) ?? []) {
      if (path.has(inner)) continue;
      if (symbols.get(inner)!.kind === 'interface') interfaces.push(inner);
      const more = promoted(inner, new Set([...path, type]));
      methods.push(...more.methods);
      interfaces.push(...more.interfaces);
    }
    return { methods, interfaces };
  };
  const interfaces = [...symbols.values()].filter((s) => s.kind === 'interface').map((s) => s.id).sort();
  const concrete = [...symbols.values()].filter((s) => typeKinds.has(s.kind) && s.kind !== 'interface' && s.kind !== 'alias');
  for (const type of concrete) {
    const { methods, interfaces: embeddedInterfaces } = promoted(type.id, new Set([type.id]));
    for (const iface of embeddedInterfaces) type.supertypes.add(iface);
    for (const iface of interfaces) {
      const wanted = askedBy(iface);
      if (!wanted?.length) continue;
      const has = (w: MethodEntry) => methods.some((m) => m.name === w.name && (m.parameters === undefined || w.parameters === undefined || m.parameters === w.parameters));
      if (!wanted.every(has)) continue;
      type.supertypes.add(iface);
      for (const own of ownMethods(type.id)) for (const w of wanted) if (w.name === own.name) symbols.get(own.id)!.implementations.add(w.id);
    }
  }
}

interface ResolvedCalls {
  /** Per file: a reference occurrence for every call, to its target or to a local standing for the unresolved callee. */
  references: OccurrenceOut[][];
  /** Per file: the locals that stand for unresolved callees, named after them. */
  unresolvedLocals: SymbolInformationOut[][];
  resolved: number;
  unresolved: number;
}

const memberTarget = (s: Sym) => callableKinds.has(s.kind) || termKinds.has(s.kind);

/**
 * Every call to its one target: through lexical scope and imports for a bare call, the enclosing
 * type for `self`/`this`, its supertypes for `super`, a receiver's known type or a qualified name
 * otherwise. An unresolved call is kept as a reference to a local symbol named after the callee,
 * with no definition: it creates no edge, but readers can tell which names and bodies have calls
 * that are not backed.
 */
function resolveCalls(corpus: CorpusSymbols, results: Results): ResolvedCalls {
  const out: ResolvedCalls = { references: corpus.states.map(() => []), unresolvedLocals: corpus.states.map(() => []), resolved: 0, unresolved: 0 };
  const expanded = callsMacrosExpandTo(corpus);
  for (const state of corpus.states) {
    const localOf = new Map<string, string>();
    // Every type is known by now, so a call's target is final: a chain's inner calls are resolved once.
    const memo: CallMemo = new Map();
    const unresolvedAt = (range: Range, name: string) => {
      out.unresolved += 1;
      let local = localOf.get(name);
      if (!local) {
        local = `local unresolved-${localOf.size}`;
        localOf.set(name, local);
        out.unresolvedLocals[state.index]!.push({ symbol: local, documentation: [], relationships: [], kind: 0, displayName: name });
      }
      out.references[state.index]!.push({ range: scipRange(range), symbol: local, symbolRoles: 0 });
    };
    for (const call of state.facts.calls) {
      if (call.unlessLocal && corpus.isLocal(state, call.scope, call.name)) continue;
      if (call.ifDefined && !corpus.lookupCallee(call.name, state, call.scope).some((id) => callableKinds.has(corpus.symOf(id).kind))) continue;
      const target = memo.has(call) ? memo.get(call) : resolveCall(corpus, call, state, results, memo);
      if (!target) {
        unresolvedAt(call.range, call.name);
        continue;
      }
      out.resolved += 1;
      out.references[state.index]!.push({ range: scipRange(call.range), symbol: target, symbolRoles: 0 });
      // A macro's text runs here: what it calls, nobody can bind, is called here too.
      for (const name of expanded.get(target) ?? []) unresolvedAt(call.range, name);
    }
  }
  return out;
}

/** Per macro (`(#set! expands "inline")`): the names its text calls, which each use of it calls. */
function callsMacrosExpandTo(corpus: CorpusSymbols): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const state of corpus.states) {
    for (const call of state.facts.calls) {
      const id = call.unbound && call.scope >= 0 && state.facts.definitions[call.scope]!.expandsInline ? state.ids[call.scope] : undefined;
      if (id) pushUnique(names, id, call.name);
    }
  }
  return names;
}

function enclosingType(corpus: CorpusSymbols, state: FileState, scope: number): string | undefined {
  for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
    const opened = state.opens[d];
    if (opened && corpus.isType(opened)) return opened;
    const owner = state.ids[d] && corpus.parentContainer(state.ids[d]!);
    if (owner && corpus.isType(owner)) return owner;
  }
  return undefined;
}

function selfNamed(state: FileState, scope: number, name: string): boolean {
  for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
    if (state.facts.definitions[d]!.selfName === name) return true;
  }
  return false;
}

function narrowByArity(corpus: CorpusSymbols, ids: string[], call: RawCall): string[] {
  if (call.arguments === undefined) return ids;
  // Where callables overload by signature, the compiler checks arity too: a call passing arguments
  // never reaches a callable that takes none (a companion's `getJSModuleName(x)` beside the class's own
  // `getJSModuleName()`).
  if (ids.length === 1) {
    const only = corpus.symbols.get(ids[0]!)!;
    return corpus.config.overloads === 'disambiguate' && only.parameters === 0 && call.arguments > 0 ? [] : ids;
  }
  const matching = ids.filter((id) => corpus.symbols.get(id)!.parameters === call.arguments);
  return matching.length ? matching : ids;
}

/**
 * Whether a call on a receiver may reach an extension method of its name instead (C#'s
 * `scheduler.Schedule(when, f)` picks `Schedule(this IScheduler, DateTimeOffset, Action)` over the
 * interface's `Schedule(TimeSpan, Action)` by an argument's type, which the walker does not know).
 */
function mayBeExtension(corpus: CorpusSymbols, call: RawCall, target: string): boolean {
  return (corpus.extensions.get(call.name) ?? []).some((id) => {
    if (id === target) return false;
    const parameters = corpus.symbols.get(id)!.parameters;
    return call.arguments === undefined || parameters === undefined || parameters === call.arguments + 1;
  });
}

function constructorOf(corpus: CorpusSymbols, type: string): string {
  const ctor = corpus.members.get(type)?.get(CONSTRUCTOR);
  return ctor && ctor.length === 1 ? ctor[0]! : type;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

type Receiver = NonNullable<RawCall['receiver']>;

/** Targets of calls already resolved, by call: a chain's inner calls, which its outer ones are made on. */
type CallMemo = Map<RawCall, string | undefined>;

/**
 * The target of the call a receiver is, with that call's own receiver calls resolved first, innermost out,
 * each once: a chain of any length (`New().F().F()…`) takes neither a deeper stack nor more than one
 * resolution per call.
 */
function resolveReceiverCall(corpus: CorpusSymbols, call: RawCall, state: FileState, results: Results, memo: CallMemo): string | undefined {
  const chain: RawCall[] = [];
  for (let c: RawCall | undefined = call; c && !memo.has(c); c = c.receiver?.call === undefined ? undefined : state.facts.calls[c.receiver.call]) chain.push(c);
  for (let i = chain.length - 1; i >= 0; i--) memo.set(chain[i]!, resolveCall(corpus, chain[i]!, state, results, memo));
  return memo.get(call);
}

/**
 * The type or namespace whose member a call on an expression calls: the declared type of a field of self
 * (`self.cmd.build()`), the type of what a call hands back (`gin.New().Group(…)`, `new B().run()`), a
 * typed local's type, or a type or namespace the receiver names.
 */
function receiverContainer(corpus: CorpusSymbols, receiver: Receiver, state: FileState, scope: number, results: Results, memo: CallMemo): string | undefined {
  if (receiver.kind === 'field') return fieldType(corpus, results, state, scope, receiver.text);
  if (receiver.call !== undefined) {
    const inner = resolveReceiverCall(corpus, state.facts.calls[receiver.call]!, state, results, memo);
    return inner === undefined ? undefined : valueTypeOf(corpus, results, inner);
  }
  const text = receiver.text.trim();
  const typed = IDENTIFIER.test(text) ? corpus.localType(state, scope, text) : undefined;
  if (typed) return typeof typed === 'string' ? corpus.resolveType(typed, state, scope) : typed.id;
  return IDENTIFIER.test(text) && corpus.isLocal(state, scope, text) ? undefined : corpus.resolveQualified(text, state, scope, typeOrNamespace);
}

function resolveCall(corpus: CorpusSymbols, call: RawCall, state: FileState, results: Results, memo: CallMemo): string | undefined {
  const { scope } = call;
  if (call.unbound) return undefined;
  if (call.isNew) {
    const type = call.ofEnclosingType ? enclosingType(corpus, state, scope) : corpus.resolveType(call.name, state, scope);
    return type && constructorOf(corpus, type);
  }
  let candidates: string[] = [];
  const receiver = call.receiver;
  if (call.delegates) {
    // Only the named type's own constructors: a supertype without one runs its implicit constructor, which no symbol
    // stands for. And only one taking as many parameters as the call passes: a lone constructor of another arity is
    // some other type's (a type merged with a namesake of another generic arity) or one with defaults the walker does
    // not count.
    const type = enclosingType(corpus, state, scope);
    const owners = !type ? [] : receiver?.kind === 'super' ? [...corpus.symbols.get(type)!.supertypes] : [type];
    const constructors = owners
      .flatMap((owner) => corpus.members.get(owner)?.get(CONSTRUCTOR) ?? [])
      .filter((id) => corpus.symbols.get(id)!.parameters === call.arguments);
    return constructors.length === 1 ? constructors[0] : undefined;
  }
  if (call.unlessLocal) {
    // A bare name is a call on self: a member of the type around it, its own or inherited.
    const type = enclosingType(corpus, state, scope);
    if (type) candidates = corpus.membersNamed(type, call.name, true).filter((id) => memberTarget(corpus.symOf(id)));
  } else if (!receiver) {
    if (corpus.isLocal(state, scope, call.name)) return undefined;
    candidates = corpus.lookupCallee(call.name, state, scope);
  } else if (receiver.kind === 'self' || (receiver.kind === 'expression' && selfNamed(state, scope, receiver.text))) {
    const type = enclosingType(corpus, state, scope);
    if (type) candidates = corpus.membersNamed(type, call.name, true).filter((id) => memberTarget(corpus.symOf(id)));
  } else if (receiver.kind === 'super') {
    // `parent::__construct()` names the constructor the way the language spells it.
    const names = corpus.config.constructorNames.includes(call.name) ? [call.name, CONSTRUCTOR] : [call.name];
    const type = enclosingType(corpus, state, scope);
    for (const supertype of type ? corpus.symbols.get(type)!.supertypes : []) {
      for (const name of names) candidates.push(...corpus.membersNamed(supertype, name, true).filter((id) => memberTarget(corpus.symOf(id))));
    }
  } else {
    const container = receiverContainer(corpus, receiver, state, scope, results, memo);
    if (container) candidates = corpus.membersNamed(container, call.name, corpus.isType(container)).filter((id) => memberTarget(corpus.symOf(id)));
  }
  if (corpus.config.methodsBeforeFields && candidates.some((id) => callableKinds.has(corpus.symOf(id).kind))) {
    candidates = candidates.filter((id) => callableKinds.has(corpus.symOf(id).kind));
  }
  candidates = narrowByArity(corpus, [...new Set(candidates)], call);
  if (candidates.length !== 1 || (receiver && mayBeExtension(corpus, call, candidates[0]!))) return undefined;
  // `let exp x = exp x.re` calls the `exp` bound before it, which the walker does not follow.
  if (!receiver && corpus.unnamableAround(state, scope).has(candidates[0]!)) return undefined;
  const target = corpus.symbols.get(candidates[0]!)!;
  if (typeKinds.has(target.kind)) {
    if (corpus.config.typeCall === 'none') return undefined;
    return corpus.config.typeCall === 'constructor' ? constructorOf(corpus, target.id) : target.id;
  }
  return target.id;
}

/** One SCIP document per file: its module, its definitions with their enclosing ranges, its calls, and the information of the symbols it defines first. */
function writeDocuments(corpus: CorpusSymbols, calls: ResolvedCalls): DocumentOut[] {
  const { config, header } = corpus;
  const symbolsByFile = new Map<number, Sym[]>();
  for (const sym of corpus.symbols.values()) {
    const list = symbolsByFile.get(sym.file);
    if (list) list.push(sym);
    else symbolsByFile.set(sym.file, [sym]);
  }
  return corpus.states.map((state) => {
    const occurrences: OccurrenceOut[] = [];
    const moduleDescriptors = state.module.moduleSymbol;
    if (moduleDescriptors) {
      const id = header + moduleDescriptors.map(formatDescriptor).join('');
      occurrences.push({ range: [0, 0, 0], symbol: id, symbolRoles: 1, enclosingRange: scipRange(state.facts.fileRange) });
    }
    state.facts.definitions.forEach((d, i) => {
      const id = state.ids[i];
      if (!id) return;
      occurrences.push({
        range: scipRange(d.nameRange),
        symbol: id,
        symbolRoles: 1,
        // Terms get none, as the compiler-grade indexers do: a variable's initializer calls nothing of its own.
        // A computed property's getter does, as a TypeScript getter (a method there) does.
        ...(termKinds.has(d.kind) && !d.declares && !d.hasBody ? {} : { enclosingRange: scipRange(d.range) }),
      });
    });
    occurrences.push(...localBindings(state), ...calls.references[state.index]!);
    occurrences.sort((a, b) => a.range[0]! - b.range[0]! || a.range[1]! - b.range[1]!);
    const infos = [...(symbolsByFile.get(state.index) ?? []).map((s) => infoOf(corpus, s)), ...calls.unresolvedLocals[state.index]!];
    return { relativePath: state.facts.path, language: config.scipLanguage, occurrences, symbols: infos };
  });
}

/**
 * The variables and parameters bound inside a definition's body, and what a function body defines
 * that is no symbol (OCaml's `let closure = … in`), each a definition of a `local` symbol of its own,
 * as the compiler-grade indexers write them: a reader can tell a word that names a local somewhere
 * (prosody's `local handlers = {}` in `util/events.new`) from a symbol of the same name. A binding
 * that is also a symbol's name (Lua's `local function f`) is that symbol.
 */
function localBindings(state: FileState): OccurrenceOut[] {
  const { definitions, locals } = state.facts;
  const taken = new Set(definitions.filter((_, i) => state.ids[i]).map((d) => startKey(d.nameRange)));
  const inCallable = (d: number): boolean => {
    for (let p = definitions[d]!.parent; p >= 0; p = definitions[p]!.parent) if (callableKinds.has(definitions[p]!.kind)) return true;
    return false;
  };
  const ranges = [
    ...locals.filter((local) => local.scope >= 0).map((local) => local.range),
    ...definitions.filter((d, i) => !state.ids[i] && d.name !== '' && !d.declares && inCallable(i)).map((d) => d.nameRange),
  ];
  const out: OccurrenceOut[] = [];
  for (const range of ranges) {
    if (taken.has(startKey(range))) continue;
    taken.add(startKey(range));
    out.push({ range: scipRange(range), symbol: `local binding-${out.length}`, symbolRoles: 1 });
  }
  return out;
}

/** Where a range starts, as a key: two readings of one name in a file start at the same place. */
function startKey(r: Range): string {
  return `${r[0]}:${r[1]}`;
}

function scipRange(r: Range): number[] {
  return r[0] === r[2] ? [r[0], r[1], r[3]] : [...r];
}

/**
 * The SCIP kind of a symbol. A callable's comes from where it was placed, since the queries of
 * many languages capture every `def`/`fn` as a function: inside a type it is a method (a static one
 * where a pattern marks it `@static`), or a constructor when the language names it so (`__init__`);
 * anywhere else a function.
 */
function scipKindOf(corpus: CorpusSymbols, sym: Sym): number {
  if (sym.kind !== 'function' && sym.kind !== 'method') return scipKind[sym.kind];
  if (!corpus.isType(corpus.parentContainer(sym.id))) return scipKind.function;
  if (corpus.config.constructorNames.includes(sym.name)) return scipKind.constructor;
  return sym.static ? SCIP_STATIC_METHOD : scipKind.method;
}

function infoOf(corpus: CorpusSymbols, sym: Sym): SymbolInformationOut {
  const relationships = [...new Set([...sym.supertypes, ...sym.externalSupertypes, ...sym.implementations])]
    .sort()
    .map((symbol) => ({ symbol, isImplementation: true }));
  return {
    symbol: sym.id,
    documentation: [`\`\`\`${corpus.config.scipLanguage}\n${sym.hover}\n\`\`\``],
    relationships,
    kind: scipKindOf(corpus, sym),
    displayName: sym.name,
  };
}
