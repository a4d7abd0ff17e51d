import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintScenarioFile } from '../validate/lint.ts';
import { repoRoot } from './helpers.ts';

const P = 'scip-typescript npm demo 1.0.0 ';
const good = (n: number, extra: object = {}) => ({
  id: `callers-${String(n).padStart(12, '0')}`,
  category: 'Refactor',
  sub_type: 'callers',
  intent: `Renaming f${n}: lists its callers`,
  query: { op: 'callers', sym_stable_id: `${P}src/\`a.ts\`/f${n}().` },
  expected: { kind: 'exact_set', stable_ids: [`${P}src/\`a.ts\`/g().`] },
  gold_source: 'scip_roundtrip',
  ...extra,
});
const lookup = (n: number, required: string[]) =>
  good(n, { sub_type: 'methods', query: { op: 'lookup', name: `T${n}`, bare_name: true }, expected: { kind: 'contains', required } });
const members = (k: number) => Array.from({ length: k }, (_, i) => `${P}src/\`a.ts\`/T#m${i}().`);

describe('lmc lint', () => {
  it('finds nothing in a clean file', () => {
    expect(lintScenarioFile([good(1), good(2)]).findings).toEqual([]);
  });

  it('names each defect class, with the scenario it is in', () => {
    const file = [
      good(1),
      good(2, { query: good(1).query }),
      good(1, { query: { op: 'callers', sym_stable_id: `${P}src/\`a.ts\`/other().` } }),
      lookup(3, []),
      ...[4, 5, 6, 7, 8, 9].map((n) => lookup(n, members(5))),
      lookup(10, members(2)),
      good(11, { query: { op: 'callers', sym_stable_id: 'file:routing.py' } }),
      good(12, { expected: { kind: 'exact_set', stable_ids: ['lsp:file:///Users/me/src/a.kt::A'] } }),
      good(13, { gold_source: 'adversarial', expected: { kind: 'exact_set', stable_ids: [`${P}src/\`a.ts\`/g().`] } }),
      (({ gold_source, ...rest }) => rest)(good(14)),
    ];
    const rules = lintScenarioFile(file).findings.map((f) => `${f.rule} ${f.scenario}`);
    expect(rules).toEqual([
      'repeated_query callers-000000000002',
      'repeated_id callers-000000000001',
      'schema callers-000000000003',
      'empty_required callers-000000000003',
      ...[4, 5, 6, 7, 8, 9].map((n) => `fixed_size_contains callers-${String(n).padStart(12, '0')}`),
      'schema callers-000000000011',
      'pseudo_id callers-000000000011',
      'schema callers-000000000012',
      'machine_path callers-000000000012',
      'schema callers-000000000013',
      'adversarial_not_empty callers-000000000013',
      'schema callers-000000000014',
      'missing_gold_source callers-000000000014',
    ]);
  });

  it('lints a query nested a hundred thousand levels deep, as a file is parsed, without running out of stack', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const file = [good(1, { query: { ...good(1).query, extra: deep } }), good(2, { query: { ...good(1).query, extra: deep } })];
    expect(lintScenarioFile(file).findings.map((f) => `${f.rule} ${f.scenario}: ${f.detail}`)).toEqual([
      "schema callers-000000000001: /query must NOT have additional properties",
      "schema callers-000000000002: /query must NOT have additional properties",
      'repeated_query callers-000000000002: same query as callers-000000000001',
    ]);
  });

  it('lints an answer of 200,000 distinct ids, and finds the one id another such answer repeats', () => {
    // The schema states the ids' type beside their $ref, so ajv checks uniqueItems by hashing, not pair by pair.
    const ids = Array.from({ length: 200_000 }, (_, i) => `${P}src/\`a.ts\`/g${i}().`);
    expect(lintScenarioFile([good(1, { expected: { kind: 'exact_set', stable_ids: ids } })]).findings).toEqual([]);
    const findings = lintScenarioFile([good(1, { expected: { kind: 'exact_set', stable_ids: [...ids, ids[7]!] } })]).findings;
    expect(findings.map((f) => `${f.rule} ${f.scenario}: ${f.detail}`)).toEqual(['schema callers-000000000001: /expected/stable_ids must NOT have duplicate items (items ## 200000 and 7 are identical)']);
  });

  it('refuses a file that is not an array of scenarios', () => {
    expect(lintScenarioFile({ scenarios: [] }).findings).toEqual([{ rule: 'schema', scenario: '(file)', detail: 'the file is not a JSON array of scenarios' }]);
    expect(lintScenarioFile([])).toEqual({ scenarios: 0, findings: [{ rule: 'schema', scenario: '(file)', detail: 'the file holds no scenario' }] });
  });

  it('passes every published scenario file, through the command line too (exit 0, the defect table)', () => {
    // Both profiles: the full files and the upstream ones.
    const files = ['scenarios', 'scenarios/upstream'].flatMap((dir) => readdirSync(join(repoRoot, dir)).filter((f) => /^[^.]+\.json$/.test(f)).map((f) => `${dir}/${f}`));
    expect(files.length).toBeGreaterThanOrEqual(44);
    for (const f of files) expect(lintScenarioFile(JSON.parse(readFileSync(join(repoRoot, f), 'utf8'))).findings, f).toEqual([]);
    const out = execFileSync(process.execPath, [join(repoRoot, 'bin', 'lmc.js'), 'lint', ...files.map((f) => join(repoRoot, f))], { encoding: 'utf8' });
    expect(out.split('\n')[0]).toMatch(/^file +scenarios +schema +repeated_query +empty_required +fixed_size_contains +repeated_id +pseudo_id +machine_path +adversarial_not_empty +missing_gold_source$/);
  });
});
