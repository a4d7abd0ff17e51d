import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
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
    /** Whether some entry's name is not UTF-8: rg searches files no path here can name, so it answers every search. */
    private readonly namesNotUtf8: boolean,
  ) {
    // rg's matches in an unreadable file (a search rg answers) are read back in its lossy UTF-8 text.
    const lossy = unreadable.map(({ path, bytes }) => {
      const text = LOSSY.decode(bytes);
      return { index: -1, path, text, lineStarts: lineStartsOf(text), ascii: false };
    });
    this.byPath = new Map([...files, ...lossy].map((f) => [f.path, f]));
  }

  /** Reads every regular file under `dir` (symlinks are not followed, as rg does without `-L`). */
  static load(dir: string): TreeText {
    const files: TextFile[] = [];
    const unreadable: RawFile[] = [];
    const listed = { paths: [] as string[], namesNotUtf8: false };
    walk(dir, '', listed);
    for (const path of listed.paths) {
      const bytes = readFileSync(join(dir, path));
      const asRgReadsIt = bytes.includes(0) || startsWithUtf16Bom(bytes) ? undefined : strictUtf8(bytes);
      if (asRgReadsIt === undefined) unreadable.push({ path, bytes });
      else files.push({ index: files.length, path, text: asRgReadsIt, lineStarts: lineStartsOf(asRgReadsIt), ascii: ONLY_ASCII.test(asRgReadsIt) });
    }
    return new TreeText(dir, files, unreadable, listed.namesNotUtf8);
  }

  /** Every match of `search`, as runRgSearch (evidence/ripgrep.ts) would report them; `paths` limits the files searched. */
  search(search: TextSearch, paths?: ReadonlySet<string>): RgMatch[] {
    const plan = inProcessPlan(search);
    if (!plan || this.namesNotUtf8 || !this.nothingToFindInUnreadable(plan.required, paths)) return runRgSearch(this.dir, search, paths);
    const chosen = this.filesToSearch(search).filter(
      (file) => (!paths || paths.has(file.path)) && (!plan.required || plan.required.some((all) => all.every((r) => file.text.includes(r)))),
    );
    if (chosen.length === 0) return [];
    const found = this.thread().search({
      files: chosen.map((file) => file.index),
      ascii: chosen.some((file) => file.ascii) ? plan.source('ascii') : undefined,
      unicode: chosen.some((file) => !file.ascii) ? plan.source('unicode') : undefined,
    });
    if (!found) return runRgSearch(this.dir, search, paths);
    return found.map(([index, line, start, text]) => ({ file: this.files[index]!.path, line, start, end: start + text.length, text }));
  }

  private searchThread?: SearchThread;

  private thread(): SearchThread {
    if (!this.searchThread || this.searchThread.ended) this.searchThread = new SearchThread(this.files);
    return this.searchThread;
  }

  /** Ends the thread that runs in-process searches; a later search starts another. */
  close(): void {
    this.searchThread?.end();
    this.searchThread = undefined;
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
  /** Its place in the tree's files, as the search thread knows it. */
  index: number;
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
  /** The JavaScript source of the search's regex in a charset, made when first asked for. */
  source: (charset: Charset) => string;
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
    return { source: (charset) => `(?<!${ESCAPES[charset].w})${literal}(?!${ESCAPES[charset].w})`, required: [[search.pattern]] };
  }
  const ascii = translateRustRegex(search.pattern, 'ascii');
  if (!ascii) return undefined;
  return {
    source: (charset) => (charset === 'ascii' ? ascii.source : translateRustRegex(search.pattern, 'unicode')!.source),
    ...(ascii.required ? { required: ascii.required } : {}),
  };
}

/** A search as the thread takes it: the files (by index) and the regex source for each charset among them. */
interface ThreadSearch {
  files: number[];
  ascii: string | undefined;
  unicode: string | undefined;
}

/** A match as the thread gives it: file index, line, UTF-16 column and text. */
type ThreadMatch = [number, number, number, string];

/**
 * How long an in-process search may run before it is abandoned to rg. No output depends on it:
 * rg gives the same matches, only later. Generous, since a search of a large tree takes some
 * tenths of a second on a busy machine, and only a pattern that backtracks without end needs it.
 */
const SEARCH_DEADLINE_MS = 2_000;

/**
 * The worker thread of evidence/search-thread.js, holding a copy of the tree's texts. The caller
 * waits for each answer synchronously (Atomics.wait until the thread writes the search's number,
 * then the reply taken off its port), so TreeText.search stays synchronous; past the deadline the
 * thread is ended.
 */
class SearchThread {
  private readonly worker: Worker;
  private readonly replies: MessagePort;
  /**
   * The number of the search the thread last answered (0 once it is ready, -1 before). A number
   * rather than a flag: a late wake-up for one search must not pass for the answer to the next.
   */
  private readonly answered = new Int32Array(new SharedArrayBuffer(4)).fill(-1);
  private asked = 0;
  /** Whether the thread was ended: a search past the deadline ends it, and so does an error in it. */
  ended = false;

  constructor(files: readonly TextFile[]) {
    const { port1, port2 } = new MessageChannel();
    this.replies = port1;
    this.worker = new Worker(new URL('./search-thread.js', import.meta.url), {
      workerData: { files: files.map(({ text, lineStarts, ascii }) => ({ text, lineStarts, ascii })), replies: port2, signal: this.answered.buffer },
      transferList: [port2],
    });
    this.worker.unref();
    // The thread answers a search it cannot run with null; an error it cannot catch (out of memory) ends it.
    this.worker.on('error', () => this.end());
    // Starting and taking in the texts is no search's time: the thread says when it is ready.
    if (!this.waitFor(0, THREAD_START_LIMIT_MS)) {
      this.end();
      throw new Error(`the search thread (evidence/search-thread.js) did not start within ${THREAD_START_LIMIT_MS / 1000} s`);
    }
  }

  /** The matches, or undefined when rg must answer: a match was empty, or the thread failed or passed the deadline (it is then ended). */
  search(request: ThreadSearch): ThreadMatch[] | undefined {
    const number = ++this.asked;
    this.worker.postMessage({ ...request, number });
    if (!this.waitFor(number, SEARCH_DEADLINE_MS)) {
      this.end();
      return undefined;
    }
    // The thread posts its reply before it says so; replies to searches given up on are passed over.
    for (let reply = receiveMessageOnPort(this.replies); reply; reply = receiveMessageOnPort(this.replies)) {
      const { number: answering, matches } = reply.message as { number: number; matches: ThreadMatch[] | null };
      if (answering === number) return matches ?? undefined;
    }
    return undefined;
  }

  /** Waits until the thread has answered search `number`; false when `ms` pass first. */
  private waitFor(number: number, ms: number): boolean {
    const deadline = performance.now() + ms;
    for (let seen = Atomics.load(this.answered, 0); seen !== number; seen = Atomics.load(this.answered, 0)) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      Atomics.wait(this.answered, 0, seen, left);
    }
    return true;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.replies.close();
    void this.worker.terminate();
  }
}

/** A bound on the thread's start, which takes well under a second: past it something is broken. */
const THREAD_START_LIMIT_MS = 60_000;

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

/**
 * Adds to `listed` the relative paths of the regular files under `dir`, sorted as rg's `--sort path` walks them (by
 * name bytes, directory by directory), and notes any entry whose name is not UTF-8, which no path here can name.
 */
function walk(root: string, prefix: string, listed: { paths: string[]; namesNotUtf8: boolean }): void {
  const entries = readdirSync(join(root, prefix), { withFileTypes: true, encoding: 'buffer' }).sort((a, b) => Buffer.compare(a.name, b.name));
  for (const entry of entries) {
    const name = entry.name.toString('utf8');
    if (!Buffer.from(name, 'utf8').equals(entry.name)) {
      listed.namesNotUtf8 = true;
      continue;
    }
    const path = prefix ? `${prefix}/${name}` : name;
    if (entry.isDirectory()) walk(root, path, listed);
    else if (entry.isFile()) listed.paths.push(path);
  }
}
