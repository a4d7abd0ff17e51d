/**
 * Drives any adapter process through a scenario file the way the upstream runner does: one
 * `{"query": ...}` line per scenario on stdin, one response line back, in order. Queries go one at a
 * time (write, await the answer) so each latency is that query's alone.
 */
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { turnsOf, type Expected, type Query, type Scenario } from '../core/contract.ts';
import { writeFileAtomic } from '../core/atomic.ts';
import { trackGroup } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import { latencyPercentiles, passes, scoreResult, summarise, type LatencyPercentiles, type ScoreSummary } from './scorer.ts';

export interface AdapterSpec {
  /** Names the adapter in results and file names, e.g. `oracle`. */
  label: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  /**
   * Answers every query from its inputs alone, whatever it was asked before (the reference
   * adapters): a session's sub-agent turns then go to the same process, since a second one would
   * load the same index again to give the same answers.
   */
  stateless?: boolean;
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
  /** A session's turns before its `query`, in order, each scored against its own expected answer. */
  earlier_turns?: TurnOutcome[];
}

export interface TurnOutcome {
  query: Query;
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
  /** Sessions' turns before their `query`: how many, and how many passed (absent when the file has no session). */
  earlier_turns?: { n: number; passed: number };
  /** Nearest-rank percentiles over every query but the first; null with fewer than two queries. */
  latency_ms: LatencyPercentiles | null;
}

export interface Run {
  result: RunResult;
  outcomes: ScenarioOutcome[];
}

/**
 * Generous: on a shared, loaded machine a slow answer must not fail a run, and a hung adapter is
 * still caught. `lmc run --help` and README.md state them.
 */
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_STARTUP_TIMEOUT_MS = 600_000;
const STDERR_TAIL_CHARS = 2_000;
/** How long a failing adapter gets to exit on its own, so its exit code can be reported. */
const EXIT_GRACE_MS = 5_000;
/**
 * How long the adapter's pipes get to close once it has exited and its group is killed: they
 * close at once unless a descendant that left the group (setsid) holds them, which the run does
 * not wait for.
 */
export const PIPES_GRACE_MS = 1_000;

/**
 * The longest reply line the runner reads, in bytes. Far above any real answer (thousands of ids
 * are a few hundred KiB) and far below the ~512 MiB at which one line no longer fits in a string
 * and the runner would crash instead of naming the adapter.
 */
export const MAX_REPLY_BYTES = 64 * 1024 * 1024;

/**
 * How many lines nobody asked for the queue keeps, to quote: the rest are only counted, so an
 * adapter that floods stdout (`yes`) cannot fill lmc's memory.
 */
export const MAX_UNREAD_LINES = 10;

type Next = { line: string } | { eof: true } | { timeout: true } | { tooLong: true };

/**
 * Lines of the adapter's stdout, handed out one per request; lines nobody asked for are counted, and
 * the first MAX_UNREAD_LINES of them kept, to be reported. A line longer than `maxLineBytes` ends
 * the queue: it is not kept, nor anything after it.
 */
export class LineQueue {
  private readonly unread: string[] = [];
  private unreadCount = 0;
  private overflow!: () => void;
  /** Settles once more lines came unasked than the queue keeps: the adapter floods its stdout. */
  readonly flooded = new Promise<void>((resolve) => (this.overflow = resolve));
  private waiting?: (next: Next) => void;
  /** The current line's bytes so far. */
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** What every request gets once the lines are used up: the stream ended, or a line was too long. */
  private end?: { eof: true } | { tooLong: true };

  constructor(
    stream: NodeJS.ReadableStream,
    private readonly maxLineBytes = MAX_REPLY_BYTES,
  ) {
    stream.on('data', (chunk: Buffer) => this.take(chunk));
    stream.once('end', () => {
      // An adapter may end its last reply without a line feed.
      if (!this.end && this.partialBytes > 0) this.deliver(this.takeLine());
      this.finish({ eof: true });
    });
  }

  /** The first lines nobody asked for (at most MAX_UNREAD_LINES). */
  get unsolicited(): readonly string[] {
    return this.unread;
  }

  /** How many lines nobody asked for, kept or not. */
  get unsolicitedCount(): number {
    return this.unreadCount;
  }

  next(timeoutMs: number): Promise<Next> {
    const line = this.unread.shift();
    if (line !== undefined) {
      this.unreadCount -= 1;
      return Promise.resolve({ line });
    }
    if (this.end) return Promise.resolve(this.end);
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

  /** Gives up the pending request, if any (it gets `{ timeout: true }` now, and its timer is cleared). */
  cancel(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ timeout: true });
  }

  /** Splits a chunk at its line ends (a line feed never occurs inside a UTF-8 character). */
  private take(chunk: Buffer): void {
    for (let start = 0; start < chunk.length && !this.end; ) {
      const newline = chunk.indexOf(0x0a, start);
      const stop = newline === -1 ? chunk.length : newline;
      this.partial.push(chunk.subarray(start, stop));
      this.partialBytes += stop - start;
      if (this.partialBytes > this.maxLineBytes) this.finish({ tooLong: true });
      else if (newline !== -1) this.deliver(this.takeLine());
      start = stop + 1;
    }
  }

  /** The current line as text, without a CR before its line feed. */
  private takeLine(): string {
    const line = Buffer.concat(this.partial, this.partialBytes).toString('utf8');
    this.partial = [];
    this.partialBytes = 0;
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }

  private deliver(line: string): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting({ line });
    else if (this.unreadCount++ < MAX_UNREAD_LINES) this.unread.push(line);
    else this.overflow();
  }

  private finish(end: { eof: true } | { tooLong: true }): void {
    if (this.end) return;
    this.end = end;
    this.partial = [];
    this.partialBytes = 0;
    this.waiting?.(end);
    this.waiting = undefined;
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
  // `"error": null` is how some adapters say there was none.
  if (body.error !== undefined && body.error !== null) return { returned: [], error: `adapter error: ${typeof body.error === 'string' ? body.error : JSON.stringify(body.error)}` };
  if (!Array.isArray(body.results) || !body.results.every((r) => typeof r === 'string')) {
    return { returned: [], error: `malformed response (no "results" array of strings): ${line.slice(0, 200)}` };
  }
  return { returned: body.results as string[] };
}

function round3(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Waits for `promise` to settle or for `ms` to pass, whichever comes first. */
async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Sets a process's niceness to 10 (from the usual 0): the scheduler then runs it in time others leave. */
function lowerPriority(pid: number): void {
  try {
    setPriority(pid, 10);
  } catch {
    // It exited before it could be lowered: the missing answer will say so.
  }
}

/** How a process ended: its exit, or why it could not start. */
type Ending = { code: number | null; signal: NodeJS.Signals | null } | { error: Error };

type Failure = (message: string, stopNow: boolean) => Promise<never>;

/**
 * One adapter process: started on first use, asked one query at a time. A session's sub-agent turns
 * go to a second process of the same command, which never sees the session's other turns.
 */
class AdapterProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: LineQueue;
  /** Kills the adapter's process group: the command and everything it started (a pipeline's other end, a background job). */
  private readonly killGroup: () => void;
  /** Settles when the process exits (or cannot start). */
  private readonly ended: Promise<Ending>;
  /** Settles when its pipes have closed too, which a descendant may put off. */
  private readonly closed: Promise<void>;
  private stderrTail = '';
  private stoppedByRunner = false;
  asked = 0;

  constructor(
    private readonly corpus: string,
    private readonly adapter: AdapterSpec,
    private readonly role: string,
    /** How many queries this process will be asked in all. */
    private readonly total: number,
    /** Whether it runs at a lower scheduling priority (a sub-agent process, idle until late in most files). */
    lowPriority = false,
  ) {
    // In a process group of its own, so that stopping it stops whatever it started too.
    this.child = spawn(adapter.command, adapter.args, { ...(adapter.cwd ? { cwd: adapter.cwd } : {}), stdio: 'pipe', detached: true });
    const pid = this.child.pid;
    this.killGroup = pid === undefined ? () => {} : trackGroup(pid);
    this.ended = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => resolve({ code, signal }));
      this.child.once('error', (error) => resolve({ error }));
    });
    this.closed = new Promise((resolve) => this.child.once('close', () => resolve()));
    if (lowPriority && pid !== undefined) lowerPriority(pid);
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    // A dead adapter makes writes fail with EPIPE; the missing answer reports it, with the exit status.
    this.child.stdin.on('error', () => {});
    this.lines = new LineQueue(this.child.stdout);
  }

  private stop(): void {
    this.stoppedByRunner = true;
    this.killGroup();
  }

  /**
   * Waits for the process to exit, stopping it after `ms`; then kills what is left of its group
   * (only orphans by now) and gives the pipes PIPES_GRACE_MS to close, so that all it wrote has
   * been read.
   */
  private async settle(ms: number): Promise<Ending> {
    const timer = setTimeout(() => this.stop(), ms);
    const ending = await this.ended;
    clearTimeout(timer);
    this.killGroup();
    await atMost(this.closed, PIPES_GRACE_MS);
    return ending;
  }

  private describeEnding(ending: Ending): string {
    if (this.stoppedByRunner) return 'stopped by the runner';
    if ('error' in ending) return ending.error.message;
    return ending.signal ? `killed by ${ending.signal}` : `exit code ${ending.code}`;
  }

  /** Ends the run naming the adapter, the problem and how the process ended (or that we stopped it). */
  readonly fail: Failure = async (message, stopNow) => {
    if (stopNow) this.stop();
    const status = this.describeEnding(await this.settle(EXIT_GRACE_MS));
    const tail = this.stderrTail.trim().split('\n').slice(-5).join(' | ');
    const commandText = [this.adapter.command, ...this.adapter.args].join(' ');
    throw new PipelineError(`adapter ${this.adapter.label}${this.role} (${commandText}): ${message} [${status}${tail ? `; stderr: ${tail}` : ''}]`, { corpus: this.corpus });
  };

  /**
   * The next line, or why none came. A process that exits first gets PIPES_GRACE_MS for a line it
   * already wrote, not the whole timeout: a background child holding its stdout keeps the end of
   * the stream from coming, and the run must then report the exit status, not a timeout.
   */
  private async answer(timeoutMs: number): Promise<Next> {
    const reply = this.lines.next(timeoutMs);
    const first = await Promise.race([reply, this.ended.then(() => undefined)]);
    if (first) return first;
    await atMost(reply, PIPES_GRACE_MS);
    this.lines.cancel();
    const late = await reply;
    return 'timeout' in late ? { eof: true } : late;
  }

  /** Sends one query and reads its answer; `what` names the turn in a failure. */
  async ask(query: Query, what: string, after: string, timeouts: { first: number; next: number }): Promise<{ returned: string[]; error?: string; latency: number }> {
    if (this.lines.unsolicited.length) await this.fail(`wrote a line nobody asked for after ${after}: ${this.lines.unsolicited[0]!.slice(0, 200)}`, true);
    const timeout = this.asked === 0 ? timeouts.first : timeouts.next;
    const started = performance.now();
    this.child.stdin.write(`${JSON.stringify({ query })}\n`);
    const next = await this.answer(timeout);
    const latency = round3(performance.now() - started);
    if ('timeout' in next) await this.fail(`no answer to ${what} within ${timeout} ms`, true);
    if ('eof' in next) await this.fail(`exited before answering ${what} (${this.asked} of ${this.total} answered)`, false);
    if ('tooLong' in next) await this.fail(`its reply to ${what} is longer than ${MAX_REPLY_BYTES / 1024 / 1024} MiB, the most the runner reads as one line`, true);
    this.asked += 1;
    return { ...parseResponse((next as { line: string }).line), latency };
  }

  /**
   * Closes stdin and waits for a well-behaved exit; whatever it printed until then counts. One that
   * floods its stdout instead (more lines unasked than the queue keeps) has PIPES_GRACE_MS from
   * then to exit, not the whole timeout: it will not stop by itself.
   */
  async finish(timeoutMs: number, after: string): Promise<void> {
    this.child.stdin.end();
    // A flood noticed once the process has exited (its last lines still in the pipe) stops nothing.
    let exited = false;
    void this.ended.then(() => (exited = true));
    let flooding = false;
    let floodTimer: NodeJS.Timeout | undefined;
    void this.lines.flooded.then(() => {
      if (exited) return;
      flooding = true;
      floodTimer = setTimeout(() => this.stop(), PIPES_GRACE_MS);
    });
    await this.settle(timeoutMs);
    clearTimeout(floodTimer);
    if (this.lines.unsolicited.length) {
      const what = flooding && this.stoppedByRunner ? 'kept writing after its last answer' : 'wrote';
      await this.fail(`${what} ${this.lines.unsolicitedCount} more line(s) than the ${this.asked} queries, after ${after}: ${this.lines.unsolicited[0]!.slice(0, 200)}`, false);
    }
  }

  /**
   * Stops the process and everything it started, whatever state they are in, and lets go of its
   * pipes, which a descendant that left the group may hold open: lmc must not wait for them to exit.
   */
  kill(): void {
    this.killGroup();
    for (const pipe of [this.child.stdin, this.child.stdout, this.child.stderr]) pipe.destroy();
  }
}

/**
 * Runs every scenario through the adapter, every turn of a session in order (core/contract.ts,
 * turnsOf): a sub-agent's turn goes to a second process, unless the adapter is `stateless`. A scenario's score is its last turn's, the
 * one the upstream runner scores; earlier turns are scored and kept beside it. Throws a
 * PipelineError when the adapter cannot be trusted to have answered them all in step; it names the
 * corpus, and the caller says what ran it (a stage, or `lmc run` and its file).
 */
export async function runScenarios(corpus: string, scenarios: readonly Scenario[], adapter: AdapterSpec, options: RunOptions = {}): Promise<Run> {
  const timeouts = { first: options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS, next: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const allTurns = scenarios.map(turnsOf);
  const processOf = (turn: { process: 'session' | 'subagent' }) => (adapter.stateless ? 'session' : turn.process);
  const sessionTurns = allTurns.flat().filter((t) => processOf(t) === 'session').length;
  const session = new AdapterProcess(corpus, adapter, '', sessionTurns);
  // Started with the first, so that its start-up is done before its first turn: at a lower
  // priority, so that it takes the processor time the session's process leaves, not the session's.
  const subagentTurns = allTurns.flat().length - sessionTurns;
  const subagent = subagentTurns > 0 ? new AdapterProcess(corpus, adapter, ' (sub-agent process)', subagentTurns, true) : undefined;
  const outcomes: ScenarioOutcome[] = [];
  let after = 'scenario (none)';
  try {
    for (const [i, scenario] of scenarios.entries()) {
      const turns = allTurns[i]!;
      const answers: TurnOutcome[] = [];
      for (const [t, turn] of turns.entries()) {
        const process = processOf(turn) === 'session' ? session : subagent!;
        const what = turns.length > 1 ? `turn ${t + 1} of scenario ${scenario.id}` : `scenario ${scenario.id}`;
        const { returned, error, latency } = await process.ask(turn.query, what, after, timeouts);
        after = what;
        answers.push({ query: turn.query, returned, ...(error ? { error } : {}), score: error ? 0 : scoreResult(turn.expected, returned), latency_ms: latency });
      }
      const last = answers.pop()!;
      outcomes.push({
        id: scenario.id,
        category: scenario.category,
        sub_type: scenario.sub_type,
        gold_source: scenario.gold_source,
        query: scenario.query,
        expected: scenario.expected,
        returned: last.returned,
        ...(last.error ? { error: last.error } : {}),
        score: last.score,
        latency_ms: last.latency_ms,
        ...(answers.length ? { earlier_turns: answers } : {}),
      });
    }
    await session.finish(timeouts.next, after);
    await subagent?.finish(timeouts.next, after);
  } finally {
    session.kill();
    subagent?.kill();
  }

  const scores = summarise(outcomes);
  const earlier = outcomes.flatMap((o) => o.earlier_turns ?? []);
  return {
    result: {
      corpus,
      adapter: adapter.label,
      scenarios: outcomes.length,
      passed: outcomes.filter((o) => passes(o.score)).length,
      errored: outcomes.filter((o) => o.error).length,
      scores,
      ...(earlier.length ? { earlier_turns: { n: earlier.length, passed: earlier.filter((e) => passes(e.score)).length } } : {}),
      latency_ms: latencyPercentiles(outcomes.map((o) => o.latency_ms)) ?? null,
    },
    outcomes,
  };
}

/** Whether every turn of the scenario passed: what the reference oracle must do. */
export function passesEveryTurn(o: ScenarioOutcome): boolean {
  return passes(o.score) && (o.earlier_turns ?? []).every((t) => passes(t.score));
}

/** Writes `<dir>/<adapter>.json` (the result) and `<dir>/<adapter>.jsonl` (one line per scenario). */
export async function writeRun(dir: string, run: Run): Promise<{ resultPath: string; trailPath: string }> {
  const resultPath = join(dir, `${run.result.adapter}.json`);
  const trailPath = join(dir, `${run.result.adapter}.jsonl`);
  await writeFileAtomic(resultPath, `${JSON.stringify(run.result, null, 2)}\n`);
  await writeFileAtomic(trailPath, run.outcomes.map((o) => `${JSON.stringify(o)}\n`).join(''));
  return { resultPath, trailPath };
}
