import { posix } from 'node:path';
import { formatDescriptor, parseSymbol, type Descriptor } from '../../graph/symbols.ts';
import type { FileFacts, Range, RawCall, RawDefinition } from './extract.ts';
import type { DefinitionKind, WalkerConfig } from '../../core/languages.ts';
import { fileModule, isIndexFile, type FileModule } from './modules.ts';

export const SCHEME = 'lmc-tree-sitter';

/** SCIP SymbolInformation.Kind values (scip.proto) for what the queries capture. */
const scipKind: Record<DefinitionKind | 'module', number> = {
  module: 29,
  namespace: 30,
  class: 7,
  struct: 49,
  interface: 21,
  trait: 53,
  enum: 11,
  type: 55,
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
  impl: 0,
};
const typeKinds = new Set<DefinitionKind | 'module'>(['class', 'struct', 'interface', 'trait', 'enum', 'type', 'alias', 'union']);
const callableKinds = new Set<DefinitionKind | 'module'>(['function', 'method', 'constructor']);
const termKinds = new Set<DefinitionKind | 'module'>(['field', 'property', 'constant', 'variable', 'enum_member']);
const namespaceKinds = new Set<DefinitionKind | 'module'>(['namespace', 'module']);
const CONSTRUCTOR = '<constructor>';

/** Default hover per kind; a language's config overrides it. Types start with the word the fact graph reads the kind from. */
const defaultHover: Record<DefinitionKind, string> = {
  namespace: 'namespace {name}',
  class: 'class {name}',
  struct: 'struct {name}',
  interface: 'interface {name}',
  trait: 'interface {name}',
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

interface Sym {
  id: string;
  kind: DefinitionKind | 'module';
  name: string;
  hover: string;
  /** The first file (by path) defining it: where its SymbolInformation goes. */
  file: number;
  parameters?: number;
  supertypes: Set<string>;
  implementations: Set<string>;
}

interface FileState {
  facts: FileFacts;
  module: FileModule;
  /** Symbol prefix of the file's namespaces: what its top-level definitions are appended to. */
  container: string;
  /** Symbol of each definition; undefined for locals, impl blocks and what could not be placed. */
  ids: Array<string | undefined>;
  defined: Set<string>;
  /** The container each definition opens for its members: its own id, or an impl block's target type. */
  opens: Array<string | undefined>;
  imports?: { bound: Map<string, string[]>; globs: string[] };
  locals: Map<number, Map<string, string | undefined>>;
}

function escapeHeader(part: string): string {
  return part === '' ? '.' : part.replace(/ /g, '  ');
}

function descriptorSuffix(kind: DefinitionKind): Descriptor['suffix'] | undefined {
  if (kind === 'namespace') return 'namespace';
  if (typeKinds.has(kind)) return 'type';
  if (callableKinds.has(kind)) return 'method';
  if (termKinds.has(kind)) return 'term';
  return undefined;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

const bracketPatterns: Record<'<>' | '[]', RegExp> = {
  // Nested one level deep: `Map<K, List<V>>`.
  '<>': /<[^<>]*(<[^<>]*>[^<>]*)*>/g,
  '[]': /\[[^\]]*\]/g,
};

/**
 * The written name of a type, by the language's rules: `*Context`, `&mut Command<'a>`,
 * `List<Item>`, `\\Foo\\Bar` → `Context`, `Command`, `List`, `Foo\\Bar`.
 */
function typeNameCleaner(rules: WalkerConfig['typeNames']): (text: string) => string {
  const prefix = rules.dropPrefix ? new RegExp(`^(?:\\s*(?:${rules.dropPrefix}))+`) : undefined;
  const suffix = rules.dropSuffix ? new RegExp(`(?:${rules.dropSuffix})$`) : undefined;
  const root = rules.dropRoot ? new RegExp(`^(?:${rules.dropRoot})`) : undefined;
  return (text) => {
    let t = text;
    for (const brackets of rules.argumentBrackets) t = t.replace(bracketPatterns[brackets], '');
    if (prefix) t = t.replace(prefix, '');
    if (suffix) t = t.replace(suffix, '');
    t = t.trim();
    return root ? t.replace(root, '') : t;
  };
}

/**
 * Turns every file's extracted facts into SCIP documents. Symbols get ids from their namespaces and
 * containers; calls become reference occurrences only when their target is unambiguous (lexical scope,
 * the receiver's known type, an import naming it, or a name defined once in the corpus).
 */
export function resolveCorpus(files: FileFacts[], config: WalkerConfig, project: { name: string; version: string }): ResolvedIndex {
  const header = `${SCHEME} ${config.manager} ${escapeHeader(project.name)} ${escapeHeader(project.version)} `;
  const symbols = new Map<string, Sym>();
  const members = new Map<string, Map<string, string[]>>();
  const byName = new Map<string, string[]>();
  const moduleBySegments = new Map<string, string>();
  const containerByFile = new Map<string, string>();
  const nameSplit = splitter(config.nameSeparators);
  const importSplit = splitter(config.imports.separators);
  const cleanTypeName = typeNameCleaner(config.typeNames);

  const states: FileState[] = files.map((facts) => {
    const module = fileModule(facts.path, config, facts.packageName);
    const container = header + module.namespaces.map(formatDescriptor).join('');
    containerByFile.set(facts.path, container);
    if (module.segments.length) moduleBySegments.set(module.segments.join('/'), container);
    return { facts, module, container, ids: [], opens: [], defined: new Set(), locals: new Map() };
  });

  const define = (id: string, kind: DefinitionKind | 'module', name: string, container: string | undefined, file: number, hover: string, parameters?: number) => {
    let sym = symbols.get(id);
    if (!sym) {
      sym = { id, kind, name, hover, file, supertypes: new Set(), implementations: new Set(), ...(parameters !== undefined ? { parameters } : {}) };
      symbols.set(id, sym);
      // A declared namespace (`package a.b;`, `namespace A::B`) is a module imports can name.
      const parsed = kind === 'namespace' ? parseSymbol(id) : undefined;
      if (parsed && parsed.descriptors.every((d) => d.suffix === 'namespace')) {
        const segments = parsed.descriptors.flatMap((d) => d.name.split('.'));
        if (!moduleBySegments.has(segments.join('/'))) moduleBySegments.set(segments.join('/'), id);
      }
      push(byName, name, id);
      if (container !== undefined) {
        let named = members.get(container);
        if (!named) members.set(container, (named = new Map()));
        push(named, name, id);
      }
    }
    return sym;
  };

  // Module symbols of files named by their path.
  states.forEach((state, fileIndex) => {
    const descriptors = state.module.moduleSymbol;
    if (!descriptors) return;
    const id = header + descriptors.map(formatDescriptor).join('');
    define(id, 'module', descriptors[descriptors.length - 1]!.name, undefined, fileIndex, `module ${JSON.stringify(state.module.segments.join('/'))}`);
  });

  // --- Placing definitions: lexical nesting first, then what needs a type looked up by name. ---
  const strip = config.hoverStrip ? new RegExp(`^(?:${config.hoverStrip})`) : undefined;
  const hoverFor = (d: RawDefinition): string => {
    const text = (strip ? d.text.replace(strip, '') : d.text) || d.name;
    // hasOwn: `constructor` is also a key of every object's prototype.
    const template = Object.hasOwn(config.hover, d.kind) ? config.hover[d.kind]! : defaultHover[d.kind];
    return template.replace('{name}', d.name).replace('{text}', text);
  };

  const isType = (id: string) => typeKinds.has(symbols.get(id)?.kind ?? 'impl');
  /** Ids we resolve to are symbols or containers; a container without a symbol (`src/`, `com/`) is a namespace. */
  const symOf = (id: string): Sym => symbols.get(id) ?? { id, kind: 'namespace', name: '', hover: '', file: -1, supertypes: new Set(), implementations: new Set() };
  const overloadCount = new Map<string, number>();

  /** The container a definition's members go in, or null when it is a local (inside a function body). */
  const containerOf = (state: FileState, index: number, allowLookup: boolean): string | null | 'defer' => {
    const d = state.facts.definitions[index]!;
    if (d.owner !== undefined) {
      if (!allowLookup) return 'defer';
      return resolveType(d.owner, state, d.parent) ?? state.container + formatDescriptor({ name: cleanTypeName(d.owner), suffix: 'type' });
    }
    let p = d.parent;
    if (d.ownedByEnclosingType) {
      while (p >= 0 && !typeKinds.has(state.facts.definitions[p]!.kind) && state.facts.definitions[p]!.kind !== 'impl') p = state.facts.definitions[p]!.parent;
      if (p < 0) return null;
    }
    if (p < 0) return state.container;
    const parent = state.facts.definitions[p]!;
    if (callableKinds.has(parent.kind) || termKinds.has(parent.kind)) return null;
    const opened = state.opens[p];
    if (opened === undefined) return allowLookup ? null : 'defer';
    return opened;
  };

  const place = (state: FileState, fileIndex: number, index: number, allowLookup: boolean): boolean => {
    const d = state.facts.definitions[index]!;
    if (d.name === '') return true; // an anonymous scope: never a symbol
    const container = containerOf(state, index, allowLookup);
    if (container === 'defer') return false;
    if (container === null) return true;
    if (d.kind === 'impl') {
      if (!allowLookup) return false;
      state.opens[index] = resolveType(d.name, state, d.parent) ?? container + formatDescriptor({ name: cleanTypeName(d.name), suffix: 'type' });
      return true;
    }
    const parts = nameSplit(d.name);
    let prefix = container;
    for (const part of parts.slice(0, -1)) {
      // `DBImpl::Get` defined outside its class, `class Rack::Request`: a known type, else a namespace.
      const asType = members.get(prefix)?.get(part)?.find(isType);
      if (!asType && d.kind !== 'namespace' && !allowLookup) return false;
      prefix = asType ?? prefix + formatDescriptor({ name: part, suffix: 'namespace' });
    }
    const name = d.kind === 'constructor' ? CONSTRUCTOR : parts[parts.length - 1]!;
    const suffix = descriptorSuffix(d.kind)!;
    let descriptor: Descriptor = { name, suffix };
    const plainId = prefix + formatDescriptor(descriptor);
    if (suffix === 'method' && config.overloads === 'disambiguate' && symbols.has(plainId)) {
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
    define(id, d.kind, name, prefix, fileIndex, hoverFor(d), d.parameters);
    state.defined.add(id);
    state.ids[index] = id;
    state.opens[index] = id;
    return true;
  };

  const deferred: Array<[FileState, number, number]> = [];
  states.forEach((state, fileIndex) => {
    state.facts.definitions.forEach((_, index) => {
      if (!place(state, fileIndex, index, false)) deferred.push([state, fileIndex, index]);
    });
  });

  // --- Name resolution, used by deferred placement, supertypes, receivers and calls. ---
  function splitter(separators: string[]): (text: string) => string[] {
    if (separators.length === 0) return (text) => [text];
    const pattern = new RegExp(separators.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    return (text) => text.split(pattern).filter(Boolean);
  }

  function importsOf(state: FileState): { bound: Map<string, string[]>; globs: string[] } {
    if (state.imports) return state.imports;
    const bound = new Map<string, string[]>();
    const globs: string[] = [];
    for (const imp of state.facts.imports) {
      const modulePath = resolveModulePath(imp.path, state);
      // Every imported name is bound, even to something outside the corpus: it shadows corpus names.
      const local = imp.local ?? imp.member ?? importSplit(imp.path).pop()?.replace(/\.[^.]*$/, '');
      if (local && !imp.glob && !bound.has(local)) bound.set(local, []);
      if (imp.member !== undefined && local) {
        for (const id of modulePath ? resolvePath([...modulePath, imp.member]) : []) push(bound, local, id);
        continue;
      }
      const module = modulePath && findModule(modulePath);
      if (!module) continue;
      if (imp.glob) globs.push(module);
      else if (local) push(bound, local, module);
    }
    state.imports = { bound, globs };
    return state.imports;
  }

  /** Module path segments an import names, absolute, or undefined when it points outside the corpus. */
  function resolveModulePath(path: string, state: FileState): string[] | undefined {
    if (config.imports.style === 'relative-path') {
      if (!path.startsWith('.')) return undefined;
      const base = posix.normalize(posix.join(posix.dirname(state.facts.path), path));
      const compiled = config.imports.compiledExtensions.find((ext) => base.endsWith(ext));
      const stem = compiled ? base.slice(0, -compiled.length) : base;
      for (const candidate of [base, ...config.imports.extensions.flatMap((ext) => [base + ext, stem + ext])]) {
        if (containerByFile.has(candidate)) return ['\0file', candidate];
      }
      return undefined;
    }
    let segments: string[];
    let relativeTo: string[] | undefined;
    const current = state.module.segments;
    if (config.imports.leadingDots && path.startsWith('.')) {
      const dots = /^\.+/.exec(path)![0].length;
      const isPackageFile = isIndexFile(state.facts.path, config);
      const packageSegments = isPackageFile ? current : current.slice(0, -1);
      relativeTo = packageSegments.slice(0, packageSegments.length - (dots - 1));
      segments = importSplit(path.slice(dots));
    } else {
      segments = importSplit(path);
      const word = config.imports.relativeWords[segments[0] ?? ''];
      if (word) {
        relativeTo = relativeBase(word, current);
        segments = segments.slice(1);
      }
    }
    return relativeTo ? [...relativeTo, ...segments] : segments;
  }

  function findModule(segments: string[]): string | undefined {
    if (segments[0] === '\0file') return segments.length === 2 ? containerByFile.get(segments[1]!) : undefined;
    const exact = moduleBySegments.get(segments.join('/'));
    if (exact) return exact;
    if (!config.imports.matchSuffix) return undefined;
    for (let start = 1; start < segments.length; start++) {
      const found = moduleBySegments.get(segments.slice(start).join('/'));
      if (found) return found;
    }
    return undefined;
  }

  /** The symbols a full path names: its longest prefix that is a module, then members (`a.b.Config.databaseUrl`). */
  function resolvePath(segments: string[]): string[] {
    const isFile = segments[0] === '\0file';
    for (let n = segments.length; n >= (isFile ? 2 : 1); n--) {
      const module = findModule(segments.slice(0, n));
      if (!module) continue;
      let current = [module];
      for (const part of segments.slice(n)) current = current.flatMap((c) => members.get(c)?.get(part) ?? []);
      return current;
    }
    return [];
  }

  /** Containers visible from inside definition `scope` of a file, innermost first. */
  function scopeChain(state: FileState, scope: number): string[] {
    const chain: string[] = [];
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      const opened = state.opens[d];
      if (opened && !chain.includes(opened)) chain.push(opened);
      // A member defined away from its type (a Go method, `DBImpl::Get`) still sees the type's members.
      const owner = state.ids[d] && parentContainer(state.ids[d]!);
      if (owner && isType(owner) && !chain.includes(owner)) chain.push(owner);
    }
    let prefix = state.container;
    while (prefix.length >= header.length) {
      if (!chain.includes(prefix)) chain.push(prefix);
      if (prefix === header) break;
      prefix = parentContainer(prefix);
    }
    return chain;
  }

  /** Members named `name` of a container, or of its own supertypes (nearest first) when it is a type. */
  function membersNamed(container: string, name: string, inherited: boolean): string[] {
    const seen = new Set<string>([container]);
    let level = [container];
    while (level.length) {
      const found = level.flatMap((c) => members.get(c)?.get(name) ?? []);
      if (found.length || !inherited) return [...new Set(found)];
      level = level.flatMap((c) => [...(symbols.get(c)?.supertypes ?? [])]).filter((s) => !seen.has(s) && seen.add(s));
    }
    return [];
  }

  function isLocal(state: FileState, scope: number, name: string): boolean {
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      if (state.locals.get(d)?.has(name)) return true;
    }
    return false;
  }

  function localType(state: FileState, scope: number, name: string): string | undefined {
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      const scoped = state.locals.get(d);
      if (scoped?.has(name)) return scoped.get(name);
    }
    return undefined;
  }

  /** Lexical scope, then imports, then what a glob import opens, then a name defined once in the corpus. */
  function lookup(name: string, state: FileState, scope: number, accept: (s: Sym) => boolean, typesInScope: boolean): string[] {
    const accepted = (ids: string[]) => ids.filter((id) => accept(symOf(id)));
    const { bound, globs } = importsOf(state);
    // Enclosing types first, then what the file imports, then its namespaces: an import shadows a package's name.
    let importsChecked = false;
    for (const container of scopeChain(state, scope)) {
      const containerIsType = isType(container);
      if (containerIsType && !typesInScope) continue;
      if (!containerIsType && !importsChecked) {
        importsChecked = true;
        if (bound.has(name)) return accepted(bound.get(name)!);
      }
      const found = accepted(membersNamed(container, name, containerIsType));
      if (found.length) return found;
    }
    if (!importsChecked && bound.has(name)) return accepted(bound.get(name)!);
    const opened = accepted(globs.flatMap((g) => members.get(g)?.get(name) ?? []));
    if (opened.length) return opened;
    // A bare name never reaches a member of some other type, so only free symbols count as corpus-unique.
    const everywhere = accepted(byName.get(name) ?? []).filter((id) => !isType(parentContainer(id)));
    return everywhere.length === 1 ? everywhere : [];
  }

  const typeOrNamespace = (s: Sym) => typeKinds.has(s.kind) || namespaceKinds.has(s.kind);

  /** A possibly qualified name (`render.JSON`, `crate::a::B`) to the one own symbol or container it names. */
  function resolveQualified(text: string, state: FileState, scope: number, accept: (s: Sym) => boolean): string | undefined {
    const parts = nameSplit(text).flatMap(importSplit).flatMap((p) => p.split('.')).filter(Boolean);
    if (parts.length === 0) return undefined;
    let current: string | undefined;
    let rest: string[];
    const word = config.imports.relativeWords[parts[0]!];
    if (word) {
      // `crate::a::b`, `super::x`: a path from a known module; the longest prefix that is a module wins.
      const absolute = [...relativeBase(word, state.module.segments), ...parts.slice(1)];
      let n = absolute.length;
      while (n > 0 && !moduleBySegments.has(absolute.slice(0, n).join('/'))) n -= 1;
      current = n > 0 ? moduleBySegments.get(absolute.slice(0, n).join('/')) : header;
      rest = absolute.slice(n);
    } else {
      const first = lookup(parts[0]!, state, scope, (s) => typeOrNamespace(s) || (parts.length === 1 && accept(s)), true);
      if (first.length > 1) return undefined;
      current = first[0];
      rest = parts.slice(1);
      if (!current) {
        // A namespace path from the root (`inventory.config`), or one no symbol declares (`com.example`).
        let n = parts.length;
        while (n > 0 && !moduleBySegments.has(parts.slice(0, n).join('/'))) n -= 1;
        if (n > 0) {
          current = moduleBySegments.get(parts.slice(0, n).join('/'));
          rest = parts.slice(n);
        } else {
          const namespace = header + parts.map((p) => formatDescriptor({ name: p, suffix: 'namespace' })).join('');
          return members.has(namespace) && accept(symOf(namespace)) ? namespace : undefined;
        }
      }
    }
    for (const part of rest) {
      const next = membersNamed(current!, part, isType(current!)).filter((id) => typeOrNamespace(symOf(id)) || accept(symOf(id)));
      if (next.length === 1) {
        current = next[0];
        continue;
      }
      const nested = current! + formatDescriptor({ name: part, suffix: 'namespace' });
      if (next.length === 0 && members.has(nested)) {
        current = nested;
        continue;
      }
      return undefined;
    }
    return current && accept(symOf(current)) ? current : undefined;
  }

  function resolveType(text: string, state: FileState, scope: number): string | undefined {
    const name = cleanTypeName(text);
    if (!name) return undefined;
    return resolveQualified(name, state, scope, (s) => typeKinds.has(s.kind));
  }

  for (const [state, fileIndex, index] of deferred) place(state, fileIndex, index, true);

  // Typed and untyped local bindings, keyed by the definition whose body declares them.
  for (const state of states) {
    for (const local of state.facts.locals) {
      if (local.scope < 0) continue;
      let scoped = state.locals.get(local.scope);
      if (!scoped) state.locals.set(local.scope, (scoped = new Map()));
      if (!scoped.has(local.name) || scoped.get(local.name) === undefined) scoped.set(local.name, local.type || undefined);
    }
    // Functions declared inside functions are locals too: they shadow corpus names.
    state.facts.definitions.forEach((d, i) => {
      if (state.ids[i] || d.parent < 0 || d.name === '') return;
      let scoped = state.locals.get(d.parent);
      if (!scoped) state.locals.set(d.parent, (scoped = new Map()));
      if (!scoped.has(d.name)) scoped.set(d.name, undefined);
    });
  }

  // --- Supertypes, then the methods that override or implement a supertype's method. ---
  for (const state of states) {
    state.facts.definitions.forEach((d, i) => {
      const subtype = d.kind === 'impl' ? state.opens[i] : state.ids[i];
      if (!subtype || d.supertypes.length === 0 || !symbols.has(subtype)) return;
      for (const written of d.supertypes) {
        // A supertype is a type, or a module mixed in (Ruby's `include`).
        const supertype = resolveQualified(cleanTypeName(written), state, d.kind === 'impl' ? d.parent : i, typeOrNamespace);
        if (supertype && supertype !== subtype) symbols.get(subtype)!.supertypes.add(supertype);
      }
      if (d.kind === 'impl') {
        for (const written of d.supertypes) {
          const trait = resolveType(written, state, d.parent);
          if (!trait) continue;
          // The functions of `impl Trait for T` implement the trait's functions of the same name.
          state.facts.definitions.forEach((member, j) => {
            const id = state.ids[j];
            if (member.parent !== i || !id) return;
            for (const target of members.get(trait)?.get(symbols.get(id)!.name) ?? []) symbols.get(id)!.implementations.add(target);
          });
        }
      }
    });
  }
  for (const sym of symbols.values()) {
    if (!callableKinds.has(sym.kind) || sym.name === CONSTRUCTOR || config.constructorNames.includes(sym.name)) continue;
    const owner = parentContainer(sym.id);
    const ownerSym = symbols.get(owner);
    if (!ownerSym || ownerSym.supertypes.size === 0) continue;
    for (const supertype of ownerSym.supertypes) {
      for (const target of membersNamed(supertype, sym.name, true)) {
        const other = symbols.get(target)!;
        // Overloads override only the same arity, when both arities are known.
        const sameArity = sym.parameters === undefined || other.parameters === undefined || sym.parameters === other.parameters;
        if (callableKinds.has(other.kind) && sameArity) sym.implementations.add(target);
      }
    }
  }

  // --- Calls. ---
  let resolvedCalls = 0;
  let unresolvedCalls = 0;
  const references: OccurrenceOut[][] = states.map(() => []);

  function enclosingType(state: FileState, scope: number): string | undefined {
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      const opened = state.opens[d];
      if (opened && isType(opened)) return opened;
      const owner = state.ids[d] && parentContainer(state.ids[d]!);
      if (owner && isType(owner)) return owner;
    }
    return undefined;
  }

  function selfNamed(state: FileState, scope: number, name: string): boolean {
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      if (state.facts.definitions[d]!.selfName === name) return true;
    }
    return false;
  }

  const anySymbol = (s: Sym) => !namespaceKinds.has(s.kind);
  const memberTarget = (s: Sym) => callableKinds.has(s.kind) || termKinds.has(s.kind);

  function narrowByArity(ids: string[], call: RawCall): string[] {
    if (ids.length < 2 || call.arguments === undefined) return ids;
    const matching = ids.filter((id) => symbols.get(id)!.parameters === call.arguments);
    return matching.length ? matching : ids;
  }

  function constructorOf(type: string): string {
    const ctor = members.get(type)?.get(CONSTRUCTOR);
    return ctor && ctor.length === 1 ? ctor[0]! : type;
  }

  function resolveCall(call: RawCall, state: FileState): string | undefined {
    const { scope } = call;
    if (call.isNew) {
      const type = resolveType(call.name, state, scope);
      return type && constructorOf(type);
    }
    let candidates: string[] = [];
    const receiver = call.receiver;
    if (!receiver) {
      if (isLocal(state, scope, call.name)) return undefined;
      candidates = lookup(call.name, state, scope, anySymbol, config.implicitSelfMembers);
    } else if (receiver.kind === 'self' || (receiver.kind === 'expression' && selfNamed(state, scope, receiver.text))) {
      const type = enclosingType(state, scope);
      if (type) candidates = membersNamed(type, call.name, true).filter((id) => memberTarget(symOf(id)));
    } else if (receiver.kind === 'super') {
      // `parent::__construct()` names the constructor the way the language spells it.
      const names = config.constructorNames.includes(call.name) ? [call.name, CONSTRUCTOR] : [call.name];
      const type = enclosingType(state, scope);
      for (const supertype of type ? symbols.get(type)!.supertypes : []) {
        for (const name of names) candidates.push(...membersNamed(supertype, name, true).filter((id) => memberTarget(symOf(id))));
      }
    } else {
      const text = receiver.text.trim();
      const typed = /^[A-Za-z_$][\w$]*$/.test(text) ? localType(state, scope, text) : undefined;
      let container: string | undefined;
      if (typed) container = resolveType(typed, state, scope);
      else if (!(/^[A-Za-z_$][\w$]*$/.test(text) && isLocal(state, scope, text))) container = resolveQualified(text, state, scope, typeOrNamespace);
      if (container) candidates = membersNamed(container, call.name, isType(container)).filter((id) => memberTarget(symOf(id)));
    }
    candidates = narrowByArity([...new Set(candidates)], call);
    if (candidates.length !== 1) return undefined;
    const target = symbols.get(candidates[0]!)!;
    if (typeKinds.has(target.kind)) {
      if (config.typeCall === 'none') return undefined;
      return config.typeCall === 'constructor' ? constructorOf(target.id) : target.id;
    }
    return target.id;
  }

  // An unresolved call is kept as a reference to a local symbol named after the callee, with no
  // definition: it creates no edge, but readers can tell which names and bodies have calls not backed.
  const unresolvedLocals: SymbolInformationOut[][] = states.map(() => []);
  states.forEach((state, fileIndex) => {
    const localOf = new Map<string, string>();
    for (const call of state.facts.calls) {
      const target = resolveCall(call, state);
      if (!target) {
        unresolvedCalls += 1;
        let local = localOf.get(call.name);
        if (!local) {
          local = `local unresolved-${localOf.size}`;
          localOf.set(call.name, local);
          unresolvedLocals[fileIndex]!.push({ symbol: local, documentation: [], relationships: [], kind: 0, displayName: call.name });
        }
        references[fileIndex]!.push({ range: scipRange(call.range), symbol: local, symbolRoles: 0 });
        continue;
      }
      resolvedCalls += 1;
      references[fileIndex]!.push({ range: scipRange(call.range), symbol: target, symbolRoles: 0 });
    }
  });

  // --- Documents. ---
  const symbolsByFile = new Map<number, Sym[]>();
  for (const sym of symbols.values()) push(symbolsByFile, sym.file, sym);
  const documents: DocumentOut[] = states.map((state, fileIndex) => {
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
        ...(termKinds.has(d.kind) ? {} : { enclosingRange: scipRange(d.range) }),
      });
    });
    occurrences.push(...references[fileIndex]!);
    occurrences.sort((a, b) => a.range[0]! - b.range[0]! || a.range[1]! - b.range[1]!);
    const infos = [...(symbolsByFile.get(fileIndex) ?? []).map((s) => infoOf(s, config.scipLanguage)), ...unresolvedLocals[fileIndex]!];
    return { relativePath: state.facts.path, language: config.scipLanguage, occurrences, symbols: infos };
  });
  return { documents, symbols: symbols.size, resolvedCalls, unresolvedCalls };

  function parentContainer(id: string): string {
    // Drop the last descriptor: ids end in `/`, `#`, `.`, `:` or `().`; backticked names may contain those.
    const body = id.slice(header.length);
    let i = 0;
    let lastStart = 0;
    while (i < body.length) {
      const start = i;
      if (body[i] === '`') {
        i += 1;
        while (i < body.length && !(body[i] === '`' && body[i + 1] !== '`')) i += body[i] === '`' ? 2 : 1;
        i += 1;
      } else while (i < body.length && !'/#.:('.includes(body[i]!)) i += 1;
      if (body[i] === '(') i = body.indexOf(').', i) + 1;
      i += 1;
      lastStart = start;
    }
    return header + body.slice(0, lastStart);
  }
}

function relativeBase(word: 'root' | 'current' | 'parent', current: string[]): string[] {
  return word === 'root' ? [] : word === 'current' ? current : current.slice(0, -1);
}

function scipRange(r: Range): number[] {
  return r[0] === r[2] ? [r[0], r[1], r[3]] : [...r];
}

function infoOf(sym: Sym, language: string): SymbolInformationOut {
  const relationships = [...new Set([...sym.supertypes, ...sym.implementations])]
    .sort()
    .map((symbol) => ({ symbol, isImplementation: true }));
  return {
    symbol: sym.id,
    documentation: [`\`\`\`${language}\n${sym.hover}\n\`\`\``],
    relationships,
    kind: scipKind[sym.kind],
    displayName: sym.name,
  };
}
