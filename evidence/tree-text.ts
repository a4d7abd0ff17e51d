import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runRgSearch, type RgMatch, type TextSearch } from './ripgrep.ts';
import { escapeRegex } from '../core/languages.ts';
import { ESCAPES, translateRustRegex, type Charset } from './rust-regex.ts';

/**
 * A corpus tree's text held in memory, answering ripgrep searches in-process with exactly the
 * matches rg gives (same files, order, lines, UTF-16 columns and texts), so a search costs no
 * process. `word` searches for a plain identifier and `regex` searches in the subset
 * evidence/rust-regex.ts translates are answered here. Any other search is run by rg itself, and so
 * is a search that could match in a file rg reads differently (one with a NUL byte, a UTF-16
 * byte-order mark or bytes that are not UTF-8): such a file is set aside, and a search is still
 * answered here when no literal its every match must hold occurs in that file's bytes, since rg
 * then finds nothing there either (a Django tree's .mo catalogues no longer send every search to rg).
 */
export class TreeText {
  private readonly byPath: Map<string, TextFile>;

  private constructor(
    readonly dir: string,
    /** Files in rg's `--sort path` order, each with its text (a UTF-8 BOM dropped, as rg does) and line starts. */
    private readonly files: TextFile[],
    /** The files rg reads otherwise than as text (a NUL byte, a UTF-16 mark, bytes that are not UTF-8), with their bytes. */
    private readonly unreadable: RawFile[],
  ) {
    // rg's matches in an unreadable file (a search rg answers) are read back in its lossy UTF-8 text.
    const lossy = unreadable.map(({ path, bytes }) => {
      const text = LOSSY.decode(bytes);
      return { path, text, lineStarts: lineStartsOf(text), ascii: false };
    });
    this.byPath = new Map([...files, ...lossy].map((f) => [f.path, f]));
  }

  /** Reads every regular file under `dir` (symlinks are not followed, as rg does without `-L`). */
  static load(dir: string): TreeText {
    const files: TextFile[] = [];
    const unreadable: RawFile[] = [];
    for (const path of walk(dir, '')) {
      const bytes = readFileSync(join(dir, path));
      const asRgReadsIt = bytes.includes(0) || startsWithUtf16Bom(bytes) ? undefined : strictUtf8(bytes);
      if (asRgReadsIt === undefined) unreadable.push({ path, bytes });
      else files.push({ path, text: asRgReadsIt, lineStarts: lineStartsOf(asRgReadsIt), ascii: ONLY_ASCII.test(asRgReadsIt) });
    }
    return new TreeText(dir, files, unreadable);
  }

  /** Every match of `search`, as runRgSearch (evidence/ripgrep.ts) would report them; `paths` limits the files searched. */
  search(search: TextSearch, paths?: ReadonlySet<string>): RgMatch[] {
    const plan = inProcessPlan(search);
    if (!plan || !this.nothingToFindInUnreadable(plan.required, paths)) return runRgSearch(this.dir, search, paths);
    const matches: RgMatch[] = [];
    for (const file of this.filesToSearch(search)) {
      if ((paths && !paths.has(file.path)) || (plan.required && !plan.required.some((all) => all.every((r) => file.text.includes(r))))) continue;
      if (!collect(file, plan.regex(file.ascii ? 'ascii' : 'unicode'), matches)) return runRgSearch(this.dir, search, paths);
    }
    return matches;
  }

  /** Per identifier (a maximal run of ASCII word characters), the files holding it as one, in search order; made on first use. */
  private filesByIdentifier?: Map<string, TextFile[]>;

  /**
   * The files a search could match in: for a whole-word search of an identifier, only those holding
   * it as a maximal run of ASCII word characters (a whole-word match has no word character on
   * either side, so no ASCII one: it is such a run), else every file.
   */
  private filesToSearch(search: TextSearch): readonly TextFile[] {
    if (search.mode !== 'word' || !IDENTIFIER.test(search.pattern)) return this.files;
    if (!this.filesByIdentifier) {
      this.filesByIdentifier = new Map();
      for (const file of this.files) {
        for (const [identifier] of file.text.matchAll(IDENTIFIERS)) {
          const holding = this.filesByIdentifier.get(identifier);
          if (!holding) this.filesByIdentifier.set(identifier, [file]);
          else if (holding[holding.length - 1] !== file) holding.push(file);
        }
      }
    }
    return this.filesByIdentifier.get(search.pattern) ?? [];
  }

  /**
   * Whether no unreadable file (within `paths`) can hold a match: none holds, in its bytes, all the
   * literals of any of the alternatives a match must hold. Never so without such literals, nor for
   * a UTF-16 file, which rg transcodes before searching.
   */
  private nothingToFindInUnreadable(required: string[][] | undefined, paths: ReadonlySet<string> | undefined): boolean {
    const searched = this.unreadable.filter((f) => !paths || paths.has(f.path));
    if (searched.length === 0) return true;
    if (!required || searched.some((f) => startsWithUtf16Bom(f.bytes))) return false;
    const literals = required.map((all) => all.map((r) => Buffer.from(r, 'utf8')));
    return searched.every((f) => !literals.some((all) => all.every((literal) => f.bytes.includes(literal))));
  }

  /** The text of `file` as searches read it (a UTF-8 BOM dropped), or undefined when the tree has no such file. */
  text(file: string): string | undefined {
    return this.byPath.get(file)?.text;
  }

  /** Line `line` (1-based) of `file` with its `\n`, or undefined. */
  lineText(file: string, line: number): string | undefined {
    const f = this.byPath.get(file);
    const start = f?.lineStarts[line - 1];
    if (!f || start === undefined) return undefined;
    return f.text.slice(start, f.lineStarts[line] ?? f.text.length);
  }
}

interface RawFile {
  path: string;
  bytes: Buffer;
}

interface TextFile {
  path: string;
  text: string;
  /** UTF-16 offset of each line's first character. */
  lineStarts: number[];
  /** Whether the text holds only ASCII: searched with the ASCII form of a search's regex, which finds the same matches there. */
  ascii: boolean;
}

const WORD_EDGED = /^[A-Za-z0-9_](?:.*[A-Za-z0-9_])?$/s;
const ONLY_ASCII = /^[\x00-\x7F]*$/;
const IDENTIFIER = /^[A-Za-z0-9_]+$/;
const IDENTIFIERS = /[A-Za-z0-9_]+/g;

interface Plan {
  /** The search's regex in a charset, compiled when first asked for. */
  regex: (charset: Charset) => RegExp;
  /** Literals every match holds, as alternatives (evidence/rust-regex.ts, `required`). */
  required?: string[][];
}

/** How `search` is answered in-process, or undefined when only rg can say. */
function inProcessPlan(search: TextSearch): Plan | undefined {
  if (search.mode === 'word') {
    // A whole-word fixed string that starts and ends with a word character: rg's "preceded and
    // followed by a non-word character or the line's end" is then "not next to a word character".
    if (!WORD_EDGED.test(search.pattern) || search.pattern.includes('\n')) return undefined;
    const literal = escapeRegex(search.pattern);
    return { regex: compiledOnce((charset) => `(?<!${ESCAPES[charset].w})${literal}(?!${ESCAPES[charset].w})`), required: [[search.pattern]] };
  }
  const ascii = translateRustRegex(search.pattern, 'ascii');
  if (!ascii) return undefined;
  return {
    regex: compiledOnce((charset) => (charset === 'ascii' ? ascii.source : translateRustRegex(search.pattern, 'unicode')!.source)),
    ...(ascii.required ? { required: ascii.required } : {}),
  };
}

/** A regex per charset from its source, each compiled on first use: most trees need only the ASCII one. */
function compiledOnce(sourceIn: (charset: Charset) => string): (charset: Charset) => RegExp {
  const compiled = new Map<Charset, RegExp>();
  return (charset) => {
    let regex = compiled.get(charset);
    if (!regex) compiled.set(charset, (regex = new RegExp(sourceIn(charset), 'gu')));
    return regex;
  };
}

/** Adds `file`'s matches of `regex`; false when one is empty (rg's handling of empty matches is left to rg). */
function collect(file: TextFile, regex: RegExp, into: RgMatch[]): boolean {
  regex.lastIndex = 0;
  let line = 0;
  for (let m = regex.exec(file.text); m; m = regex.exec(file.text)) {
    if (m[0].length === 0) return false;
    while (line + 1 < file.lineStarts.length && file.lineStarts[line + 1]! <= m.index) line++;
    const column = m.index - file.lineStarts[line]!;
    into.push({ file: file.path, line: line + 1, start: column, end: column + m[0].length, text: m[0] });
  }
  return true;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

const STRICT = new TextDecoder('utf-8', { fatal: true });
const LOSSY = new TextDecoder('utf-8');

/** The text of UTF-8 bytes (a leading BOM dropped), or undefined when they are not UTF-8. */
function strictUtf8(bytes: Buffer): string | undefined {
  try {
    return STRICT.decode(bytes);
  } catch {
    return undefined;
  }
}

function startsWithUtf16Bom(bytes: Buffer): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/** Relative paths of the regular files under `dir`, sorted as rg's `--sort path` walks them: by name bytes, directory by directory. */
function walk(root: string, prefix: string): string[] {
  const entries = readdirSync(join(root, prefix), { withFileTypes: true }).sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  const out: string[] = [];
  for (const entry of entries) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(root, path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}
