import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa, execaSync } from 'execa';
import { trackPath } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';

/**
 * Flags every search starts with: JSON events (no text parsing), no user
 * config, ignore files or hidden-file rules, results sorted by path (which
 * also makes rg single-threaded, so output order never varies), exact case.
 */
export const BASE_RG_ARGS = ['--json', '--no-config', '--no-ignore', '--hidden', '--sort', 'path', '--case-sensitive', '--no-messages'] as const;

export interface GrepSearch {
  /** Everything after `rg` except `-e <pattern>` and the path, recorded in the scenario for replay. */
  args: string[];
  pattern: string;
}

export interface GrepHit {
  file: string;
  /** 1-based, as rg reports it. */
  line: number;
  /** The first match's text on that line. */
  text: string;
}

export function searchKey(search: GrepSearch): string {
  return JSON.stringify([search.args, search.pattern]);
}

export async function ripgrepVersion(): Promise<string> {
  try {
    const { stdout } = await execa('rg', ['--version'], { env: { LC_ALL: 'C' } });
    return stdout.split('\n')[0]!.trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new PipelineError('ripgrep (rg) is not installed; `apt-get install ripgrep` (grep_compared answers need it)', { stage: 'grep' });
    }
    throw error;
  }
}

interface RgEvent {
  type: string;
  data?: { path?: { text?: string; bytes?: string }; line_number?: number; submatches?: Array<{ match?: { text?: string } }> };
}

/** Runs rg with `args`, the given pattern arguments and `.` in `treeDir`, and returns its match events. */
function runRg(treeDir: string, args: string[], patternArgs: string[], describe: string): Array<{ file: string; line: number; texts: string[] }> {
  const result = execaSync('rg', [...args, ...patternArgs, '.'], {
    cwd: treeDir,
    reject: false,
    stdin: 'ignore',
    env: { LC_ALL: 'C', LANG: 'C', PATH: process.env.PATH ?? '' },
    extendEnv: false,
    maxBuffer: 1024 * 1024 * 1024,
  });
  if ((result as { code?: string }).code === 'ENOENT') {
    // A missing working directory fails the spawn with the same code as a missing program.
    if (!existsSync(treeDir)) throw new PipelineError(`the tree to search does not exist: ${treeDir}`, { stage: 'grep' });
    throw new PipelineError('ripgrep (rg) is not installed; `apt-get install ripgrep` (grep_compared answers need it)', { stage: 'grep' });
  }
  // rg exits 1 when nothing matched; 2 is a real error.
  if (result.exitCode !== 0 && result.exitCode !== 1) {
    throw new PipelineError(`rg failed for ${describe}: ${String(result.stderr).trim() || `exit ${result.exitCode}`}`, { stage: 'grep' });
  }
  const events: Array<{ file: string; line: number; texts: string[] }> = [];
  for (const line of String(result.stdout).split('\n')) {
    if (!line.startsWith('{"type":"match"')) continue;
    const event = JSON.parse(line) as RgEvent;
    const raw = event.data?.path?.text ?? (event.data?.path?.bytes ? Buffer.from(event.data.path.bytes, 'base64').toString('utf8') : undefined);
    if (!raw || !event.data?.line_number) continue;
    events.push({ file: raw.replace(/^\.\//, ''), line: event.data.line_number, texts: (event.data.submatches ?? []).map((m) => m.match?.text ?? '') });
  }
  return events;
}

/**
 * Runs one search in `treeDir` and returns its matches in rg's path order.
 * Synchronous on purpose: generators ask for searches while drafting, and
 * each is a short-lived process.
 */
export function runSearch(treeDir: string, search: GrepSearch): GrepHit[] {
  return runRg(treeDir, search.args, ['-e', search.pattern], `pattern ${JSON.stringify(search.pattern)}`).map((e) => ({ file: e.file, line: e.line, text: e.texts[0] ?? '' }));
}

/** Plain identifiers: under --word-regexp two different ones can never match at the same place, so one rg run can answer many. */
const PLAIN_WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const WORDS_PER_RUN = 5000;

/** A memoised search function over one tree: what generators receive. */
export function grepOver(treeDir: string): { grep: (search: GrepSearch) => GrepHit[]; searches: () => number; prefetchWords: (args: string[], words: string[]) => void } {
  const memo = new Map<string, GrepHit[]>();
  const asked = new Set<string>();
  return {
    grep(search) {
      const key = searchKey(search);
      asked.add(key);
      let hits = memo.get(key);
      if (!hits) {
        hits = runSearch(treeDir, search);
        memo.set(key, hits);
      }
      return hits;
    },
    /** Distinct searches the generators asked for (prefetching does not count). */
    searches: () => asked.size,
    /**
     * Answers many whole-word, fixed-string searches with one rg run per few
     * thousand words (patterns read from a file), attributing each line to
     * the words among its submatches; the answers equal one run per word.
     */
    prefetchWords(args, words) {
      if (!args.includes('--fixed-strings') || !args.includes('--word-regexp')) throw new Error('prefetchWords needs --fixed-strings --word-regexp');
      const todo = [...new Set(words)].filter((w) => PLAIN_WORD.test(w) && !memo.has(searchKey({ args, pattern: w }))).sort();
      for (let start = 0; start < todo.length; start += WORDS_PER_RUN) {
        const chunk = todo.slice(start, start + WORDS_PER_RUN);
        const file = join(tmpdir(), `lmc-rg-words-${process.pid}-${randomBytes(6).toString('hex')}`);
        writeFileSync(file, `${chunk.join('\n')}\n`);
        const untrack = trackPath(file);
        try {
          const byWord = new Map<string, GrepHit[]>(chunk.map((w) => [w, []]));
          for (const event of runRg(treeDir, args, ['-f', file], `${chunk.length} words`)) {
            for (const text of new Set(event.texts)) byWord.get(text)?.push({ file: event.file, line: event.line, text });
          }
          for (const [word, hits] of byWord) memo.set(searchKey({ args, pattern: word }), hits);
        } finally {
          rmSync(file, { force: true });
          untrack();
        }
      }
    },
  };
}
