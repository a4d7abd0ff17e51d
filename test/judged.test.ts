import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../core/contract.ts';
import { readYaml } from '../core/yaml.ts';
import { checkJudged, drawSample, wilson } from '../validate/judged.ts';
import { sampleSkeleton } from '../pipeline/sample.ts';
import { repoRoot } from './helpers.ts';

const scenario = (id: string, subType: string): Scenario => ({
  id,
  category: 'Refactor',
  sub_type: subType,
  intent: 'a scenario of the hand-made file',
  query: { op: 'orphans', kind: 'function' },
  expected: { kind: 'exact_set', stable_ids: [] },
  gold_source: 'scip_roundtrip',
});
const file = [scenario('a-000000000001', 'a'), scenario('a-000000000002', 'a'), scenario('b-000000000001', 'b')];
const judged = (entries: Array<{ id: string; verdict: string; reason: string }>) => ({ corpus: 'demo', method: 'read against the source by hand', judged: entries });
const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error & { describe?: () => string }).describe?.() ?? (error as Error).message;
  }
  return 'no error';
};

describe('judged samples', () => {
  it('give the defect rate with its 95% Wilson interval', () => {
    expect(wilson(0, 60)).toEqual([0, 6]);
    expect(wilson(2, 60)).toEqual([0.9, 11.4]);
    expect(checkJudged(judged([{ id: 'a-000000000001', verdict: 'right', reason: 'read it' }, { id: 'b-000000000001', verdict: 'defect', reason: 'a comment, not a call' }]), 'audits/demo.yaml', 'demo', file)).toEqual({
      file: 'audits/demo.yaml',
      n: 2,
      defects: 1,
      rate: 50,
      interval: [9.5, 90.5],
    });
  });

  it('refuse an id the file does not have, and a sample missing a sub-type', () => {
    expect(problem(() => checkJudged(judged([{ id: 'c-000000000009', verdict: 'right', reason: 'read it' }]), 'audits/demo.yaml', 'demo', file))).toBe(
      'audits/demo.yaml: entry 1: c-000000000009 is not a scenario of demo.json (regenerated since it was judged? draw a new sample with `lmc sample --corpus demo`)',
    );
    expect(problem(() => checkJudged(judged([{ id: 'a-000000000001', verdict: 'right', reason: 'read it' }]), 'audits/demo.yaml', 'demo', file))).toBe('audits/demo.yaml: the sample judges no scenario of sub-type(s) b');
  });

  it('are drawn across every sub-type, the same way every time', () => {
    const sample = drawSample(file, 2);
    expect(new Set(sample.map((s) => s.sub_type))).toEqual(new Set(['a', 'b']));
    expect(drawSample(file, 2)).toEqual(sample);
  });

  it('lmc sample prints a skeleton of 60 or more ids of the published file, every sub-type among them, to judge', async () => {
    const scenarios = JSON.parse(readFileSync(join(repoRoot, 'scenarios', 'python-inventory.json'), 'utf8')) as Scenario[];
    const skeleton = readYaml(await sampleSkeleton('python-inventory', join(repoRoot, 'scenarios')), 'skeleton') as { corpus: string; judged: Array<{ id: string; verdict: string; reason: string }> };
    expect(skeleton.corpus).toBe('python-inventory');
    expect(skeleton.judged.length).toBeGreaterThanOrEqual(60);
    const byId = new Map(scenarios.map((s) => [s.id, s]));
    expect(skeleton.judged.filter((j) => !byId.has(j.id))).toEqual([]);
    expect(new Set(skeleton.judged.map((j) => byId.get(j.id)!.sub_type))).toEqual(new Set(scenarios.map((s) => s.sub_type)));
  });

  const committed = readdirSync(join(repoRoot, 'audits')).filter((f) => f.endsWith('.yaml'));
  it.each(committed)('audits/%s judges 60 or more scenarios of the current file, every sub-type among them', (name) => {
    const corpus = name.replace(/\.yaml$/, '');
    const scenarios = JSON.parse(readFileSync(join(repoRoot, 'scenarios', `${corpus}.json`), 'utf8')) as Scenario[];
    const summary = checkJudged(readYaml(readFileSync(join(repoRoot, 'audits', name), 'utf8'), `audits/${name}`), `audits/${name}`, corpus, scenarios);
    expect(summary.n).toBeGreaterThanOrEqual(60);
  });
});
