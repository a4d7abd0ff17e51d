/**
 * `lmc run`: a memory system scored on a scenario file through the adapter protocol, with the
 * paper's nine-category weighting and the upstream runner's six-category one side by side.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../pipeline/cli.ts';
import { formatErrors, runFile } from '../pipeline/run.ts';
import type { ScenarioOutcome } from '../validate/runner.ts';
import { pidFrom, repoRoot, stopsRunning } from './helpers.ts';

const lmcBin = join(repoRoot, 'bin', 'lmc.js');

/** Starts `lmc ARGS`; `done` settles with its exit code and what it wrote. */
function startLmc(args: string[]) {
  const child = spawn(process.execPath, [lmcBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

const P = 'lmc-tree-sitter golang demo 1.0.0 ';
const scenarios = [
  {
    id: 'class_by_short_name-000000000001',
    category: 'Completion',
    sub_type: 'class_by_short_name',
    intent: 'Importing Store and needs its canonical id',
    query: { op: 'lookup', name: 'Store', bare_name: true },
    expected: { kind: 'exact_set', stable_ids: [`${P}shop/Store#`] },
    gold_source: 'scip_roundtrip',
  },
  {
    id: 'typo-000000000002',
    category: 'ApiDiscovery',
    sub_type: 'typo',
    intent: 'Storre does not exist',
    query: { op: 'lookup', name: 'Storre', bare_name: true },
    expected: { kind: 'exact_set', stable_ids: [] },
    gold_source: 'adversarial',
  },
  {
    id: 'edge-000000000003',
    category: 'SafetyNet',
    sub_type: 'edge',
    intent: 'Open calls Close',
    query: { op: 'callees', sym_stable_id: `${P}shop/Open().` },
    expected: { kind: 'exact_set', stable_ids: [`${P}shop/Close().`] },
    gold_source: 'manual',
    origin: { file: 'scenarios/manual/shop.yaml', entry: 1 },
  },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lmc-run-'));
  await writeFile(join(dir, 'shop.json'), JSON.stringify(scenarios));
  // A memory system that knows nothing: every answer empty; and one that fails every query the way upstream adapters do.
  const replying = (reply: object) => `require('node:readline').createInterface({ input: process.stdin }).on('line', () => console.log(${JSON.stringify(JSON.stringify(reply))}));\n`;
  await writeFile(join(dir, 'empty.cjs'), replying({ results: [] }));
  await writeFile(join(dir, 'failing.cjs'), replying({ error: 'no index loaded', results: [] }));
  // One whose replies are not the protocol's, each in another way.
  await writeFile(
    join(dir, 'garbled.cjs'),
    `const replies = ['results: Store', '{"results": "Store"}', '[1]'];\nlet i = 0;\nrequire('node:readline').createInterface({ input: process.stdin }).on('line', () => console.log(replies[i++]));\n`,
  );
  // One that never answers, after writing its pid to the file named by its argument.
  await writeFile(join(dir, 'silent.cjs'), `require('node:fs').writeFileSync(process.argv[2], String(process.pid));\nsetInterval(() => {}, 1000);\n`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('lmc run', () => {
  it("reports the paper's nine-category and the upstream runner's six-category weighted accuracy, labelled", async () => {
    const out = await runFile(join(dir, 'shop.json'), `node ${join(dir, 'empty.cjs')}`);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^shop, adapter adapter: 1\/3 passed, 0 errored; latency p50 [\d.]+ ms, p95 [\d.]+ ms$/);
    expect(lines.slice(1, 5).map((l) => l.split(/\s+/))).toEqual([
      ['category', 'weight', '(paper)', 'weight', '(upstream)', 'n', 'mean', 'pass'],
      ['Completion', '28', '32', '1', '0.0%', '0.0%'],
      ['ApiDiscovery', '15', '14', '1', '100.0%', '100.0%'],
      ['SafetyNet', '4', '-', '1', '0.0%', '0.0%'],
    ]);
    // Nine: 15 / (28 + 15 + 4); the paper's sum: 15 / 100; upstream: 14 / (32 + 14), SafetyNet not weighted there.
    expect(lines.slice(5).map((l) => l.replace(/\s+/g, ' '))).toEqual([
      "weighted, paper's nine categories (normalised over those present): 31.9%",
      "weighted, paper's sum Σ mean×weight / 100: 15.0%",
      "weighted, upstream runner's six categories: 30.4%",
      'raw mean over all scenarios: 33.3%',
    ]);
  });

  it('scores an error reply that carries `results: []` as an error, without stopping the run, and prints each error', async () => {
    const out = await runFile(join(dir, 'shop.json'), `node ${join(dir, 'failing.cjs')}`);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^shop, adapter adapter: 0\/3 passed, 3 errored/);
    expect(lines.slice(-4)).toEqual([
      'errored scenarios:',
      '  class_by_short_name-000000000001: adapter error: no index loaded',
      '  typo-000000000002: adapter error: no index loaded',
      '  edge-000000000003: adapter error: no index loaded',
    ]);
  });

  it('says why each malformed reply scored 0', async () => {
    const out = await runFile(join(dir, 'shop.json'), `node ${join(dir, 'garbled.cjs')}`);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^shop, adapter adapter: 0\/3 passed, 3 errored/);
    expect(lines.slice(-4)).toEqual([
      'errored scenarios:',
      '  class_by_short_name-000000000001: malformed response (not JSON): results: Store',
      '  typo-000000000002: malformed response (no "results" array of strings): {"results": "Store"}',
      '  edge-000000000003: malformed response (not an object): [1]',
    ]);
  });

  it('names the first ten errored scenarios and counts the rest', () => {
    const outcomes = Array.from({ length: 12 }, (_, i) => ({ id: `typo-${i}`, error: 'adapter error: down' }) as ScenarioOutcome);
    expect(formatErrors(outcomes)).toEqual(['errored scenarios (the first 10 of 12):', ...outcomes.slice(0, 10).map((o) => `  ${o.id}: adapter error: down`)]);
  });

  it('exits once the run is done though a process the adapter started outside its process group holds its stdout', async () => {
    const holderFile = join(dir, 'holder.pid');
    const lmc = startLmc(['run', join(dir, 'shop.json'), '--adapter', `setsid sleep 30 & echo $! > ${holderFile}; exec node ${join(dir, 'empty.cjs')}`]);
    const exited = await Promise.race([lmc.done, new Promise((resolve) => setTimeout(resolve, 15_000, 'still running after 15 s'))]);
    process.kill(await pidFrom(holderFile), 'SIGKILL');
    expect(exited).toMatchObject({ code: 0, stderr: '' });
    expect((exited as { stdout: string }).stdout).toMatch(/^shop, adapter adapter: 1\/3 passed, 0 errored;/);
  });

  it('SIGINT stops the adapter and what its shell started with it, and exits 130', async () => {
    const pidFile = join(dir, 'silent-sigint.pid');
    const lmc = startLmc(['run', join(dir, 'shop.json'), '--adapter', `node ${join(dir, 'silent.cjs')} ${pidFile} | cat`]);
    const pid = await pidFrom(pidFile);
    lmc.child.kill('SIGINT');
    const { code, stdout, stderr } = await lmc.done;
    expect({ code, stdout, stderr }).toEqual({ code: 130, stdout: '', stderr: 'lmc: interrupted; stopped child processes and removed temporary files\n' });
    expect(await stopsRunning(pid)).toBe(true);
  });

  it('--help states the fixed timeouts', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const code = await main(['run', '--help']);
    const printed = write.mock.calls.map(([text]) => String(text)).join('');
    write.mockRestore();
    expect({ code, printed }).toEqual({
      code: 0,
      printed: [
        'Usage: lmc run FILE --adapter CMD',
        '',
        "score a memory system on a scenario file (ours or the upstream repository's): per category, weighted by the paper's nine categories and by the upstream runner's six, labelled",
        '',
        'Options:',
        '  --adapter CMD       the memory system to score, a command run by `sh -c` that speaks the adapter protocol. Fixed timeouts: each adapter process has 600 s for its first answer (start-up and ingestion included) and 120 s for each later one, else it is killed with every process it started and the run fails; after the last answer it has 120 s to exit (1 s once it has written more than 10 lines nobody asked for), then it is killed',
        '  --debug             print stack traces with errors',
        '  -h, --help          this text',
        '',
      ].join('\n'),
    });
  });

  it('names the scenario file, not a stage of the pipeline, when the adapter fails', async () => {
    const file = join(dir, 'shop.json');
    const error = await runFile(file, 'exit 3').catch((e: { describe(): string }) => e.describe());
    expect(error).toBe(`${file}: adapter adapter (sh -c exit 3): exited before answering scenario class_by_short_name-000000000001 (0 of 3 answered) [exit code 3]`);
  });

  it('refuses a file that is no scenario file, naming it and the scenario', async () => {
    await writeFile(join(dir, 'bad.json'), JSON.stringify([{ ...scenarios[0], query: { op: 'lookup' } }]));
    const error = await runFile(join(dir, 'bad.json'), 'true').catch((e: { describe(): string }) => e.describe());
    expect(error).toBe(`${join(dir, 'bad.json')}: scenario 1 (class_by_short_name-000000000001): /query must have required property 'name'`);
  });
});
