/**
 * The reference oracle: answers every query op from index.scip, re-deriving each answer from
 * docs/query-semantics.md with its own reading of the index. It deliberately shares nothing with
 * graph/fact-graph.ts or generators/ (only the protobuf decoding, the symbol-string parser, and
 * the tree's evidence: ripgrep's matches and where each starts in the parse of its file), so a
 * generator bug and an oracle bug have to coincide to go unnoticed. It answers from the query, the
 * index and the tree alone; where the generate stage has just parsed a file with the same
 * classifier, it may take those spans rather than parse the same text again (`--spans`).
 */
import { readScipIndex, SymbolRole } from '../graph/scip-reader.ts';
import { isLocalSymbol, parseSymbol, type ParsedSymbol } from '../graph/symbols.ts';
import { addTo, pushTo, sortedUnique } from '../core/collections.ts';
import { callableKinds, scipKindNames, termKinds, typeKinds, type SymbolKind, type TextMode, type TextScope } from '../core/contract.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGrammars } from '../core/grammars.ts';
import { languageOf, writtenInForm, type Idioms } from '../core/languages.ts';
import { TreeText } from '../evidence/tree-text.ts';
import { inScope, readSpansFile, SyntaxClassifier } from '../evidence/syntax.ts';
import type { AdapterQuery } from './protocol.ts';

/** [startLine, startChar, endLine, endChar], 0-based, end exclusive. */
type Span = [number, number, number, number];

function toSpan(range: number[]): Span | undefined {
  if (range.length === 3) return [range[0]!, range[1]!, range[0]!, range[2]!];
  if (range.length === 4) return [range[0]!, range[1]!, range[2]!, range[3]!];
  return undefined;
}

function comparePosition(aLine: number, aChar: number, bLine: number, bChar: number): number {
  return aLine - bLine || aChar - bChar;
}

interface Definition {
  symbol: string;
  file: string;
  span: Span;
  enclosing?: Span;
}

interface Reference {
  symbol: string;
  span: Span;
}

interface OwnSymbol {
  id: string;
  name: string;
  kind: SymbolKind;
  owner?: string;
  /** The defining document (first by path) and where the definition starts in it. */
  file: string;
  line: number;
  column: number;
}

/** An own non-module definition with an enclosing range: what a reference or a grep hit is attributed to. */
interface Container {
  symbol: string;
  enclosing: Span;
}


/** The hover text: the first documentation entry without its Markdown code fence. */
function hoverOf(documentation: readonly string[]): string {
  const first = documentation[0] ?? '';
  const fenced = /^```[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(first);
  return (fenced ? fenced[1]! : first).trim();
}

function firstWord(hover: string): string {
  return hover.split(/\s/, 1)[0] ?? '';
}

export class Oracle {
  private readonly symbols = new Map<string, OwnSymbol>();
  private readonly byName = new Map<string, OwnSymbol[]>();
  private readonly members = new Map<string, string[]>();
  private readonly callers = new Map<string, Set<string>>();
  private readonly callees = new Map<string, Set<string>>();
  /** B → every A with an is_implementation edge A → B, own or not. */
  private readonly implementedBy = new Map<string, Set<string>>();
  /** Per document, sorted by start so the last one covering a position is the innermost. */
  private readonly containers = new Map<string, Container[]>();
  private readonly moduleOfFile = new Map<string, string>();
  /** Per document: the name spans of every definition of an own non-module symbol. */
  private readonly definitionNames = new Map<string, Span[]>();

  private constructor(
    private readonly tree?: { text: TreeText; syntax: SyntaxClassifier; constructs: Idioms['constructs']; calls: Idioms['calls']; constants: Idioms['constants']; importBindings: Idioms['importBindings'] },
  ) {}

  /** Without a tree (a test of the structural ops), `text_search` answers nothing. */
  static async load(indexPath: string, projectName: string, tree?: { treeDir: string; language: string; spansPath?: string }): Promise<Oracle> {
    const oracle = new Oracle(
      tree ? await readTree(tree.treeDir, tree.language, tree.spansPath) : undefined,
    );
    await oracle.ingest(indexPath, projectName);
    return oracle;
  }

  private async ingest(indexPath: string, projectName: string): Promise<void> {
    const definitions: Definition[] = [];
    const referencesByFile = new Map<string, Reference[]>();
    const documentation = new Map<string, string[]>();
    const scipKinds = new Map<string, number>();
    for await (const entry of readScipIndex(indexPath)) {
      if (entry.field !== 'document') continue;
      const doc = entry.value;
      const references: Reference[] = [];
      referencesByFile.set(doc.relativePath, references);
      for (const info of doc.symbols) {
        if (info.documentation.length && !documentation.has(info.symbol)) documentation.set(info.symbol, info.documentation);
        if (info.kind && !scipKinds.has(info.symbol)) scipKinds.set(info.symbol, info.kind);
        for (const rel of info.relationships) {
          if (!rel.isImplementation) continue;
          addTo(this.implementedBy, rel.symbol, info.symbol);
        }
      }
      for (const occ of doc.occurrences) {
        if (!occ.symbol || isLocalSymbol(occ.symbol)) continue;
        const span = toSpan(occ.range);
        if (!span) continue;
        if (occ.symbolRoles & SymbolRole.Definition) {
          const enclosing = toSpan(occ.enclosingRange);
          definitions.push({ symbol: occ.symbol, file: doc.relativePath, span, ...(enclosing ? { enclosing } : {}) });
        } else if (!(occ.symbolRoles & SymbolRole.Import)) {
          references.push({ symbol: occ.symbol, span });
        }
      }
    }

    // The defining occurrence of each symbol: the first by document path, then by position.
    definitions.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : comparePosition(a.span[0], a.span[1], b.span[0], b.span[1])));
    const firstDefinition = new Map<string, Definition>();
    for (const d of definitions) if (!firstDefinition.has(d.symbol)) firstDefinition.set(d.symbol, d);

    this.resolveOwnSymbols(firstDefinition, documentation, scipKinds, projectName);

    const firstModuleSeen = new Set<string>();
    for (const d of definitions) {
      const own = this.symbols.get(d.symbol);
      // A file's module is the first one defined there, by position (the outermost), if it is filed under the file.
      if (own?.kind === 'module' && !firstModuleSeen.has(d.file)) {
        firstModuleSeen.add(d.file);
        if (own.file === d.file) this.moduleOfFile.set(d.file, own.id);
      }
      if (!own || own.kind === 'module') continue;
      pushTo(this.definitionNames, d.file, d.span);
      if (termKinds.has(own.kind)) {
        pushTo(this.termsByLine, `${d.file}\n${d.span[0]}`, own.id);
        this.filesWithTerms.add(d.file);
      }
      if (d.enclosing) pushTo(this.containers, d.file, { symbol: d.symbol, enclosing: d.enclosing });
    }
    for (const list of this.containers.values()) list.sort((a, b) => comparePosition(a.enclosing[0], a.enclosing[1], b.enclosing[0], b.enclosing[1]));

    for (const [file, references] of referencesByFile) {
      let source: string[] | undefined;
      for (const ref of references) {
        const target = this.symbols.get(ref.symbol);
        if (!target) continue;
        // docs/query-semantics.md, "Structure": a callable named in the language's call form is called;
        // naming a class in a construction calls its constructors.
        let called: string[] = [];
        const tree = this.tree;
        const hasForm = (form: { before?: string; after?: string }): boolean => {
          if (!tree) return false;
          source ??= readFileSync(join(tree.text.dir, file), 'utf8').split('\n');
          return writtenInForm(source[ref.span[0]] ?? '', ref.span[1], ref.span[3], form);
        };
        if (callableKinds.has(target.kind)) {
          const form = tree?.calls;
          if (!form || (form.before === undefined && form.after === undefined) || hasForm(form)) called = [target.id];
        } else if (target.kind === 'class' && tree && hasForm(tree.constructs)) {
          called = (this.members.get(target.id) ?? []).filter((m) => this.symbols.get(m)?.kind === 'constructor');
        }
        if (!called.length) continue;
        const caller = this.callerAt(file, ref.span);
        if (!caller) continue;
        for (const id of called) {
          addTo(this.callers, id, caller);
          addTo(this.callees, caller, id);
        }
      }
    }
  }

  /** Whether a definition is written in the language's constant form (idioms.constants: a hover that says `var` for `const`). */
  private writtenAsConstant(def: Definition): boolean {
    return this.writtenIn(def, this.tree?.constants);
  }

  /** Whether a definition is written in the language's import form (idioms.importBindings: `const keys = require('./symbols')`). */
  private writtenAsImport(def: Definition): boolean {
    return this.writtenIn(def, this.tree?.importBindings);
  }

  private writtenIn(def: Definition, form: { before?: string; after?: string } | undefined): boolean {
    if (!form || (!form.before && !form.after)) return false;
    const line = (this.tree!.text.lineText(def.file, def.span[0] + 1) ?? '').replace(/\r?\n$/, '');
    return writtenInForm(line, def.span[1], def.span[2] === def.span[0] ? def.span[3] : line.length, form);
  }

  /** Applies "which symbols exist" and "kinds" of the query semantics to every defined symbol. */
  private resolveOwnSymbols(firstDefinition: Map<string, Definition>, documentation: Map<string, string[]>, scipKinds: Map<string, number>, projectName: string): void {
    const parsedOf = new Map<string, ParsedSymbol>();
    for (const symbol of firstDefinition.keys()) {
      const parsed = parseSymbol(symbol);
      if (parsed && parsed.packageName === projectName) parsedOf.set(symbol, parsed);
    }
    const verdict = new Map<string, OwnSymbol | null>();
    const hover = (symbol: string) => hoverOf(documentation.get(symbol) ?? []);

    const resolve = (symbol: string): OwnSymbol | null => {
      const known = verdict.get(symbol);
      if (known !== undefined) return known;
      verdict.set(symbol, null); // guards against a cycle; none is expected
      const parsed = parsedOf.get(symbol);
      const result = parsed ? classify(symbol, parsed) : null;
      verdict.set(symbol, result);
      return result;
    };

    const classify = (symbol: string, parsed: ParsedSymbol): OwnSymbol | null => {
      const descriptors = parsed.descriptors;
      const last = descriptors[descriptors.length - 1]!;
      const ownerText = descriptors.length > 1 ? symbol.slice(0, parsed.descriptorOffsets[descriptors.length - 1]) : undefined;
      const isModuleMarker = last.suffix === 'meta' && last.name === '__init__' && descriptors[descriptors.length - 2]?.suffix === 'namespace';
      if (last.suffix === 'parameter' || last.suffix === 'type_parameter' || last.suffix === 'macro') return null;
      if (last.suffix === 'meta' && !isModuleMarker) return null;

      const isModule = isModuleMarker || last.suffix === 'namespace';
      let owner: OwnSymbol | null = null;
      if (ownerText !== undefined) {
        // scip-python's namespace `pkg.mod`/ stands for its module marker `pkg.mod`/__init__: (a marker owns nothing of itself).
        const marker = `${ownerText}__init__:`;
        const ownerId = ownerText.endsWith('/') && firstDefinition.has(marker) ? marker : ownerText;
        owner = ownerId === symbol ? null : resolve(ownerId);
        // A module is never a member: under a directory namespace nothing defines (`src/`), it is simply top-level.
        if (!owner && !isModule) return null;
      }
      const text = hover(symbol);
      const word = firstWord(text);
      const insideType = owner !== null && typeKinds.has(owner.kind);
      const givenKind = scipKindNames[scipKinds.get(symbol) ?? 0]?.kind;
      // Only an indexer that leaves SCIP's kind unspecified writes re-export bindings; the walker's top-level `(property)` is a value.
      if (last.suffix === 'term' && owner?.kind === 'module' && givenKind === undefined && isReExport(text)) return null;

      let kind: SymbolKind;
      if (isModule) kind = 'module';
      else if (last.suffix === 'type') kind = word === 'interface' ? 'interface' : word === 'enum' ? 'enum' : word === 'type' ? 'type_alias' : 'class';
      else if (last.suffix === 'method') kind = insideType ? (last.name === '<constructor>' || last.name === '__init__' ? 'constructor' : 'method') : 'function';
      else if (owner?.kind === 'enum') kind = 'enum_member';
      else if (insideType) kind = word === 'function' || word === 'def' ? 'method' : word === '(property)' ? 'property' : 'field';
      else kind = word === 'const' || word === '(constant)' ? 'constant' : 'variable';
      const def = firstDefinition.get(symbol)!;
      if ((kind === 'variable' || kind === 'constant') && owner?.kind === 'module' && this.writtenAsImport(def)) return null;
      // A hover that says `var` for `const` (scip-typescript): the language's constant form decides.
      if (kind === 'variable' && this.writtenAsConstant(def)) kind = 'constant';
      // An indexer that sets SCIP's kind (the walker does) has the last word on it.
      kind = givenKind ?? kind;

      return { id: symbol, name: last.name, kind, ...(owner ? { owner: owner.id } : {}), file: def.file, line: def.span[0], column: def.span[1] };
    };

    for (const symbol of [...parsedOf.keys()].sort()) {
      const own = resolve(symbol);
      if (!own) continue;
      this.symbols.set(symbol, own);
      if (own.owner) pushTo(this.members, own.owner, own.id);
      if (own.kind !== 'module') pushTo(this.byName, own.name, own);
    }
  }

  /**
   * Who makes a reference at `span`: the innermost definition whose enclosing range covers it, but for a
   * reference in code that runs when a definition is made (the language's `syntax.definitionTime`:
   * a Python default value), the innermost one around that definition (docs/query-semantics.md, "Calls").
   */
  private callerAt(file: string, span: Span): string | undefined {
    const covering = (at: readonly number[]) => (e: Span) => comparePosition(e[0], e[1], at[0]!, at[1]!) <= 0 && comparePosition(at[2]!, at[3]!, e[2], e[3]) <= 0;
    const innermost = this.innermost(file, covering(span));
    const madeAt = innermost && this.tree?.syntax.definitionTimeAt(file, span[0], span[1]);
    if (!madeAt) return innermost?.symbol;
    const made = this.innermost(file, covering([madeAt[0], madeAt[1], madeAt[0], madeAt[1]]));
    return made ? this.innermost(file, (e) => covering(span)(e) && e !== made.enclosing)?.symbol : innermost.symbol;
  }

  /** The own non-module definition in `file` with the latest-starting enclosing range that `covers` accepts. */
  private innermost(file: string, covers: (enclosing: Span) => boolean): Container | undefined {
    const list = this.containers.get(file) ?? [];
    for (let i = list.length - 1; i >= 0; i--) if (covers(list[i]!.enclosing)) return list[i]!;
    return undefined;
  }

  /**
   * docs/query-semantics.md, "text_search": ripgrep's matches in the tree, those the scope counts
   * (`inScope`); none on the name of a definition; each credited as "Crediting" says (`creditedAt`).
   */
  private textSearch(pattern: string, mode: TextMode, scope: TextScope): string[] {
    if (!this.tree) return [];
    const found = new Set<string>();
    for (const m of this.tree.text.search({ pattern, mode })) {
      const line = m.line - 1;
      // A name spanning lines counts to the end of its first line.
      const onName = (this.definitionNames.get(m.file) ?? []).some((d) => d[0] === line && d[1] < m.end && m.start < (d[2] === line ? d[3] : Infinity));
      if (onName) continue;
      const credited = this.creditedAt(m.file, line, m.start);
      // Where the match lies only matters if it would credit something new: a file is parsed only then.
      if (credited.every((c) => found.has(c)) || !inScope(scope, this.tree.syntax.classOf(m.file, line, m.start))) continue;
      for (const c of credited) found.add(c);
    }
    return sortedUnique(found);
  }

  /**
   * The symbols a match at (`line`, `col`) of `file` is credited to: inside a constructor parameter
   * that declares a member of the constructor's type, that member; else the innermost definition whose
   * enclosing range covers the line, unless that is a type past its first line, or nothing covers it;
   * then the terms of that type (or of no type) declared by the outermost declaration of named
   * values holding the match that begins past the type's first line (on the first of its lines up
   * to the match's that names some), else on the match's own line;
   * else the type, else the file's module.
   */
  private creditedAt(file: string, line: number, col: number): string[] {
    const container = this.innermost(file, (e) => e[0] <= line && (line < e[2] || (line === e[2] && col < e[3])));
    const owner = container?.symbol;
    // A constructor parameter that declares a member (Kotlin's `private val a: A`) is that member's.
    const ownerSymbol = owner === undefined ? undefined : this.symbols.get(owner)!;
    const memberOf = ownerSymbol?.kind === 'constructor' ? ownerSymbol.owner : ownerSymbol && typeKinds.has(ownerSymbol.kind) ? owner : undefined;
    const parameter = memberOf !== undefined && this.filesWithTerms.has(file) ? this.tree!.syntax.memberParameterAt(file, line, col) : undefined;
    if (parameter) {
      const declared = (this.members.get(memberOf!) ?? []).map((id) => this.symbols.get(id)!).filter((s) => termKinds.has(s.kind) && s.file === file && comparePosition(parameter[0], parameter[1], s.line, s.column) <= 0 && comparePosition(s.line, s.column, parameter[2], parameter[3]) < 0);
      if (declared.length) return sortedUnique(declared.map((s) => s.id));
    }
    // A type's own first line is its header (a Kotlin `class A(val b: B) : C()`): the type's, not its terms'.
    if (owner !== undefined && (!typeKinds.has(this.symbols.get(owner)!.kind) || container!.enclosing[0] === line)) return [owner];
    const header = container ? container.enclosing[0] : -1;
    // Only a file that declares terms can credit one: no other is parsed for its declarations.
    const declaredFrom = this.filesWithTerms.has(file) ? this.tree!.syntax.declarationStarts(file, line, col).filter((l) => l > header) : [];
    // A declaration's first line may hold only its annotations (Kotlin's `@JvmField`): its terms are on the first line from there that names some.
    // Past the end of a definition on its own line (Kotlin's `constructor(private var a: A) : Promise {`), the line's terms are that definition's, not the match's.
    const pastAnEnd = (this.containers.get(file) ?? []).some((c) => c.enclosing[2] === line && c.enclosing[3] <= col);
    for (const from of [...declaredFrom, ...(pastAnEnd ? [] : [line])]) {
      for (let at = from; at <= line; at++) {
        const terms = this.termsAt(file, at, owner ?? '');
        if (terms) return terms;
      }
    }
    if (owner !== undefined) return [owner];
    const module = this.moduleOfFile.get(file);
    return module !== undefined ? [module] : [];
  }

  /** "<file>\n<0-based line>" → the own variables, constants, fields and properties some definition occurrence names there. */
  private readonly termsByLine = new Map<string, string[]>();
  private readonly filesWithTerms = new Set<string>();

  /** Of the terms named on `line` (0-based) of `file`, those that are members of `type` ('': of no type, their owner none or a module). */
  private termsAt(file: string, line: number, type: string): string[] | undefined {
    const terms = this.termsByLine.get(`${file}\n${line}`)?.filter((id) => {
      const owner = this.symbols.get(this.symbols.get(id)!.owner ?? '');
      return type === '' ? !owner || owner.kind === 'module' : owner?.id === type;
    });
    return terms?.length ? sortedUnique(terms) : undefined;
  }

  answer(query: AdapterQuery): string[] {
    switch (query.op) {
      case 'lookup':
        return this.lookup(query.name, query.bare_name, query.kind);
      case 'callers':
        return sortedUnique(this.callers.get(query.sym_stable_id) ?? []);
      case 'callees':
        return sortedUnique(this.callees.get(query.sym_stable_id) ?? []);
      case 'contained_by':
        return sortedUnique(this.members.get(query.sym_stable_id) ?? []);
      case 'implementors':
        return this.implementors(query.sym_stable_id);
      case 'orphans':
        return sortedUnique([...this.symbols.values()].filter((s) => s.kind === query.kind && !this.callers.has(s.id)).map((s) => s.id));
      case 'file_symbols':
        return sortedUnique([...this.symbols.values()].filter((s) => s.file === query.file_path && s.kind !== 'module').map((s) => s.id));
      case 'text_search':
        return this.textSearch(query.pattern, query.mode, query.in);
    }
  }

  private lookup(name: string, bareName: boolean, kind: string | undefined): string[] {
    const ofKind = (s: OwnSymbol) => kind === undefined || s.kind === kind;
    if (!bareName) {
      const s = this.symbols.get(name);
      return s && ofKind(s) ? [s.id] : [];
    }
    const hash = name.indexOf('#');
    if (hash < 0) return sortedUnique((this.byName.get(name) ?? []).filter(ofKind).map((s) => s.id));
    const typeName = name.slice(0, hash);
    const member = name.slice(hash + 1);
    return sortedUnique(
      (this.byName.get(member) ?? [])
        .filter((s) => {
          const owner = s.owner ? this.symbols.get(s.owner) : undefined;
          return owner !== undefined && typeKinds.has(owner.kind) && owner.name === typeName && ofKind(s);
        })
        .map((s) => s.id),
    );
  }

  /** Every own symbol reaching `target` through one or more is_implementation edges. */
  private implementors(target: string): string[] {
    const seen = new Set<string>([target]);
    const queue = [target];
    const found: string[] = [];
    while (queue.length) {
      for (const next of this.implementedBy.get(queue.pop()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
        if (this.symbols.has(next)) found.push(next);
      }
    }
    return sortedUnique(found);
  }
}

/**
 * A top-level binding that only re-exports something: scip-typescript shows a CommonJS require as
 * `name: type` or, when it resolves to a function, `function f(…)`; a destructured class as
 * `class X` and a destructured value as `(property) x`. A real top-level function has a method descriptor.
 */
function isReExport(hover: string): boolean {
  return /^[A-Za-z_$][\w$]*: /.test(hover) || /^(function|class|\(property\)) /.test(hover);
}

/**
 * The tree as the oracle reads it: its text once, the parse that tells code from comments and
 * strings, the language's construction and call forms. `spansPath`: a spans file of what the
 * generate stage parsed with the same classifier (evidence/syntax.ts, writeSpansFile); a file whose
 * text here hashes the same is not parsed again.
 */
async function readTree(treeDir: string, language: string, spansPath?: string): Promise<{ text: TreeText; syntax: SyntaxClassifier; constructs: Idioms['constructs']; calls: Idioms['calls']; constants: Idioms['constants']; importBindings: Idioms['importBindings'] }> {
  const text = TreeText.load(treeDir);
  const { constructs, calls, constants, importBindings } = languageOf(language).idioms;
  const syntax = new SyntaxClassifier(text, await loadGrammars(language));
  if (spansPath) for await (const spans of readSpansFile(spansPath)) syntax.adoptSpans(spans);
  return { text, syntax, constructs, calls, constants, importBindings };
}
