import type { Node, QueryCapture, Tree } from 'web-tree-sitter';
import type { LoadedGrammar } from '../../core/grammars.ts';
import { definitionKinds, type DefinitionKind } from '../../core/languages.ts';
import { pushTo } from '../../core/collections.ts';

/** [startLine, startChar, endLine, endChar], zero-based, UTF-16 columns as web-tree-sitter counts them. */
export type Range = [number, number, number, number];

export interface RawDefinition {
  kind: DefinitionKind;
  name: string;
  nameRange: Range;
  /** The whole declaration, for the definition's enclosing_range. */
  range: Range;
  /** Character offsets of the region its members live in: the node, or the rest of the file for `package x;`. */
  start: number;
  end: number;
  /** The type this definition belongs to regardless of nesting: a Go receiver, a Rust `impl` target. */
  owner?: string;
  /** A member assigned through `self`/`this` inside a method belongs to the enclosing type. */
  ownedByEnclosingType: boolean;
  /** `(#set! owner "file")`: belongs to the file wherever it is written (a C function inside an Objective-C `@implementation`). */
  fileLevel?: true;
  /** The receiver variable of a Go method, which stands for the type inside the body. */
  selfName?: string;
  /** The declaration up to its body, whitespace collapsed. */
  text: string;
  /** Index of the innermost definition (of any kind) that contains this one, -1 at file level. */
  parent: number;
  /** Names of what this declaration extends or implements, as written. */
  supertypes: string[];
  /** Names of the types it embeds (a Go struct's unnamed fields), as written: their methods are promoted to it. */
  embeds?: string[];
  parameters?: number;
  /** Character offsets of the parameter list: a default value there runs wherever this is called. */
  parameterSpan?: [number, number];
  /** The parameter list runs when the definition is made (`syntax.definitionTime`), not when it is called. */
  parametersAtDefinition?: true;
  /** A term with a body of code (a computed property's getter, C# accessors): it encloses what its body references. */
  hasBody?: true;
  /** `@declaration`: names a value or function the same container defines elsewhere (an OCaml `.mli`'s `val`, a Haskell type signature); never a symbol of its own. */
  declares?: true;
  /** `@recursive`: the definition may call itself by name (OCaml's `let rec`), where `walker.recursion` is `declared`. */
  recursive?: true;
  /** `@static`: a member of the type itself, not of its instances (a Kotlin companion object's function). */
  static?: true;
  /** `@file_local`: a callable no other file can name (C's `static` at file level). */
  fileLocal?: true;
  /** `(#set! expands "inline")`: a macro, whose text is expanded where it is called (C's function-like macros). */
  expandsInline?: true;
  /** `@extension`: a method callable on a value of its first parameter's type (C#'s `this` parameter). */
  extension?: true;
  /** `@declaration` with `(#set! declaration "forward")`: a variable of its own where no value or function of the name follows (Lua's `local a, b`). */
  forward?: true;
  /** `@result`: the types it hands back, as written, in order (Go's `(c *Context, r *Engine)`). */
  results?: string[];
}

export interface RawCall {
  name: string;
  range: Range;
  /** `new T()`/`T.new`: the name is a type whose constructor is called. */
  isNew: boolean;
  /** `(#set! new "enclosing-type")`: Ruby's bare `new(...)` in a class method constructs the type around it. */
  ofEnclosingType?: true;
  /**
   * `field`: a field of the type around the call, named by `text` (`self.cmd` in `self.cmd.build()`);
   * `call`: the call whose value the receiver is, by its index among the file's calls (`gin.New()` in `gin.New().Group(…)`).
   */
  receiver?: { kind: 'self' | 'super' | 'field' | 'expression'; text: string; call?: number };
  arguments?: number;
  /** Innermost definition containing the call, -1 at file level. */
  scope: number;
  /**
   * Never bound to a target: read from text the grammar did not parse as code (a parse error, a macro's
   * definition), or `(#set! call "unbound")`, a value that may be called under another name.
   */
  unbound?: true;
  /** `(#set! call "unless-local")`: a bare name (Ruby's `query_string`), no call where a local of that name is bound. */
  unlessLocal?: true;
  /**
   * `(#set! call "if-defined")`: a word handed to a command that runs it (Bash's `runner -- bats_sort`,
   * which calls `"$@"`): never bound, and counted as an unresolved call only where it names a callable
   * the corpus defines; any other word is no call.
   */
  ifDefined?: true;
  /**
   * `(#set! call "constructor")`: a constructor handing on to another (Java's `super(…)` and `this(…)`,
   * Kotlin's `: super(…)`, C#'s `: base(…)`): a constructor of the type around it (`@receiver.self`) or
   * of a type it directly extends (`@receiver.super`): the one taking as many parameters as the call passes.
   */
  delegates?: true;
}

export interface RawImport {
  path: string;
  /** The name bound in this file; a module import binds the module, a member import the member. */
  local?: string;
  member?: string;
  /** `import a.b.*`, `using A.B;`: every member of the module becomes visible. */
  glob: boolean;
}

export interface RawLocal {
  scope: number;
  name: string;
  type: string;
  /** Where the binding names it. */
  range: Range;
  /**
   * `@local.value`: the binding takes what a call hands back, the `position`-th of the `count` names the
   * statement binds (`c, _ := CreateTestContext(w)`); `call` indexes the file's calls.
   */
  fromCall?: { call: number; position: number; count: number };
}

export interface FileFacts {
  path: string;
  /** The package the file declares (`package gin`), for modules named by it. */
  packageName?: string;
  /** The name of what the file hands to whoever imports it whole (Lua's `return M`). */
  exported?: string;
  definitions: RawDefinition[];
  calls: RawCall[];
  imports: RawImport[];
  locals: RawLocal[];
  /** Range covering the whole file, for the module symbol's enclosing range. */
  fileRange: Range;
}

const termKinds = new Set<DefinitionKind>(['field', 'property', 'constant', 'variable', 'enum_member']);
const typeKinds = new Set<DefinitionKind>(['class', 'struct', 'interface', 'trait', 'mixin', 'enum', 'type', 'alias', 'union']);
const kindOfCapture = new Map<string, DefinitionKind>(definitionKinds.map((k) => [`definition.${k}`, k]));
const MAX_SIGNATURE = 240;
const specificity: Partial<Record<DefinitionKind, number>> = { constructor: 2, struct: 1, enum: 1, union: 1, constant: 1 };

function rangeOf(node: Node): Range {
  return [node.startPosition.row, node.startPosition.column, node.endPosition.row, node.endPosition.column];
}

/**
 * A declaration's range without the whitespace some nodes end with (a `#define` takes its line's
 * newline): a half-open range ending at column 0 of the next line would seem to cover what starts there.
 */
function declarationRange(node: Node, source: string): Range {
  let end = node.endIndex;
  while (end > node.startIndex && /\s/.test(source[end - 1]!)) end--;
  if (end === node.endIndex) return rangeOf(node);
  const skipped = source.slice(end, node.endIndex);
  const newlines = skipped.split('\n').length - 1;
  if (newlines === 0) return [node.startPosition.row, node.startPosition.column, node.endPosition.row, node.endPosition.column - skipped.length];
  return [node.startPosition.row, node.startPosition.column, node.endPosition.row - newlines, end - (source.lastIndexOf('\n', end - 1) + 1)];
}

function unquote(text: string): string {
  return text.replace(/^["'`<]|["'`>]$/g, '');
}

/** Declaration text up to the body: `func (c *Context) JSON(code int, obj any)`. */
function signatureText(source: string, node: Node, body: Node | undefined): string {
  const end = body && body.startIndex > node.startIndex ? body.startIndex : node.endIndex;
  let text = source.slice(node.startIndex, end).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
  text = text.replace(/\s*(\{|=>|=|:|;)$/, '').trim();
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE)}…` : text;
}

/** Where the name node of a definition keyed `start:end` starts; an anonymous scope (`scope:…`) has none. */
function nameStart(key: string): number | undefined {
  return key.startsWith('scope:') ? undefined : Number(key.slice(0, key.indexOf(':')));
}

/** A node's span as `start:end`, inside any parentheses around it (`(new B())` is the `new B()` it holds). */
function spanInside(node: Node): string {
  let inner = node;
  while (inner.type.startsWith('parenthesized') && inner.namedChildCount === 1) inner = inner.namedChild(0)!;
  return `${inner.startIndex}:${inner.endIndex}`;
}

/** Offsets where the queries already read a name: a call, a definition, a local binding. */
function takenOffsets(callSites: Array<{ start: number }>, definitionKeys: Iterable<string>, locals: Array<{ start: number }>): Set<number> {
  const taken = new Set<number>([...callSites, ...locals].map((site) => site.start));
  for (const key of definitionKeys) {
    const start = nameStart(key);
    if (start !== undefined) taken.add(start);
  }
  return taken;
}

/** Text the grammar read as no code of its own (a span of a parse error, or blanked for the grammar): its calls are read from the text as written. */
export interface BlankedText {
  startIndex: number;
  endIndex: number;
}

/**
 * The calls written in text the grammar did not read as code, by the language's `callsInText` (the first
 * group that matched is the callee): each is a call nobody can bind, so the name's callers and the
 * body's callees are never taken to be known. A name the queries read at the same place is left to them.
 */
function callsWrittenInText(source: string, nodes: readonly BlankedText[], callsInText: RegExp, taken: Set<number>): Array<Omit<RawCall, 'scope'> & { start: number }> {
  const sites = new Map<number, Omit<RawCall, 'scope'> & { start: number }>();
  let lineStarts: number[] | undefined;
  for (const node of nodes) {
    const text = source.slice(node.startIndex, node.endIndex);
    for (const match of text.matchAll(callsInText)) {
      const group = match.findIndex((g, i) => i > 0 && g !== undefined);
      if (group < 0) continue;
      const name = match[group]!;
      const start = node.startIndex + match.indices![group]![0];
      if (taken.has(start) || sites.has(start)) continue;
      lineStarts ??= lineStartsOf(source);
      sites.set(start, { name, range: rangeBetween(lineStarts, start, start + name.length), start, isNew: false, unbound: true });
    }
  }
  return [...sites.values()];
}

/** `{name}=` → `location=`; `set{Name}` → `setValue`. */
function writerName(template: string, name: string): string {
  return template.replaceAll('{name}', name).replaceAll('{Name}', name.charAt(0).toUpperCase() + name.slice(1));
}

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The range of [start, end) on one line, from the offsets where lines start. */
function rangeBetween(lineStarts: number[], start: number, end: number): Range {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid]! <= start) low = mid;
    else high = mid - 1;
  }
  return [low, start - lineStarts[low]!, low, end - lineStarts[low]!];
}

function capturesByName(captures: QueryCapture[]): Map<string, Node[]> {
  const map = new Map<string, Node[]>();
  for (const c of captures) {
    const list = map.get(c.name);
    if (list) list.push(c.node);
    else map.set(c.name, [c.node]);
  }
  return map;
}

/** Where a bound name stands among the names its statement binds: `_` in `c, _ := f()` is 1 of 2. */
function placeAmongNames(name: Node): { position: number; count: number } {
  const names = (name.parent?.namedChildren ?? [name]).filter((n): n is Node => n !== null && n.type === name.type);
  return { position: names.findIndex((n) => n.startIndex === name.startIndex), count: names.length };
}

function namedChildCount(node: Node | undefined): number | undefined {
  return node ? node.namedChildren.filter((c) => c && c.type !== 'comment').length : undefined;
}

/** How many parameters a parameter list declares: one per parameter node, or one per name where a node names several (Go's `a, b string`). */
function parameterCount(node: Node | undefined): number | undefined {
  if (!node) return undefined;
  return node.namedChildren.reduce((n, c) => n + (!c || c.type === 'comment' ? 0 : Math.max(1, c.childrenForFieldName('name').length)), 0);
}

/**
 * For regions sorted by start (`[start, end)`), a function from an offset to the last region that
 * contains it (the innermost, where regions nest), or -1. `up[j]` is the last earlier region reaching
 * past region j's start; the regions between it and j end before j starts, so they hold no offset j
 * could, and a walk skips them. Each question walks outward from the last region starting at or before
 * the offset, so it costs the nesting depth and a binary search, not a pass over the file's regions.
 */
export function innermostRegion(regions: ReadonlyArray<{ start: number; end: number }>): (offset: number) => number {
  const up = new Int32Array(regions.length);
  regions.forEach((region, j) => {
    let k = j - 1;
    while (k >= 0 && regions[k]!.end <= region.start) k = up[k]!;
    up[j] = k;
  });
  return (offset) => {
    let low = 0;
    let high = regions.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (regions[mid]!.start <= offset) low = mid + 1;
      else high = mid;
    }
    let j = low - 1;
    while (j >= 0 && regions[j]!.end <= offset) j = up[j]!;
    return j;
  };
}

/** The language's rules the extraction reads besides its queries (language.json's `walker`). */
export interface TextRules {
  /** `walker.callsInText`, compiled with the `g` and `d` flags. */
  callsInText: RegExp;
  /** `walker.writer`: the name of the method `x.name = v` calls. */
  writer: string;
  /** `syntax.definitionTime`: node types of code that runs when the definition around it is made (Python's `parameters`). */
  definitionTime: ReadonlySet<string>;
  /** `syntax.comments`: node types of comments and documentation. */
  comments: ReadonlySet<string>;
}

/** A pattern's `outside` list as a set, made once per distinct list rather than once per match. */
const outsideSets = new Map<string, ReadonlySet<string>>();
function outsideTypes(list: string): ReadonlySet<string> {
  let types = outsideSets.get(list);
  if (!types) outsideSets.set(list, (types = new Set(list.split(' '))));
  return types;
}

function hasAncestorOfType(node: Node, types: ReadonlySet<string>): boolean {
  for (let n = node.parent; n; n = n.parent) if (types.has(n.type)) return true;
  return false;
}

/** The file's last top-level node that is no comment. */
function lastStatement(root: Node, comments: ReadonlySet<string>): Node | undefined {
  for (let i = root.childCount - 1; i >= 0; i--) {
    const child = root.child(i);
    if (child && !comments.has(child.type)) return child;
  }
  return undefined;
}

/**
 * Runs the language's compiled query once over a parsed file and turns the captures into plain facts,
 * so the tree can be freed before resolution. Capture names are the whole contract with the queries.
 */
export function extractFacts(path: string, source: string, tree: Tree, grammar: LoadedGrammar, rules: TextRules, blanked: readonly BlankedText[] = []): FileFacts {
  const root = tree.rootNode;
  const facts: FileFacts = {
    path,
    definitions: [],
    calls: [],
    imports: [],
    locals: [],
    fileRange: [0, 0, root.endPosition.row, root.endPosition.column],
  };
  // Several patterns may name the same declaration (a decorated and a plain function); the widest node wins.
  const byNameNode = new Map<string, RawDefinition>();
  const suppressed = new Set<string>();
  const fileScopedDefinitions = new Set<RawDefinition>();
  const inheritance: Array<{ sub: Node; supertype: string; embeds: boolean }> = [];
  const callSites: Array<Omit<RawCall, 'scope'> & { start: number; receiverNode?: string }> = [];
  const writerCalls = new Set<number>();
  /** Name offsets a pattern marks `(#set! call "none")`: no call, whatever another pattern read there. */
  const notCalls = new Set<number>();
  /** Name offsets of the callables a pattern marks `@extension`, `@recursive`, `@static` or `@file_local`. */
  const extensionNames = new Set<number>();
  const recursiveNames = new Set<number>();
  const staticNames = new Set<number>();
  const fileLocalNames = new Set<number>();
  /** Bare names that are calls unless a local binds them, kept where no other pattern read the name. */
  const bareNames: Array<Omit<RawCall, 'scope'> & { start: number }> = [];
  // `inType`: bound in the type around it rather than the innermost scope (Kotlin's constructor parameters).
  const localSites: Array<{ start: number; name: string; type: string; range: Range; inType?: boolean; value?: { node: string; position: number; count: number } }> = [];
  /** Each call node (`start:end`) by the offset of its callee's name, so a binding can name the call whose value it takes. */
  const callNameAt = new Map<string, number>();
  /** `@result` types by the name node (`start:end`) of the callable handing them back, with where each is written. */
  const resultsOf = new Map<string, Array<{ start: number; text: string }>>();
  // Text the grammar did not read as code: a parse error, what a pattern marks `@unparsed` (a macro's definition) and what was blanked for it.
  const unparsed: BlankedText[] = [...blanked, ...(root.hasError ? root.descendantsOfType('ERROR').filter((n): n is Node => n !== null) : [])];

  for (const match of grammar.query.matches(root)) {
    const caps = capturesByName(match.captures);
    const first = (name: string) => caps.get(name)?.[0];
    const props = match.setProperties ?? {};

    const extensionName = first('extension') && first('name');
    if (extensionName) {
      extensionNames.add(extensionName.startIndex);
      continue;
    }
    const recursiveName = first('recursive') && first('name');
    if (recursiveName) {
      recursiveNames.add(recursiveName.startIndex);
      continue;
    }
    const staticName = first('static') && first('name');
    if (staticName) {
      staticNames.add(staticName.startIndex);
      continue;
    }
    const fileLocalName = first('file_local') && first('name');
    if (fileLocalName) {
      fileLocalNames.add(fileLocalName.startIndex);
      continue;
    }
    const unparsedNode = first('unparsed');
    if (unparsedNode) {
      unparsed.push(unparsedNode);
      if (props.definition !== 'none') continue;
    }
    const packageNode = first('package');
    if (packageNode) facts.packageName = packageNode.text;
    const exportNode = first('export');
    if (exportNode) {
      facts.exported = exportNode.text;
      continue;
    }

    const resultOf = first('result.of');
    if (resultOf) {
      const key = `${resultOf.startIndex}:${resultOf.endIndex}`;
      for (const result of caps.get('result') ?? []) pushTo(resultsOf, key, { start: result.startIndex, text: result.text });
      continue;
    }

    const definitionCapture = match.captures.find((c) => kindOfCapture.has(c.name));
    const nameNode = first('name');
    // `(#set! definition "none")`: a narrower pattern vetoes what a general one would define here.
    if (props.definition === 'none' && nameNode) {
      suppressed.add(`${nameNode.startIndex}:${nameNode.endIndex}`);
      continue;
    }
    // An anonymous function (`function () {}`, a lambda): no symbol, but what it declares is local.
    const anonymous = first('scope');
    if (anonymous) {
      byNameNode.set(`scope:${anonymous.startIndex}:${anonymous.endIndex}`, {
        kind: 'function',
        name: '',
        nameRange: rangeOf(anonymous),
        range: rangeOf(anonymous),
        start: anonymous.startIndex,
        end: anonymous.endIndex,
        ownedByEnclosingType: false,
        text: '',
        parent: -1,
        supertypes: [],
      });
      continue;
    }
    const declarationNode = first('declaration');
    if (declarationNode) {
      // One declaration may name several (`x, y :: Int`).
      for (const named of caps.get('name') ?? []) {
        const key = `${named.startIndex}:${named.endIndex}`;
        if (byNameNode.has(key)) continue; // a definition of the same name node wins
        byNameNode.set(key, {
          kind: 'variable',
          name: named.text,
          nameRange: rangeOf(named),
          range: declarationRange(declarationNode, source),
          start: declarationNode.startIndex,
          end: declarationNode.endIndex,
          ownedByEnclosingType: false,
          text: '',
          parent: -1,
          supertypes: [],
          declares: true,
          ...(props.declaration === 'forward' ? { forward: true as const } : {}),
        });
      }
      continue;
    }
    if (definitionCapture && nameNode) {
      const node = definitionCapture.node;
      // `(#set! outside "a b")`: a definition only where no node of those types is around it.
      if (props.outside && hasAncestorOfType(node, outsideTypes(props.outside))) continue;
      const fileScoped = props.scope === 'file';
      const key = `${nameNode.startIndex}:${nameNode.endIndex}`;
      const previous = byNameNode.get(key);
      if (previous && !previous.declares) {
        const size = node.endIndex - node.startIndex;
        const previousSize = previous.end - previous.start;
        const kind = kindOfCapture.get(definitionCapture.name)!;
        // Same node twice: the more specific reading wins (a constructor over a method, an enum over a typedef).
        if (previousSize > size || (previousSize === size && (specificity[kind] ?? 0) <= (specificity[previous.kind] ?? 0))) continue;
      }
      const selfNode = first('self');
      const ownerNode = first('owner');
      const definition: RawDefinition = {
        kind: kindOfCapture.get(definitionCapture.name)!,
        // `(#set! name "unquote")`: a name written as a string literal (Perl's `has 'max_keys'`).
        name: props.name === 'unquote' ? unquote(nameNode.text) : nameNode.text,
        nameRange: rangeOf(nameNode),
        range: fileScoped ? [node.startPosition.row, node.startPosition.column, root.endPosition.row, root.endPosition.column] : declarationRange(node, source),
        start: node.startIndex,
        end: fileScoped ? root.endIndex : node.endIndex,
        ownedByEnclosingType: props.owner === 'enclosing-type',
        ...(props.owner === 'file' ? { fileLevel: true as const } : {}),
        ...(props.expands === 'inline' ? { expandsInline: true as const } : {}),
        text: signatureText(source, node, first('body')),
        parent: -1,
        supertypes: [],
        ...(ownerNode ? { owner: ownerNode.text } : {}),
        ...(selfNode ? { selfName: selfNode.text } : {}),
        ...(first('parameters') ? { parameters: parameterCount(first('parameters')), parameterSpan: [first('parameters')!.startIndex, first('parameters')!.endIndex] as [number, number] } : {}),
        ...(first('parameters') && rules.definitionTime.has(first('parameters')!.type) ? { parametersAtDefinition: true as const } : {}),
        ...(first('body') && termKinds.has(kindOfCapture.get(definitionCapture.name)!) ? { hasBody: true as const } : {}),
      };
      byNameNode.set(key, definition);
      if (fileScoped) fileScopedDefinitions.add(definition);
      continue;
    }

    const callNode = first('reference.call') ?? first('reference.new');
    if (callNode && nameNode && props.call === 'none') {
      notCalls.add(nameNode.startIndex);
      continue;
    }
    // `self.location = x` calls the writer `location=`, not the reader the other patterns saw there.
    if (callNode && nameNode && props.call === 'writer') {
      writerCalls.add(nameNode.startIndex);
      continue;
    }
    if (callNode && nameNode && props.call === 'unless-local') {
      bareNames.push({ name: nameNode.text, range: rangeOf(nameNode), start: nameNode.startIndex, isNew: false, unlessLocal: true });
      continue;
    }
    if (callNode && nameNode) {
      callNameAt.set(`${callNode.startIndex}:${callNode.endIndex}`, nameNode.startIndex);
      const receiverSelf = first('receiver.self');
      const receiverSuper = first('receiver.super');
      const receiverField = first('receiver.field');
      const receiver = first('receiver');
      const args = namedChildCount(first('arguments'));
      callSites.push({
        name: props.name === 'unquote' ? unquote(nameNode.text) : nameNode.text,
        range: rangeOf(nameNode),
        start: nameNode.startIndex,
        isNew: caps.has('reference.new'),
        ...(props.call === 'unbound' ? { unbound: true as const } : {}),
        ...(props.call === 'if-defined' ? { unbound: true as const, ifDefined: true as const } : {}),
        ...(props.call === 'constructor' ? { delegates: true as const } : {}),
        ...(props.new === 'enclosing-type' ? { ofEnclosingType: true as const } : {}),
        ...(receiverSelf
          ? { receiver: { kind: 'self' as const, text: receiverSelf.text } }
          : receiverSuper
            ? { receiver: { kind: 'super' as const, text: receiverSuper.text } }
            : receiverField
              ? { receiver: { kind: 'field' as const, text: receiverField.text } }
              : receiver
                ? { receiver: { kind: 'expression' as const, text: receiver.text }, receiverNode: spanInside(receiver) }
                : {}),
        ...(args !== undefined ? { arguments: args } : {}),
      });
      continue;
    }

    const importPath = first('import.path');
    if (first('import') && importPath) {
      const local = first('import.name');
      const member = first('import.member');
      // A member inside the path node (Kotlin's `import a.b.C` is one node): the path is what precedes it.
      const inside = member && member.startIndex > importPath.startIndex && member.endIndex <= importPath.endIndex;
      facts.imports.push({
        path: inside ? source.slice(importPath.startIndex, member.startIndex).replace(/\W+$/, '') : unquote(importPath.text),
        glob: props.import === 'glob',
        ...(local ? { local: local.text } : {}),
        ...(member ? { member: member.text } : {}),
      });
      continue;
    }

    const sub = first('inherit.sub');
    if (sub) {
      for (const supertype of caps.get('inherit.super') ?? []) inheritance.push({ sub, supertype: supertype.text, embeds: props.inherit === 'embeds' });
      continue;
    }

    // A binding without a type still shadows corpus names of the same spelling.
    const localName = first('local.name');
    if (localName) {
      const value = first('local.value');
      localSites.push({
        start: localName.startIndex,
        name: localName.text,
        type: first('local.type')?.text ?? '',
        range: rangeOf(localName),
        ...(props.owner === 'enclosing-type' ? { inType: true } : {}),
        ...(value ? { value: { node: `${value.startIndex}:${value.endIndex}`, ...placeAmongNames(localName) } } : {}),
      });
    }
  }

  // A call a more general pattern read where the language says none is made (Swift's `#selector(onPinch(_:))`).
  for (let i = callSites.length - 1; i >= 0; i--) if (notCalls.has(callSites[i]!.start)) callSites.splice(i, 1);
  const taken = takenOffsets(callSites, [...byNameNode.keys()].filter((key) => !suppressed.has(key)), localSites);
  for (const start of notCalls) taken.add(start);
  for (const site of bareNames) {
    if (taken.has(site.start)) continue;
    taken.add(site.start);
    callSites.push(site);
  }
  callSites.push(...callsWrittenInText(source, unparsed, rules.callsInText, taken));

  // Parents by nesting: sort by start (outer first on ties), then a stack of open regions.
  const definitions = [...byNameNode.entries()].filter(([key]) => !suppressed.has(key)).map(([, d]) => d).sort((a, b) => a.start - b.start || b.end - a.end);
  for (const [key, d] of byNameNode) {
    const start = nameStart(key);
    if (start === undefined) continue;
    if (extensionNames.has(start)) d.extension = true;
    if (recursiveNames.has(start)) d.recursive = true;
    if (staticNames.has(start)) d.static = true;
    if (fileLocalNames.has(start)) d.fileLocal = true;
    const results = resultsOf.get(key);
    if (results) d.results = results.sort((a, b) => a.start - b.start).map((r) => r.text);
  }
  // A file-scoped declaration (`package A;`) lasts until the next one (`package B;`), as in Perl and PHP.
  // The documentation after a file's last statement is the file's first declaration's (Perl's POD after
  // `1;` documents `Mojo::Util`, not the `Mojo::Util::_Guard` helper declared last): a later declaration
  // ends with its last statement, and that documentation lies in no definition.
  const fileScopedInOrder = definitions.filter((d) => fileScopedDefinitions.has(d));
  fileScopedInOrder.forEach((d, i) => {
    const next = fileScopedInOrder[i + 1];
    if (next) {
      d.end = next.start;
      d.range = [d.range[0], d.range[1], next.range[0], next.range[1]];
      return;
    }
    const last = i > 0 ? lastStatement(root, rules.comments) : undefined;
    if (!last || last.endIndex <= d.start) return;
    d.end = last.endIndex;
    d.range = [d.range[0], d.range[1], last.endPosition.row, last.endPosition.column];
  });
  const stack: number[] = [];
  definitions.forEach((d, i) => {
    while (stack.length && definitions[stack[stack.length - 1]!]!.end < d.end) stack.pop();
    let parent = stack.length && !d.fileLevel ? stack[stack.length - 1]! : -1;
    // Terms declared together (Go's `path, result string`) share one node: siblings, not one inside the other.
    const around = parent >= 0 ? definitions[parent]! : undefined;
    if (around && around.start === d.start && around.end === d.end && termKinds.has(d.kind) && termKinds.has(around.kind)) parent = around.parent;
    d.parent = parent;
    if (!d.declares) stack.push(i); // a declaration holds nothing (`x, y :: Int` is two)
  });
  // Internal linkage is the name's in its file: `static int f (void);` makes a later `int f (void) { … }` static too.
  const fileLocalHere = new Set(definitions.filter((d) => d.fileLocal).map((d) => d.name));
  for (const d of definitions) if (d.parent < 0 && d.kind === 'function' && fileLocalHere.has(d.name)) d.fileLocal = true;
  facts.definitions = definitions;

  const nameIndex = new Map(definitions.map((d, i) => [`${d.nameRange.join(',')}`, i]));
  for (const { sub, supertype, embeds } of inheritance) {
    const index = nameIndex.get(rangeOf(sub).join(','));
    if (index === undefined) continue;
    const d = definitions[index]!;
    if (embeds) (d.embeds ??= []).push(supertype);
    else d.supertypes.push(supertype);
  }

  // Calls and locals belong to the innermost function, type, namespace or bodied property around them; a variable is no scope.
  const scopes = definitions.flatMap((d, i) => (termKinds.has(d.kind) && !d.hasBody ? [] : [i]));
  const scopeSet = new Set(scopes);
  const innermost = innermostRegion(scopes.map((i) => definitions[i]!));
  const scopeAt = (offset: number): number => {
    const found = innermost(offset);
    return found < 0 ? -1 : scopes[found]!;
  };
  // A call in a parameter list (a default value, `Slice msg2 = Slice()`) runs wherever the definition is
  // called, not in its body; it lies inside the definition's range all the same, so it is never bound.
  // Where the parameter list runs when the definition is made (Python's defaults, at `def`), the call is
  // the scope's around the definition, as the code there is.
  const inParameters = (offset: number, scope: number): boolean => {
    const span = scope >= 0 ? definitions[scope]!.parameterSpan : undefined;
    return !!span && span[0] <= offset && offset < span[1];
  };
  const scopeAround = (scope: number): number => {
    let d = definitions[scope]!.parent;
    while (d >= 0 && !scopeSet.has(d)) d = definitions[d]!.parent;
    return d;
  };
  const callIndexAt = new Map(callSites.map((call, i) => [call.start, i]));
  facts.calls = callSites.map(({ start, receiverNode, ...call }) => {
    let scope = scopeAt(start);
    const receiverCall = receiverNode === undefined ? undefined : callIndexAt.get(callNameAt.get(receiverNode) ?? -1);
    let unbound = false;
    if (inParameters(start, scope)) {
      if (definitions[scope]!.parametersAtDefinition) scope = scopeAround(scope);
      else unbound = true;
    }
    return {
      ...call,
      ...(writerCalls.has(start) ? { name: writerName(rules.writer, call.name) } : {}),
      ...(unbound ? { unbound: true as const } : {}),
      ...(receiverCall !== undefined ? { receiver: { ...call.receiver!, call: receiverCall } } : {}),
      scope,
    };
  });
  const typeAround = (scope: number): number => {
    let d = scope;
    while (d >= 0 && !typeKinds.has(definitions[d]!.kind)) d = definitions[d]!.parent;
    return d;
  };
  facts.locals = localSites.map(({ start, inType, value, ...local }) => {
    const call = value && callIndexAt.get(callNameAt.get(value.node) ?? -1);
    return {
      ...local,
      scope: inType ? typeAround(scopeAt(start)) : scopeAt(start),
      ...(value && call !== undefined ? { fromCall: { call, position: value.position, count: value.count } } : {}),
    };
  });
  return facts;
}
