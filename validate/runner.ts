/**
 * Drives any adapter process through a scenario file the way the upstream runner does: one
 * `{"query": ...}` line per scenario on stdin, one response line back, in order. Queries go one at a
 * time (write, await the answer) so each latency is that query's alone.
 */
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execa, type ResultPromise } from 'execa';
import type { Expected, Query, Scenario } from '../core/contract.ts';
import { writeFileAtomic } from '../core/atomic.ts';
import { trackChild } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import { latencyPercentiles, passes, scoreResult, summarise, type LatencyPercentiles, type ScoreSummary } from './scorer.ts';

export interface AdapterSpec {
  /** Names the adapter in results and file names, e.g. `oracle`. */
  label: string;
  command: string;
  args: readonly string[];
  cwd?: string;
}

export interface RunOptions {
  /** Per query; the adapter is killed and the run fails when it is exceeded. */
  timeoutMs?: number;
  /** For the first query, which also waits for the adapter to start and ingest the corpus. */
  startupTimeoutMs?: number;
}

/** One line of the JSONL audit trail. */
export interface ScenarioOutcome {
  id: string;
  category: Scenario['category'];
  sub_type: string;
  gold_source: Scenario['gold_source'];
  query: Query;
  expected: Expected;
  returned: string[];
  error?: string;
  score: number;
  latency_ms: number;
}

export interface RunResult {
  corpus: string;
  adapter: string;
  scenarios: number;
  passed: number;
  /** Scenarios answered with an `error` or a malformed line (each scored 0). */
  errored: number;
  scores: ScoreSummary;
  /** Nearest-rank percentiles over every query but the first; null with fewer than two queries. */
  latency_ms: LatencyPercentiles | null;
}

export interface Run {
  result: RunResult;
  outcomes: ScenarioOutcome[];
}

/** Generous: on a shared, loaded machine a slow answer must not fail a run, and a hung adapter is still caught. */
const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_STARTUP_TIMEOUT_MS = 600_000;
const STDERR_TAIL_CHARS = 2_000;
/** How long a failing adapter gets to exit on its own, so its exit code can be reported. */
const EXIT_GRACE_MS = 5_000;

type Next = { line: string } | { eof: true } | { timeout: true };

/** Lines of the adapter's stdout, handed out one per request; lines nobody asked for are kept to be reported. */
class LineQueue {
  private readonly unread: string[] = [];
  private waiting?: (next: Next) => void;
  private ended = false;
  /** Settles once stdout has closed, after its last line was delivered. */
  readonly closed: Promise<void>;

  constructor(stream: NodeJS.ReadableStream) {
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting) waiting({ line });
      else this.unread.push(line);
    });
    this.closed = new Promise((resolve) =>
      lines.once('close', () => {
        this.ended = true;
        this.waiting?.({ eof: true });
        this.waiting = undefined;
        resolve();
      }),
    );
  }

  get unsolicited(): readonly string[] {
    return this.unread;
  }

  next(timeoutMs: number): Promise<Next> {
    const line = this.unread.shift();
    if (line !== undefined) return Promise.resolve({ line });
    if (this.ended) return Promise.resolve({ eof: true });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve({ timeout: true });
      }, timeoutMs);
      this.waiting = (next) => {
        clearTimeout(timer);
        resolve(next);
      };
    });
  }
}

/** Reads one response line: the ids, or why it scores 0. */
function parseResponse(line: string): { returned: string[]; error?: string } {
  let response: unknown;
  try {
    response = JSON.parse(line);
  } catch {
    return { returned: [], error: `malformed response (not JSON): ${line.slice(0, 200)}` };
  }
  if (!response || typeof response !== 'object' || Array.isArray(response)) {
    return { returned: [], error: `malformed response (not an object): ${line.slice(0, 200)}` };
  }
  const body = response as { error?: unknown; results?: unknown };
  if (body.error !== undefined) return { returned: [], error: `adapter error: ${typeof body.error === 'string' ? body.error : JSON.stringify(body.error)}` };
  if (!Array.isArray(body.results) || !body.results.every((r) => typeof r === 'string')) {
    return { returned: [], error: `malformed response (no "results" array of strings): ${line.slice(0, 200)}` };
  }
  return { returned: body.results as string[] };
}

function round3(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Runs every scenario through the adapter. Throws a PipelineError when the adapter cannot be trusted to have answered them all in step. */
export async function runScenarios(corpus: string, scenarios: readonly Scenario[], adapter: AdapterSpec, options: RunOptions = {}): Promise<Run> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startupTimeoutMs = options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
  const commandText = [adapter.command, ...adapter.args].join(' ');
  const child: ResultPromise = trackChild(
    execa(adapter.command, adapter.args, {
      ...(adapter.cwd ? { cwd: adapter.cwd } : {}),
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      buffer: false,
      reject: false,
    }),
  );
  let stderrTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  // A dead adapter makes writes fail with EPIPE; the missing answer reports it, with the exit status.
  child.stdin!.on('error', () => {});
  const lines = new LineQueue(child.stdout!);

  let stoppedByRunner = false;
  const stop = () => {
    stoppedByRunner = true;
    child.kill('SIGKILL');
  };
  /** The process's end, stopping it if it has not ended within `ms`. */
  const exitWithin = async (ms: number) => {
    const timer = setTimeout(stop, ms);
    try {
      return await child;
    } finally {
      clearTimeout(timer);
    }
  };

  /** Ends the run naming the adapter, the problem and how the process ended (or that we stopped it). */
  const fail = async (message: string, stopNow: boolean): Promise<never> => {
    if (stopNow) stop();
    const exit = await exitWithin(EXIT_GRACE_MS);
    const status = stoppedByRunner
      ? 'stopped by the runner'
      : exit.signal
        ? `killed by ${exit.signal}`
        : exit.exitCode !== undefined
          ? `exit code ${exit.exitCode}`
          : (exit.shortMessage ?? 'ended').replace(/\n/g, ' | ');
    const tail = stderrTail.trim().split('\n').slice(-5).join(' | ');
    throw new PipelineError(`adapter ${adapter.label} (${commandText}): ${message} [${status}${tail ? `; stderr: ${tail}` : ''}]`, { corpus, stage: 'audit' });
  };

  const outcomes: ScenarioOutcome[] = [];
  try {
    for (const [i, scenario] of scenarios.entries()) {
      if (lines.unsolicited.length) {
        await fail(`wrote a line nobody asked for after scenario ${scenarios[i - 1]?.id ?? '(none)'}: ${lines.unsolicited[0]!.slice(0, 200)}`, true);
      }
      const started = performance.now();
      child.stdin!.write(`${JSON.stringify({ query: scenario.query })}\n`);
      const next = await lines.next(i === 0 ? startupTimeoutMs : timeoutMs);
      const latency = round3(performance.now() - started);
      if ('timeout' in next) await fail(`no answer to scenario ${scenario.id} within ${i === 0 ? startupTimeoutMs : timeoutMs} ms`, true);
      if ('eof' in next) await fail(`exited before answering scenario ${scenario.id} (${i} of ${scenarios.length} answered)`, false);
      const { returned, error } = parseResponse((next as { line: string }).line);
      outcomes.push({
        id: scenario.id,
        category: scenario.category,
        sub_type: scenario.sub_type,
        gold_source: scenario.gold_source,
        query: scenario.query,
        expected: scenario.expected,
        returned,
        ...(error ? { error } : {}),
        score: error ? 0 : scoreResult(scenario.expected, returned),
        latency_ms: latency,
      });
    }
    // A well-behaved adapter exits when stdin closes; whatever it printed until then counts.
    child.stdin!.end();
    await exitWithin(timeoutMs);
    await lines.closed;
    if (lines.unsolicited.length) {
      await fail(`wrote ${lines.unsolicited.length} more line(s) than the ${scenarios.length} queries, after scenario ${scenarios.at(-1)?.id}: ${lines.unsolicited[0]!.slice(0, 200)}`, false);
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  const scores = summarise(outcomes);
  return {
    result: {
      corpus,
      adapter: adapter.label,
      scenarios: outcomes.length,
      passed: outcomes.filter((o) => passes(o.score)).length,
      errored: outcomes.filter((o) => o.error).length,
      scores,
      latency_ms: latencyPercentiles(outcomes.map((o) => o.latency_ms)) ?? null,
    },
    outcomes,
  };
}

/** Writes `<dir>/<adapter>.json` (the result) and `<dir>/<adapter>.jsonl` (one line per scenario). */
export async function writeRun(dir: string, run: Run): Promise<{ resultPath: string; trailPath: string }> {
  const resultPath = join(dir, `${run.result.adapter}.json`);
  const trailPath = join(dir, `${run.result.adapter}.jsonl`);
  await writeFileAtomic(resultPath, `${JSON.stringify(run.result, null, 2)}\n`);
  await writeFileAtomic(trailPath, run.outcomes.map((o) => `${JSON.stringify(o)}\n`).join(''));
  return { resultPath, trailPath };
}
