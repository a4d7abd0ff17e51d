import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { turnsOf, type Scenario } from '../core/contract.ts';
import { Facts } from '../generators/facts.ts';
import { scenarioId } from '../generators/index.ts';
import { inProfile } from '../generators/profile.ts';
import { handMadeGraph, id, ts } from './hand-made-graph.ts';
import { repoRoot, tempDir } from './helpers.ts';

const base = { category: 'Completion' as const, sub_type: 'x', intent: 'a scenario of the hand-made file', gold_source: 'scip_roundtrip' as const };
const found = { kind: 'exact_set' as const, stable_ids: ['lmc-test npm shop 1.0.0 pkg/Store#'] };
const made: Scenario[] = [
  { ...base, id: 'a-000000000001', query: { op: 'lookup', name: 'Store', bare_name: true }, expected: found },
  { ...base, id: 'a-000000000002', query: { op: 'lookup', name: 'Store', bare_name: true, kind: 'class' }, expected: found },
  { ...base, id: 'a-000000000003', query: { op: 'lookup', name: 'Store#find', bare_name: true }, expected: found },
  { ...base, id: 'a-000000000004', query: { op: 'orphans', kind: 'function' }, expected: found },
  { ...base, id: 'a-000000000005', gold_source: 'grep_compared', query: { op: 'text_search', pattern: 'find', mode: 'word', in: 'code' }, expected: found },
  { ...base, id: 'a-000000000006', query: { op: 'callers', sym_stable_id: found.stable_ids[0]! }, expected: found },
  {
    ...base,
    id: 'a-000000000007',
    category: 'ConversationalContinuation',
    preceding_query: { op: 'lookup', name: 'Store', bare_name: true, kind: 'class' },
    preceding_expected: found,
    query: { op: 'contained_by', sym_stable_id: found.stable_ids[0]! },
    expected: found,
  },
];

describe('the upstream protocol profile', () => {
  const facts = new Facts(handMadeGraph(), ts);
  it('keeps the scenarios no turn of which uses a convention of this pipeline, and counts the rest by the first one', () => {
    const { scenarios, profile } = inProfile(made, 'upstream', facts);
    expect(scenarios.map((s) => s.id)).toEqual(['a-000000000001', 'a-000000000006']);
    expect(profile).toEqual({ name: 'upstream', leftOut: { lookup_kind: 2, member_form_name: 1, orphans_kind: 1, text_search: 1 }, withoutKind: 0 });
    expect(inProfile(made, 'lmc', facts).scenarios).toEqual(made);
  });

  it('keeps a lookup without its kind where the index answers the same without it, under the new query\'s id', () => {
    const cart = { kind: 'exact_set' as const, stable_ids: [id('src/`cart.ts`/Cart#')] };
    const total = { kind: 'exact_set' as const, stable_ids: [id('src/`cart.ts`/Cart#total().')] };
    const asked: Scenario[] = [
      { ...base, id: 'b-000000000001', query: { op: 'lookup', name: 'Cart', bare_name: true, kind: 'class' }, expected: cart },
      // Two methods are named total; the kind-free lookup finds both, so this one cannot drop its kind.
      { ...base, id: 'b-000000000002', query: { op: 'lookup', name: 'total', bare_name: true, kind: 'method' }, expected: total },
    ];
    const { scenarios, profile } = inProfile(asked, 'upstream', facts);
    expect(scenarios).toEqual([{ ...asked[0]!, id: scenarioId('x', { op: 'lookup', name: 'Cart', bare_name: true }), query: { op: 'lookup', name: 'Cart', bare_name: true } }]);
    expect(profile).toEqual({ name: 'upstream', leftOut: { lookup_kind: 1 }, withoutKind: 1 });
  });

  // The query shapes the upstream reference adapters deserialise (adapters/grep-baseline's Query
  // enum, CataDef/LongMemCode at 27d18c5): seven ops; our kinds and Type#member names are ours alone.
  const upstreamWire = z.discriminatedUnion('op', [
    z
      .object({ op: z.literal('lookup'), name: z.string().min(1), bare_name: z.boolean() })
      .strict()
      .refine((q) => !(q.bare_name && q.name.includes('#')), 'a Type#member name'),
    z.object({ op: z.enum(['callers', 'callees', 'contained_by', 'implementors']), sym_stable_id: z.string().min(1) }).strict(),
    z.object({ op: z.literal('file_symbols'), file_path: z.string().min(1) }).strict(),
  ]);
  const dir = join(repoRoot, 'scenarios', 'upstream');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.manifest.json') && !f.endsWith('.audit.json')) : [];

  it('is published for every default corpus', () => {
    expect(files.length).toBe(22);
  });

  it.each(files)('scenarios/upstream/%s: every turn of every scenario is a query the upstream adapters read, and the manifest says so', (name) => {
    const scenarios = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Scenario[];
    expect(scenarios.length).toBeGreaterThan(0);
    for (const s of scenarios) for (const t of turnsOf(s)) expect(upstreamWire.safeParse(t.query).success, `${s.id}: ${JSON.stringify(t.query)}`).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, name.replace(/\.json$/, '.manifest.json')), 'utf8')) as { protocol: { profile: string; uses: string[]; left_out: Record<string, number>; without_kind: number } };
    expect(manifest.protocol.profile).toBe('upstream');
    expect(manifest.protocol.uses).toEqual([]);
    const full = JSON.parse(readFileSync(join(repoRoot, 'scenarios', name), 'utf8')) as Scenario[];
    const left = Object.values(manifest.protocol.left_out).reduce((a, b) => a + b, 0);
    expect(scenarios.length + left).toBe(full.length);
    const renamed = new Set(scenarios.map((s) => s.id));
    expect(full.filter((s) => !renamed.has(s.id)).length).toBe(left + manifest.protocol.without_kind);
  });
});

describe('the card chart', () => {
  it('draws, for each category the file asks, the oracle and floor means of its audit', () => {
    const audit = JSON.parse(readFileSync(join(repoRoot, 'scenarios', 'gin.audit.json'), 'utf8')) as {
      adapters: Record<'oracle' | 'grep-floor', { by_category: Record<string, { n: number; mean: number }> }>;
    };
    const svg = readFileSync(join(repoRoot, 'scenarios', 'gin.svg'), 'utf8');
    const labels = [...svg.matchAll(/text-anchor="end">(\w+) \(n=(\d+)\)</g)].map((m) => [m[1], Number(m[2])]);
    expect(labels).toEqual(Object.entries(audit.adapters.oracle.by_category).map(([c, b]) => [c, b.n]));
    const values = [...svg.matchAll(/<text x="[\d.]+" y="\d+">([\d.]+)<\/text>/g)].map((m) => Number(m[1]));
    expect(values).toEqual(Object.keys(audit.adapters.oracle.by_category).flatMap((c) => [100 * audit.adapters.oracle.by_category[c]!.mean, 100 * (audit.adapters['grep-floor'].by_category[c]?.mean ?? 0)].map((v) => Number(v.toFixed(1)))));
  });
});

describe('lmc generate --protocol', () => {
  const run = (args: string[], cwd: string) =>
    promisify(execFile)(process.execPath, [join(repoRoot, 'bin', 'lmc.js'), ...args], { cwd, maxBuffer: 64 << 20 }).then(
      () => 0,
      (e: { code?: number; stderr?: string }) => ({ code: e.code, stderr: e.stderr }),
    );

  it('refuses a profile it does not know, naming the option', async () => {
    expect(await run(['generate', '--protocol', 'v3'], repoRoot)).toEqual({ code: 2, stderr: 'lmc: --protocol: must be one of "lmc", "upstream"\n' });
  });

  it('writes the upstream profile under scenarios/upstream unless --out says otherwise, never over the full files', async () => {
    const cwd = await tempDir('protocol');
    try {
      const code = await run(['generate', '--protocol', 'upstream', '--corpus', 'python-inventory', '--lock', join(repoRoot, 'corpora.lock.yaml'), '--work-dir', join(cwd, 'work')], cwd);
      expect(code).toBe(0);
      expect(existsSync(join(cwd, 'scenarios', 'python-inventory.json'))).toBe(false);
      expect(readFileSync(join(cwd, 'scenarios', 'upstream', 'python-inventory.json'), 'utf8')).toBe(readFileSync(join(repoRoot, 'scenarios', 'upstream', 'python-inventory.json'), 'utf8'));
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);
});
