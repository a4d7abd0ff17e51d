import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBundledAdapters } from '../adapters/bundle.ts';
import { adapterArgs, type AdapterName } from '../adapters/cli.ts';
import { turnsOf, type Scenario } from '../core/contract.ts';
import { feedsNothing } from '../emit/manifest.ts';
import { loadLock } from '../core/lock.ts';
import { auditCorpus, type CorpusAudit } from '../validate/audit.ts';
import { serialise, sha256 } from '../emit/publish.ts';
import { locateAuditInputs, runAudit } from '../pipeline/audit.ts';
import { corpusWorkPaths } from '../pipeline/paths.ts';
import { generateInto, tempDir } from './helpers.ts';

const fixtures = ['python-inventory', 'ts-inventory'] as const;
let generated: Awaited<ReturnType<typeof generateInto>>;
const audits: Record<string, CorpusAudit> = {};

beforeAll(async () => {
  generated = await generateInto([...fixtures], 2);
  expect(generated.outcomes.map((o) => [o.corpus, o.ok, o.error])).toEqual(fixtures.map((c) => [c, true, undefined]));
  const lock = await loadLock(generated.paths.lockFile);
  for (const o of await runAudit(lock, [...fixtures], generated.paths, () => {})) {
    expect([o.corpus, o.ok, o.error]).toEqual([o.corpus, true, undefined]);
    audits[o.corpus] = o.audit!;
  }
});

afterAll(async () => {
  await generated?.cleanup();
});

async function scenariosOf(corpus: string): Promise<Scenario[]> {
  return JSON.parse(await readFile(join(generated.paths.outDir, `${corpus}.json`), 'utf8')) as Scenario[];
}

describe.each(fixtures)('audit of %s', (corpus) => {
  it('the oracle passes every scenario, grep_compared replays included', async () => {
    const scenarios = await scenariosOf(corpus);
    const { oracle, failing, report } = audits[corpus]!;
    expect(failing).toEqual([]);
    expect(oracle.passed).toBe(scenarios.length);
    expect(oracle.errored).toBe(0);
    expect(report.adapters.oracle.weighted_accuracy).toBe(1);
    expect(report.adapters.oracle.raw_accuracy).toBe(1);
    // The replay path is exercised, not vacuously skipped.
    const grepCount = scenarios.filter((s) => s.gold_source === 'grep_compared').length;
    expect(grepCount).toBeGreaterThan(0);
    expect(report.adapters.oracle.by_gold_source.grep_compared).toEqual({ n: grepCount, mean: 1, pass_rate: 1 });
  });

  it('the grep floor is below the oracle on Refactor and BugFix', () => {
    const { oracle, 'grep-floor': floor } = audits[corpus]!.report.adapters;
    expect(floor.by_category.Refactor!.mean).toBeLessThan(oracle.by_category.Refactor!.mean);
    expect(floor.by_category.BugFix!.mean).toBeLessThan(oracle.by_category.BugFix!.mean);
    expect(floor.weighted_accuracy).toBeLessThan(oracle.weighted_accuracy);
  });

  it('writes a byte-stable audit file and a dataset card with no latencies', async () => {
    const auditText = await readFile(join(generated.paths.outDir, `${corpus}.audit.json`), 'utf8');
    const card = await readFile(join(generated.paths.outDir, `${corpus}.md`), 'utf8');
    expect(JSON.parse(auditText)).toEqual(audits[corpus]!.report);
    expect(auditText).not.toMatch(/latency|p50|p99|\/tmp\//);
    expect(card).not.toMatch(/latency|\/tmp\//);

    const manifest = JSON.parse(await readFile(join(generated.paths.outDir, `${corpus}.manifest.json`), 'utf8'));
    expect(card).toContain(`# Dataset card: ${corpus}`);
    expect(card).toContain(manifest.corpus.description);
    expect(card).toContain(manifest.corpus.content_digest);
    expect(card).toContain(`${manifest.indexer.name} ${manifest.indexer.version}`);
    expect(card).toContain('6.3–54.4%');
    for (const s of manifest.sub_types.filter(feedsNothing)) {
      expect(card).toContain(`\`${s.sub_type}\` (${s.category}) asks nothing in this corpus: ${s.reason}.`);
    }
    // 1.96·√(0.25/n) in points, one decimal.
    const { n } = audits[corpus]!.report.adapters.oracle.by_category.Completion!;
    expect(card).toContain(`| Completion | 28 | ${n} | ${(Math.round(1960 * Math.sqrt(0.25 / n)) / 10).toFixed(1)} | 100.0 | 100.0 |`);

    // A second run over the same inputs writes the same bytes.
    const lock = await loadLock(generated.paths.lockFile);
    const [again] = await runAudit(lock, [corpus], generated.paths, () => {});
    expect(again!.ok).toBe(true);
    expect(await readFile(join(generated.paths.outDir, `${corpus}.audit.json`), 'utf8')).toBe(auditText);
    expect(await readFile(join(generated.paths.outDir, `${corpus}.md`), 'utf8')).toBe(card);
  });

  it('keeps latencies in the per-run results under the work directory', async () => {
    const runDir = join(generated.paths.workDir, 'runs', corpus);
    const result = JSON.parse(await readFile(join(runDir, 'oracle.json'), 'utf8'));
    expect(result.latency_ms.n).toBe(result.scenarios - 1);
    const trail = (await readFile(join(runDir, 'grep-floor.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(trail).toHaveLength(result.scenarios);
    expect(Object.keys(JSON.parse(trail[0]!))).toEqual(expect.arrayContaining(['id', 'query', 'expected', 'returned', 'score', 'latency_ms']));
  });

  it('runs the adapters from a bundle that answers every query as bin/lmc-adapter.js does, and removes it afterwards', async () => {
    const inputs = await locateAuditInputs(corpus, generated.paths);
    const queries = (JSON.parse(inputs.scenarioText) as Scenario[]).flatMap((s) => turnsOf(s).map((t) => `${JSON.stringify({ query: t.query })}\n`)).join('');
    const answers = async (name: AdapterName, entry?: string) =>
      (await execa(process.execPath, adapterArgs(name, inputs, entry), { input: queries })).stdout;
    let bundle = '';
    for (const name of ['oracle', 'grep-floor'] as const) {
      const fromSources = await answers(name);
      expect(fromSources.split('\n')).toHaveLength(queries.split('\n').length - 1);
      expect(await withBundledAdapters(async (entry) => answers(name, (bundle = entry)))).toBe(fromSources);
      expect(existsSync(dirname(bundle))).toBe(false);
    }
  });

  it("refuses a malformed spans file, naming it, rather than answering from it", async () => {
    const inputs = await locateAuditInputs(corpus, generated.paths);
    const spansPath = join(generated.paths.workDir, 'bad-spans.jsonl');
    const line = (sha256: string) => `${JSON.stringify({ file: 'inventory/store.py', sha256, spans: [0, 0, 0, 4], kinds: ['comment'], declarations: [], memberParameters: [], definitionTime: [] })}\n`;
    await writeFile(spansPath, line('0'.repeat(64)) + line('x'.repeat(64)));
    const result = await execa(process.execPath, adapterArgs('oracle', { ...inputs, spansPath }), { input: '', reject: false });
    expect([result.exitCode, result.stderr]).toEqual([1, `lmc-adapter oracle: ${spansPath}: malformed spans file, line 2: sha256: Invalid string: must match pattern /^[0-9a-f]{64}$/`]);
  });
});

describe('a wrong expected answer', () => {
  it('fails the audit, listing exactly that scenario', async () => {
    const corpus = 'python-inventory';
    const scenarios = await scenariosOf(corpus);
    const victim = scenarios.find((s) => s.expected.kind === 'exact_set' && s.expected.stable_ids.length >= 2)!;
    if (victim.expected.kind !== 'exact_set') throw new Error('unreachable');
    victim.expected.stable_ids = victim.expected.stable_ids.slice(1);
    const corrupted = `${JSON.stringify(scenarios, null, 2)}\n`;

    const inputs = await locateAuditInputs(corpus, generated.paths);
    const audit = await auditCorpus({ ...inputs, scenarioText: corrupted, runDir: join(inputs.runDir, 'corrupted') });
    expect(audit.failing).toEqual([victim.id]);
    expect(audit.oracle.passed).toBe(scenarios.length - 1);

    // Through `lmc audit`: a failed corpus, named ids, and no audit file or card rewritten for it.
    const before = await readFile(join(generated.paths.outDir, `${corpus}.audit.json`), 'utf8');
    await writeFile(join(generated.paths.outDir, `${corpus}.json`), corrupted);
    // Re-sealed as a whole set (its manifest records the edited file's hash), so only the oracle can object.
    const manifestFile = join(generated.paths.outDir, `${corpus}.manifest.json`);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { scenario_file: { sha256: string } };
    manifest.scenario_file.sha256 = sha256(corrupted);
    await writeFile(manifestFile, serialise(manifest));
    const [outcome] = await runAudit(await loadLock(generated.paths.lockFile), [corpus], generated.paths, () => {});
    expect(outcome!.ok).toBe(false);
    expect(outcome!.error).toBe(`corpus ${corpus}: the oracle fails 1 scenario(s): ${victim.id}`);
    expect(await readFile(join(generated.paths.outDir, `${corpus}.audit.json`), 'utf8')).toBe(before);
  });

  it('says to run generate first when the work directory has no index', async () => {
    const emptyWork = await tempDir('audit-work');
    try {
      const outcomes = await runAudit(await loadLock(generated.paths.lockFile), ['ts-inventory'], { ...generated.paths, workDir: emptyWork }, () => {});
      expect(outcomes[0]!.ok).toBe(false);
      expect(outcomes[0]!.error).toContain('run `lmc generate --corpus ts-inventory` first');
    } finally {
      await rm(emptyWork, { recursive: true, force: true });
    }
  });

  it('names the corpus and the audit stage when an adapter fails', async () => {
    const { indexPath } = corpusWorkPaths(generated.paths, 'ts-inventory');
    const index = await readFile(indexPath);
    await writeFile(indexPath, 'not an index');
    try {
      const [outcome] = await runAudit(await loadLock(generated.paths.lockFile), ['ts-inventory'], generated.paths, () => {});
      // Either adapter may fail first; the command line holds temporary paths.
      const stderr = `lmc-adapter \\1: ${indexPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a SCIP index: wire type 6 where the Index has only length-delimited fields at offset 0`;
      expect(outcome!.error).toMatch(new RegExp(`^corpus ts-inventory, stage audit: adapter (oracle|grep-floor) \\(.+\\): exited before answering scenario \\S+ \\(0 of \\d+ answered\\) \\[exit code 1; stderr: ${stderr}\\]$`));
    } finally {
      await writeFile(indexPath, index);
    }
  });
});
