import { execa } from 'execa';

export interface RgMatch {
  /** Relative to the search root, without a leading `./`. */
  file: string;
  /** 1-based. */
  line: number;
  text: string;
  /** The matched substrings of the line, in order. */
  submatches: string[];
}

interface RgText {
  text?: string;
  bytes?: string;
}

function decode(t: RgText): string {
  return t.text ?? Buffer.from(t.bytes ?? '', 'base64').toString('utf8');
}

/**
 * Runs `rg <args>` in `cwd` with LC_ALL=C and returns its `match` events. `args` must ask for `--json`.
 * Exit status 1 means "no match"; anything else non-zero is an error.
 */
export async function ripgrep(args: readonly string[], cwd: string): Promise<RgMatch[]> {
  const run = await execa('rg', args, { cwd, env: { LC_ALL: 'C' }, reject: false, stripFinalNewline: false });
  if (run.failed && run.exitCode !== 1) {
    throw new Error(`rg ${args.join(' ')} failed in ${cwd}: ${run.stderr.trim() || run.shortMessage}`);
  }
  const matches: RgMatch[] = [];
  for (const line of run.stdout.split('\n')) {
    if (!line) continue;
    let event: { type?: string; data?: Record<string, unknown> };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      throw new Error(`rg printed a line that is not JSON (args need --json): ${line.slice(0, 80)}`);
    }
    if (event.type !== 'match' || !event.data) continue;
    const data = event.data as { path: RgText; line_number: number; lines: RgText; submatches: Array<{ match: RgText }> };
    matches.push({
      file: decode(data.path).replace(/^\.\//, ''),
      line: data.line_number,
      text: decode(data.lines),
      submatches: data.submatches.map((m) => decode(m.match)),
    });
  }
  return matches;
}

/** Flags every rg call of ours shares: machine-readable, ignoring local config and ignore files, in a fixed file order. */
export const RG_BASE_ARGS = ['--json', '--no-config', '--no-ignore', '--hidden', '--sort', 'path'] as const;
