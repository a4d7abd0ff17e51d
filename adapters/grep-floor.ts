/**
 * The grep floor: what a coding agent without a memory layer manages with `rg` alone. It knows
 * declarations only from a regex scan of the source tree (an indentation outline of `class X`,
 * `def x`, `function x`, `x(...) {` lines) and answers every op by text search, with no graph
 * edges.
 *
 * Its one use of index.scip: turning a declaration it found at (file, line, name) into the symbol
 * id the indexer gave it there. Without ids nothing it says could be scored (the reference
 * grep-baseline does the same through its own symbol table); the index is never walked for
 * structure, calls or relationships.
 */
import { readScipIndex, SymbolRole } from '../graph/scip-reader.ts';
import { parseSymbol } from '../graph/symbols.ts';
import { pushTo } from '../core/collections.ts';
import { escapeRegex } from '../core/languages.ts';
import type { AdapterQuery } from './protocol.ts';
import { TreeText } from '../evidence/tree-text.ts';
import type { TextMode } from '../core/contract.ts';
import { languageOf, type OutlineKind } from '../core/languages.ts';

const NAME = '[A-Za-z_$][\\w$]*';

/** Words the method form would take for a name in `if (x) {` and the like. */
const controlKeywords = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function', 'do', 'else', 'try']);

/** An identifier followed by `(`: a call, to a grep agent. */
const CALL = `${NAME}\\s*\\(`;

interface GrepHit {
  file: string;
  /** 1-based. */
  line: number;
  /** The matched texts of the line, in order. */
  submatches: string[];
}

interface Declaration {
  file: string;
  /** 1-based. */
  line: number;
  indent: number;
  name: string;
  /** The outline entry's kind (languages/<lang>/idioms.json, `outline`). */
  keyword: OutlineKind;
  /** The enclosing declaration by indentation. */
  parent?: Declaration;
  /** Ids the index has for a definition of `name` on this line (empty when the line declares nothing it knows). */
  ids: string[];
}

/** Outline kinds whose body holds a type's members (`impl` is Rust's `impl X {`, declaring nothing itself). */
const typeKeywords = new Set<OutlineKind>(['class', 'interface', 'enum', 'impl']);

/** The declaration-style kind a grep agent would give a line: from its outline kind and whether it sits in a type's body. */
function kindOf(d: Declaration): string {
  if (d.keyword !== 'function') return d.keyword;
  if (d.parent && typeKeywords.has(d.parent.keyword)) return d.name === 'constructor' || d.name === '__init__' ? 'constructor' : 'method';
  return 'function';
}

/** The name a query id is about, as a grep agent would read it off the id's tail. */
function nameOfId(id: string): { name: string; ownerName?: string; isType: boolean; isModule: boolean; path: string[] } | undefined {
  const parsed = parseSymbol(id);
  if (!parsed) return undefined;
  const ds = parsed.descriptors;
  const last = ds[ds.length - 1]!;
  const prev = ds[ds.length - 2];
  const isModule = last.suffix === 'namespace' || (last.suffix === 'meta' && last.name === '__init__');
  const path = ds.filter((d) => d.suffix === 'namespace').map((d) => d.name);
  return {
    name: last.name === '<constructor>' ? 'constructor' : last.name,
    ...(prev?.suffix === 'type' ? { ownerName: prev.name } : {}),
    isType: last.suffix === 'type',
    isModule,
    path,
  };
}

export class GrepFloor {
  private readonly declarations: Declaration[] = [];
  private readonly byName = new Map<string, Declaration[]>();
  private readonly byFile = new Map<string, Declaration[]>();
  private calledNames?: Set<string>;

  private constructor(private readonly tree: TreeText) {}

  /** The declaration outline comes from the language folder (idioms.json, `outline`): what a grep agent fluent in the language would search for. */
  static async load(indexPath: string, treeDir: string, language: string): Promise<GrepFloor> {
    const floor = new GrepFloor(TreeText.load(treeDir));
    const idsAt = await definitionIdsByLine(indexPath);
    const forms = languageOf(language).idioms.outline.map((f) => ({ keyword: f.kind, regex: new RegExp(f.pattern) }));
    const hits = forms.length ? floor.grep(forms.map((f) => f.regex.source)) : [];
    for (const hit of hits) {
      const text = floor.tree.lineText(hit.file, hit.line)!.replace(/\r?\n$/, '');
      for (const form of forms) {
        const name = form.regex.exec(text)?.[1];
        if (!name || controlKeywords.has(name)) continue;
        const ids = (idsAt.get(`${hit.file}:${hit.line}`) ?? []).filter((d) => d.name === name || (name === 'constructor' && d.name === '<constructor>')).map((d) => d.id);
        floor.add({ file: hit.file, line: hit.line, indent: /^\s*/.exec(text)![0].length, name, keyword: form.keyword, ids });
        break;
      }
    }
    floor.outline();
    return floor;
  }

  private add(d: Declaration): void {
    this.declarations.push(d);
    pushTo(this.byName, d.name, d);
    pushTo(this.byFile, d.file, d);
  }

  /**
   * The lines matching any of `patterns` (rg's `-e` for each, in `mode`), each with its matched
   * texts in order: what `rg --json` prints, answered in-process (evidence/tree-text.ts).
   */
  private grep(patterns: string[], mode: TextMode = 'regex', paths?: ReadonlySet<string>): GrepHit[] {
    const pattern = patterns.length === 1 ? patterns[0]! : patterns.map((p) => `(?:${p})`).join('|');
    const hits: GrepHit[] = [];
    for (const m of this.tree.search({ pattern, mode }, paths)) {
      const last = hits[hits.length - 1];
      if (last && last.file === m.file && last.line === m.line) last.submatches.push(m.text);
      else hits.push({ file: m.file, line: m.line, submatches: [m.text] });
    }
    return hits;
  }

  /** Parents by indentation: the nearest earlier declaration in the file that is indented less. */
  private outline(): void {
    for (const list of this.byFile.values()) {
      const stack: Declaration[] = [];
      for (const d of list) {
        while (stack.length && stack[stack.length - 1]!.indent >= d.indent) stack.pop();
        if (stack.length) d.parent = stack[stack.length - 1];
        stack.push(d);
      }
    }
  }

  private declarationsOf(id: string): Declaration[] {
    const about = nameOfId(id);
    return about ? (this.byName.get(about.name) ?? []).filter((d) => d.ids.includes(id)) : [];
  }

  answer(query: AdapterQuery): string[] {
    switch (query.op) {
      case 'lookup':
        return this.lookup(query.name, query.bare_name, query.kind);
      case 'text_search':
        // The one question grep is built for; a grep agent cannot tell code from comments, so it keeps every match.
        return this.mentioning(query.pattern, query.mode, query.mode === 'word' ? query.pattern : '');
      case 'callers':
        return this.callers(query.sym_stable_id);
      case 'callees':
        return this.callees(query.sym_stable_id);
      case 'contained_by':
        return this.containedBy(query.sym_stable_id);
      case 'implementors':
        return this.implementors(query.sym_stable_id);
      case 'orphans':
        return this.orphans(query.kind);
      case 'file_symbols':
        return ids(this.byFile.get(query.file_path) ?? []);
    }
  }

  private lookup(name: string, bareName: boolean, kind: string | undefined): string[] {
    const ofKind = (d: Declaration) => kind === undefined || kindOf(d) === kind;
    if (!bareName) {
      // Grep for declarations of the id's last name, and keep the one the id names, if found.
      return this.declarationsOf(name).some(ofKind) ? [name] : [];
    }
    const hash = name.indexOf('#');
    if (hash < 0) return ids((this.byName.get(name) ?? []).filter(ofKind));
    const typeName = name.slice(0, hash);
    const member = name.slice(hash + 1);
    return ids((this.byName.get(member) ?? []).filter((d) => d.parent?.name === typeName && typeKeywords.has(d.parent.keyword) && ofKind(d)));
  }

  /** Lines calling `name(` anywhere. */
  private callers(id: string): string[] {
    const about = nameOfId(id);
    if (!about || about.isModule) return [];
    // A constructor is called by its class's name.
    const name = about.name === 'constructor' || about.name === '__init__' ? about.ownerName : about.name;
    if (!name) return [];
    return this.mentioning(`(?:^|[^\\w$])${escapeRegex(name)}\\s*\\(`, 'regex', name);
  }

  /** One rg search; each hit goes to the nearest declaration above it in its file, except a declaration of `name` itself. */
  private mentioning(pattern: string, mode: TextMode, name: string): string[] {
    const hits = this.grep([pattern], mode);
    const found: Declaration[] = [];
    for (const hit of hits) {
      const inFile = this.byFile.get(hit.file) ?? [];
      if (inFile.some((d) => d.line === hit.line && d.name === name)) continue;
      const above = inFile.filter((d) => d.line <= hit.line).pop();
      if (above) found.push(above);
    }
    return ids(found);
  }

  /** `ident(` in the text from the declaration to the next declaration, each ident resolved by name. */
  private callees(id: string): string[] {
    const declared = this.declarationsOf(id);
    if (!declared.length) return [];
    const hits = this.grep([CALL], 'regex', new Set(declared.map((d) => d.file)));
    const found: Declaration[] = [];
    for (const d of declared) {
      const next = (this.byFile.get(d.file) ?? []).find((o) => o.line > d.line);
      for (const hit of hits) {
        if (hit.file !== d.file || hit.line < d.line || (next && hit.line >= next.line)) continue;
        for (const call of hit.submatches) {
          const callee = call.replace(/\s*\($/, '');
          if (hit.line === d.line && callee === d.name) continue; // the declaration's own name
          found.push(...(this.byName.get(callee) ?? []));
        }
      }
    }
    return ids(found);
  }

  private containedBy(id: string): string[] {
    const about = nameOfId(id);
    if (!about) return [];
    if (about.isModule) {
      // A module id names its file: `src/`store.ts`/` or scip-python's `pkg.mod`/__init__:.
      const joined = about.path.join('/');
      const dotted = joined.replace(/\./g, '/');
      for (const file of [joined, `${dotted}.py`, `${dotted}/__init__.py`]) {
        const top = (this.byFile.get(file) ?? []).filter((d) => !d.parent);
        if (top.length) return ids(top);
      }
      return [];
    }
    const owners = this.declarationsOf(id);
    return ids(this.declarations.filter((d) => d.parent && owners.includes(d.parent)));
  }

  /** Classes whose declaration line names the type after `extends`, `implements` or in a Python base list. */
  private subclassesOf(typeName: string): Declaration[] {
    const t = escapeRegex(typeName);
    const patterns = [`\\bextends\\s+(?:[\\w$.]+\\s*,\\s*)*${t}\\b`, `\\bimplements\\s+[^{]*\\b${t}\\b`, `^\\s*class\\s+${NAME}\\s*\\([^)]*\\b${t}\\b`];
    const hits = this.grep(patterns);
    return hits.flatMap((hit) => (this.byFile.get(hit.file) ?? []).filter((d) => d.line === hit.line && typeKeywords.has(d.keyword)));
  }

  private implementors(id: string): string[] {
    const about = nameOfId(id);
    if (!about) return [];
    if (about.isType) return ids(this.subclassesOf(about.name));
    if (!about.ownerName) return [];
    // A method: same-named methods in the subclasses of its type.
    const subclasses = this.subclassesOf(about.ownerName);
    return ids(this.declarations.filter((d) => d.name === about.name && d.parent && subclasses.includes(d.parent)));
  }

  private orphans(kind: string): string[] {
    const called = (this.calledNames ??= this.namesCalledAnywhere());
    return ids(this.declarations.filter((d) => kindOf(d) === kind && !called.has(d.name)));
  }

  /** Every name that appears as `name(` on a line other than its own declaration. */
  private namesCalledAnywhere(): Set<string> {
    const hits = this.grep([CALL]);
    const called = new Set<string>();
    for (const hit of hits) {
      const declared = (this.byFile.get(hit.file) ?? []).filter((d) => d.line === hit.line).map((d) => d.name);
      for (const call of hit.submatches) {
        const name = call.replace(/\s*\($/, '');
        if (!declared.includes(name)) called.add(name);
      }
    }
    return called;
  }
}

function ids(declarations: Declaration[]): string[] {
  return [...new Set(declarations.flatMap((d) => d.ids))].sort();
}

/** `file:line` (1-based) → the named, non-parameter symbols the index defines on that line. */
async function definitionIdsByLine(indexPath: string): Promise<Map<string, Array<{ name: string; id: string }>>> {
  const table = new Map<string, Array<{ name: string; id: string }>>();
  for await (const entry of readScipIndex(indexPath)) {
    if (entry.field !== 'document') continue;
    for (const occ of entry.value.occurrences) {
      if (!(occ.symbolRoles & SymbolRole.Definition)) continue;
      const last = parseSymbol(occ.symbol)?.descriptors.at(-1);
      if (!last || last.suffix === 'parameter' || last.suffix === 'type_parameter') continue;
      pushTo(table, `${entry.value.relativePath}:${occ.range[0]! + 1}`, { name: last.name, id: occ.symbol });
    }
  }
  return table;
}
