import { isLocalSymbol, ownerSymbol, parseSymbol, type ParsedSymbol } from './symbols.ts';
import { readScipIndex, SymbolRole, type ScipSymbolInformation } from './scip-reader.ts';

/** Our kind vocabulary: what `lookup.kind` and `orphans.kind` take, and what the manifest documents. */
export const symbolKinds = [
  'module',
  'class',
  'interface',
  'enum',
  'enum_member',
  'type_alias',
  'function',
  'method',
  'constructor',
  'field',
  'property',
  'variable',
  'constant',
] as const;
export type SymbolKind = (typeof symbolKinds)[number];

export const callableKinds: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor']);
export const typeKinds: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'enum', 'type_alias']);

/** [startLine, startChar, endLine, endChar], zero-based, as SCIP counts. */
export type Range = [number, number, number, number];

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
   * Calls the indexer could not resolve (a syntactic indexer records each as a reference to an
   * undefined local named after the callee): the callee names, and the own symbols whose bodies
   * hold one. Empty for compiler-grade indexes.
   */
  unresolved: { names: Set<string>; bodies: Set<string> };
}

/** Test code by the conventions of the languages we index; generators ask about it only in TestGen. */
export function isTestFile(path: string): boolean {
  return (
    /(^|\/)(tests?|Tests?|__tests__|spec)\//.test(path) ||
    /\.(test|spec)(-d)?\.[cm]?[jt]sx?$/.test(path) ||
    /(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/.test(path) ||
    /_test\.go$|_spec\.rb$|Tests?\.(php|java|cs)$/.test(path)
  );
}

function toRange(r: number[] | undefined): Range | undefined {
  if (!r || (r.length !== 3 && r.length !== 4)) return undefined;
  return r.length === 3 ? [r[0]!, r[1]!, r[0]!, r[2]!] : [r[0]!, r[1]!, r[2]!, r[3]!];
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareStrings);
}

/** The hover text's code, first block, whitespace collapsed: `def add(self, product: Product, count: int) -> None:`. */
function signatureOf(info: ScipSymbolInformation | undefined): string | undefined {
  const doc = info?.documentation[0];
  if (!doc) return undefined;
  const fenced = /^```[A-Za-z]*\n([\s\S]*?)\n```/.exec(doc);
  const text = (fenced ? fenced[1]! : doc).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
  return text || undefined;
}

interface Candidate {
  id: string;
  parsed: ParsedSymbol;
  file: string;
  range: Range;
  enclosingRange?: Range;
  info?: ScipSymbolInformation;
}

/**
 * Decides the kind from the last descriptor (both npm indexers leave SCIP's
 * kind unspecified), refined by the owner's descriptor and the hover text's
 * leading keyword. Returns undefined for what never enters an answer set:
 * parameters, type parameters, object-literal keys and other meta entries.
 */
function inferKind(parsed: ParsedSymbol, signature: string | undefined, ownerKind: SymbolKind | undefined): SymbolKind | undefined {
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
      // get none, so neither do these. A real top-level function has a method descriptor.
      if (signature && (/^[A-Za-z_$][\w$]*\??: /.test(signature) || lead === 'function' || lead === 'class' || signature.startsWith('(property)'))) return undefined;
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
          return `${d.name}().`;
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
 * Builds the fact graph from a SCIP index, reading one document at a time.
 * Own symbols are those defined in the corpus's documents under its own
 * package; references are kept as (enclosing definition, target) pairs and
 * resolved into call edges once every definition is known.
 */
export async function buildFactGraph(indexPath: string, project: { name: string }): Promise<FactGraph> {
  const candidates = new Map<string, Candidate>();
  const infos = new Map<string, ScipSymbolInformation>();
  const referencePairs: Array<[string, string]> = [];
  const scopeCandidates: Array<{ file: string; id: string; enclosingRange: Range }> = [];
  const unresolvedNames = new Set<string>();
  const unresolvedBodies = new Set<string>();
  const files: string[] = [];
  let packagePrefix = '';

  for await (const entry of readScipIndex(indexPath)) {
    if (entry.field !== 'document') continue;
    const doc = entry.value;
    files.push(doc.relativePath);
    for (const info of doc.symbols) if (!isLocalSymbol(info.symbol)) infos.set(info.symbol, info);

    // Definitions in this document under the project's own package.
    const definitionsHere: Candidate[] = [];
    for (const occ of doc.occurrences) {
      if (!(occ.symbolRoles & SymbolRole.Definition) || isLocalSymbol(occ.symbol)) continue;
      const parsed = parseSymbol(occ.symbol);
      if (!parsed || parsed.packageName !== project.name) continue;
      const range = toRange(occ.range);
      if (!range) continue;
      if (!packagePrefix) packagePrefix = occ.symbol.slice(0, parsed.descriptorOffsets[0]);
      const enclosingRange = toRange(occ.enclosingRange);
      const candidate: Candidate = { id: occ.symbol, parsed, file: doc.relativePath, range, ...(enclosingRange ? { enclosingRange } : {}) };
      definitionsHere.push(candidate);
      const previous = candidates.get(occ.symbol);
      // A symbol defined in several places (declaration merging) keeps its first definition by file order.
      if (!previous || compareStrings(doc.relativePath, previous.file) < 0) candidates.set(occ.symbol, candidate);
    }

    // References inside a definition's enclosing range, credited to the innermost one.
    const scopes = definitionsHere
      .filter((d) => d.enclosingRange && !isModuleDescriptor(d.parsed))
      .sort((a, b) => a.enclosingRange![0] - b.enclosingRange![0] || a.enclosingRange![1] - b.enclosingRange![1] ||
        b.enclosingRange![2] - a.enclosingRange![2] || b.enclosingRange![3] - a.enclosingRange![3]);
    for (const d of scopes) scopeCandidates.push({ file: doc.relativePath, id: d.id, enclosingRange: d.enclosingRange! });
    // A local with a name but no definition in its document stands for an unresolved call.
    const definedLocals = new Set(doc.occurrences.filter((o) => o.symbolRoles & SymbolRole.Definition && isLocalSymbol(o.symbol)).map((o) => o.symbol));
    const unresolvedHere = new Map<string, string>();
    for (const info of doc.symbols) if (isLocalSymbol(info.symbol) && info.displayName && !definedLocals.has(info.symbol)) unresolvedHere.set(info.symbol, info.displayName);
    const refs = doc.occurrences
      .filter((o) => !(o.symbolRoles & (SymbolRole.Definition | SymbolRole.Import)) && (!isLocalSymbol(o.symbol) || unresolvedHere.has(o.symbol)) && o.range.length >= 3)
      .sort((a, b) => a.range[0]! - b.range[0]! || a.range[1]! - b.range[1]!);
    const stack: Candidate[] = [];
    let next = 0;
    for (const ref of refs) {
      const line = ref.range[0]!;
      const char = ref.range[1]!;
      while (next < scopes.length && !isAfter(scopes[next]!.enclosingRange!, line, char)) stack.push(scopes[next++]!);
      while (stack.length && !positionWithin(line, char, stack[stack.length - 1]!.enclosingRange!)) stack.pop();
      const scope = stack[stack.length - 1];
      const unresolvedName = unresolvedHere.get(ref.symbol);
      if (unresolvedName !== undefined) {
        unresolvedNames.add(unresolvedName);
        if (scope) unresolvedBodies.add(scope.id);
      } else if (scope) referencePairs.push([scope.id, ref.symbol]);
    }
  }

  // Kinds need the owner's kind (enum members), so resolve owners first, shortest ids first.
  const symbols = new Map<string, SymbolFact>();
  const namespaceToModule = new Map<string, string>();
  for (const c of candidates.values()) {
    if (isModuleDescriptor(c.parsed) && c.parsed.descriptors[c.parsed.descriptors.length - 1]!.suffix === 'meta') {
      namespaceToModule.set(c.id.slice(0, c.parsed.descriptorOffsets[c.parsed.descriptors.length - 1]), c.id);
    }
  }
  // Owners before members: shorter ids first, and scip-python's module marker before its siblings.
  const ordered = [...candidates.values()].sort(
    (a, b) =>
      a.parsed.descriptors.length - b.parsed.descriptors.length ||
      Number(!isModuleDescriptor(a.parsed)) - Number(!isModuleDescriptor(b.parsed)) ||
      compareStrings(a.id, b.id),
  );
  for (const c of ordered) {
    const info = infos.get(c.id);
    const signature = signatureOf(info);
    let owner = ownerSymbol(c.id, c.parsed);
    if (owner && namespaceToModule.has(owner) && namespaceToModule.get(owner) !== c.id) owner = namespaceToModule.get(owner);
    const ownerFact = owner ? symbols.get(owner) : undefined;
    const kind = inferKind(c.parsed, signature, ownerFact?.kind);
    if (!kind) continue;
    // Members of something that is not own (a local function, an object literal, a namespace no file
    // defines) are not addressable on their own; a module under an undefined directory is top-level.
    if (owner && !ownerFact && kind !== 'module') continue;
    const name = kind === 'module' ? moduleName(c.parsed) : c.parsed.descriptors[c.parsed.descriptors.length - 1]!.name;
    if (!name) continue;
    symbols.set(c.id, {
      id: c.id,
      kind,
      name,
      display: displayOf(c.parsed),
      ...(ownerFact ? { owner: ownerFact.id } : {}),
      file: c.file,
      range: c.range,
      ...(c.enclosingRange ? { enclosingRange: c.enclosingRange } : {}),
      ...(signature ? { signature } : {}),
    });
  }

  const contains = new Map<string, string[]>();
  const fileSymbols = new Map<string, string[]>();
  for (const s of symbols.values()) {
    if (s.owner) push(contains, s.owner, s.id);
    if (s.kind !== 'module') push(fileSymbols, s.file, s.id);
  }

  const calls = new Map<string, string[]>();
  const callers = new Map<string, string[]>();
  for (const [from, to] of referencePairs) {
    const callee = symbols.get(to);
    if (!callee || !callableKinds.has(callee.kind) || !symbols.has(from)) continue;
    push(calls, from, to);
    push(callers, to, from);
  }

  const supertypes = new Map<string, string[]>();
  for (const s of symbols.values()) {
    const rels = infos.get(s.id)?.relationships ?? [];
    for (const r of rels) if (r.isImplementation && r.symbol !== s.id && !isLocalSymbol(r.symbol)) push(supertypes, s.id, r.symbol);
  }

  for (const map of [contains, fileSymbols, calls, callers, supertypes]) for (const [k, v] of map) map.set(k, sortedUnique(v));
  const scopesByFile = new Map<string, Array<{ id: string; enclosingRange: Range }>>();
  for (const c of scopeCandidates) {
    if (!symbols.has(c.id)) continue;
    const list = scopesByFile.get(c.file);
    if (list) list.push({ id: c.id, enclosingRange: c.enclosingRange });
    else scopesByFile.set(c.file, [{ id: c.id, enclosingRange: c.enclosingRange }]);
  }
  return {
    packagePrefix,
    symbols: new Map([...symbols.entries()].sort(([a], [b]) => compareStrings(a, b))),
    contains,
    calls,
    callers,
    supertypes,
    fileSymbols,
    files: sortedUnique(files),
    scopes: scopesByFile,
    unresolved: { names: unresolvedNames, bodies: new Set([...unresolvedBodies].filter((id) => symbols.has(id))) },
  };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function isAfter(r: Range, line: number, char: number): boolean {
  return r[0] > line || (r[0] === line && r[1] > char);
}

function isModuleDescriptor(parsed: ParsedSymbol): boolean {
  const last = parsed.descriptors[parsed.descriptors.length - 1]!;
  return last.suffix === 'namespace' || (last.suffix === 'meta' && last.name === '__init__' && parsed.descriptors.length === 2);
}


function moduleName(parsed: ParsedSymbol): string {
  return parsed.descriptors.filter((d) => d.suffix === 'namespace').map((d) => d.name).join('/');
}
