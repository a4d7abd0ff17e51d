import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The import graph of this repository's own modules, read from their source: what the layout test
 * checks against the floors, and what each stage's cache key hashes (a stage's output can only
 * change when a module it reaches changes).
 */

/** A string literal here can name a module or data file: right after `from`, `import`, `import(` or `URL(`. */
const SPECIFIER_CONTEXT = /(?:\bfrom|\bimport|\bimport\s*\(|\bURL\s*\()\s*$/;

/**
 * Code with comments and every other string's contents blanked out, so an `import` written in a
 * comment or a string is no edge.
 */
function withoutComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      const literal = source.slice(i, j + 1);
      out += SPECIFIER_CONTEXT.test(out.slice(-40)) ? literal : literal.replace(/[^\n]/g, ' ');
      i = j + 1;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

const STATIC = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g;
const BARE = /\bimport\s*(['"])([^'"]+)\1/g;
const DYNAMIC = /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g;
/** Data a module reads beside its code: `new URL('../schemas/x.json', import.meta.url)`. */
const DATA = /\bnew\s+URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

export interface ModuleDeps {
  /** Repository-relative paths of the modules it imports (relative specifiers only). */
  imports: string[];
  /** Repository-relative files or folders it reads at run time through `new URL(…, import.meta.url)`. */
  data: string[];
}

/** The relative imports and data references of one module, as repository-relative paths. */
export function moduleDeps(repoRoot: string, module: string): ModuleDeps {
  const code = withoutComments(readFileSync(join(repoRoot, module), 'utf8'));
  const from = dirname(join(repoRoot, module));
  const resolveSpecifier = (spec: string) => toRepoPath(repoRoot, join(from, spec));
  const imports = new Set<string>();
  for (const pattern of [STATIC, BARE, DYNAMIC]) {
    for (const m of code.matchAll(pattern)) if (m[2]!.startsWith('.')) imports.add(resolveSpecifier(m[2]!));
  }
  const data = new Set<string>();
  // `new URL('..', import.meta.url)` names the repository itself, a place rather than data.
  for (const m of code.matchAll(DATA)) {
    const path = resolveSpecifier(m[2]!).replace(/\/$/, '');
    if (path && !path.startsWith('..')) data.add(path);
  }
  return { imports: [...imports].sort(), data: [...data].sort() };
}

function toRepoPath(repoRoot: string, absolute: string): string {
  return relative(repoRoot, absolute).split(sep).join('/');
}

/**
 * Every module and data path reachable from the entry modules, sorted: the code a stage runs. A
 * module named as data (a script started as a child process, `bin/lmc-adapter.js`) is followed
 * like an import.
 */
export function importClosure(repoRoot: string, entries: string[]): { modules: string[]; data: string[] } {
  const modules = new Set<string>();
  const data = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const module = queue.pop()!;
    if (modules.has(module)) continue;
    modules.add(module);
    const deps = moduleDeps(repoRoot, module);
    for (const d of deps.data) (/\.(ts|js)$/.test(d) ? queue.push(d) : data.add(d));
    for (const m of deps.imports) if (!modules.has(m)) queue.push(m);
  }
  return { modules: [...modules].sort(), data: [...data].sort() };
}

/** Whether a repository path is a folder (data references may name one). */
export function isFolder(repoRoot: string, path: string): boolean {
  return statSync(join(repoRoot, path)).isDirectory();
}
