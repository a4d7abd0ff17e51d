import { execa, execaSync } from 'execa';
import { PipelineError } from '../pipeline/errors.ts';

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

/**
 * Runs one search in `treeDir` and returns its matches in rg's path order.
 * Synchronous on purpose: generators ask for searches while drafting, and
 * each is a short-lived process.
 */
export function runSearch(treeDir: string, search: GrepSearch): GrepHit[] {
  const result = execaSync('rg', [...search.args, '-e', search.pattern, '.'], {
    cwd: treeDir,
    reject: false,
    stdin: 'ignore',
    env: { LC_ALL: 'C', LANG: 'C', PATH: process.env.PATH ?? '' },
    extendEnv: false,
    maxBuffer: 256 * 1024 * 1024,
  });
  if ((result as { code?: string }).code === 'ENOENT') {
    throw new PipelineError('ripgrep (rg) is not installed; `apt-get install ripgrep` (grep_compared answers need it)', { stage: 'grep' });
  }
  // rg exits 1 when nothing matched; 2 is a real error.
  if (result.exitCode !== 0 && result.exitCode !== 1) {
    throw new PipelineError(`rg failed for pattern ${JSON.stringify(search.pattern)}: ${String(result.stderr).trim() || `exit ${result.exitCode}`}`, { stage: 'grep' });
  }
  const hits: GrepHit[] = [];
  for (const line of String(result.stdout).split('\n')) {
    if (!line.startsWith('{"type":"match"')) continue;
    const event = JSON.parse(line) as RgEvent;
    const raw = event.data?.path?.text ?? (event.data?.path?.bytes ? Buffer.from(event.data.path.bytes, 'base64').toString('utf8') : undefined);
    if (!raw || !event.data?.line_number) continue;
    hits.push({ file: raw.replace(/^\.\//, ''), line: event.data.line_number, text: event.data.submatches?.[0]?.match?.text ?? '' });
  }
  return hits;
}

/** A memoised search function over one tree: what generators receive. */
export function grepOver(treeDir: string): { grep: (search: GrepSearch) => GrepHit[]; searches: () => number } {
  const memo = new Map<string, GrepHit[]>();
  return {
    grep(search) {
      const key = searchKey(search);
      let hits = memo.get(key);
      if (!hits) {
        hits = runSearch(treeDir, search);
        memo.set(key, hits);
      }
      return hits;
    },
    searches: () => memo.size,
  };
}
