import { callableKinds, typeKinds, type Query, type SymbolKind, type TextScope, type TextSearchQuery } from '../core/contract.ts';
import { addTo, compareStrings, pushTo, sortedUnique } from '../core/collections.ts';
import { SortedRanges } from '../core/ranges.ts';
import { escapeRegex, fillTemplate, idiomRegExp, matchesAny, type Idioms, type Language } from '../core/languages.ts';
import type { FactGraph, Range, SymbolFact } from '../graph/fact-graph.ts';
import type { TextMatch } from './types.ts';
import { inScope } from '../evidence/syntax.ts';
import { parseSymbol } from '../graph/symbols.ts';

/**
 * Read-only views of the fact graph shared by the generators. The semantics
 * of each query op live here (and in docs/), once.
 */
export class Facts {
  readonly byName = new Map<string, SymbolFact[]>();
  private readonly subtypes = new Map<string, string[]>();

  /** What the corpus's language folder says about tests, errors, environment reads and the like. */
  readonly idioms: Idioms;

  constructor(
    readonly graph: FactGraph,
    readonly language: Language,
    /** The corpus's text searches: without them (a hand-made graph) no declaration is known to be missing. */
    private readonly search?: (query: TextSearchQuery) => readonly TextMatch[],
  ) {
    this.idioms = language.idioms;
    for (const s of graph.symbols.values()) {
      if (s.kind === 'module') continue;
      const list = this.byName.get(s.name);
      if (list) list.push(s);
      else this.byName.set(s.name, [s]);
    }
    for (const [sub, supers] of graph.supertypes) {
      for (const sup of supers) {
        const list = this.subtypes.get(sup);
        if (list) list.push(sub);
        else this.subtypes.set(sup, [sub]);
      }
    }
  }

  /**
   * docs/query-semantics.md, "Crediting": a match on the 1-based `line` of `file`, inside a
   * constructor parameter declaring a member (its range `parameter`), goes to the member declared
   * there; inside the
   * declarations of named values that begin on the lines `declaredFrom` (0-based, ascending), it goes
   * to the innermost definition covering it unless that is a type past its first line, or nothing
   * covers it: then to the terms of that type (or of no type) declared by the outermost such
   * declaration that begins past the type's first line (on the first of its lines up to the match's
   * that names some), else on the match's own line; else to the type, else to the file's module.
   */
  private creditedAt(m: { file: string; line: number; start: number; declaredFrom?: readonly number[]; parameter?: readonly number[] }): string[] {
    const zero = m.line - 1;
    let best: { id: string; enclosingRange: Range } | undefined;
    // Past the end of a definition on its own line (Kotlin's `constructor(private var a: A) : Promise {`), the line's terms are that definition's, not the match's.
    let pastAnEnd = false;
    for (const s of this.graph.scopes.get(m.file) ?? []) {
      const r = s.enclosingRange;
      if (zero === r[2] && r[3] <= m.start) pastAnEnd = true;
      const ends = zero < r[2] || (zero === r[2] && m.start < r[3]);
      if (r[0] <= zero && ends && (!best || r[0] > best.enclosingRange[0] || (r[0] === best.enclosingRange[0] && r[1] > best.enclosingRange[1]))) best = s;
    }
    // A constructor parameter that declares a member (Kotlin's `private val a: A`) is that member's.
    const memberOf = best && m.parameter ? this.typeOfParameters(best.id) : undefined;
    if (memberOf !== undefined) {
      const declared = this.termsDeclaredIn(m.file, m.parameter!, memberOf);
      if (declared.length) return declared;
    }
    // A type's own first line is its header (a Kotlin `class A(val b: B) : C()`): the type's, not its terms'.
    if (best && (!typeKinds.has(this.graph.symbols.get(best.id)!.kind) || best.enclosingRange[0] === zero)) return [best.id];
    const header = best ? best.enclosingRange[0] : -1;
    // A declaration's first line may hold only its annotations (Kotlin's `@JvmField`): its terms are on the first line from there that names some.
    for (const from of [...(m.declaredFrom ?? []).filter((l) => l > header), ...(pastAnEnd ? [] : [zero])]) {
      for (let line = from; line <= zero; line++) {
        const terms = this.termsOn(m.file, line, best?.id);
        if (terms) return terms;
      }
    }
    if (best) return [best.id];
    const module = this.graph.fileModules.get(m.file);
    return module ? [module] : [];
  }

  /** The members of `type` whose definition (filed in `file`) starts inside `range` ([row, col, row, col], 0-based). */
  private termsDeclaredIn(file: string, range: readonly number[], type: string): string[] {
    const [fromRow, fromCol, toRow, toCol] = range as [number, number, number, number];
    const out = new Set<string>();
    for (let line = fromRow; line <= toRow; line++) {
      for (const id of this.termsOn(file, line, type) ?? []) {
        const s = this.graph.symbols.get(id)!;
        const [row, col] = s.range;
        const inside = (row > fromRow || (row === fromRow && col >= fromCol)) && (row < toRow || (row === toRow && col < toCol));
        if (s.file === file && inside) out.add(id);
      }
    }
    return [...out].sort(compareStrings);
  }

  /** The type whose members a constructor's parameters may declare: the constructor's owner, or the type itself (its header). */
  private typeOfParameters(id: string): string | undefined {
    const symbol = this.graph.symbols.get(id)!;
    if (symbol.kind === 'constructor') return symbol.owner;
    return typeKinds.has(symbol.kind) ? id : undefined;
  }

  /**
   * The variables, constants, fields and properties some definition occurrence names on the 0-based
   * `line` of `file` that are members of `type` (without one: of no type, their owner none or a module).
   */
  private termsOn(file: string, line: number, type: string | undefined): string[] | undefined {
    const terms = this.graph.termLines.get(file)?.get(line)?.filter((id) => {
      const owner = this.graph.symbols.get(id)!.owner;
      const ownerKind = owner === undefined ? undefined : this.graph.symbols.get(owner)?.kind;
      return type === undefined ? ownerKind === undefined || ownerKind === 'module' : owner === type;
    });
    return terms?.length ? terms : undefined;
  }

  /**
   * A text search's matches → its answer (docs/query-semantics.md, "text_search"): matches the scope
   * does not count dropped, matches on a definition's own name dropped, each other
   * match credited to the symbol around its line; sorted.
   */
  answerText(matches: readonly TextMatch[], scope: TextScope): string[] {
    const out = new Set<string>();
    for (const m of matches) {
      if (!inScope(scope, m.syntax)) continue;
      if (this.onDefinitionName(m)) continue;
      for (const id of this.creditedAt(m)) out.add(id);
    }
    return [...out].sort();
  }

  /**
   * Whether some counted match lies where nothing is credited (an OCaml `.mli`, a Go file without a
   * module symbol), or may lie in the body of a callable the index does not record, in the body of a
   * definition it records under something no file defines, or in the signature of one it gives no
   * range: an answer of symbols would leave that site out, or credit it to the module or type around it.
   */
  leavesSitesOut(matches: readonly TextMatch[], scope: TextScope): boolean {
    return matches.some((m) => {
      if (!inScope(scope, m.syntax) || this.onDefinitionName(m)) return false;
      const credited = this.creditedAt(m);
      return (
        credited.length === 0 ||
        this.inSwallowedCode(m.file, m.line) ||
        this.inUnrecordedBody(m) ||
        this.inUnownedBody(m) ||
        this.inSpanlessSignature(m, credited) ||
        (this.mergesTypesIn(m.file) && !this.callablesOf(m.file).anyAround(m.line - 1, m.start, () => true))
      );
    });
  }

  /**
   * Whether a match credited to a type, past its first line, may lie in the signature of one of its
   * callables that the index gives no enclosing range (scip-typescript's interface method
   * signatures, `code(…): FastifyReply<…>;`): the type's nearest member definition at or above the
   * match, in its file, is such a callable's. Crediting gives the match to the type; a reader would
   * give it to the method.
   */
  private inSpanlessSignature(m: TextMatch, credited: readonly string[]): boolean {
    const type = credited.length === 1 ? this.graph.symbols.get(credited[0]!) : undefined;
    if (!type || !typeKinds.has(type.kind) || !type.enclosingRange || type.enclosingRange[0] === m.line - 1) return false;
    let nearest = -1;
    let spanless = false;
    for (const id of this.graph.contains.get(type.id) ?? []) {
      const member = this.graph.symbols.get(id)!;
      const line = member.range[0];
      if (member.file !== m.file || line > m.line - 1 || line < nearest) continue;
      const isSpanless = callableKinds.has(member.kind) && !member.enclosingRange;
      spanless = line === nearest ? spanless || isSpanless : isSpanless;
      nearest = line;
    }
    return spanless;
  }

  /**
   * Whether a match may lie in the body of a callable the index does not record: a line of the
   * language's `unrecordedCallables` is at or above it in its file, and no definition the index
   * records starts between them (one around both, such as a Swift type holding an operator `func`,
   * does not end that body).
   */
  private inUnrecordedBody(m: TextMatch): boolean {
    const from = (this.unrecordedCallableLines().get(m.file) ?? []).filter((line) => line <= m.line - 1).pop();
    if (from === undefined) return false;
    const zero = m.line - 1;
    return !(this.graph.scopes.get(m.file) ?? []).some(({ enclosingRange: r }) => r[0] > from && (r[0] < zero || (r[0] === zero && r[1] <= m.start)));
  }

  /** Whether a match lies in the body of a definition the index records under something no file defines (graph.unownedBodies). */
  private inUnownedBody(m: TextMatch): boolean {
    const zero = m.line - 1;
    return (this.graph.unownedBodies.get(m.file) ?? []).some(([sl, sc, el, ec]) => (sl < zero || (sl === zero && sc <= m.start)) && (el > zero || (el === zero && ec > m.start)));
  }

  /** Per file, the 0-based code lines of the language's `unrecordedCallables`, ascending. */
  private unrecordedCallableLines(): Map<string, number[]> {
    if (!this.unrecordedLines) {
      this.unrecordedLines = new Map();
      for (const pattern of this.search ? this.idioms.unrecordedCallables : []) {
        for (const m of this.search!({ op: 'text_search', pattern, mode: 'regex', in: 'code' })) if (inScope('code', m.syntax)) pushTo(this.unrecordedLines, m.file, m.line - 1);
      }
      for (const lines of this.unrecordedLines.values()) lines.sort((a, b) => a - b);
    }
    return this.unrecordedLines;
  }
  private unrecordedLines?: Map<string, number[]>;

  /** Whether code in the file defines a callable the indexer records no symbol for (idioms.unrecordedCallables: OCaml's `external ( && )`), which a list of what the file or its types define would lack. */
  declaresUnrecordedIn(file: string): boolean {
    return this.unrecordedCallableLines().has(file);
  }

  /**
   * Whether the language's outline finds `name` declared in some file whose index misses it, a line
   * of the language's `undeclaredNames` declares it (Ruby's `alias to_s public_id`), or it names a
   * type the index lost (lostTypes) or one of that type's members, or a member of a type the index
   * gives members but no definition (clap's `clone_any` in `impl<T, P> AnyValueParser for P`, filed
   * under the type parameter `P`): a lookup of it cannot be answered whole.
   */
  declaredButMissing(name: string): boolean {
    this.missingDeclarations();
    return (
      this.missingNames.has(name) ||
      this.undeclared().has(name) ||
      this.lostTypes().some((t) => t.name === name || t.members.includes(name)) ||
      [...this.mergedTypes().values()].some((names) => names.has(name)) ||
      this.undefinedMembers().has(name)
    );
  }
  private readonly missingNames = new Set<string>();

  /**
   * Per file, the 0-based lines where the language's outline declares, at the start of a line, a
   * function or a type the index defines nowhere in that file: a parse error made the definition
   * before it swallow it (tree-sitter-perl reads `$/` in `/…(.+)$/;` as a variable, and warmup() runs
   * on to the end of Mojolicious/Static.pm), or kept the type from being read at all (tree-sitter-kotlin
   * read `dynamic.type` as a type and lost LengthPercentage.kt's data class, before `walker.misreadNames`), so what follows is
   * credited to the wrong symbol or to none. After a lost type, every name the outline declares in
   * that file, or the index defines there, may be one of its members the index lost or misplaced.
   */
  private missingDeclarations(): Map<string, number[]> {
    if (this.missingMemo) return this.missingMemo;
    const missing = new Map<string, number[]>();
    const declaredAt = new Map<string, Array<{ line: number; name: string }>>();
    const lostTypeAt = new Map<string, number>();
    for (const { kind, pattern } of this.search ? this.idioms.outline : []) {
      const callable = kind === 'function' || kind === 'method';
      // Types (and the properties declared after a lost one) count only where the outline's types always define (outlineTypesDefine).
      if (kind === 'impl' || (!callable && !this.idioms.outlineTypesDefine)) continue;
      const type = !callable && kind !== 'property';
      const declared = idiomRegExp(pattern);
      for (const m of this.search!({ op: 'text_search', pattern, mode: 'regex', in: 'code' })) {
        const name = inScope('code', m.syntax) ? declared.exec(m.text)?.[1] : undefined;
        if (!name) continue;
        pushTo(declaredAt, m.file, { line: m.line - 1, name });
        if (kind === 'property' || /^\s/u.test(m.text) || this.declaresNothing(name) || this.definedInFile(m.file).has(name)) continue;
        pushTo(missing, m.file, m.line - 1);
        this.missingNames.add(name);
        if (type) lostTypeAt.set(m.file, Math.min(lostTypeAt.get(m.file) ?? Infinity, m.line - 1));
      }
    }
    this.lostTypeFiles = new Set(lostTypeAt.keys());
    for (const [file, from] of lostTypeAt) {
      for (const { line, name } of declaredAt.get(file) ?? []) if (line > from) this.missingNames.add(name);
      // What the index does define there after it may be the lost type's members, filed at the top level (LengthPercentage's `value`).
      for (const id of this.graph.fileSymbols.get(file) ?? []) {
        const symbol = this.graph.symbols.get(id);
        if (symbol && symbol.range[0] > from) this.missingNames.add(symbol.name);
      }
      // One filed under another file, whose line here the graph does not keep, may be too.
      for (const id of this.graph.filedElsewhere.get(file) ?? []) {
        const name = this.graph.symbols.get(id)?.name;
        if (name) this.missingNames.add(name);
      }
    }
    for (const lines of missing.values()) lines.sort((a, b) => a - b);
    return (this.missingMemo = missing);
  }
  private missingMemo?: Map<string, number[]>;
  /** Files where the outline declares a type the index does not define there (missingDeclarations). */
  private lostTypeFiles = new Set<string>();

  /** A name the outline may catch that declares nothing: `_`, or a macro the walker blanks (`__attribute__`). */
  private declaresNothing(name: string): boolean {
    return /^_+$/u.test(name) || this.language.walker.ignoredMacros.some((macro) => idiomRegExp(`^(?:${macro})$`).test(name));
  }

  /** Names of the own symbols with a definition in the file (those filed under another file too). */
  private definedInFile(file: string): Set<string> {
    let names = this.namesByFile.get(file);
    if (!names) {
      const ids = [...(this.graph.fileSymbols.get(file) ?? []), ...(this.graph.filedElsewhere.get(file) ?? []), ...(this.graph.scopes.get(file) ?? []).map((s) => s.id)];
      names = new Set(ids.map((id) => this.graph.symbols.get(id)?.name).filter((n): n is string => n !== undefined));
      this.namesByFile.set(file, names);
    }
    return names;
  }
  private readonly namesByFile = new Map<string, Set<string>>();

  /** Whether a 1-based line lies in swallowed code (below): it is credited to the definition that swallowed it. */
  private inSwallowedCode(file: string, line: number): boolean {
    return (this.swallowing().regions.get(file) ?? []).some(([from, to]) => from <= line - 1 && line - 1 <= to);
  }

  /** Whether the name is written in code a parse error swallowed, where no call was read (`$path->leading_slash`). */
  private namedInSwallowedCode(name: string): boolean {
    if (this.swallowing().regions.size === 0 || !this.search) return false;
    return this.search({ op: 'text_search', pattern: name, mode: 'word', in: 'any' }).some((m) => this.inSwallowedCode(m.file, m.line));
  }

  /**
   * Whether `contained_by` of this type or module may be asked as an exact set: no file it or its
   * members are defined in misses a declaration the language's outline finds there (a parse error
   * swallowed the rest of Test/Mojo.pm, and its subs with it).
   */
  membersListable(id: string): boolean {
    if (this.aliasedModule(id) || this.membersMadeByMacro(id)) return false;
    const symbol = this.graph.symbols.get(id);
    // A method assigning to an attribute the index left unresolved may declare a member of its type the index does not record.
    if (symbol && typeKinds.has(symbol.kind) && this.members(id).some((m) => this.graph.unresolved.assignments.has(m))) return false;
    const files = new Set([id, ...this.members(id)].map((m) => this.graph.symbols.get(m)?.file).filter((f): f is string => f !== undefined));
    // A type of the name the index lost in the same file (the walker's `impl Hash for Inner` beside `mod inner { enum Inner }`) may hold its members.
    const splitFrom = this.lostTypes().some((t) => t.name === symbol?.name && t.file === symbol.file);
    return (
      [...files].every((file) => !this.missesDeclarationsIn(file) && !this.mergesTypesIn(file) && !this.declaresUnrecordedIn(file) && !this.gapsIn(file).some((gap) => this.mayDeclareMemberOf(id, gap))) &&
      this.typesLostUnder(id).length === 0 &&
      !splitFrom
    );
  }

  /** Whether a macro invocation names this type as one whose members its expansion defines (idioms.macroMembers). */
  membersMadeByMacro(id: string): boolean {
    const form = this.idioms.macroMembers;
    const name = this.graph.symbols.get(id)?.name;
    if (form === undefined || name === undefined || !this.search) return false;
    return this.search({ op: 'text_search', pattern: fillTemplate(form, { name }), mode: 'regex', in: 'code' }).some((m) => inScope('code', m.syntax));
  }

  /** Whether a file defining this module, or the module around it, makes it an alias of another (idioms.moduleAliases). */
  private aliasedModule(id: string): boolean {
    const symbol = this.graph.symbols.get(id);
    if (symbol?.kind !== 'module' || this.idioms.moduleAliases.length === 0 || !this.search) return false;
    // A module's name is its path (`MoreLabels/Hashtbl`); the alias names its last part.
    const name = parseSymbol(id)?.descriptors.at(-1)?.name;
    const files = new Set([symbol.file, ...(symbol.owner ? [this.graph.symbols.get(symbol.owner)?.file] : [])]);
    return (
      name !== undefined &&
      this.idioms.moduleAliases.some((form) =>
        this.search!({ op: 'text_search', pattern: fillTemplate(form, { name }), mode: 'regex', in: 'code' }).some((m) => inScope('code', m.syntax) && files.has(m.file)),
      )
    );
  }

  /**
   * Whether a declaration the indexer does not record may be a member of this module or type: any
   * in its file may be a module's; a type's, when it names the type (Lua's `interface_mt.clientport =
   * interface_mt.port`, outside the table's braces), or lies inside the type's range in the type's
   * file, or, in another file, next to a definition of the type or of one of its members (an
   * Objective-C `@implementation` in the `.m` beside the `.h` that declares the class).
   */
  private mayDeclareMemberOf(id: string, gap: TextMatch): boolean {
    const symbol = this.graph.symbols.get(id)!;
    if (symbol.kind === 'module') return true;
    if (new RegExp(`(?<![\\p{L}\\p{N}_$])${escapeRegex(symbol.name)}(?![\\p{L}\\p{N}_$])`, 'u').test(gap.text)) return true;
    const r = symbol.enclosingRange;
    if (symbol.file === gap.file) return r !== undefined && r[0] <= gap.line - 1 && gap.line - 1 <= r[2];
    const scopes = this.graph.scopes.get(gap.file) ?? [];
    const after = scopes.findIndex((s) => s.enclosingRange[0] > gap.line - 1);
    const neighbours = after < 0 ? scopes.slice(-1) : scopes.slice(Math.max(0, after - 1), after + 1);
    return neighbours.some((s) => s.id === id || this.graph.symbols.get(s.id)?.owner === id);
  }

  /** Whether the name is written somewhere in a form that makes it another name (the language's `otherNames`: Zig's `@{name}`). */
  writtenAsAnotherName(name: string): boolean {
    return this.idioms.otherNames.some((form) => (this.search?.({ op: 'text_search', pattern: fillTemplate(form, { name }), mode: 'regex', in: 'any' }) ?? []).length > 0);
  }

  /** Whether a line of the file's code matches the language folder's `surveyGaps`: a declaration form its indexer does not record. */
  hasSurveyGaps(file: string): boolean {
    return this.gapsIn(file).length > 0;
  }

  private gapsIn(file: string): readonly TextMatch[] {
    return this.gapLines().byFile.get(file) ?? [];
  }

  /** The names lines of the language's `undeclaredNames` declare in code (Ruby's `attr_reader :body, :status`). */
  private undeclared(): ReadonlySet<string> {
    return this.gapLines().undeclared;
  }

  /** The code lines of the language's `surveyGaps` and `undeclaredNames`, by file, and the names the latter declare; one search per pattern. */
  private gapLines(): { byFile: Map<string, TextMatch[]>; undeclared: Set<string> } {
    if (!this.gaps) {
      const gaps = (this.gaps = { byFile: new Map<string, TextMatch[]>(), undeclared: new Set<string>() });
      const patterns = [...this.idioms.surveyGaps.map((pattern) => ({ pattern, declares: false })), ...this.idioms.undeclaredNames.map((pattern) => ({ pattern, declares: true }))];
      for (const { pattern, declares } of this.search ? patterns : []) {
        for (const m of this.search!({ op: 'text_search', pattern, mode: 'regex', in: 'code' })) {
          if (!inScope('code', m.syntax)) continue;
          pushTo(gaps.byFile, m.file, m);
          const names = declares ? idiomRegExp(pattern).exec(m.text)?.[1] : undefined;
          for (const name of names?.match(/[A-Za-z_]\w*[?!=]?/gu) ?? []) gaps.undeclared.add(name);
        }
      }
    }
    return this.gaps;
  }
  private gaps?: { byFile: Map<string, TextMatch[]>; undeclared: Set<string> };

  /**
   * The files where a type directly under this module or type is declared in the text (the language's
   * outline finds it, at any depth) while the index gives it members but no definition
   * (graph.undefinedTypes): its member list would miss that type, and those files' lists too.
   */
  typesLostUnder(id: string): string[] {
    return sortedUnique(this.lostTypes().filter((t) => t.container === id).map((t) => t.file));
  }

  /** "<file>\n<name>" of every type the language's outline finds declared, at any depth. */
  private declaredTypes(): Set<string> {
    if (this.typeDeclarations) return this.typeDeclarations;
    const declared = new Set<string>();
    for (const { kind, pattern } of this.search && this.graph.undefinedTypes.size ? this.idioms.outline : []) {
      if (kind === 'function' || kind === 'method' || kind === 'property' || kind === 'impl') continue;
      const re = idiomRegExp(pattern);
      for (const m of this.search!({ op: 'text_search', pattern, mode: 'regex', in: 'code' })) {
        const name = re.exec(m.text)?.[1];
        if (name && inScope('code', m.syntax)) declared.add(`${m.file}\n${name}`);
      }
    }
    return (this.typeDeclarations = declared);
  }
  private typeDeclarations?: Set<string>;

  /** The types the text declares that the index gives members but no definition (graph.undefinedTypes), each with its container, its file and those members' names. */
  private lostTypes(): Array<{ container: string; name: string; file: string; members: string[] }> {
    this.lostMemo ??= [...this.graph.undefinedTypes].flatMap(([container, types]) => types.map((t) => ({ container, ...t }))).filter((t) => this.declaredTypes().has(`${t.file}\n${t.name}`));
    return this.lostMemo;
  }
  private lostMemo?: Array<{ container: string; name: string; file: string; members: string[] }>;

  /** Whether some module or type loses a type declared in this file (typesLostUnder): the file's own list would miss it. */
  losesTypesIn(file: string): boolean {
    return this.lostTypes().some((t) => t.file === file);
  }

  /** Whether the index is missing a declaration the file's text makes (a file not to survey whole). */
  missesDeclarationsIn(file: string): boolean {
    return this.missingDeclarations().has(file);
  }

  /**
   * The signature the index recorded, unless the definition's body runs over a declaration the index
   * is missing: then the hover may hold the code it swallowed (tree-sitter-haskell read fgl's
   * `getdomv vs ds = [z|(w,_,z)<-ds,…]` as a quasi-quote and gave it the next 20 lines). Nor a
   * callable's hover that names a type (scip-typescript shows fastify's `function Parser (…)`, whose
   * prototype it extends, as `class Parser`): that is not how the code writes it.
   */
  signatureOf(s: SymbolFact): string | undefined {
    if (this.swallowing().bodies.has(s.id)) return undefined;
    if (s.signature && callableKinds.has(s.kind) && /^(?:class|interface|enum)\b/.test(s.signature)) return undefined;
    return s.signature;
  }

  /**
   * Definitions whose body runs over a declaration the index is missing (the definition that
   * swallowed it), every callable they are said to call (their callees, and the callers of those,
   * mix two functions' calls), and per file the swallowed lines, from the missing declaration to the
   * end of the body that holds it (0-based, inclusive).
   */
  private swallowing(): { bodies: Set<string>; callees: Set<string>; regions: Map<string, Array<[number, number]>> } {
    if (this.swallowMemo) return this.swallowMemo;
    const bodies = new Set<string>();
    const callees = new Set<string>();
    const regions = new Map<string, Array<[number, number]>>();
    for (const [file, lines] of this.missingDeclarations()) {
      for (const { id, enclosingRange: r } of this.graph.scopes.get(file) ?? []) {
        const swallowed = lines.filter((line) => r[0] < line && line <= r[2]);
        if (swallowed.length === 0) continue;
        bodies.add(id);
        for (const callee of this.graph.calls.get(id) ?? []) callees.add(callee);
        pushTo(regions, file, [swallowed[0]!, r[2]] as [number, number]);
      }
    }
    return (this.swallowMemo = { bodies, callees, regions });
  }
  private swallowMemo?: { bodies: Set<string>; callees: Set<string>; regions: Map<string, Array<[number, number]>> };

  /**
   * Whether the text declares a value of this name on a line where the index records no definition
   * (the language's `valueDeclaration`: a Rust `static EMPTY: [&OsStr; 0] = []` inside a function):
   * a second value of that name that the index misses.
   */
  declaresUnrecorded(name: string): boolean {
    const form = this.idioms.valueDeclaration;
    if (!form || !this.search) return false;
    return this.search({ op: 'text_search', pattern: fillTemplate(form, { name }), mode: 'regex', in: 'code' }).some((m) => inScope('code', m.syntax) && !this.definesOnLine(m.file, m.line - 1));
  }

  /** Whether the index records the name of some own definition on this 0-based line of the file. */
  private definesOnLine(file: string, line: number): boolean {
    const sites = this.graph.definitionSites.get(file) ?? [];
    return sites[firstSiteOn(sites, line)] === line;
  }

  /** Whether a match overlaps the name of any definition of an own symbol (every one of a symbol defined twice). */
  onDefinitionName(m: TextMatch): boolean {
    return overlapsSite(this.graph.definitionSites.get(m.file), m);
  }

  /** Whether a text match lies on the name a local binds (a variable or parameter inside a body). */
  onLocalBinding(m: TextMatch): boolean {
    return overlapsSite(this.graph.localSites.get(m.file), m);
  }

  /**
   * Whether a file holds a definition of a symbol filed under another file: C's same-named statics
   * and macros in two files share one id, and a header's prototype is the function its source file
   * defines, so `file_symbols` of the file leaves its own copy out.
   */
  holdsDefinitionsFiledElsewhere(file: string): boolean {
    return this.graph.filedElsewhere.has(file);
  }

  symbol(id: string): SymbolFact | undefined {
    return this.graph.symbols.get(id);
  }

  /**
   * Symbols a question may be about: the corpus's own, outside test code, outside generated code
   * and example programs unless those make up most of the corpus, and not declared inside a function's
   * body (answers still include all of them). Memoised per kind set.
   */
  targets(kinds?: ReadonlySet<SymbolKind>): readonly SymbolFact[] {
    const key = `targets ${kinds ? [...kinds].sort().join(' ') : '*'}`;
    let list = this.kindMemo.get(key);
    if (!list) {
      // Each symbol is judged once; a kind set's targets are the symbols of those kinds among them, in the same order.
      list = kinds ? this.targets().filter((s) => kinds.has(s.kind)) : this.all().filter((s) => this.isTargetFile(s.file) && !this.isTest(s) && !this.insideCallable(s));
      this.kindMemo.set(key, list);
    }
    return list;
  }

  /**
   * Whether an id is one the index files under the wrong parent: a function or type declared inside
   * the body of a function its id does not descend from (below). Its id says `FastAPI#redoc_html()`,
   * a method, for a route handler nested in `FastAPI.setup()`; no question names it.
   */
  misfiled(id: string): boolean {
    const s = this.graph.symbols.get(id);
    return s !== undefined && this.insideCallable(s);
  }

  /**
   * A function or type declared inside the body of a function its id does not descend from: a route
   * handler nested in `setup()` that scip-python files as a method of the class is reachable from
   * nowhere but that body. (An attribute set in `__init__` is the type's, wherever it is assigned.)
   */
  private insideCallable(s: SymbolFact): boolean {
    if (!callableKinds.has(s.kind) && !typeKinds.has(s.kind)) return false;
    if (this.nestedElsewhere().has(s.id)) return true;
    // Each kind set's targets ask again; the file's callables are searched once per symbol.
    let inside = this.insideCallableMemo.get(s.id);
    if (inside === undefined) {
      const [line, char] = s.range;
      const own = s.enclosingRange;
      // One declaration naming both (`x, y :: Int`) holds neither.
      inside = this.callablesOf(s.file).anyAround(line, char, (id, r) => !s.id.startsWith(id) && !(own && r.every((v, i) => v === own[i])));
      this.insideCallableMemo.set(s.id, inside);
    }
    return inside;
  }
  private readonly insideCallableMemo = new Map<string, boolean>();

  /**
   * Symbols with any definition occurrence inside the body of a callable they do not descend from:
   * scip-python gives a function nested in `setup()` and named like a method (`async def openapi`)
   * the symbol of the class's own `openapi`, so its answers would mix the two.
   */
  private nestedElsewhere(): ReadonlySet<string> {
    if (this.nestedMemo) return this.nestedMemo;
    const nested = new Set<string>();
    for (const [file, entries] of this.graph.scopes) {
      const callables = this.callablesOf(file);
      for (const { id, enclosingRange: e } of entries) {
        if (callables.anyAround(e[0], e[1], (outer) => !id.startsWith(outer))) nested.add(id);
      }
    }
    this.nestedMemo = nested;
    return nested;
  }
  private nestedMemo?: ReadonlySet<string>;

  /** The enclosing ranges of a file's own callables, made on first use. */
  private callablesOf(file: string): Intervals {
    let intervals = this.callableIntervals.get(file);
    if (!intervals) {
      const entries = (this.graph.scopes.get(file) ?? []).filter(({ id }) => callableKinds.has(this.graph.symbols.get(id)?.kind as SymbolKind));
      this.callableIntervals.set(file, (intervals = new Intervals(entries)));
    }
    return intervals;
  }
  private readonly callableIntervals = new Map<string, Intervals>();

  /** Test code by the language's conventions (its idioms' testFiles), once per file: generators ask it for every symbol. */
  inTestFile(file: string): boolean {
    let test = this.testFiles.get(file);
    if (test === undefined) {
      test = matchesAny(this.idioms.testFiles, file);
      this.testFiles.set(file, test);
    }
    return test;
  }
  private readonly testFiles = new Map<string, boolean>();

  /**
   * Test code: a symbol of a test file, a test by its name wherever it is defined (Zig's `test "…"`
   * blocks, idioms.testSymbols), a function right under a test marker (Rust's `#[test]`,
   * idioms.tests.markers), or one inside a module of tests (Rust's `mod tests`, idioms.testModules).
   */
  isTest(s: SymbolFact): boolean {
    if (this.inTestFile(s.file) || matchesAny(this.idioms.testSymbols, s.name) || this.markedTests().has(s.id)) return true;
    for (let owner = s.owner && this.graph.symbols.get(s.owner); owner; owner = owner.owner && this.graph.symbols.get(owner.owner)) {
      if (owner.kind === 'module' && matchesAny(this.idioms.testModules, owner.name)) return true;
    }
    return false;
  }

  /** Functions whose name is on the line right under a test marker in code (idioms.tests.markers), found once: isTest asks for every symbol. */
  private markedTests(): ReadonlySet<string> {
    if (!this.testMarked) {
      this.testMarked = new Set();
      for (const pattern of this.search ? this.idioms.tests.markers : []) {
        for (const m of this.search!({ op: 'text_search', pattern, mode: 'regex', in: 'code' })) {
          if (!inScope('code', m.syntax)) continue;
          for (const id of this.graph.fileSymbols.get(m.file) ?? []) {
            const s = this.graph.symbols.get(id)!;
            if (s.range[0] === m.line && callableKinds.has(s.kind)) this.testMarked.add(id);
          }
        }
      }
    }
    return this.testMarked;
  }
  private testMarked?: Set<string>;

  /** Whether a text match lies in test code: a test file, or the body of a test symbol. */
  inTestCode(m: TextMatch): boolean {
    return this.inTestFile(m.file) || this.creditedAt(m).some((id) => this.isTest(this.graph.symbols.get(id)!));
  }

  /** A file questions may be about: not test code, and not generated or an example unless most of the corpus is. */
  isTargetFile(file: string): boolean {
    return !this.inTestFile(file) && !this.peripheral().has(file);
  }

  /** Generated files and example programs (by the language's idioms), when they are less than half the corpus's files. */
  private peripheral(): ReadonlySet<string> {
    if (!this.peripheralFiles) {
      const patterns = [...this.idioms.generatedFiles, ...this.idioms.exampleFiles];
      const files = this.graph.files.filter((f) => matchesAny(patterns, f));
      this.peripheralFiles = new Set(2 * files.length < this.graph.files.length ? files : []);
    }
    return this.peripheralFiles;
  }
  private peripheralFiles?: Set<string>;

  /** Every own symbol of these kinds (all kinds when none given), in id order. Memoised per kind set: each sub-type asks. */
  all(kinds?: ReadonlySet<SymbolKind>): readonly SymbolFact[] {
    const key = `all ${kinds ? [...kinds].sort().join(' ') : '*'}`;
    let list = this.kindMemo.get(key);
    if (!list) {
      list = [];
      for (const s of this.graph.symbols.values()) if (!kinds || kinds.has(s.kind)) list.push(s);
      this.kindMemo.set(key, list);
    }
    return list;
  }
  private readonly kindMemo = new Map<string, SymbolFact[]>();

  /** `Type#member` → the members of types with that short name that carry that name; built on first use. */
  private byMemberForm(): Map<string, SymbolFact[]> {
    if (!this.memberForms) {
      this.memberForms = new Map();
      for (const s of this.graph.symbols.values()) {
        const owner = s.owner ? this.symbol(s.owner) : undefined;
        if (!owner || !typeKinds.has(owner.kind)) continue;
        const key = `${owner.name}#${s.name}`;
        const list = this.memberForms.get(key);
        if (list) list.push(s);
        else this.memberForms.set(key, [s]);
      }
    }
    return this.memberForms;
  }
  private memberForms: Map<string, SymbolFact[]> | undefined;

  /** `lookup` with `bare_name: true`: short name, or `Type#member` for a member of a type with that short name. */
  lookupBare(name: string, kind?: string): string[] {
    const hash = name.indexOf('#');
    let hits: SymbolFact[];
    if (hash > 0) {
      hits = this.byMemberForm().get(name) ?? [];
    } else {
      hits = this.byName.get(name) ?? [];
    }
    return hits.filter((s) => !kind || s.kind === kind).map((s) => s.id).sort();
  }

  /** `lookup` with `bare_name: false`: the symbol with exactly this id, if it is the corpus's own. */
  lookupExact(id: string, kind?: string): string[] {
    const s = this.symbol(id);
    return s && (!kind || s.kind === kind) ? [id] : [];
  }

  /** The types that declare a member with this short name (memoised: names like `get` are shared by thousands). */
  typeOwnersOf(name: string): ReadonlySet<string> {
    let owners = this.ownersMemo.get(name);
    if (!owners) {
      owners = new Set();
      for (const o of this.byName.get(name) ?? []) if (o.owner && typeKinds.has(this.symbol(o.owner)!.kind)) owners.add(o.owner);
      this.ownersMemo.set(name, owners);
    }
    return owners;
  }
  private readonly ownersMemo = new Map<string, Set<string>>();

  /** The files that define a symbol with this short name, sorted (memoised). */
  filesOf(name: string): readonly string[] {
    let files = this.filesMemo.get(name);
    if (!files) {
      files = sortedUnique((this.byName.get(name) ?? []).map((o) => o.file));
      this.filesMemo.set(name, files);
    }
    return files;
  }
  private readonly filesMemo = new Map<string, string[]>();

  /**
   * Whether a name made up to be absent is taken: a symbol's short name (modules included), ignoring case, or a word the
   * corpus's text writes anywhere (an outside type it uses, C#'s `IDisposable`), which an agent
   * has seen and could not be told "no such thing exists".
   */
  nameTaken(name: string): boolean {
    if (!this.lowerNames) {
      this.lowerNames = new Set();
      for (const s of this.graph.symbols.values()) this.lowerNames.add(s.name.toLowerCase());
    }
    if (this.lowerNames.has(name.toLowerCase())) return true;
    return !!this.search && this.search({ op: 'text_search', pattern: name, mode: 'word', in: 'any' }).length > 0;
  }
  private lowerNames: Set<string> | undefined;

  members(id: string): string[] {
    return this.graph.contains.get(id) ?? [];
  }

  /**
   * Is every call to this symbol resolved, to it alone, and credited to a caller? No call of its
   * name may be unresolved (graph.unresolved: of a compiler-grade index, the calls written in the
   * text that it leaves unbound), its id must not name bodies in several files, and no call of it may lie outside every own
   * body (a script's top level, a Lua handler registered at module level, a Zig `test` block) nor
   * in code that is no function's (a field initializer, a class body's `init { }` or superclass
   * call, Perl's package-level code: the index credits the type, and no function is the caller).
   * Nor may it override or implement another method: a call through that method (an interface, a
   * base class's `$this->describe…()`) reaches it, and no index here follows one; nor be a
   * constructor of a type with subtypes, which constructing one of them may run; nor be a method
   * a member read may run (idioms.lazyMembers), nor one an operator runs (idioms.operatorMethods);
   * nor be called from inside a type the index merged with a namesake (withinMergedType).
   */
  callersComplete(id: string): boolean {
    const s = this.symbol(id);
    return (
      !!s &&
      !this.graph.unresolved.names.has(s.name) &&
      !this.constructedUnresolved(s) &&
      !this.graph.unresolved.targets.has(id) &&
      !this.bodiedInSeveralFiles().has(id) &&
      !this.calledOutsideBodies(id) &&
      !this.swallowing().callees.has(id) &&
      !this.calledByNonCallables().has(id) &&
      !this.overridesAnother(s) &&
      !this.runsForSubtypes(s) &&
      !this.lazyMemberCalls().methods.has(id) &&
      !this.runByOperators(s) &&
      !this.ofMergedType(s) &&
      !this.calledFromMergedType(id) &&
      !this.overloadsAcrossTypes().has(id) &&
      // Last: a text search of the name, where a file misses declarations.
      !this.namedInSwallowedCode(s.name)
    );
  }

  /** A method an operator runs (idioms.operatorMethods: Lua's `__sub`, C++'s `operator==`), which `a - b` calls with no call written. */
  private runByOperators(s: SymbolFact): boolean {
    const names = this.idioms.operatorMethods;
    return names !== undefined && s.kind !== 'constructor' && this.isCallable(s) && idiomRegExp(names).test(s.name);
  }

  /** Symbols some caller of which is no callable (made once: a hot callee has thousands of callers). */
  private calledByNonCallables(): ReadonlySet<string> {
    if (!this.calledByNonCallable) {
      this.calledByNonCallable = new Set();
      for (const [caller, callees] of this.graph.calls) {
        if (!this.isCallable(this.symbol(caller)!)) for (const callee of callees) this.calledByNonCallable.add(callee);
      }
    }
    return this.calledByNonCallable;
  }
  private calledByNonCallable?: Set<string>;

  /** A constructor of a type whose name some unresolved call is written with (`Slice()`, `new Take_(…)` the walker could not bind). */
  private constructedUnresolved(s: SymbolFact): boolean {
    const owner = s.kind === 'constructor' && s.owner !== undefined ? this.symbol(s.owner) : undefined;
    return !!owner && this.graph.unresolved.names.has(owner.name);
  }

  /** A constructor of a type with subtypes: constructing one of them (`new self()`, a subclass without a constructor, `super(…)`) may run it. */
  private runsForSubtypes(s: SymbolFact): boolean {
    return s.kind === 'constructor' && s.owner !== undefined && (this.subtypes.get(s.owner) ?? []).length > 0;
  }

  /** A method that overrides or implements a method of a supertype (the index's implementation relation). */
  overridesAnother(s: SymbolFact): boolean {
    return callableKinds.has(s.kind) && (this.graph.supertypes.get(s.id) ?? []).length > 0;
  }

  /** Whether some call of it lies in no own body (graph.calledOutsideBodies), declaration files aside. */
  private calledOutsideBodies(id: string): boolean {
    return (this.graph.calledOutsideBodies.get(id) ?? []).some((file) => !matchesAny(this.idioms.declarationFiles, file));
  }

  /** Is every call inside this symbol's body resolved, and is it one body? */
  calleesComplete(id: string): boolean {
    const s = this.symbol(id);
    return (
      !this.graph.unresolved.bodies.has(id) &&
      !this.bodiedInSeveralFiles().has(id) &&
      !this.swallowing().bodies.has(id) &&
      !this.lazyMemberCalls().bodies.has(id) &&
      !(s && this.ofMergedType(s)) &&
      !(this.graph.calls.get(id) ?? []).some((callee) => this.overloadsAcrossTypes().has(callee))
    );
  }

  /**
   * Where callables overload by signature (the folder's `walker.overloads`: Kotlin, Java, C#, Swift,
   * Solidity), callables sharing a name with a callable of another type that neither overrides, and
   * that a call inside the first one's type may reach instead: one of a supertype, or, where the type
   * has a supertype outside the corpus, one of any other type, which that supertype may pass on
   * (react-native's `LayoutShadowNode : ReactShadowNodeImpl()`, whose `setRowGap(rowGap: Dynamic)`
   * calls `setRowGap(value)` with a Float, reaching the external class's `setRowGap(rowGap: Float)`
   * that implements the corpus's `ReactShadowNode.setRowGap`). Which one a call reaches depends on its
   * arguments' types, which a syntactic index does not know, so it binds the call to the nearest.
   * Both sides are in the set.
   */
  private overloadsAcrossTypes(): ReadonlySet<string> {
    if (this.acrossMemo) return this.acrossMemo;
    const clashing = new Set<string>();
    if (this.language.walker.overloads !== 'disambiguate') return (this.acrossMemo = clashing);
    const byName = new Map<string, SymbolFact[]>();
    for (const s of this.graph.symbols.values()) {
      const owner = s.owner === undefined ? undefined : this.graph.symbols.get(s.owner);
      if (callableKinds.has(s.kind) && s.kind !== 'constructor' && owner && typeKinds.has(owner.kind)) pushTo(byName, s.name, s);
    }
    const lineage = new Map<string, { own: ReadonlySet<string>; external: boolean }>();
    const lineageOf = (type: string) => {
      let known = lineage.get(type);
      if (!known) {
        const ancestors = this.ancestors(type);
        known = { own: new Set(ancestors.filter((a) => this.graph.symbols.has(a))), external: ancestors.some((a) => !this.graph.symbols.has(a)) };
        lineage.set(type, known);
      }
      return known;
    };
    for (const named of byName.values()) {
      if (named.length < 2) continue;
      for (const s of named) {
        if (this.overridesAnother(s)) continue;
        const { own, external } = lineageOf(s.owner!);
        for (const other of named) {
          if (other.owner === s.owner || !(own.has(other.owner!) || external)) continue;
          clashing.add(s.id);
          clashing.add(other.id);
        }
      }
    }
    return (this.acrossMemo = clashing);
  }
  private acrossMemo?: ReadonlySet<string>;

  /**
   * The methods a member read may call, and the bodies holding such reads (idioms.lazyMembers: where
   * a Lua file installs an `__index` function that looks up `ip_methods[key]`, `self.toV4mapped`
   * runs `ip_methods:toV4mapped()`). Reads in any file count: the tables that function serves travel.
   */
  private lazyMemberCalls(): { methods: ReadonlySet<string>; bodies: ReadonlySet<string> } {
    if (this.lazyMemo) return this.lazyMemo;
    const methods = new Set<string>();
    const bodies = new Set<string>();
    const lazy = this.idioms.lazyMembers;
    if (lazy && this.search) {
      const installers = new Set(this.search({ op: 'text_search', pattern: lazy.installed, mode: 'regex', in: 'code' }).map((m) => m.file));
      const byOwner = new Map<string, SymbolFact[]>();
      for (const s of this.graph.symbols.values()) if (s.kind === 'method' && s.owner !== undefined && installers.has(s.file)) pushTo(byOwner, s.owner, s);
      const byName = new Map<string, string[]>();
      for (const [owner, members] of byOwner) {
        const table = this.symbol(owner);
        const pattern = table && fillTemplate(lazy.dispatch, { name: table.name });
        if (!pattern || !this.search({ op: 'text_search', pattern, mode: 'regex', in: 'code' }).some((m) => m.file === table.file)) continue;
        for (const s of members) pushTo(byName, s.name, s.id);
      }
      for (const [name, ids] of byName) {
        const reads = this.search({ op: 'text_search', pattern: fillTemplate(lazy.read, { name }), mode: 'regex', in: 'code' });
        if (!reads.length) continue;
        for (const id of ids) methods.add(id);
        for (const m of reads) {
          const body = this.innermostScopeAt(m.file, m.line - 1, m.start);
          if (body) bodies.add(body);
        }
      }
    }
    return (this.lazyMemo = { methods, bodies });
  }
  private lazyMemo?: { methods: ReadonlySet<string>; bodies: ReadonlySet<string> };

  /**
   * Whether a file hands on names defined elsewhere as its module's own (idioms.reExports: Python's
   * `from .x import Y as Y`, Rust's `pub use`): its module offers more than it defines. Without
   * text searches (a hand-made graph) no file is known to.
   */
  reExportsIn(file: string): boolean {
    this.reExporters ??= new Set(this.idioms.reExports.flatMap((pattern) => this.search?.({ op: 'text_search', pattern, mode: 'regex', in: 'code_or_import' }) ?? []).map((m) => m.file));
    return this.reExporters.has(file);
  }
  private reExporters?: ReadonlySet<string>;

  /** The own definition whose enclosing range holds (line, char) and starts last, if any. */
  private innermostScopeAt(file: string, line: number, char: number): string | undefined {
    let best: { id: string; enclosingRange: Range } | undefined;
    for (const scope of this.graph.scopes.get(file) ?? []) {
      const [l0, c0, l1, c1] = scope.enclosingRange;
      const holds = (line > l0 || (line === l0 && char >= c0)) && (line < l1 || (line === l1 && char < c1));
      if (holds && (!best || l0 > best.enclosingRange[0] || (l0 === best.enclosingRange[0] && c0 > best.enclosingRange[1]))) best = scope;
    }
    return best?.id;
  }

  /**
   * The file holding a symbol's body, where a declaration file (idioms.declarationFiles: a C
   * header's prototype) is the file it is filed under; else that file. None for an id with bodies
   * in several files (bodiedInSeveralFiles: clap's `Str#eq` of builder/str.rs and of the
   * `impl PartialEq<Id> for Str` in util/id.rs), whose calls no one file holds.
   */
  bodyFile(id: string): string | undefined {
    const files = this.bodyFiles(id);
    return files.length === 1 ? files[0] : undefined;
  }

  /** Every file holding a body of the symbol (bodyFile), several for an id the index gives two functions. */
  bodyFiles(id: string): readonly string[] {
    const s = this.symbol(id);
    if (!s) return [];
    if (!this.bodiedInSeveralFiles().has(id) && !matchesAny(this.idioms.declarationFiles, s.file)) return [s.file];
    return this.bodies().files.get(id) ?? [s.file];
  }

  /**
   * Per file, the names of the types the language's outline declares there more often than the
   * index defines a type of that name there, where a type's generic arity tells types of one name
   * apart (idioms.typesByArity): C#'s `AggregateObservable<T>` and `AggregateObservable<T, U>` are
   * two types the walker files under one id, with the members of both. Without text searches (a
   * hand-made graph) no file is known to.
   */
  private mergedTypes(): ReadonlyMap<string, ReadonlySet<string>> {
    if (this.mergedMemo) return this.mergedMemo;
    // One line may match several of the outline's forms (Go's `type X struct` is a class and a type): lines count once.
    const declared = new Map<string, Map<string, Set<number>>>();
    for (const { kind, pattern } of this.search && this.idioms.typesByArity ? this.idioms.outline : []) {
      if (!typeKinds.has(kind as SymbolKind)) continue;
      const form = idiomRegExp(pattern);
      for (const m of this.search!({ op: 'text_search', pattern, mode: 'regex', in: 'code' })) {
        const name = form.exec(m.text)?.[1];
        if (!name || !inScope('code', m.syntax)) continue;
        let lines = declared.get(m.file);
        if (!lines) declared.set(m.file, (lines = new Map()));
        addTo(lines, name, m.line);
      }
    }
    const merged = new Map<string, Set<string>>();
    for (const [file, counts] of declared) {
      const indexed = new Map<string, number>();
      for (const { id } of this.graph.scopes.get(file) ?? []) {
        const t = this.graph.symbols.get(id);
        if (t && typeKinds.has(t.kind)) indexed.set(t.name, (indexed.get(t.name) ?? 0) + 1);
      }
      for (const [name, lines] of counts) if (lines.size > (indexed.get(name) ?? 0) && indexed.has(name)) addTo(merged, file, name);
    }
    return (this.mergedMemo = merged);
  }
  private mergedMemo?: ReadonlyMap<string, ReadonlySet<string>>;

  /** Whether the index files two of a file's types under one id (mergedTypes). */
  mergesTypesIn(file: string): boolean {
    return this.mergedTypes().has(file);
  }

  /** A type the index merged with a namesake of its file, or a member of one: its members, callers and callees mix two types'. */
  private ofMergedType(s: SymbolFact): boolean {
    const type = typeKinds.has(s.kind) ? s : s.owner !== undefined ? this.symbol(s.owner) : undefined;
    return !!type && typeKinds.has(type.kind) && !!this.mergedTypes().get(type.file)?.has(type.name);
  }

  /**
   * Whether a symbol lies inside a type the index merged with a namesake, at any depth: its calls were
   * resolved where the names of several types' members meet (unirx's `new ZipObserver<T1>(…)` in a
   * merged `Zip` class binds to the nested `ZipObserver` of another arity's `Zip`).
   */
  private withinMergedType(id: string): boolean {
    for (let s = this.symbol(id); s; s = s.owner === undefined ? undefined : this.symbol(s.owner)) if (this.ofMergedType(s)) return true;
    return false;
  }

  /** Whether some caller of this symbol lies inside a merged type; where no file merges types (most corpora), no caller is walked. */
  private calledFromMergedType(id: string): boolean {
    return this.mergedTypes().size > 0 && this.callers(id).some((caller) => this.withinMergedType(caller));
  }

  /**
   * Ids with bodies in more than one file, declaration files (idioms.declarationFiles: a header, an
   * OCaml interface) aside. A file-blind syntactic index gives C's same-named `static` functions of
   * two files one id (glibc's tests each define `do_test`; linux's fs/inode.c and fs/bfs/inode.c each
   * a `find_inode`), and binds every call of that name to it: its callers and callees mix two
   * functions. Go's build-tag variants of one function are such ids too.
   */
  private bodiedInSeveralFiles(): ReadonlySet<string> {
    return this.bodies().several;
  }

  /** Per id, the files holding a body of it in the order the graph gives files, declaration files aside; and the ids with bodies in several files. */
  private bodies(): { files: ReadonlyMap<string, readonly string[]>; several: ReadonlySet<string> } {
    if (!this.bodiesMemo) {
      const files = new Map<string, string[]>();
      const several = new Set<string>();
      for (const [file, scopes] of this.graph.scopes) {
        if (matchesAny(this.idioms.declarationFiles, file)) continue;
        for (const { id } of scopes) {
          const seen = files.get(id);
          if (seen === undefined) files.set(id, [file]);
          else if (!seen.includes(file)) {
            seen.push(file);
            several.add(id);
          }
        }
      }
      this.bodiesMemo = { files, several };
    }
    return this.bodiesMemo;
  }
  private bodiesMemo?: { files: ReadonlyMap<string, readonly string[]>; several: ReadonlySet<string> };

  /** Named by an import, by module-level code or as a value: uncalled, yet maybe used. */
  namedNotCalled(id: string): boolean {
    return this.graph.namedNotCalled.has(id);
  }

  /**
   * Whether the symbol's name is written in code other than on a definition's name: an index that
   * records only calls (the walker) leaves out a function passed by name
   * (`YGNodeSetMeasureFunc(node, RCTTextShadowViewMeasure)`) and a macro used where the grammar
   * reads no call, and either may be its only use.
   */
  writtenBesidesDefinitions(id: string): boolean {
    const name = this.graph.symbols.get(id)?.name;
    if (!name || !this.search) return false;
    return this.search({ op: 'text_search', pattern: name, mode: 'word', in: 'code' }).some((m) => inScope('code', m.syntax) && !this.onDefinitionName(m));
  }

  callers(id: string): string[] {
    return this.graph.callers.get(id) ?? [];
  }

  callees(id: string): string[] {
    return this.graph.calls.get(id) ?? [];
  }

  /** Symbols some test-code symbol calls directly (built on first use): a cheap check before walking callers. */
  calledFromTests(): ReadonlySet<string> {
    if (!this.testCallees) {
      this.testCallees = new Set();
      for (const s of this.graph.symbols.values()) {
        if (this.isTest(s)) for (const callee of this.callees(s.id)) this.testCallees.add(callee);
      }
    }
    return this.testCallees;
  }
  private testCallees: Set<string> | undefined;

  /** Does anything implement, extend or override this one directly? A cheap check before the transitive walk. */
  hasSubtypes(id: string): boolean {
    return this.subtypes.has(id);
  }

  /**
   * Whether the index can list everything that implements this type (or the type of this method):
   * where the language's interfaces are satisfied structurally (Go), only when every interface it
   * extends is the corpus's own, since a type may satisfy the methods of one from outside unseen.
   */
  implementorsKnown(id: string): boolean {
    const s = this.graph.symbols.get(id);
    if (this.hasSameNamedOverloads(id) || this.subtypeFileMissesDeclarations(id) || this.subtypedByMacro(id) || this.subtypeMayBeLost(id) || this.subtypedAnonymously(id)) return false;
    if (s && (this.ofMergedType(s) || this.memberOfUndefinedType(s) || this.heldAsValueBySubtype(s))) return false;
    if (s && !callableKinds.has(s.kind) && this.mayBeImplementedByUndefinedType(id)) return false;
    if (s && typeKinds.has(s.kind) && this.namedByUnlinkedType(s)) return false;
    if (this.language.walker.interfaces !== 'structural') return true;
    return this.ancestors(this.typeOfMember(id)).every((a) => this.graph.symbols.has(a));
  }

  /**
   * Whether the type's name is written in code on the line defining another own type that the index
   * does not record as implementing it: scip-python gave fastapi's `class Header(ParameterBase): pass`
   * a definition but no SymbolInformation, so no relationship says it extends ParameterBase, and the
   * implementors would leave it out. A line naming the type for another reason (`class Box<T extends
   * Base>`) asks nothing either: the safe side.
   */
  private namedByUnlinkedType(base: SymbolFact): boolean {
    if (!this.search) return false;
    const linked = new Set([base.id, ...this.implementors(base.id)]);
    return this.search({ op: 'text_search', pattern: base.name, mode: 'word', in: 'code' }).some(
      (m) => inScope('code', m.syntax) && (this.typesDefinedOn().get(`${m.file}:${m.line - 1}`) ?? []).some((id) => !linked.has(id)),
    );
  }

  /** `file:line` (0-based) → the own types whose definition starts there. */
  private typesDefinedOn(): ReadonlyMap<string, readonly string[]> {
    if (!this.typeLines) {
      this.typeLines = new Map();
      for (const t of this.graph.symbols.values()) if (typeKinds.has(t.kind)) pushTo(this.typeLines, `${t.file}:${t.range[0]}`, t.id);
    }
    return this.typeLines;
  }
  private typeLines?: Map<string, string[]>;

  /**
   * Whether a method's name is also a member of a type the index gives members but no definition
   * (graph.undefinedTypes): that type's methods have no implementation edge, and may override or
   * implement this one, and implement its type (clap's `impl IntoResettable<ArgAction> for ArgAction`
   * in resettable.rs, filed under an undefined `resettable/ArgAction#`).
   */
  private memberOfUndefinedType(s: SymbolFact): boolean {
    return callableKinds.has(s.kind) && this.undefinedMembers().has(s.name);
  }

  /** Names of the members of types the index gives members but no definition (graph.undefinedTypes: clap's blanket `impl<P> AnyValueParser for P`). */
  private undefinedMembers(): ReadonlySet<string> {
    this.undefinedMemberNames ??= new Set([...this.graph.undefinedTypes.values()].flatMap((types) => types.flatMap((t) => t.members)));
    return this.undefinedMemberNames;
  }
  private undefinedMemberNames?: Set<string>;

  /**
   * Whether a type some of whose methods an undefined type also has, that undefined type named like a
   * corpus type, may be implemented by that corpus type with no edge (clap's `IntoResettable` by
   * `ArgAction`). An undefined type no corpus type is named like is outside the corpus (`impl Args for
   * Box<T>`), and implements nothing a question about the corpus's implementors lists.
   */
  private mayBeImplementedByUndefinedType(id: string): boolean {
    this.ownNamedUndefinedMembers ??= new Set(
      [...this.graph.undefinedTypes.values()].flatMap((types) => types.filter((t) => this.lookupBare(t.name).some((o) => typeKinds.has(this.graph.symbols.get(o)!.kind))).flatMap((t) => t.members)),
    );
    return this.members(id).some((m) => callableKinds.has(this.graph.symbols.get(m)!.kind) && this.ownNamedUndefinedMembers!.has(this.graph.symbols.get(m)!.name));
  }
  private ownNamedUndefinedMembers?: Set<string>;

  /**
   * Whether a subtype of a method's type holds a value of the method's name (OCaml's point-free
   * `let to_seq_keys = to_seq_keys` in Hashtbl.MakeSeeded, a variable to the index): it implements
   * the method with no implementation edge.
   */
  private heldAsValueBySubtype(s: SymbolFact): boolean {
    if (!callableKinds.has(s.kind) || !s.owner) return false;
    return this.implementors(s.owner).some((sub) =>
      this.members(sub).some((m) => {
        const member = this.graph.symbols.get(m);
        return member !== undefined && member.name === s.name && !callableKinds.has(member.kind);
      }),
    );
  }

  /**
   * Whether a lookup of this name with this kind rests on a kind the syntax cannot tell: a symbol of
   * the name has a definition the language marks so (idioms.kindUnknown: C's `#define DeleteFile
   * DeleteFileW`), or one has a kind the text does not settle that is, or may be, the asked one
   * (idioms.ambiguousKinds: OCaml's variable `let cat = ( ^ )`, asked as a variable or a function).
   */
  kindUnknownFor(name: string, kind: string): boolean {
    const symbols = this.byName.get(name) ?? [];
    const form = this.idioms.kindUnknown;
    if (form) {
      const re = idiomRegExp(form);
      if (symbols.some((s) => s.signature !== undefined && re.test(s.signature))) return true;
    }
    return symbols.some((s) => this.idioms.ambiguousKinds.some((a) => a.kind === s.kind && (s.kind === kind || a.mayBe.some((k) => k === kind))));
  }

  /** Whether a macro declares a subtype of this type (or of a method's type) or of one of its subtypes: its expansions are subtypes no index sees. */
  private subtypedByMacro(id: string): boolean {
    const form = this.idioms.macroSubtypes;
    if (!form || !this.graph.symbols.has(id) || !this.search) return false;
    return this.typeAndSubtypeNames(id).some((name) => this.search!({ op: 'text_search', pattern: fillTemplate(form, { name }), mode: 'regex', in: 'any' }).length > 0);
  }

  /** The type a question about this symbol concerns: a method's owner, else the symbol itself. */
  private typeOfMember(id: string): string {
    const s = this.graph.symbols.get(id);
    return s && callableKinds.has(s.kind) && s.owner ? s.owner : id;
  }

  /**
   * Whether code makes an anonymous subtype of that type (typeOfMember) or of a type implementing or
   * extending it (idioms.anonymousSubtype: Java's `new Event(reactTag) { … }`): the index records no
   * symbol for its overrides.
   */
  private subtypedAnonymously(id: string): boolean {
    const form = this.idioms.anonymousSubtype;
    if (!form || !this.search) return false;
    return this.typeAndSubtypeNames(id).some((name) =>
      this.search!({ op: 'text_search', pattern: fillTemplate(form, { name }), mode: 'regex', in: 'code' }).some((m) => inScope('code', m.syntax)),
    );
  }

  /** The names of that type (typeOfMember) and of every own type implementing or extending it. */
  private typeAndSubtypeNames(id: string): string[] {
    const type = this.typeOfMember(id);
    return [type, ...this.implementors(type)].flatMap((t) => this.graph.symbols.get(t)?.name ?? []);
  }

  /** Whether a subtype of this type (or of a method's type) is defined in a file that misses declarations, whose overrides may be among them. */
  private subtypeFileMissesDeclarations(id: string): boolean {
    return this.implementors(this.typeOfMember(id)).some((sub) => {
      const file = this.graph.symbols.get(sub)?.file;
      return file !== undefined && this.missesDeclarationsIn(file);
    });
  }

  /**
   * Whether the code of a file where the index lost a type, or merged two, names this type (or a
   * method's type), or one of its subtypes: the lost type may implement it (react-native-kotlin's
   * `internal class DynamicFromArray private constructor() : Dynamic`, which tree-sitter-kotlin does
   * not read as a class), and a merged id keeps the supertypes of one of its types only (unirx's
   * seven nested `ZipLatest` classes, six of them extending `NthZipLatestObserverBase<TR>`).
   */
  private subtypeMayBeLost(id: string): boolean {
    this.missingDeclarations();
    if ((this.lostTypeFiles.size === 0 && this.mergedTypes().size === 0) || !this.search) return false;
    return this.typeAndSubtypeNames(id).some((name) =>
      this.search!({ op: 'text_search', pattern: name, mode: 'word', in: 'code' }).some((m) => inScope('code', m.syntax) && (this.lostTypeFiles.has(m.file) || this.mergesTypesIn(m.file))),
    );
  }

  /**
   * A method with a same-named overload in its type where the walker tells overloads apart
   * (`walker.overloads: disambiguate`): it matches an override by name and arity only, so Java's
   * `reject(Throwable)` is taken to override `reject(String)` too.
   */
  private hasSameNamedOverloads(id: string): boolean {
    const s = this.graph.symbols.get(id);
    if (this.language.walker.overloads !== 'disambiguate' || !s?.owner || !callableKinds.has(s.kind)) return false;
    return (this.graph.contains.get(s.owner) ?? []).some((m) => m !== id && this.graph.symbols.get(m)?.name === s.name);
  }

  /** `implementors`: every own type or method that implements, extends or overrides this one, directly or through others. */
  implementors(id: string): string[] {
    const seen = new Set<string>();
    const queue = [id];
    while (queue.length) {
      for (const sub of this.subtypes.get(queue.pop()!) ?? []) {
        if (seen.has(sub) || sub === id) continue;
        seen.add(sub);
        queue.push(sub);
      }
    }
    return [...seen].filter((s) => this.graph.symbols.has(s)).sort();
  }

  /** Every supertype, own or external, transitively. */
  ancestors(id: string): string[] {
    const seen = new Set<string>();
    const queue = [id];
    while (queue.length) {
      for (const sup of this.graph.supertypes.get(queue.pop()!) ?? []) {
        if (!seen.has(sup)) {
          seen.add(sup);
          queue.push(sup);
        }
      }
    }
    return [...seen].sort();
  }

  /**
   * An exception or error type by the language's idioms: some ancestor outside the corpus is one
   * of its base error types (`Exception`, `StandardError`, `std::error::Error`), or the type
   * declares the error method (Go's `Error`).
   */
  isException(id: string): boolean {
    const { baseTypes, errorMethod } = this.idioms.errors;
    if (errorMethod && this.members(id).some((m) => isErrorMethod(this.symbol(m)!, errorMethod))) return true;
    if (!baseTypes) return false;
    return this.ancestors(id).some((a) => {
      if (this.graph.symbols.has(a)) return false;
      const last = parseSymbol(a)?.descriptors.at(-1);
      return last?.suffix === 'type' && matchesAny([baseTypes], last.name);
    });
  }

  /** `orphans`: own symbols of this kind that nothing in the corpus calls. */
  orphans(kind: string): string[] {
    return this.all()
      .filter((s) => s.kind === kind && this.callers(s.id).length === 0)
      .map((s) => s.id);
  }

  /**
   * The answer the index gives to a query, per docs/query-semantics.md; undefined
   * for `text_search`, which a search of the tree answers (answerText).
   */
  answer(query: Query): string[] | undefined {
    switch (query.op) {
      case 'lookup':
        return query.bare_name ? this.lookupBare(query.name, query.kind) : this.lookupExact(query.name, query.kind);
      case 'callers':
        return this.callers(query.sym_stable_id);
      case 'callees':
        return this.callees(query.sym_stable_id);
      case 'contained_by':
        return this.members(query.sym_stable_id);
      case 'implementors':
        return this.implementors(query.sym_stable_id);
      case 'orphans':
        return this.orphans(query.kind);
      case 'file_symbols':
        return this.fileSymbols(query.file_path);
      case 'text_search':
        return undefined;
    }
  }

  fileSymbols(file: string): string[] {
    return this.graph.fileSymbols.get(file) ?? [];
  }

  isCallable(s: SymbolFact): boolean {
    return callableKinds.has(s.kind);
  }

  /** `Type#member` when the owner is a type, else the short name: how an agent writes it. */
  memberForm(s: SymbolFact): string {
    const owner = s.owner ? this.symbol(s.owner) : undefined;
    return owner && typeKinds.has(owner.kind) ? `${owner.name}#${s.name}` : s.name;
  }
}

function isErrorMethod(s: SymbolFact, method: { name: string; signature: string }): boolean {
  return s.name === method.name && callableKinds.has(s.kind) && s.signature !== undefined && matchesAny([method.signature], s.signature);
}

/** Words of an identifier: `OutOfStockError` → Out, Of, Stock, Error; `apply_discount` → apply, discount. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** A file's ranges with their symbols, for asking which of them hold a position strictly inside (core/ranges.ts). */
class Intervals {
  private readonly entries: Array<{ id: string; enclosingRange: Range }>;
  private readonly ranges: SortedRanges;

  constructor(entries: ReadonlyArray<{ id: string; enclosingRange: Range }>) {
    this.entries = [...entries].sort((a, b) => a.enclosingRange[0] - b.enclosingRange[0] || a.enclosingRange[1] - b.enclosingRange[1]);
    this.ranges = new SortedRanges(this.entries.flatMap((e) => e.enclosingRange));
  }

  /** Whether some range holding (`line`, `char`) strictly inside it is one `accept` takes. */
  anyAround(line: number, char: number, accept: (id: string, range: Range) => boolean): boolean {
    for (const i of this.ranges.around(line, char, true)) {
      const { id, enclosingRange } = this.entries[i]!;
      if (accept(id, enclosingRange)) return true;
    }
    return false;
  }
}

/** Whether a match overlaps one of a file's name sites (flat [line, startChar, endChar] triples, by position). */
function overlapsSite(sites: readonly number[] | undefined, m: TextMatch): boolean {
  if (!sites) return false;
  const line = m.line - 1;
  for (let i = firstSiteOn(sites, line); i < sites.length && sites[i] === line; i += 3) {
    if (sites[i + 1]! < m.end && m.start < sites[i + 2]!) return true;
  }
  return false;
}

/** The offset of the first [line, startChar, endChar] triple on this line or after it in a file's sorted definition sites. */
function firstSiteOn(sites: readonly number[], line: number): number {
  let lo = 0;
  let hi = sites.length / 3;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sites[3 * mid]! < line) lo = mid + 1;
    else hi = mid;
  }
  return 3 * lo;
}
