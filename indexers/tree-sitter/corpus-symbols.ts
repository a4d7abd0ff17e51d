import { posix } from 'node:path';
import { pushUnique } from '../../core/collections.ts';
import { escapeRegex, type DefinitionKind, type WalkerConfig } from '../../core/languages.ts';
import { formatDescriptor, ownerSymbol, parseSymbol } from '../../graph/symbols.ts';
import type { FileFacts } from './extract.ts';
import { fileModule, isIndexFile, type FileModule } from './modules.ts';

export const SCHEME = 'lmc-tree-sitter';
export const CONSTRUCTOR = '<constructor>';

export type SymKind = DefinitionKind | 'module';
export const typeKinds = new Set<SymKind>(['class', 'struct', 'interface', 'trait', 'mixin', 'enum', 'type', 'alias', 'union']);
export const callableKinds = new Set<SymKind>(['function', 'method', 'constructor', 'modifier']);
/** Declared with parameters and overloadable, so named like a callable (`Transfer().`, `Transfer(+1).`), though never called. */
export const signatureKinds = new Set<SymKind>(['event', 'error']);
export const termKinds = new Set<SymKind>(['field', 'property', 'constant', 'variable', 'enum_member']);
const namespaceKinds = new Set<SymKind>(['namespace', 'module']);

export interface Sym {
  id: string;
  kind: SymKind;
  name: string;
  hover: string;
  /** The first file (by path) defining it: where its SymbolInformation goes. */
  file: number;
  parameters?: number;
  /** A member of the type itself, not of its instances (`@static`): SCIP's StaticMethod. */
  static?: true;
  /** Own types (or modules mixed in) it extends or implements. */
  supertypes: Set<string>;
  /** Types it extends or implements that the corpus does not define (`std::error::Error`, `StandardError`). */
  externalSupertypes: Set<string>;
  implementations: Set<string>;
}

/** One file while the corpus is resolved. */
export interface FileState {
  facts: FileFacts;
  index: number;
  module: FileModule;
  /** Symbol prefix of the file's namespaces: what its top-level definitions are appended to. */
  container: string;
  /** Symbol of each definition; undefined for locals, impl blocks and what could not be placed. */
  ids: Array<string | undefined>;
  defined: Set<string>;
  /** The container each definition opens for its members: its own id, or an impl block's target type. */
  opens: Array<string | undefined>;
  /** What the file's imports bind, computed on first use. */
  imports?: { bound: Map<string, string[]>; globs: string[] };
  /** Local bindings per definition (its parameters and variables), name → type. */
  locals: Map<number, Map<string, LocalType | undefined>>;
}

/** A local's type: as written at the binding (resolved where it is used), or a type already resolved (what a call hands back). */
export type LocalType = string | { id: string };

const anySymbol = (s: Sym) => !namespaceKinds.has(s.kind);
export const typeOrNamespace = (s: Sym) => typeKinds.has(s.kind) || namespaceKinds.has(s.kind);

function escapeHeader(part: string): string {
  return part === '' ? '.' : part.replace(/ /g, '  ');
}

function splitter(separators: string[]): (text: string) => string[] {
  if (separators.length === 0) return (text) => [text];
  const pattern = new RegExp(separators.map(escapeRegex).join('|'));
  return (text) => text.split(pattern).filter(Boolean);
}

const bracketPatterns: Record<'<>' | '[]', RegExp> = {
  // Nested one level deep: `Map<K, List<V>>`.
  '<>': /<[^<>]*(<[^<>]*>[^<>]*)*>/g,
  '[]': /\[[^\]]*\]/g,
};

/**
 * The written name of a type, by the language's rules: `*Context`, `&mut Command<'a>`,
 * `List<Item>`, `\Foo\Bar` → `Context`, `Command`, `List`, `Foo\Bar`.
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

function relativeBase(word: 'root' | 'current' | 'parent', current: string[]): string[] {
  return word === 'root' ? [] : word === 'current' ? current : current.slice(0, -1);
}

/** What every definition's body may name, where names are bound before their definition ends (walker.recursion: implicit). */
const NOTHING_UNNAMABLE: ReadonlySet<string> = new Set();

/**
 * The corpus's symbols while it is resolved, and the name resolution every phase shares: which
 * symbols a container holds, what a file's imports bind, and what a (qualified) name written at
 * some place in a file means. Language rules come from the language folder's walker settings.
 */
export class CorpusSymbols {
  /** `lmc-tree-sitter <manager> <project> <version> `: every id starts with it. */
  readonly header: string;
  readonly symbols = new Map<string, Sym>();
  /** container → name → ids. */
  readonly members = new Map<string, Map<string, string[]>>();
  readonly byName = new Map<string, string[]>();
  /** Name → the extension methods of that name (C#'s `static void F(this T x, …)`): methods of whatever type T is. */
  readonly extensions = new Map<string, string[]>();
  /** Callables only their own file can name (`@file_local`: C's `static`) → that file's index. */
  readonly fileLocal = new Map<string, number>();
  readonly moduleBySegments = new Map<string, string>();
  readonly containerByFile = new Map<string, string>();
  readonly states: FileState[];
  readonly nameSplit: (text: string) => string[];
  readonly importSplit: (text: string) => string[];
  readonly cleanTypeName: (text: string) => string;
  /** Whether a name as written starts at the root (`::Logger`, `\\Foo\\Bar`): the language's `typeNames.dropRoot`. */
  readonly isRooted: (text: string) => boolean;
  private readonly parents = new Map<string, string>();
  private exports?: Map<string, string>;
  /** The project's name as its code writes it (`clap`; a hyphen becomes `_`), where it means the root. */
  private readonly ownName?: string;
  /** Files whose imports are being bound: a re-export cycle (a module re-exporting what imports it) stops there. */
  private readonly binding = new Set<FileState>();

  constructor(
    files: FileFacts[],
    readonly config: WalkerConfig,
    project: { name: string; version: string },
  ) {
    this.header = `${SCHEME} ${config.manager} ${escapeHeader(project.name)} ${escapeHeader(project.version)} `;
    if (config.imports.ownNameIsRoot) this.ownName = project.name.replace(/-/g, '_');
    this.nameSplit = splitter(config.nameSeparators);
    this.importSplit = splitter(config.imports.separators);
    this.cleanTypeName = typeNameCleaner(config.typeNames);
    const root = config.typeNames.dropRoot ? new RegExp(`^\\s*(?:${config.typeNames.dropRoot})`) : undefined;
    this.isRooted = (text) => root?.test(text) ?? false;
    this.states = files.map((facts, index) => {
      const module = fileModule(facts.path, config, facts.packageName);
      const container = this.header + module.namespaces.map(formatDescriptor).join('');
      this.containerByFile.set(facts.path, container);
      if (module.segments.length) this.moduleBySegments.set(module.segments.join('/'), container);
      return { facts, index, module, container, ids: [], opens: [], defined: new Set(), locals: new Map() };
    });
  }

  define(id: string, kind: SymKind, name: string, container: string | undefined, file: number, hover: string, parameters?: number): Sym {
    let sym = this.symbols.get(id);
    if (!sym) {
      sym = { id, kind, name, hover, file, supertypes: new Set(), externalSupertypes: new Set(), implementations: new Set(), ...(parameters !== undefined ? { parameters } : {}) };
      this.symbols.set(id, sym);
      // A declared namespace (`package a.b;`, `namespace A::B`) is a module imports can name; so is a type where the language says so.
      const importable = kind === 'namespace' || (this.config.typesAreModules && typeKinds.has(kind));
      const parsed = importable ? parseSymbol(id) : undefined;
      if (parsed && parsed.descriptors.every((d, i) => d.suffix === 'namespace' || (kind !== 'namespace' && i === parsed.descriptors.length - 1))) {
        const segments = parsed.descriptors.flatMap((d) => d.name.split('.'));
        if (!this.moduleBySegments.has(segments.join('/'))) this.moduleBySegments.set(segments.join('/'), id);
      }
      pushUnique(this.byName, name, id);
      if (container !== undefined) {
        let named = this.members.get(container);
        if (!named) this.members.set(container, (named = new Map()));
        pushUnique(named, name, id);
      }
    }
    return sym;
  }

  isType(id: string): boolean {
    return typeKinds.has(this.symbols.get(id)?.kind ?? 'impl');
  }

  /** Ids we resolve to are symbols or containers; a container without a symbol (`src/`, `com/`) is a namespace. */
  symOf(id: string): Sym {
    return this.symbols.get(id) ?? { id, kind: 'namespace', name: '', hover: '', file: -1, supertypes: new Set(), externalSupertypes: new Set(), implementations: new Set() };
  }

  /** The container an id sits in: its descriptors minus the last (the header at the top). */
  parentContainer(id: string): string {
    let parent = this.parents.get(id);
    if (parent === undefined) {
      const parsed = parseSymbol(id);
      parent = (parsed && ownerSymbol(id, parsed)) ?? this.header;
      this.parents.set(id, parent);
    }
    return parent;
  }

  // --- What a file's imports bind. ---

  importsOf(state: FileState): { bound: Map<string, string[]>; globs: string[] } {
    if (state.imports) return state.imports;
    this.binding.add(state);
    const bound = new Map<string, string[]>();
    const globs: string[] = [];
    for (const imp of state.facts.imports) {
      const modulePath = this.resolveModulePath(imp.path, state);
      // Every imported name is bound, even to something outside the corpus: it shadows corpus names.
      const local = imp.local ?? imp.member ?? this.importSplit(imp.path).pop()?.replace(/\.[^.]*$/, '');
      if (local && !imp.glob && !bound.has(local)) bound.set(local, []);
      if (imp.member !== undefined && local) {
        for (const id of modulePath ? this.resolvePath([...modulePath, imp.member]) : []) pushUnique(bound, local, id);
        continue;
      }
      const module = modulePath && this.findModule(modulePath);
      if (!module) continue;
      if (imp.glob) globs.push(module);
      else if (local) pushUnique(bound, local, this.exportOf(module) ?? module);
    }
    state.imports = { bound, globs };
    this.binding.delete(state);
    return state.imports;
  }

  /** What a module's file hands to an importer instead of the module itself (`return M`): one own top-level symbol of that name. */
  private exportOf(module: string): string | undefined {
    if (!this.exports) {
      this.exports = new Map();
      for (const state of this.states) {
        if (state.facts.exported === undefined) continue;
        const found = this.members.get(state.container)?.get(state.facts.exported) ?? [];
        if (found.length === 1) this.exports.set(state.container, found[0]!);
      }
    }
    return this.exports.get(module);
  }

  /** Module path segments an import names, absolute, or undefined when it points outside the corpus. */
  private resolveModulePath(path: string, state: FileState): string[] | undefined {
    const { imports } = this.config;
    if (imports.style === 'relative-path') {
      if (!path.startsWith('.') && !imports.bareRelative) return undefined;
      const base = posix.normalize(posix.join(posix.dirname(state.facts.path), path));
      const compiled = imports.compiledExtensions.find((ext) => base.endsWith(ext));
      const stem = compiled ? base.slice(0, -compiled.length) : base;
      for (const candidate of [base, ...imports.extensions.flatMap((ext) => [base + ext, stem + ext])]) {
        if (this.containerByFile.has(candidate)) return ['\0file', candidate];
      }
      return undefined;
    }
    let segments: string[];
    let relativeTo: string[] | undefined;
    const current = state.module.segments;
    if (imports.leadingDots && path.startsWith('.')) {
      const dots = /^\.+/.exec(path)![0].length;
      const packageSegments = isIndexFile(state.facts.path, this.config) ? current : current.slice(0, -1);
      relativeTo = packageSegments.slice(0, packageSegments.length - (dots - 1));
      segments = this.importSplit(path.slice(dots));
    } else {
      segments = this.importSplit(path);
      const word = this.rootWord(segments[0] ?? '');
      if (word) {
        relativeTo = relativeBase(word, current);
        segments = segments.slice(1);
      } else if (imports.childModules && this.moduleBySegments.has([...current, segments[0]].join('/'))) {
        relativeTo = current;
      }
    }
    return relativeTo ? [...relativeTo, ...segments] : segments;
  }

  private findModule(segments: string[]): string | undefined {
    if (segments[0] === '\0file') return segments.length === 2 ? this.containerByFile.get(segments[1]!) : undefined;
    const exact = this.moduleBySegments.get(segments.join('/'));
    if (exact) return exact;
    if (!this.config.imports.matchSuffix) return undefined;
    for (let start = 1; start < segments.length; start++) {
      const found = this.moduleBySegments.get(segments.slice(start).join('/'));
      if (found) return found;
    }
    return undefined;
  }

  /** A path's leading word relative to the importing module (`crate`, `super`), or the project's own name where that is the root. */
  private rootWord(word: string): 'root' | 'current' | 'parent' | undefined {
    return this.config.imports.relativeWords[word] ?? (word === this.ownName ? 'root' : undefined);
  }

  /**
   * The symbols a full path names: its longest prefix that is a module, then members (`a.b.Config.databaseUrl`);
   * where the project's name is its root, the root itself too, and a member a module's own imports hand on.
   */
  private resolvePath(segments: string[]): string[] {
    const isFile = segments[0] === '\0file';
    const shortest = isFile ? 2 : this.ownName === undefined ? 1 : 0;
    for (let n = segments.length; n >= shortest; n--) {
      const module = n === 0 ? this.header : this.findModule(segments.slice(0, n));
      if (!module) continue;
      // `require("a.b").f` reads f from what a/b hands out, when it hands out one table.
      let current = [n < segments.length ? (this.exportOf(module) ?? module) : module];
      for (const part of segments.slice(n)) current = current.flatMap((c) => this.membersOrHandedOn(c, part));
      return current;
    }
    return [];
  }

  /** A container's members of this name, or, where the project's name is its root, what a module's files import under it (`pub use`). */
  private membersOrHandedOn(container: string, name: string): string[] {
    const own = this.members.get(container)?.get(name) ?? [];
    if (own.length || this.ownName === undefined) return own;
    return this.states
      .filter((s) => s.container === container && !this.binding.has(s))
      .flatMap((s) => this.importsOf(s).bound.get(name) ?? []);
  }

  // --- What a name written somewhere in a file means. ---

  /** Containers visible from inside definition `scope` of a file, innermost first. */
  scopeChain(state: FileState, scope: number): string[] {
    const chain: string[] = [];
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      const opened = state.opens[d];
      if (opened && !chain.includes(opened)) chain.push(opened);
      // A member defined away from its type (a Go method, `DBImpl::Get`) still sees the type's members.
      const owner = state.ids[d] && this.parentContainer(state.ids[d]!);
      if (owner && this.isType(owner) && !chain.includes(owner)) chain.push(owner);
    }
    let prefix = state.container;
    while (prefix.length >= this.header.length) {
      if (!chain.includes(prefix)) chain.push(prefix);
      if (prefix === this.header) break;
      prefix = this.parentContainer(prefix);
    }
    return chain;
  }

  /** Members named `name` of a container, or of its own supertypes (nearest first) when it is a type. */
  membersNamed(container: string, name: string, inherited: boolean): string[] {
    const seen = new Set<string>([container]);
    let level = [container];
    while (level.length) {
      const found = level.flatMap((c) => this.members.get(c)?.get(name) ?? []);
      if (found.length || !inherited) return [...new Set(found)];
      level = level.flatMap((c) => [...(this.symbols.get(c)?.supertypes ?? [])]).filter((s) => !seen.has(s) && seen.add(s));
    }
    return [];
  }

  isLocal(state: FileState, scope: number, name: string): boolean {
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      if (state.locals.get(d)?.has(name)) return true;
    }
    return false;
  }

  localType(state: FileState, scope: number, name: string): LocalType | undefined {
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      const scoped = state.locals.get(d);
      if (scoped?.has(name)) return scoped.get(name);
    }
    return undefined;
  }

  /** Lexical scope, then imports, then what a glob import opens, then a name defined once in the corpus. */
  lookup(name: string, state: FileState, scope: number, accept: (s: Sym) => boolean, typesInScope: boolean, innermostSelf = false): string[] {
    // Another file's `static` function is no name here (an `#include "other.c"` would make it one: then the call stays unresolved).
    const accepted = (ids: string[]) => ids.filter((id) => accept(this.symOf(id)) && (this.fileLocal.get(id) ?? state.index) === state.index);
    const { bound, globs } = this.importsOf(state);
    // Enclosing types first, then what the file imports, then its namespaces: an import shadows a package's name.
    let importsChecked = false;
    // With `innermostSelf`, only the first class or module around the reference gives `self` its members.
    let selfHeld = false;
    for (const container of this.scopeChain(state, scope)) {
      const containerIsType = this.isType(container);
      const skipped = containerIsType && (!typesInScope || (innermostSelf && selfHeld));
      selfHeld ||= typeOrNamespace(this.symOf(container));
      if (skipped) continue;
      if (!containerIsType && !importsChecked) {
        importsChecked = true;
        if (bound.has(name)) return accepted(bound.get(name)!);
      }
      const found = accepted(this.membersNamed(container, name, containerIsType));
      if (found.length) return found;
    }
    if (!importsChecked && bound.has(name)) return accepted(bound.get(name)!);
    const opened = accepted(globs.flatMap((g) => this.members.get(g)?.get(name) ?? []));
    if (opened.length) return opened;
    if (!this.config.corpusUniqueNames) return [];
    // A bare name never reaches a member of some other type, so only free symbols count as corpus-unique.
    const everywhere = accepted(this.byName.get(name) ?? []).filter((id) => !this.isType(this.parentContainer(id)));
    return everywhere.length === 1 ? everywhere : [];
  }

  /** A bare call's candidates: every symbol the name reaches from its scope. */
  lookupCallee(name: string, state: FileState, scope: number): string[] {
    const accept = this.config.callsReachTerms ? anySymbol : (s: Sym) => anySymbol(s) && !termKinds.has(s.kind);
    return this.lookup(name, state, scope, accept, this.config.implicitSelfMembers, this.config.selfScope === 'innermost');
  }

  /**
   * Where a name is bound only once its definition ends (walker.recursion: declared, OCaml), the
   * definitions around a scope that it cannot name: all but those a pattern marks `@recursive`
   * (`let rec`, `module rec`). So `let exp x = exp x.re` calls the `exp` bound before it, and inside
   * `module Array = struct … end`, `Array.unsafe_set` is the outer `Array`'s.
   */
  unnamableAround(state: FileState, scope: number): ReadonlySet<string> {
    if (this.config.recursion !== 'declared') return NOTHING_UNNAMABLE;
    const out = new Set<string>();
    for (let d = scope; d >= 0; d = state.facts.definitions[d]!.parent) {
      const id = state.ids[d];
      if (id && !state.facts.definitions[d]!.recursive) out.add(id);
    }
    return out;
  }

  /** A possibly qualified name (`render.JSON`, `crate::a::B`) to the one own symbol or container it names. */
  resolveQualified(text: string, state: FileState, scope: number, accept: (s: Sym) => boolean, rooted = this.isRooted(text)): string | undefined {
    const parts = this.nameSplit(text).flatMap(this.importSplit).flatMap((p) => p.split('.')).filter(Boolean);
    if (parts.length === 0) return undefined;
    let current: string | undefined;
    let rest: string[];
    const word = this.rootWord(parts[0]!);
    if (word) {
      // `crate::a::b`, `super::x`: a path from a known module; the longest prefix that is a module wins.
      const absolute = [...relativeBase(word, state.module.segments), ...parts.slice(1)];
      let n = absolute.length;
      while (n > 0 && !this.moduleBySegments.has(absolute.slice(0, n).join('/'))) n -= 1;
      current = n > 0 ? this.moduleBySegments.get(absolute.slice(0, n).join('/')) : this.header;
      rest = absolute.slice(n);
    } else {
      // `::Logger` names the top-level Logger, never one in the namespaces around the reference.
      // A module its own body cannot name (types stay recursive: `type t = Leaf | Node of t`).
      const unnamable = rooted ? undefined : this.unnamableAround(state, scope);
      const first = rooted
        ? (this.members.get(this.header)?.get(parts[0]!) ?? []).filter((id) => typeOrNamespace(this.symOf(id)) || (parts.length === 1 && accept(this.symOf(id))))
        : this.lookup(parts[0]!, state, scope, (s) => (typeOrNamespace(s) || (parts.length === 1 && accept(s))) && !(namespaceKinds.has(s.kind) && unnamable!.has(s.id)), true);
      if (first.length > 1) return undefined;
      current = first[0];
      rest = parts.slice(1);
      if (!current) {
        // A namespace path from the root (`inventory.config`), or one no symbol declares (`com.example`).
        let n = parts.length;
        while (n > 0 && !this.moduleBySegments.has(parts.slice(0, n).join('/'))) n -= 1;
        if (n > 0) {
          current = this.moduleBySegments.get(parts.slice(0, n).join('/'));
          rest = parts.slice(n);
        } else {
          const namespace = this.header + parts.map((p) => formatDescriptor({ name: p, suffix: 'namespace' })).join('');
          return this.members.has(namespace) && accept(this.symOf(namespace)) ? namespace : undefined;
        }
      }
    }
    for (const part of rest) {
      const next = this.membersNamed(current!, part, this.isType(current!)).filter((id) => typeOrNamespace(this.symOf(id)) || accept(this.symOf(id)));
      if (next.length === 1) {
        current = next[0];
        continue;
      }
      const nested = current! + formatDescriptor({ name: part, suffix: 'namespace' });
      if (next.length === 0 && this.members.has(nested)) {
        current = nested;
        continue;
      }
      return undefined;
    }
    return current && accept(this.symOf(current)) ? current : undefined;
  }

  resolveType(text: string, state: FileState, scope: number): string | undefined {
    const name = this.cleanTypeName(text);
    if (!name) return undefined;
    return this.resolveQualified(name, state, scope, (s) => typeKinds.has(s.kind), this.isRooted(text));
  }

  /** A supertype as written: an own type, or a module mixed in (Ruby's `include`). */
  resolveSupertype(written: string, state: FileState, scope: number): string | undefined {
    return this.resolveQualified(this.cleanTypeName(written), state, scope, typeOrNamespace, this.isRooted(written));
  }

  /**
   * A supertype the corpus cannot define, as an id in no package: `std::error::Error` becomes
   * `lmc-tree-sitter cargo . . std/error/Error#`. Undefined when some own symbol has its name (the
   * name is ambiguous rather than outside the corpus), unless the caller knows the own one is not
   * meant (`shadowed`).
   */
  externalType(written: string, options: { shadowed?: boolean } = {}): string | undefined {
    const parts = this.nameSplit(this.cleanTypeName(written)).flatMap(this.importSplit).flatMap((p) => p.split('.')).filter(Boolean);
    const name = parts.pop();
    if (!name || !/^[A-Za-z_$][\w$]*$/.test(name) || (this.byName.has(name) && !options.shadowed)) return undefined;
    const namespaces = parts.map((p) => formatDescriptor({ name: p, suffix: 'namespace' })).join('');
    return `${SCHEME} ${this.config.manager} . . ${namespaces}${formatDescriptor({ name, suffix: 'type' })}`;
  }
}
