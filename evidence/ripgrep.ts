import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { TextMode } from '../core/contract.ts';
import { PipelineError } from '../core/errors.ts';
import type { TreeText } from './tree-text.ts';

/**
 * Flags every search starts with: JSON events (no text parsing), no user
 * config, ignore files or hidden-file rules, results sorted by path (which
 * also makes rg single-threaded, so output order never varies), exact case.
 */
export const BASE_RG_ARGS = ['--json', '--no-config', '--no-ignore', '--hidden', '--sort', 'path', '--case-sensitive', '--no-messages'] as const;

/** The rg flags of a `text_search` mode (docs/query-semantics.md): `word` is a whole-word fixed string, `regex` rg's own regex syntax. */
export function textSearchArgs(mode: TextMode): string[] {
  return mode === 'word' ? [...BASE_RG_ARGS, '--fixed-strings', '--word-regexp'] : [...BASE_RG_ARGS];
}

export interface TextSearch {
  pattern: string;
  mode: TextMode;
}

/** One match of a search: where it starts and ends on its line. */
export interface RgMatch {
  file: string;
  /** 1-based, as rg reports it. */
  line: number;
  /** 0-based UTF-16 columns, as SCIP and web-tree-sitter count them; `end` exclusive. */
  start: number;
  end: number;
  /** The matched text. */
  text: string;
}

export async function ripgrepVersion(): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('rg', ['--version'], { env: { ...process.env, LC_ALL: 'C' } });
    return stdout.split('\n')[0]!.trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new PipelineError('ripgrep (rg) is not installed; `apt-get install ripgrep` (grep_compared answers need it)', { stage: 'grep' });
    }
    throw error;
  }
}

interface RgText {
  text?: string;
  bytes?: string;
}

interface RgEvent {
  type: string;
  data?: { path?: RgText; line_number?: number; lines?: RgText; submatches?: Array<{ start: number; end: number }> };
}

function decode(t: RgText | undefined): Buffer {
  return t?.text !== undefined ? Buffer.from(t.text, 'utf8') : Buffer.from(t?.bytes ?? '', 'base64');
}

/** A byte offset into a line → its UTF-16 column (the same number on an ASCII line). */
function utf16Column(line: Buffer, byteOffset: number): number {
  for (let i = 0; i < byteOffset; i++) if (line[i]! >= 0x80) return line.subarray(0, byteOffset).toString('utf8').length;
  return byteOffset;
}

/** rg's `--json` output → its matches, one per submatch, in rg's order. */
export function parseRgJson(stdout: string): RgMatch[] {
  const matches: RgMatch[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{"type":"match"')) continue;
    const event = JSON.parse(line) as RgEvent;
    const file = decode(event.data?.path).toString('utf8').replace(/^\.\//, '');
    const lineNumber = event.data?.line_number;
    if (!file || !lineNumber) continue;
    const bytes = decode(event.data?.lines);
    for (const m of event.data?.submatches ?? []) {
      matches.push({ file, line: lineNumber, start: utf16Column(bytes, m.start), end: utf16Column(bytes, m.end), text: bytes.subarray(m.start, m.end).toString('utf8') });
    }
  }
  return matches;
}

/**
 * Runs rg with `args` in `treeDir`. Node's own spawnSync rather than execa: every adapter process
 * loads this module, and execa's import alone costs it some 80 ms.
 */
function runRg(treeDir: string, args: string[], describe: string): RgMatch[] {
  const result = spawnSync('rg', args, {
    cwd: treeDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { LC_ALL: 'C', LANG: 'C', PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    // A missing working directory fails the spawn with the same code as a missing program.
    if (!existsSync(treeDir)) throw new PipelineError(`the tree to search does not exist: ${treeDir}`, { stage: 'grep' });
    throw new PipelineError('ripgrep (rg) is not installed; `apt-get install ripgrep` (grep_compared answers need it)', { stage: 'grep' });
  }
  if (result.error) throw new PipelineError(`rg failed for ${describe}: ${result.error.message}`, { stage: 'grep' });
  // rg exits 1 when nothing matched; 2 is a real error.
  if (result.status !== 0 && result.status !== 1) {
    throw new PipelineError(`rg failed for ${describe}: ${result.stderr.trim() || (result.signal ? `killed by ${result.signal}` : `exit ${result.status}`)}`, { stage: 'grep' });
  }
  return parseRgJson(result.stdout);
}

/**
 * Runs one search with rg in `treeDir` (or only in `paths`, relative to it: none searches nothing) and
 * returns its matches in the order rg's `--sort path` walks the tree. Synchronous on purpose: generators
 * ask for searches while drafting.
 */
export function runRgSearch(treeDir: string, search: TextSearch, paths?: ReadonlySet<string>): RgMatch[] {
  if (paths?.size === 0) return [];
  // rg searches the paths it is given in the order given: put them in its walk's order.
  const where = paths ? ['--', ...[...paths].sort(inWalkOrder)] : ['.'];
  return runRg(treeDir, [...textSearchArgs(search.mode), '-e', search.pattern, ...where], `pattern ${JSON.stringify(search.pattern)}`);
}

/** rg's `--sort path` order: directory by directory, each entry by the bytes of its name (`a/b.js` before `a.js`). */
function inWalkOrder(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = Buffer.compare(Buffer.from(left[i]!, 'utf8'), Buffer.from(right[i]!, 'utf8'));
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

export interface TextSearcher {
  search(search: TextSearch): RgMatch[];
  /** Distinct searches asked for. */
  searches(): number;
}

/** A memoised searcher over one tree, answered in-process (evidence/tree-text.ts): what generators receive. */
export function searcherOver(tree: TreeText): TextSearcher {
  const memo = new Map<string, RgMatch[]>();
  return {
    search(search) {
      const key = `${search.mode} ${search.pattern}`;
      let matches = memo.get(key);
      if (!matches) {
        matches = tree.search(search);
        memo.set(key, matches);
      }
      return matches;
    },
    searches: () => memo.size,
  };
}
