import { once } from 'node:events';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../core/contract.ts';
import { PipelineError } from '../core/errors.ts';
import { respond } from '../adapters/protocol.ts';
import { LineQueue, MAX_REPLY_BYTES, MAX_UNREAD_LINES, runScenarios, writeRun, type AdapterSpec } from '../validate/runner.ts';
import { pidFrom, stopsRunning, tempDir } from './helpers.ts';

const scenarios: Scenario[] = [
  {
    id: 'lookup-000000000001',
    category: 'Completion',
    sub_type: 'class_by_short_name',
    intent: 'finds the class Store',
    query: { op: 'lookup', name: 'Store', bare_name: true },
    expected: { kind: 'exact_set', stable_ids: ['pkg/Store#'] },
    gold_source: 'scip_roundtrip',
  },
  {
    id: 'callers-000000000002',
    category: 'BugFix',
    sub_type: 'callers',
    intent: 'lists the callers of find',
    query: { op: 'callers', sym_stable_id: 'pkg/Store#find().' },
    expected: { kind: 'exact_set', stable_ids: ['pkg/Store#take().', 'pkg/Store#labels().'] },
    gold_source: 'scip_roundtrip',
  },
  {
    id: 'typo-000000000003',
    category: 'ApiDiscovery',
    sub_type: 'typo',
    intent: 'a misspelt name matches nothing',
    query: { op: 'lookup', name: 'Stroe', bare_name: true },
    expected: { kind: 'exact_set', stable_ids: [] },
    gold_source: 'adversarial',
  },
];

/** A Node script that answers each query line with `respond(query, index)`'s lines (a string is one line). */
function adapterSource(respond: string, after = ''): string {
  return `
import { createInterface } from 'node:readline';
const answers = { Store: ['pkg/Store#'], 'pkg/Store#find().': ['pkg/Store#labels().', 'pkg/Store#take().'], Stroe: [] };
const respond = ${respond};
let index = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const { query } = JSON.parse(line);
  const out = respond(query, index++, answers[query.name ?? query.sym_stable_id]);
  for (const l of [out].flat()) process.stdout.write(l + '\\n');
}
${after}
`;
}

let dir: string;
async function adapter(label: string, source: string): Promise<AdapterSpec> {
  const file = join(dir, `${label}.mjs`);
  await writeFile(file, source);
  return { label, command: process.execPath, args: [file] };
}

async function failure(run: Promise<unknown>): Promise<PipelineError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}

beforeAll(async () => {
  dir = await tempDir('runner');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('runScenarios', () => {
  it('scores a correct adapter 100% and writes the result and the audit trail', async () => {
    const spec = await adapter('right', adapterSource(`(q, i, ids) => JSON.stringify({ results: ids, cost_usd: 0 })`));
    const run = await runScenarios('demo', scenarios, spec);
    expect(run.outcomes.map((o) => [o.id, o.returned, o.score, o.error])).toEqual([
      ['lookup-000000000001', ['pkg/Store#'], 1, undefined],
      ['callers-000000000002', ['pkg/Store#labels().', 'pkg/Store#take().'], 1, undefined],
      ['typo-000000000003', [], 1, undefined],
    ]);
    for (const o of run.outcomes) {
      expect(o.latency_ms).toBeGreaterThan(0);
      expect(Math.round(o.latency_ms * 1000) / 1000).toBe(o.latency_ms);
    }
    expect(run.result).toMatchObject({ corpus: 'demo', adapter: 'right', scenarios: 3, passed: 3, errored: 0 });
    expect(run.result.scores.weighted_accuracy).toBe(1);
    expect(run.result.scores.by_category).toEqual({
      Completion: { n: 1, mean: 1, pass_rate: 1 },
      BugFix: { n: 1, mean: 1, pass_rate: 1 },
      ApiDiscovery: { n: 1, mean: 1, pass_rate: 1 },
    });
    // Percentiles leave out the first query: two remain.
    expect(run.result.latency_ms?.n).toBe(2);

    const { resultPath, trailPath } = await writeRun(join(dir, 'runs'), run);
    expect(resultPath).toBe(join(dir, 'runs', 'right.json'));
    expect(JSON.parse(await readFile(resultPath, 'utf8'))).toEqual(JSON.parse(JSON.stringify(run.result)));
    const trail = (await readFile(trailPath, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(trail).toHaveLength(3);
    expect(trail[1]).toEqual({
      id: 'callers-000000000002',
      category: 'BugFix',
      sub_type: 'callers',
      gold_source: 'scip_roundtrip',
      query: scenarios[1]!.query,
      expected: scenarios[1]!.expected,
      returned: ['pkg/Store#labels().', 'pkg/Store#take().'],
      score: 1,
      latency_ms: run.outcomes[1]!.latency_ms,
    });
  });

  it('sends only the query, one line per scenario', async () => {
    const spec = await adapter('echo', adapterSource(`(q) => JSON.stringify({ results: [JSON.stringify(q)] })`));
    const run = await runScenarios('demo', scenarios, spec);
    expect(run.outcomes.map((o) => JSON.parse(o.returned[0]!))).toEqual(scenarios.map((s) => s.query));
  });

  it('scores an `error` answer 0 and carries on', async () => {
    const spec = await adapter('erring', adapterSource(`(q, i, ids) => i === 1 ? JSON.stringify({ error: 'index not loaded' }) : JSON.stringify({ results: ids })`));
    const run = await runScenarios('demo', scenarios, spec);
    expect(run.outcomes.map((o) => [o.score, o.error])).toEqual([
      [1, undefined],
      [0, 'adapter error: index not loaded'],
      [1, undefined],
    ]);
    expect(run.result).toMatchObject({ passed: 2, errored: 1 });
    expect(run.result.scores.by_category.BugFix).toEqual({ n: 1, mean: 0, pass_rate: 0 });
  });

  it('takes `"error": null` for no error', async () => {
    const spec = await adapter('null-error', adapterSource(`(q, i, ids) => JSON.stringify({ results: ids, error: null })`));
    const run = await runScenarios('demo', scenarios, spec);
    expect(run.outcomes.map((o) => [o.score, o.error])).toEqual([
      [1, undefined],
      [1, undefined],
      [1, undefined],
    ]);
    expect(run.result).toMatchObject({ passed: 3, errored: 0 });
  });

  it('scores malformed lines 0: not JSON, or results that are not strings', async () => {
    const spec = await adapter('garbled', adapterSource(`(q, i, ids) => i === 0 ? 'results: Store' : i === 1 ? JSON.stringify({ results: [1, 2] }) : JSON.stringify({ results: ids })`));
    const run = await runScenarios('demo', scenarios, spec);
    expect(run.outcomes.map((o) => o.score)).toEqual([0, 0, 1]);
    expect(run.outcomes[0]!.error).toBe('malformed response (not JSON): results: Store');
    expect(run.outcomes[1]!.error).toMatch(/^malformed response \(no "results" array of strings\)/);
    expect(run.outcomes[0]!.returned).toEqual([]);
  });

  it('fails naming the scenario, exit code and stderr when the adapter dies mid-run', async () => {
    const spec = await adapter(
      'dying',
      adapterSource(`(q, i, ids) => { if (i === 1) { process.stderr.write('out of memory\\n'); process.exit(3); } return JSON.stringify({ results: ids }); }`),
    );
    const error = await failure(runScenarios('demo', scenarios, spec));
    expect(error.message).toContain(`adapter dying (${process.execPath} ${spec.args[0]})`);
    expect(error.message).toContain('exited before answering scenario callers-000000000002 (1 of 3 answered)');
    expect(error.message).toContain('exit code 3');
    expect(error.message).toContain('stderr: out of memory');
    expect(error.where).toEqual({ corpus: 'demo' });
  });

  it('fails at once with the exit code and stderr when the adapter dies while a background child holds its stdout', async () => {
    const pidFile = join(dir, 'holding.pid');
    const shell = `sleep 300 </dev/null & echo $! > '${pidFile}'; echo 'out of memory' >&2; exit 3`;
    const started = performance.now();
    const error = await failure(runScenarios('demo', scenarios, { label: 'died-holding', command: 'sh', args: ['-c', shell] }, { startupTimeoutMs: 20_000 }));
    expect(error.message).toBe(`adapter died-holding (sh -c ${shell}): exited before answering scenario lookup-000000000001 (0 of 3 answered) [exit code 3; stderr: out of memory]`);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await stopsRunning(await pidFrom(pidFile))).toBe(true);
  });

  it('fails when the adapter answers out of step with two lines for one query', async () => {
    const spec = await adapter('chatty', adapterSource(`(q, i, ids) => i === 0 ? [JSON.stringify({ results: ids }), JSON.stringify({ results: [] })] : JSON.stringify({ results: ids })`));
    const error = await failure(runScenarios('demo', scenarios, spec));
    expect(error.message).toMatch(/adapter chatty .*(wrote a line nobody asked for after scenario|more line\(s\) than the 3 queries)/);
  });

  it('fails when the adapter prints more lines than queries at the end', async () => {
    const spec = await adapter('trailing', adapterSource(`(q, i, ids) => JSON.stringify({ results: ids })`, `process.stdout.write('{"results": []}\\n');`));
    const error = await failure(runScenarios('demo', scenarios, spec));
    expect(error.message).toContain('wrote 1 more line(s) than the 3 queries, after scenario typo-000000000003');
  });

  it('counts every extra line at the end, past the ones it keeps to quote', async () => {
    const spec = await adapter('flooding', adapterSource(`(q, i, ids) => JSON.stringify({ results: ids })`, `for (let i = 0; i < 25; i++) process.stdout.write('{"results": []}\\n');`));
    const error = await failure(runScenarios('demo', scenarios, spec));
    expect(error.message).toBe(`adapter flooding (${process.execPath} ${spec.args[0]}): wrote 25 more line(s) than the 3 queries, after scenario typo-000000000003: {"results": []} [exit code 0]`);
  });

  it('stops an adapter that keeps writing after its last answer once the lines it writes overflow, not at the timeout', async () => {
    const spec = await adapter('endless', adapterSource(`(q, i, ids) => JSON.stringify({ results: ids })`, `for (;;) process.stdout.write('{"results": []}\\n');`));
    // Were it left the whole timeout, the runner would stop it only then and say it "wrote" them.
    const error = await failure(runScenarios('demo', scenarios, spec, { timeoutMs: 170_000 }));
    expect(error.message).toMatch(
      new RegExp(`^adapter endless \\(.*\\): kept writing after its last answer \\d+ more line\\(s\\) than the 3 queries, after scenario typo-000000000003: \\{"results": \\[\\]\\} \\[stopped by the runner\\]$`),
    );
  });

  it('fails naming the command when it cannot start', async () => {
    const error = await failure(runScenarios('demo', scenarios, { label: 'missing', command: join(dir, 'no-such-adapter'), args: [] }));
    expect(error.message).toContain(`adapter missing (${join(dir, 'no-such-adapter')}): exited before answering scenario lookup-000000000001 (0 of 3 answered)`);
    expect(error.message).toContain('ENOENT');
  });

  it('fails naming the scenario when an answer does not come in time', async () => {
    const spec = await adapter('stuck', adapterSource(`(q, i, ids) => i === 2 ? [] : JSON.stringify({ results: ids })`));
    const error = await failure(runScenarios('demo', scenarios, spec, { timeoutMs: 300, startupTimeoutMs: 5_000 }));
    expect(error.message).toContain('no answer to scenario typo-000000000003 within 300 ms');
    expect(error.message).toContain('stopped by the runner');
  });

  it('stops what the adapter command started in the background when the run ends', async () => {
    const right = await adapter('right-in-shell', adapterSource(`(q, i, ids) => JSON.stringify({ results: ids })`));
    const pidFile = join(dir, 'background.pid');
    const command = `sleep 30 </dev/null >/dev/null 2>&1 & echo $! > '${pidFile}'; exec '${process.execPath}' '${right.args[0]}'`;
    const run = await runScenarios('demo', scenarios, { label: 'shell', command: 'sh', args: ['-c', command] });
    expect(run.result).toMatchObject({ scenarios: 3, passed: 3, errored: 0 });
    expect(await stopsRunning(await pidFrom(pidFile))).toBe(true);
  });

  it('fails naming the scenario and the limit when a reply runs past 64 MiB without a line end, and stops the adapter', async () => {
    const spec = await adapter(
      'endless',
      adapterSource(`(q, i, ids) => { if (i !== 1) return JSON.stringify({ results: ids }); process.stdout.write('x'.repeat(${MAX_REPLY_BYTES} + 1)); return []; }`),
    );
    const error = await failure(runScenarios('demo', scenarios, spec, { timeoutMs: 10_000 }));
    expect(error.message).toBe(
      `adapter endless (${process.execPath} ${spec.args[0]}): its reply to scenario callers-000000000002 is longer than 64 MiB, the most the runner reads as one line [stopped by the runner]`,
    );
  });

  describe('an adapter that stops answering, with its stdout held by another process', () => {
    /**
     * Runs `sh -c COMMAND`, in which STUCK starts a Node script that writes its pid to a file,
     * answers the first query and no other; times from when the pid is written.
     */
    const runStuck = async (label: string, command: (stuck: string) => string) => {
      const file = join(dir, 'stuck.mjs');
      const pidFile = join(dir, `${label}.pid`);
      await writeFile(file, `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[2], String(process.pid));\n${adapterSource(`(q, i, ids) => (i === 0 ? JSON.stringify({ results: ids }) : [])`)}`);
      const shell = command(`'${process.execPath}' '${file}' '${pidFile}'`);
      const run = failure(runScenarios('demo', scenarios, { label, command: 'sh', args: ['-c', shell] }, { timeoutMs: 300, startupTimeoutMs: 30_000 }));
      const pid = await pidFrom(pidFile);
      const started = performance.now();
      const error = await run;
      return { error, shell, ms: performance.now() - started, pid };
    };

    it('a pipeline: the run ends soon after the timeout, naming it, and stops every process of the pipeline', async () => {
      const { error, shell, ms, pid } = await runStuck('stuck-pipeline', (stuck) => `${stuck} | cat`);
      expect(error.message).toBe(`adapter stuck-pipeline (sh -c ${shell}): no answer to scenario callers-000000000002 within 300 ms [stopped by the runner]`);
      expect(ms).toBeLessThan(2_500);
      expect(await stopsRunning(pid)).toBe(true);
    });

    it("a process that left the adapter's process group: the run ends soon after the timeout all the same", async () => {
      const holderFile = join(dir, 'holder.pid');
      const { error, shell, ms } = await runStuck('stuck-escaped', (stuck) => `setsid sleep 30 & echo $! > '${holderFile}'; exec ${stuck}`);
      process.kill(await pidFrom(holderFile), 'SIGKILL');
      expect(error.message).toBe(`adapter stuck-escaped (sh -c ${shell}): no answer to scenario callers-000000000002 within 300 ms [stopped by the runner]`);
      expect(ms).toBeLessThan(2_500);
    });
  });
});

describe('LineQueue', () => {
  it('hands out lines however the stream splits them, and ends at the first line longer than its cap', async () => {
    const stream = new PassThrough();
    const queue = new LineQueue(stream, 8);
    stream.write('{"a":1}\r\n1234');
    stream.write('5678\n');
    // A character whose two bytes arrive apart.
    stream.write(Buffer.from([0xc3]));
    stream.write(Buffer.from([0xa9, 0x0a]));
    stream.write('123456789');
    stream.write('\n{"b":2}\n');
    stream.end();
    const next = [];
    for (let i = 0; i < 5; i++) next.push(await queue.next(1_000));
    expect(next).toEqual([{ line: '{"a":1}' }, { line: '12345678' }, { line: 'é' }, { tooLong: true }, { tooLong: true }]);
    expect(queue.unsolicited).toEqual([]);
  });

  it('hands out an unterminated last line, then the end of the stream', async () => {
    const stream = new PassThrough();
    const queue = new LineQueue(stream);
    stream.end('{"results": []}');
    expect([await queue.next(1_000), await queue.next(1_000)]).toEqual([{ line: '{"results": []}' }, { eof: true }]);
  });

  it('keeps only the first lines nobody asked for, and counts them all', async () => {
    const stream = new PassThrough();
    const queue = new LineQueue(stream);
    const lines = Array.from({ length: 10_000 }, (_, i) => `{"results":["${i}"]}`);
    stream.end(lines.map((l) => `${l}\n`).join(''));
    await once(stream, 'end');
    expect(queue.unsolicited).toEqual(lines.slice(0, MAX_UNREAD_LINES));
    expect(queue.unsolicitedCount).toBe(10_000);
    expect(await queue.next(1_000)).toEqual({ line: lines[0] });
    expect(queue.unsolicitedCount).toBe(9_999);
  });
});

describe('the adapter side of the protocol', () => {
  const answer = (query: { op: string }) => {
    if (query.op === 'orphans') throw new Error('index not loaded');
    return ['an id'];
  };
  it('answers a query with its results', async () => {
    expect(JSON.parse(await respond('{"query": {"op": "file_symbols", "file_path": "a.py"}}', answer))).toEqual({ results: ['an id'], cost_usd: 0 });
  });
  it('replies to every failure with an error that still carries results: []', async () => {
    expect(JSON.parse(await respond('not json', answer))).toEqual({ error: 'request is not JSON', results: [] });
    expect(JSON.parse(await respond('{"query": {"op": "frobnicate"}}', answer))).toEqual({ error: expect.stringMatching(/^bad query: op /), results: [] });
    expect(JSON.parse(await respond('{"query": {"op": "orphans", "kind": "function"}}', answer))).toEqual({ error: 'index not loaded', results: [] });
  });
  it('tells a request that is JSON but not an object that it must be one', async () => {
    for (const line of ['42', 'null', '[]', '"query"']) {
      expect(JSON.parse(await respond(line, answer))).toEqual({ error: 'request must be a JSON object, {"query": {...}}', results: [] });
    }
  });
});
