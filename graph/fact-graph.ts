import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLocalSymbol, ownerSymbol, parseSymbol, type ParsedSymbol } from './symbols.ts';
import { readCompactDocuments, SymbolRole, type CompactDocument } from './scip-reader.ts';
import { SymbolTable } from './symbol-table.ts';
import { addTo, compareStrings, IntList, pushTo, pushUnique, sortedUnique } from '../core/collections.ts';
import { callableKinds, SCIP_STATIC_METHOD, scipKindNames, termKinds, type SymbolKind } from '../core/contract.ts';
import { idiomRegExp, writtenInForm, type Idioms } from '../core/languages.ts';
import { SortedRanges } from '../core/ranges.ts';

/** [startLine, startChar, endLine, endChar], zero-based, as SCIP counts. */
export type Range = [number, number, number, number];

/** graph.undefinedTypes's key for a type at the top level, which no symbol contains. */
const TOP_LEVEL = '';

export interface SymbolFact {
  id: string;
  kind: SymbolKind;
  /** The last descriptor's name: what a bare-name lookup matches. */
  name: string;
  /** Descriptors without the package header and escapes, e.g. `inventory.models/Item#label().` */
  display: string;
  /** The corpus symbol that directly contains this one (a type or module), if any. */
  owner?: string;
  file: string;
  range: Range;
  enclosingRange?: Range;
  /** First line of the indexer's hover text, whitespace collapsed, when it gave one. */
  signature?: string;
  /** A method of the type itself, not of its instances, where the indexer says so (SCIP's StaticMethod kind). */
  static?: true;
}

export interface FactGraph {
  /** The package part every own symbol shares: `<scheme> <manager> <name> <version> `. */
  packagePrefix: string;
  symbols: Map<string, SymbolFact>;
  /** owner → direct members, sorted. */
  contains: Map<string, string[]>;
  /** caller → callees and callee → callers, sorted, own callables only. */
  calls: Map<string, string[]>;
  callers: Map<string, string[]>;
  /** type or method → what it directly implements / extends / overrides (own or external ids), sorted. */
  supertypes: Map<string, string[]>;
  /** file → symbols defined in it (modules excluded), sorted. */
  fileSymbols: Map<string, string[]>;
  /** Every document path the index covers, sorted. */
  files: string[];
  /** file → every own non-module definition occurrence with an enclosing range (overloads included), by start. */
  scopes: Map<string, Array<{ id: string; enclosingRange: Range }>>;
  /**
   * file → the name range of every definition occurrence of an own non-module symbol (overloads,
   * `#[cfg]` copies and build-tag twins included) as flat [line, startChar, endChar] triples, by
   * position; a definition spanning lines ends at the end of its first line. A text match on one of
   * these is no mention (docs/query-semantics.md, "text_search").
   */
  definitionSites: Map<string, number[]>;
  /**
   * file → the name range of every definition occurrence of a local (a variable or parameter bound
   * inside a body) as flat [line, startChar, endChar] triples, by position: a word written there
   * names that local, not a symbol of the same name.
   */
  localSites: Map<string, number[]>;
  /**
   * file → the own non-module symbols defined in it that are filed under another file (a C macro
   * defined in two files, a Go build-tag twin): its `file_symbols` leaves them out.
   */
  filedElsewhere: Map<string, string[]>;
  /**
   * file → 0-based line → the own variables, constants, fields and properties a definition
   * occurrence names there (every one: an OCaml `.mli`'s copy of a record field, a build-tag twin),
   * sorted: the terms a text match on that line may be credited to (docs/query-semantics.md, "Crediting").
   */
  termLines: Map<string, Map<number, string[]>>;
  /**
   * file → its module: the own module whose definition occurrence comes first in it (the outermost),
   * when that module is filed under the file. A file whose first module is filed elsewhere has none
   * (a Go package's second file, an OCaml `.mli` beside its `.ml`, a C# namespace opened in several
   * files): a match outside every definition there is credited to nothing.
   */
  fileModules: Map<string, string>;
  /**
   * Own modules and types, or '' for the top level, → the types directly under them that the index
   * gives members but no definition (scip-python's `class EmailStr(str):` inside `except ImportError:`;
   * the walker's `impl Hash for Inner` where `Inner` is a `use` of a nested module's type; Swift's
   * `extension AVCaptureConnection` at the top level), with the file of those members and their
   * names, sorted: their member lists, and lookups of those names, may lack what the text declares.
   */
  undefinedTypes: Map<string, Array<{ name: string; file: string; members: string[] }>>;
  /**
   * file → the enclosing ranges of definitions the index records under something no file defines
   * (prosody's `function parser.load(…)` on a local table, clap's `value_parser` in `impl
   * ValueParserFactory for String`), which are no symbols: a match in one is credited to the module
   * or type around it, while a reader places it in that definition.
   */
  unownedBodies: Map<string, Range[]>;
  /**
   * Calls the indexer could not resolve (a syntactic indexer records each as a reference to an
   * undefined local named after the callee; of a compiler-grade one, the calls written in the text
   * that it leaves unbound): the callee names, and the own symbols whose bodies hold one. A body
   * holding a call a syntactic indexer binds to a variable, constant, field or property is among
   * `bodies` too: the function that runs is the value's, and no call edge names it.
   */
  unresolved: {
    names: Set<string>;
    bodies: Set<string>;
    /**
     * Constructors a call may run that the index did not name: where it binds a construction to the
     * type (`JavaOnlyMap()`, `new WhereObservable<TR>(…)` of a type with several constructors), one of
     * the type's constructors runs, and the body making it is among `bodies`.
     */
    targets: Set<string>;
    /**
     * Bodies that assign to an attribute a compiler-grade index left unresolved (scip-python's
     * `self.examples = examples` in fastapi's `Param.__init__`, recorded as `local 4` with no
     * definition): the type around such a body may declare a member the index does not record.
     */
    assignments: Set<string>;
  };
  /**
   * Own callables called where no own definition's body holds the call, so no caller is credited
   * with it: a script's top-level code, a Lua handler registered at module level, a Zig `test`
   * block. Each with the files of those calls (sorted): a reference in a declaration file (an
   * OCaml `.mli`'s `external`) is no call, and a reader of the graph tells them apart.
   */
  calledOutsideBodies: Map<string, string[]>;
  /**
   * How many references inside own bodies the index binds to an own callable (call edges counted
   * with repeats), and how many calls it left unresolved: the call-resolution rate is
   * resolved / (resolved + unresolved).
   */
  callSites: { resolved: number; unresolved: number };
  /**
   * Own symbols named other than by a call from a body: by an import (a re-export such as Python's
   * `from .x import f as f`), by module-level code (`table = build()`), or as a value where the
   * language names a call form (`Depends(get_db)`). No caller is then no evidence that nothing uses them.
   */
  namedNotCalled: Set<string>;
}

type Site = [line: number, startChar: number, endChar: number];

/** Name sites by position, flattened: the form `definitionSites` and `localSites` keep. */
function flatByPosition(sites: Site[]): number[] {
  return sites.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).flat();
}

/** Occurrence i's range from a compact document's flat array, given the length SCIP gave it. */
function rangeAt(flat: number[], length: number, i: number): Range | undefined {
  if (length !== 3 && length !== 4) return undefined;
  const at = 4 * i;
  return length === 3 ? [flat[at]!, flat[at + 1]!, flat[at]!, flat[at + 2]!] : [flat[at]!, flat[at + 1]!, flat[at + 2]!, flat[at + 3]!];
}

/** The hover text's code, first block, whitespace collapsed: `def add(self, product: Product, count: int) -> None:`. */
function signatureOf(doc: string | undefined): string | undefined {
  if (!doc) return undefined;
  const fenced = /^```[A-Za-z]*\n([\s\S]*?)\n```/.exec(doc);
  const text = (fenced ? fenced[1]! : doc).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
  return text || undefined;
}

/** An own definition before its kind is known; its id is parsed only once every document is read. */
interface Candidate {
  id: string;
  handle: number;
  file: string;
  range: Range;
  enclosingRange?: Range;
}

/**
 * A symbol's kind: undefined for what never enters an answer set (decided by its descriptors);
 * otherwise SCIP's kind where the indexer set one (the walker does), else the kind its descriptors
 * and hover text imply (both npm indexers leave SCIP's kind unspecified).
 */
function kindOf(parsed: ParsedSymbol, signature: string | undefined, ownerKind: SymbolKind | undefined, scipKind: number | undefined): SymbolKind | undefined {
  const given = scipKindNames[scipKind ?? 0]?.kind;
  const inferred = inferKind(parsed, signature, ownerKind, given !== undefined);
  return inferred && (given ?? inferred);
}

/**
 * Decides the kind from the last descriptor, refined by the owner's descriptor and the hover
 * text's leading keyword. Returns undefined for what never enters an answer set: parameters, type
 * parameters, object-literal keys and other meta entries.
 */
function inferKind(parsed: ParsedSymbol, signature: string | undefined, ownerKind: SymbolKind | undefined, kindGiven: boolean): SymbolKind | undefined {
  const last = parsed.descriptors[parsed.descriptors.length - 1]!;
  const ownerIsType = parsed.descriptors.length > 1 && parsed.descriptors[parsed.descriptors.length - 2]!.suffix === 'type';
  const lead = signature?.split(/[\s(<:]/)[0] ?? '';
  switch (last.suffix) {
    case 'namespace':
      return 'module';
    case 'meta':
      // scip-python names a module `pkg.mod`/__init__:
      return last.name === '__init__' && parsed.descriptors.length === 2 ? 'module' : undefined;
    case 'type':
      if (lead === 'interface') return 'interface';
      if (lead === 'enum') return 'enum';
      if (lead === 'type') return 'type_alias';
      return 'class';
    case 'method':
      if (last.name === '<constructor>' || (ownerIsType && last.name === '__init__')) return 'constructor';
      return ownerIsType ? 'method' : 'function';
    case 'term':
      if (ownerKind === 'enum') return 'enum_member';
      if (ownerIsType) return lead === 'function' || lead === 'def' ? 'method' : signature?.startsWith('(property)') ? 'property' : 'field';
      // scip-typescript defines a binding for every CommonJS `require` (hover `name: type`,
      // `function f(…)`, `class X`, or `(property) x` for destructuring); TypeScript imports
      // get none, so neither do these. A real top-level function has a method descriptor. An
      // indexer that gives the kind (the walker) names no such binding: its top-level `(property)`
      // is one (Kotlin's `private val ZERO_RADII = floatArrayOf(…)`).
      if (!kindGiven && signature && (/^[A-Za-z_$][\w$]*\??: /.test(signature) || lead === 'function' || lead === 'class' || signature.startsWith('(property)'))) return undefined;
      if (lead === 'const' || signature?.startsWith('(constant)')) return 'constant';
      return 'variable';
    default:
      return undefined;
  }
}

function displayOf(parsed: ParsedSymbol): string {
  return parsed.descriptors
    .map((d) => {
      switch (d.suffix) {
        case 'namespace':
          return `${d.name}/`;
        case 'type':
          return `${d.name}#`;
        case 'method':
          // An overload's disambiguator stays: `Take(+2).` is not `Take().`, which is another symbol.
          return `${d.name}(${d.disambiguator ?? ''}).`;
        case 'meta':
          return `${d.name}:`;
        default:
          return `${d.name}.`;
      }
    })
    .join('');
}

function positionWithin(line: number, char: number, r: Range): boolean {
  return (line > r[0] || (line === r[0] && char >= r[1])) && (line < r[2] || (line === r[2] && char <= r[3]));
}

/**
 * Builds the fact graph from a SCIP index in one pass over its documents,
 * reading one at a time. Own symbols are those defined in the corpus's
 * documents under its own package. Symbol strings are interned to integers
 * as they are read, so the (enclosing definition, target) pair of every
 * reference costs two numbers; pairs become call edges once every
 * definition is known, sorted numerically by the rank of each id.
 */
/**
 * `source`, when given, is the indexed tree and the language's construction and call forms
 * (idioms.constructs, idioms.calls): a reference to an own class written as a construction there
 * (`Store(...)`, `new Store(...)`) counts as a call of the class's constructors, and where the
 * language names a call form, a reference to a function or method counts as a call only when
 * written as one (`f(`, not `Depends(f)` or `yield cls.validate`).
 *
 * `constants` (idioms.constants), when the language names one, is how it declares a constant: a
 * top-level variable whose kind comes from a hover text that does not say (scip-typescript writes
 * `var x` for `const x`) and whose definition is written so is a constant. `importBindings`
 * (idioms.importBindings) is how it binds a name to another module (`= require(`): a top-level
 * variable or constant written so is no definition.
 *
 * `definitionTime`, when the language names code that runs when a definition is made rather than
 * when it is called (syntax.definitionTime: Python's parameter lists, whose default values run at
 * `def`), reads the spans of that code in a file: a reference there is the scope's around the
 * definition, or outside every body at module level.
 *
 * `precision: 'compiler'`: the indexer binds only the calls it can type and leaves no trace of the others
 * (a compiler-grade indexer on untyped JavaScript: `decorators.hasKey(…)` names the exported object's
 * key, `Reply.buildReply(Reply)` nothing at all). Every call written in the text (the language's call
 * form after a name) is then checked against the index: one whose name has no occurrence there, or
 * only that of an own symbol that is not callable, or that lies in no own definition's body (so no
 * caller is credited with it), is unresolved, by its name and in its body, when an own callable has
 * that name, just as the walker records a call it cannot bind.
 *
 * `precision: 'syntactic'`: every reference the index records is a call (the tree-sitter walker), so
 * one bound to a type is a construction whose constructor the index could not tell (`unresolved.targets`).
 */
export async function buildFactGraph(
  indexPath: string,
  project: { name: string },
  source?: {
    treeDir: string;
    constructs: Idioms['constructs'];
    calls: Idioms['calls'];
    constants?: Idioms['constants'];
    importBindings?: Idioms['importBindings'];
    precision?: 'compiler' | 'syntactic';
    definitionTime?: (file: string, text: string) => number[];
  },
): Promise<FactGraph> {
  const constructs = source && (source.constructs.before || source.constructs.after) ? source.constructs : undefined;
  const constantForm = source?.constants && (source.constants.before || source.constants.after) ? source.constants : undefined;
  const importForm = source?.importBindings?.after ? source.importBindings : undefined;
  const callForm = source && (source.calls.before || source.calls.after) ? source.calls : undefined;
  const textCallForm = source?.precision === 'compiler' && source.calls.after ? source.calls.after : undefined;
  const callsOnly = source?.precision === 'syntactic';
  const compilerGrade = source?.precision === 'compiler';
  /** Bodies that assign to an attribute the index left unresolved (a compiler-grade index). */
  const unresolvedAssignments = new Set<string>();
  /** Calls written in the text, with the handles of the occurrences at their names and their bodies (a compiler-grade index). */
  const writtenCalls: Array<{ name: string; handles: number[]; body?: string }> = [];
  /** Names an own function may be called by: a key or variable given it as a value on the line that defines it (a compiler-grade index). */
  const aliases: Array<{ name: string; handle: number }> = [];
  const table = new SymbolTable();
  const strings = table.strings;
  /**
   * Per handle, filled when first asked: bit 7 set once known; bits 0-1 the class, 1 when the symbol
   * is `local …`, 2 under the corpus's package, 0 neither; ENDS_METHOD / ENDS_TYPE when its last
   * descriptor is a method (`).`) or a type (`#`). A byte per symbol, so the loop over every
   * reference never touches the symbol's string.
   */
  let symbolBits = new Uint8Array(1 << 16);
  const KNOWN = 0x80;
  const ENDS_METHOD = 0x04;
  const ENDS_TYPE = 0x08;
  const LOCAL = 1;
  const OWN_PACKAGE = 2;
  const bitsOf = (handle: number): number => {
    if (handle >= symbolBits.length) {
      const grown = new Uint8Array(Math.max(2 * symbolBits.length, handle + 1));
      grown.set(symbolBits);
      symbolBits = grown;
    }
    const known = symbolBits[handle]!;
    if (known & KNOWN) return known;
    const symbol = strings[handle]!;
    let c: number;
    if (isLocalSymbol(symbol)) c = LOCAL;
    else if (packagePrefix && symbol.startsWith(packagePrefix)) c = OWN_PACKAGE;
    else {
      const parsed = parseSymbol(symbol);
      if (parsed?.packageName === project.name) {
        // The first own symbol fixes the package prefix: `<scheme> <manager> <name> <version> `.
        packagePrefix ||= symbol.slice(0, parsed.descriptorOffsets[0]);
        c = OWN_PACKAGE;
      } else c = 0;
    }
    const bits = KNOWN | c | (symbol.endsWith(').') ? ENDS_METHOD : 0) | (symbol.endsWith('#') ? ENDS_TYPE : 0);
    symbolBits[handle] = bits;
    return bits;
  };
  const classOf = (handle: number): number => bitsOf(handle) & 3;

  /** Own definitions by handle, and the handles in the order they were first defined. */
  const candidates: Array<Candidate | undefined> = [];
  const definitionOrder: number[] = [];
  /** The last SymbolInformation seen for a symbol wins, as a whole: its hover text and what it implements. */
  const hover: Array<string | undefined> = [];
  const scipKinds: Array<number | undefined> = [];
  const implemented: Array<number[] | undefined> = [];
  /** (enclosing definition, referenced symbol) handle pairs. */
  const referenceFrom = new IntList();
  const referenceTo = new IntList();
  const scopeCandidates: Array<{ file: string; id: string; handle: number; enclosingRange: Range }> = [];
  /** Per file: [handle, line, startChar, endChar] of every own definition occurrence, in document order. */
  const siteCandidates = new Map<string, number[]>();
  /** Per file: the name site of every local's definition occurrence. */
  const localSiteCandidates = new Map<string, Site[]>();
  const unresolvedNames = new Set<string>();
  const namedOutside = new Set<number>();
  /** Handle → files of its references outside every own body that are written as calls (where the language names a call form). */
  const calledOutside = new Map<number, Set<string>>();
  const unresolvedBodies = new Set<string>();
  let unresolvedSites = 0;
  /** (enclosing definition, type) handle pairs of calls bound to a type (a syntactic index). */
  const typeCallFrom: number[] = [];
  const typeCallTo: number[] = [];
  /** (enclosing definition, type) handle pairs of references written as constructions. */
  const constructFrom: number[] = [];
  const constructTo: number[] = [];
  const files: string[] = [];
  let packagePrefix = '';

  for await (const doc of readCompactDocuments(indexPath, table)) {
    files.push(doc.relativePath);
    for (const info of doc.infos) {
      if (classOf(info.symbol) === LOCAL) continue;
      hover[info.symbol] = info.documentation;
      scipKinds[info.symbol] = info.kind;
      const supers = info.implements.filter((h) => h !== info.symbol && classOf(h) !== LOCAL);
      implemented[info.symbol] = supers.length ? supers : undefined;
    }

    // Definitions in this document under the project's own package; every other occurrence may be a reference.
    const occurrences = doc.symbol.length;
    const scopes: Candidate[] = [];
    const refs: number[] = [];
    const definedLocals = new Set<number>();
    for (let i = 0; i < occurrences; i++) {
      const handle = doc.symbol[i]!;
      const symbolClassHere = classOf(handle);
      if (!(doc.roles[i]! & SymbolRole.Definition)) {
        if (!(doc.roles[i]! & SymbolRole.Import) && doc.rangeLength[i]! >= 3) refs.push(i);
        else if (symbolClassHere === OWN_PACKAGE) namedOutside.add(handle);
        continue;
      }
      if (symbolClassHere === LOCAL) {
        definedLocals.add(handle);
        const range = rangeAt(doc.range, doc.rangeLength[i]!, i);
        if (range) pushTo(localSiteCandidates, doc.relativePath, [range[0], range[1], range[2] === range[0] ? range[3] : Number.MAX_SAFE_INTEGER]);
        continue;
      }
      if (symbolClassHere !== OWN_PACKAGE) continue;
      const range = rangeAt(doc.range, doc.rangeLength[i]!, i);
      if (!range) continue;
      const enclosingRange = rangeAt(doc.enclosingRange, doc.enclosingLength[i]!, i);
      let sites = siteCandidates.get(doc.relativePath);
      if (!sites) siteCandidates.set(doc.relativePath, (sites = []));
      sites.push(handle, range[0], range[1], range[2] === range[0] ? range[3] : Number.MAX_SAFE_INTEGER);
      const id = strings[handle]!;
      const candidate: Candidate = { id, handle, file: doc.relativePath, range, ...(enclosingRange ? { enclosingRange } : {}) };
      if (enclosingRange && !isModuleSymbol(id)) scopes.push(candidate);
      const previous = candidates[handle];
      if (!previous) definitionOrder.push(handle);
      // A symbol defined in several places (declaration merging) keeps its first definition by file order.
      if (!previous || compareStrings(doc.relativePath, previous.file) < 0) candidates[handle] = candidate;
    }

    // References inside a definition's enclosing range, credited to the innermost one.
    scopes.sort((a, b) => a.enclosingRange![0] - b.enclosingRange![0] || a.enclosingRange![1] - b.enclosingRange![1] ||
      b.enclosingRange![2] - a.enclosingRange![2] || b.enclosingRange![3] - a.enclosingRange![3]);
    for (const d of scopes) scopeCandidates.push({ file: doc.relativePath, id: d.id, handle: d.handle, enclosingRange: d.enclosingRange! });
    // A local with a name but no definition in its document stands for an unresolved call.
    const unresolvedHere = new Map<number, string>();
    for (const info of doc.infos) if (classOf(info.symbol) === LOCAL && info.displayName && !definedLocals.has(info.symbol)) unresolvedHere.set(info.symbol, info.displayName);
    const position = doc.range;
    // Indexers mostly write occurrences in order already; a sort with a comparator is then work for nothing.
    const byPosition = (a: number, b: number) => position[4 * a]! - position[4 * b]! || position[4 * a + 1]! - position[4 * b + 1]!;
    if (!refs.every((r, k) => k === 0 || byPosition(refs[k - 1]!, r) <= 0)) refs.sort(byPosition);
    const scopeAt = innermostScopes(scopes);
    let lines: string[] | undefined;
    const linesOf = () => (lines ??= readFileSync(join(source!.treeDir, doc.relativePath), 'utf8').split('\n'));
    const madeAt = definitionTimeSpans(source?.definitionTime, doc.relativePath, () => linesOf().join('\n'));
    for (const i of refs) {
      const handle = doc.symbol[i]!;
      const local = classOf(handle) === LOCAL;
      const unresolvedName = local ? unresolvedHere.get(handle) : undefined;
      // Of a compiler-grade index, a local with no definition in its document, named or not, may be an
      // attribute the body assigns (`self.examples = …`); else only a named one is read, as a call.
      const undefinedLocal = local && compilerGrade && !definedLocals.has(handle);
      if (local && unresolvedName === undefined && !undefinedLocal) continue;
      const line = position[4 * i]!;
      const char = position[4 * i + 1]!;
      const end = position[4 * i + (doc.rangeLength[i] === 3 ? 2 : 3)]!;
      const innermost = scopeAt(line, char);
      if (undefinedLocal && innermost && assignsMember(linesOf()[line] ?? '', char, end)) unresolvedAssignments.add(innermost.id);
      if (unresolvedName !== undefined) {
        unresolvedSites += 1;
        unresolvedNames.add(unresolvedName);
        if (innermost) unresolvedBodies.add(innermost.id);
        continue;
      }
      if (local) continue;
      // Only a symbol under the corpus's package can become a call edge.
      const bits = bitsOf(handle);
      if ((bits & 3) !== OWN_PACKAGE) continue;
      const endsType = (bits & ENDS_TYPE) !== 0;
      const endsMethod = (bits & ENDS_METHOD) !== 0;
      const constructed = !!constructs && endsType && writtenInForm(linesOf()[line] ?? '', char, end, constructs);
      // Only a reference that may make a call edge asks whether it runs when its definition is made: a
      // file is parsed only when one lies in a body.
      const mayCall = endsMethod || constructed || (callsOnly && endsType);
      const scope = innermost && mayCall ? scopeAt(line, char, madeAt(line, char)) : innermost;
      if (!scope) {
        namedOutside.add(handle);
        if (!callForm || writtenInForm(linesOf()[line] ?? '', char, end, callForm)) addTo(calledOutside, handle, doc.relativePath);
        continue;
      }
      if (callForm && endsMethod) {
        if (!writtenInForm(linesOf()[line] ?? '', char, end, callForm)) {
          namedOutside.add(handle);
          continue;
        }
      }
      referenceFrom.push(scope.handle);
      referenceTo.push(handle);
      if (callsOnly && endsType) {
        typeCallFrom.push(scope.handle);
        typeCallTo.push(handle);
      }
      if (constructed) {
        constructFrom.push(scope.handle);
        constructTo.push(handle);
      }
    }
    if (textCallForm) {
      for (const site of callsWrittenIn(linesOf(), textCallForm, doc, scopes)) writtenCalls.push(site);
      for (const alias of aliasesIn(linesOf(), textCallForm, doc, (h) => classOf(h) === OWN_PACKAGE)) aliases.push(alias);
    }
  }

  // Kinds need the owner's kind (enum members), so owners come first: fewer descriptors first, and
  // scip-python's module marker before its siblings. Within that, document order, which is fixed.
  const sourceLines = new Map<string, string[]>();
  /** Whether a definition's line is written in a form of the language (its constant form: a hover that says `var` for `const`; its import form). */
  const writtenInFormAt = (c: Candidate, form: { before?: string; after?: string }): boolean => {
    let lines = sourceLines.get(c.file);
    if (!lines) sourceLines.set(c.file, (lines = readFileSync(join(source!.treeDir, c.file), 'utf8').replace(/^\uFEFF/, '').split('\n')));
    const text = lines[c.range[0]] ?? '';
    return writtenInForm(text, c.range[1], c.range[2] === c.range[0] ? c.range[3] : text.length, form);
  };
  const namespaceToModule = new Map<string, string>();
  /** A member whose owner is a type with no definition: noted under that type's own owner, when that is own. */
  const noteUndefinedType = (owner: string, file: string, member: string): void => {
    const parsedOwner = parseSymbol(owner);
    const last = parsedOwner?.descriptors[parsedOwner.descriptors.length - 1];
    if (!parsedOwner || last?.suffix !== 'type') return;
    // A type at the top level (Swift's `extension AVCaptureConnection`, an Objective-C category on
    // `NSString`) has no container: it is noted under '', the corpus's root.
    let container = parsedOwner.descriptors.length === 1 ? TOP_LEVEL : ownerSymbol(owner, parsedOwner);
    if (container && namespaceToModule.has(container)) container = namespaceToModule.get(container);
    if (container === undefined || (container !== TOP_LEVEL && !unordered.has(container))) return;
    const list = undefinedTypes.get(container) ?? [];
    let entry = list.find((t) => t.name === last.name && t.file === file);
    if (!entry) list.push((entry = { name: last.name, file, members: [] }));
    if (!entry.members.includes(member)) entry.members.push(member);
    undefinedTypes.set(container, list);
  };
  const byDepth: Array<Array<{ c: Candidate; handle: number; parsed: ParsedSymbol }>> = [];
  for (const handle of definitionOrder) {
    const c = candidates[handle]!;
    const parsed = parseSymbol(c.id)!;
    const depth = parsed.descriptors.length * 2 + (isModuleDescriptor(parsed) ? 0 : 1);
    (byDepth[depth] ??= []).push({ c, handle, parsed });
    if (isModuleDescriptor(parsed) && parsed.descriptors[parsed.descriptors.length - 1]!.suffix === 'meta') {
      namespaceToModule.set(c.id.slice(0, parsed.descriptorOffsets[parsed.descriptors.length - 1]), c.id);
    }
  }
  const unordered = new Map<string, { fact: SymbolFact; handle: number }>();
  const unowned = new Set<number>();
  const undefinedTypes = new Map<string, Array<{ name: string; file: string; members: string[] }>>();
  for (const group of byDepth) {
    for (const { c, handle, parsed } of group ?? []) {
      const signature = signatureOf(hover[handle]);
      let owner = ownerSymbol(c.id, parsed);
      if (owner && namespaceToModule.has(owner) && namespaceToModule.get(owner) !== c.id) owner = namespaceToModule.get(owner);
      const ownerFact = owner ? unordered.get(owner)?.fact : undefined;
      let kind = kindOf(parsed, signature, ownerFact?.kind, scipKinds[handle]);
      if (!kind) continue;
      // A top-level binding written in the language's import form (`const keys = require('./symbols')`) names another module's value.
      if ((kind === 'variable' || kind === 'constant') && ownerFact?.kind === 'module' && importForm && writtenInFormAt(c, importForm)) continue;
      if (kind === 'variable' && constantForm && !scipKinds[handle] && writtenInFormAt(c, constantForm)) kind = 'constant';
      // Members of something that is not own (a local function, an object literal, a namespace no file
      // defines) are not addressable on their own; a module under an undefined directory is top-level.
      if (owner && !ownerFact && kind !== 'module') {
        noteUndefinedType(owner, c.file, parsed.descriptors[parsed.descriptors.length - 1]!.name);
        unowned.add(handle);
        continue;
      }
      const name = kind === 'module' ? moduleName(parsed) : parsed.descriptors[parsed.descriptors.length - 1]!.name;
      if (!name) continue;
      const fact: SymbolFact = {
        id: c.id,
        kind,
        name,
        display: displayOf(parsed),
        ...(ownerFact ? { owner: ownerFact.id } : {}),
        file: c.file,
        range: c.range,
        ...(c.enclosingRange ? { enclosingRange: c.enclosingRange } : {}),
        ...(signature ? { signature } : {}),
        ...(scipKinds[handle] === SCIP_STATIC_METHOD ? { static: true as const } : {}),
      };
      unordered.set(c.id, { fact, handle });
    }
  }
  for (const list of undefinedTypes.values()) {
    list.sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.file, b.file));
    for (const t of list) t.members.sort(compareStrings);
  }
  candidates.length = 0;
  hover.length = 0;
  scipKinds.length = 0;

  // Ranks in id order: every list below is built in that order, so it comes out sorted and unique.
  const ids = [...unordered.keys()].sort();
  const symbols = new Map<string, SymbolFact>();
  const contains = new Map<string, string[]>();
  const fileSymbols = new Map<string, string[]>();
  const supertypes = new Map<string, string[]>();
  /** Per handle: the rank of an own symbol, -1 for any other; and whether it is callable. */
  const rankOfHandle = new Int32Array(strings.length).fill(-1);
  const callable = new Uint8Array(strings.length);
  const factOfRank: SymbolFact[] = [];
  ids.forEach((id, rank) => {
    const { fact: s, handle } = unordered.get(id)!;
    symbols.set(id, s);
    factOfRank.push(s);
    rankOfHandle[handle] = rank;
    if (callableKinds.has(s.kind)) callable[handle] = 1;
    if (s.owner) push(contains, s.owner, s.id);
    if (s.kind !== 'module') push(fileSymbols, s.file, s.id);
    const supers = implemented[handle];
    if (supers) supertypes.set(s.id, sortedUnique(supers.map((h) => strings[h]!)));
  });
  // A construction calls every constructor the class itself declares.
  for (let i = 0; i < constructFrom.length; i++) {
    const type = symbols.get(strings[constructTo[i]!]!);
    if (type?.kind !== 'class') continue;
    for (const member of contains.get(type.id) ?? []) {
      const m = unordered.get(member)!;
      if (m.fact.kind !== 'constructor') continue;
      referenceFrom.push(constructFrom[i]!);
      referenceTo.push(m.handle);
    }
  }
  // A call bound to a type runs one of the constructors it declares, which one the index could not tell.
  const unresolvedTargets = new Set<string>();
  for (let i = 0; i < typeCallFrom.length; i++) {
    const type = symbols.get(strings[typeCallTo[i]!]!);
    const constructors = type ? (contains.get(type.id) ?? []).filter((m) => unordered.get(m)!.fact.kind === 'constructor') : [];
    if (constructors.length === 0) continue;
    for (const c of constructors) unresolvedTargets.add(c);
    unresolvedBodies.add(strings[typeCallFrom[i]!]!);
  }
  unordered.clear();

  const definitionSites = new Map<string, number[]>();
  const filedElsewhere = new Map<string, string[]>();
  const termLines = new Map<string, Map<number, string[]>>();
  const fileModules = new Map<string, string>();
  for (const [file, raw] of siteCandidates) {
    const triples: Site[] = [];
    let first: { line: number; char: number; module: SymbolFact } | undefined;
    for (let i = 0; i < raw.length; i += 4) {
      const rank = rankOfHandle[raw[i]!]!;
      const symbol = rank >= 0 ? factOfRank[rank]! : undefined;
      if (symbol?.kind === 'module' && (!first || raw[i + 1]! < first.line || (raw[i + 1] === first.line && raw[i + 2]! < first.char))) {
        first = { line: raw[i + 1]!, char: raw[i + 2]!, module: symbol };
      }
      if (!symbol || symbol.kind === 'module') continue;
      triples.push([raw[i + 1]!, raw[i + 2]!, raw[i + 3]!]);
      if (symbol.file !== file) pushUnique(filedElsewhere, file, symbol.id);
      if (termKinds.has(symbol.kind)) {
        let lines = termLines.get(file);
        if (!lines) termLines.set(file, (lines = new Map()));
        pushUnique(lines, raw[i + 1]!, symbol.id);
      }
    }
    if (first?.module.file === file) fileModules.set(file, first.module.id);
    if (triples.length) definitionSites.set(file, flatByPosition(triples));
  }
  siteCandidates.clear();
  const localSites = new Map<string, number[]>();
  for (const [file, sites] of localSiteCandidates) localSites.set(file, flatByPosition(sites));
  localSiteCandidates.clear();
  for (const lines of termLines.values()) for (const ids of lines.values()) ids.sort(compareStrings);

  const { calls, callers, edges } = callEdges(referenceFrom, referenceTo, rankOfHandle, callable, ids);
  // A syntactic index's call bound to a term (OCaml's point-free `let of_int = id`, a field holding a
  // function) runs a function no call edge names: that body's callees are not all known.
  if (callsOnly) {
    for (let i = 0; i < referenceFrom.length; i++) {
      const from = rankOfHandle[referenceFrom.get(i)]!;
      const to = rankOfHandle[referenceTo.get(i)]!;
      if (from >= 0 && to >= 0 && termKinds.has(factOfRank[to]!.kind)) unresolvedBodies.add(factOfRank[from]!.id);
    }
  }
  // A call in the body of a definition that is no symbol (a method of a type no file defines, as Haskell's
  // `instance Show (IO …)`, a function in an object literal) credits no caller, as one outside every body does.
  let fileOfScope: Map<number, string> | undefined;
  for (let i = 0; i < referenceFrom.length; i++) {
    const to = referenceTo.get(i);
    if (rankOfHandle[referenceFrom.get(i)]! >= 0 || rankOfHandle[to]! < 0 || !callable[to]) continue;
    // Made only when some call lies in such a body: most indexes have none.
    fileOfScope ??= new Map(scopeCandidates.map((c) => [c.handle, c.file]));
    addTo(calledOutside, to, fileOfScope.get(referenceFrom.get(i))!);
  }

  if (writtenCalls.length) {
    const ownCallableNames = new Set([...symbols.values()].filter((s) => callableKinds.has(s.kind)).map((s) => s.name));
    /** Written name → the own functions it may stand for (`exist: checkExistence`, `{ hasKey }`). */
    const standsFor = new Map<string, Set<string>>();
    for (const { name, handle } of aliases) {
      const target = callable[handle] === 1 ? symbols.get(strings[handle]!) : undefined;
      if (target) (standsFor.get(name) ?? standsFor.set(name, new Set()).get(name)!).add(target.name);
    }
    // A call is known when it names a symbol of another package (a library call), or, inside an own
    // body, an own callable. A local may be an own function under another binding
    // (`const { wrapThenable } = require(…)`), an own symbol that is not callable may be a key holding
    // one, and outside every body (module-level code, `Reply.prototype.send = function …`) no caller
    // is credited with the call.
    const known = (site: (typeof writtenCalls)[number]) =>
      site.handles.some((h) => classOf(h) === 0 || (site.body !== undefined && classOf(h) === OWN_PACKAGE && callable[h] === 1));
    for (const site of writtenCalls) {
      const names = [site.name, ...(standsFor.get(site.name) ?? [])].filter((n) => ownCallableNames.has(n));
      if (names.length === 0 || known(site)) continue;
      unresolvedSites += 1;
      for (const name of names) unresolvedNames.add(name);
      if (site.body) unresolvedBodies.add(site.body);
    }
  }

  const scopesByFile = new Map<string, Array<{ id: string; enclosingRange: Range }>>();
  const unownedBodies = new Map<string, Range[]>();
  for (const c of scopeCandidates) {
    if (unowned.has(c.handle)) pushTo(unownedBodies, c.file, c.enclosingRange);
    if (rankOfHandle[c.handle]! < 0) continue;
    const list = scopesByFile.get(c.file);
    if (list) list.push({ id: c.id, enclosingRange: c.enclosingRange });
    else scopesByFile.set(c.file, [{ id: c.id, enclosingRange: c.enclosingRange }]);
  }
  return {
    packagePrefix,
    symbols,
    contains,
    calls,
    callers,
    supertypes,
    fileSymbols,
    files: sortedUnique(files),
    scopes: scopesByFile,
    definitionSites,
    localSites,
    filedElsewhere,
    termLines,
    fileModules,
    undefinedTypes,
    unownedBodies,
    unresolved: {
      names: unresolvedNames,
      bodies: new Set([...unresolvedBodies].filter((id) => symbols.has(id))),
      targets: unresolvedTargets,
      assignments: new Set([...unresolvedAssignments].filter((id) => symbols.has(id))),
    },
    callSites: { resolved: edges, unresolved: unresolvedSites },
    namedNotCalled: new Set([...namedOutside].map((h) => strings[h]!).filter((id) => symbols.has(id))),
    calledOutsideBodies: new Map(
      [...calledOutside]
        .filter(([h]) => callable[h] === 1)
        .map(([h, files]) => [strings[h]!, [...files].sort(compareStrings)] as [string, string[]])
        .sort((a, b) => compareStrings(a[0], b[0])),
    ),
  };
}

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/gu;
/** The text after a name that assigns to it (`= value`, Python's annotated `: int = value`), not a comparison. */
const ASSIGNED = /^\s*(?::[^=]*)?=(?![=>])/;

/** Whether the name at [start, end) of a line is an attribute assigned a value (`self.examples = examples`). */
function assignsMember(line: string, start: number, end: number): boolean {
  return line[start - 1] === '.' && ASSIGNED.test(line.slice(end));
}

/**
 * The calls written in a document's text: every name the language's call form follows (`after`, such
 * as `^\s*\(`), with the handles of the index's occurrences that start at the name and the innermost
 * own definition around it. Comments and strings are read too: a call named there can only make a
 * question less likely to be asked.
 */
function callsWrittenIn(lines: string[], after: string, doc: CompactDocument, scopes: Array<{ id: string; enclosingRange?: Range }>): Array<{ name: string; handles: number[]; body?: string }> {
  const form = idiomRegExp(after);
  const at = new Map<number, number[]>();
  const definedAt = new Set<number>();
  for (let i = 0; i < doc.symbol.length; i++) {
    const key = doc.range[4 * i]! * 1_000_000 + doc.range[4 * i + 1]!;
    if (doc.roles[i]! & SymbolRole.Definition) definedAt.add(key);
    const list = at.get(key);
    if (list) list.push(doc.symbol[i]!);
    else at.set(key, [doc.symbol[i]!]);
  }
  const sites: Array<{ name: string; handles: number[]; body?: string }> = [];
  // Names are met in text order, so the innermost definition around each is found in one pass.
  const scopeAt = innermostScopes(scopes);
  lines.forEach((text, line) => {
    for (const m of text.matchAll(IDENTIFIER)) {
      const end = m.index + m[0].length;
      // A definition's own name (`function f (`, `def f(`) is no call.
      if (definedAt.has(line * 1_000_000 + m.index) || !form.test(text.slice(end))) continue;
      // A call in a definition-time span stays its definition's here: an unbound call only makes that body's callees unknown.
      const body = scopeAt(line, m.index);
      sites.push({ name: m[0], handles: at.get(line * 1_000_000 + m.index) ?? [], ...(body ? { body: body.id } : {}) });
    }
  });
  return sites;
}

/**
 * The names a line gives own functions as values: where a line defines an own key or variable
 * (`exist: checkExistence,`, the shorthand `{ hasKey }`, `const run = build`) and names an own
 * symbol without calling it, a call written with the key's name may be a call of that symbol.
 * The name is the key's text, since an indexer may suffix its descriptor (`hasKey0:`).
 */
function aliasesIn(lines: string[], after: string, doc: CompactDocument, own: (handle: number) => boolean): Array<{ name: string; handle: number }> {
  const form = idiomRegExp(after);
  const keys = new Map<number, string[]>();
  const values = new Map<number, number[]>();
  for (let i = 0; i < doc.symbol.length; i++) {
    const handle = doc.symbol[i]!;
    if (!own(handle) || doc.rangeLength[i] !== 3) continue;
    const [line, start, end] = [doc.range[4 * i]!, doc.range[4 * i + 1]!, doc.range[4 * i + 2]!];
    const text = lines[line] ?? '';
    if (doc.roles[i]! & SymbolRole.Definition) pushTo(keys, line, text.slice(start, end));
    else if (!form.test(text.slice(end))) pushTo(values, line, handle);
  }
  const out: Array<{ name: string; handle: number }> = [];
  for (const [line, names] of keys) for (const handle of values.get(line) ?? []) for (const name of names) out.push({ name, handle });
  return out;
}

/**
 * caller → callees and callee → callers from interned reference pairs. Each
 * pair whose ends are own symbols and whose target is callable becomes a pair
 * of ranks in id order; a counting sort by head then gives every list in
 * order without comparing a single string.
 */
function callEdges(
  referenceFrom: IntList,
  referenceTo: IntList,
  rankOfHandle: Int32Array,
  callable: Uint8Array,
  ids: string[],
): { calls: Map<string, string[]>; callers: Map<string, string[]>; edges: number } {
  const from = new Int32Array(referenceFrom.length);
  const to = new Int32Array(referenceFrom.length);
  let edges = 0;
  for (let i = 0; i < referenceFrom.length; i++) {
    const f = rankOfHandle[referenceFrom.get(i)]!;
    const t = rankOfHandle[referenceTo.get(i)]!;
    if (f < 0 || t < 0 || !callable[referenceTo.get(i)]) continue;
    from[edges] = f;
    to[edges] = t;
    edges += 1;
  }
  return { calls: adjacency(from, to, edges, ids), callers: adjacency(to, from, edges, ids), edges };
}

/** head → sorted, de-duplicated tails, for the first `count` (head, tail) rank pairs; keys in id order. */
function adjacency(heads: Int32Array, tails: Int32Array, count: number, ids: string[]): Map<string, string[]> {
  const start = new Int32Array(ids.length + 1);
  for (let i = 0; i < count; i++) start[heads[i]! + 1]! += 1;
  for (let h = 0; h < ids.length; h++) start[h + 1]! += start[h]!;
  const cursor = start.slice(0, ids.length);
  const grouped = new Int32Array(count);
  for (let i = 0; i < count; i++) grouped[cursor[heads[i]!]!++] = tails[i]!;
  const out = new Map<string, string[]>();
  for (let h = 0; h < ids.length; h++) {
    if (start[h] === start[h + 1]) continue;
    const segment = grouped.subarray(start[h]!, start[h + 1]!).sort();
    const list: string[] = [];
    for (let j = 0; j < segment.length; j++) if (j === 0 || segment[j] !== segment[j - 1]) list.push(ids[segment[j]!]!);
    out.set(ids[h]!, list);
  }
  return out;
}


function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The innermost definition around each position, asked in ascending order: `scopes` sorted by start,
 * outer first on ties. A stack of the open ones makes a document's positions one pass.
 */
function innermostScopes<T extends { enclosingRange?: Range }>(scopes: readonly T[]): (line: number, char: number, madeAt?: Range) => T | undefined {
  const stack: T[] = [];
  let next = 0;
  return (line, char, madeAt) => {
    while (next < scopes.length && !isAfter(scopes[next]!.enclosingRange!, line, char)) stack.push(scopes[next++]!);
    while (stack.length && !positionWithin(line, char, stack[stack.length - 1]!.enclosingRange!)) stack.pop();
    // Code that runs when a definition is made (`madeAt`, the span of that code) belongs to the scope around that definition.
    // Below the top, the stack may hold ended siblings: only one still around the position counts.
    let made = madeAt ? stack.length - 1 : -1;
    while (made >= 0 && !positionWithin(madeAt![0], madeAt![1], stack[made]!.enclosingRange!)) made--;
    if (made >= 0) {
      for (let k = made - 1; k >= 0; k--) if (positionWithin(line, char, stack[k]!.enclosingRange!)) return stack[k];
      return undefined;
    }
    return stack[stack.length - 1];
  };
}

/**
 * The definition-time spans of a document (`source.definitionTime`), asked by position: the span
 * holding it, if any. The file is parsed on the first question.
 */
function definitionTimeSpans(read: ((file: string, text: string) => number[]) | undefined, file: string, text: () => string): (line: number, char: number) => Range | undefined {
  let ranges: { flat: number[]; sorted: SortedRanges } | undefined;
  return (line, char) => {
    if (!read) return undefined;
    if (!ranges) {
      const flat = read(file, text());
      ranges = { flat, sorted: new SortedRanges(flat) };
    }
    for (const i of ranges.sorted.around(line, char, false)) return [ranges.flat[4 * i]!, ranges.flat[4 * i + 1]!, ranges.flat[4 * i + 2]!, ranges.flat[4 * i + 3]!];
    return undefined;
  };
}

function isAfter(r: Range, line: number, char: number): boolean {
  return r[0] > line || (r[0] === line && r[1] > char);
}

/** isModuleDescriptor without a full parse for the common cases: a namespace ends in `/`. */
function isModuleSymbol(symbol: string): boolean {
  if (symbol.endsWith('/')) return true;
  if (!symbol.endsWith('__init__:')) return false;
  const parsed = parseSymbol(symbol);
  return !!parsed && isModuleDescriptor(parsed);
}

function isModuleDescriptor(parsed: ParsedSymbol): boolean {
  const last = parsed.descriptors[parsed.descriptors.length - 1]!;
  return last.suffix === 'namespace' || (last.suffix === 'meta' && last.name === '__init__' && parsed.descriptors.length === 2);
}


/** A module's path of names, the types it is nested in included (Ruby's `Rack::Response::Helpers` is `Rack/Response/Helpers`, not `Rack/Helpers`). */
function moduleName(parsed: ParsedSymbol): string {
  return parsed.descriptors.filter((d) => d.suffix === 'namespace' || d.suffix === 'type').map((d) => d.name).join('/');
}
