import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScenarioFile } from '../emit/validate.ts';
import { repoRoot } from './helpers.ts';

const good = () => [
  {
    id: 'callers-0123456789ab',
    category: 'BugFix',
    sub_type: 'callers',
    intent: 'Suspects a bug in pkg/mod/f(); lists every caller',
    query: { op: 'callers', sym_stable_id: 'scip-python python pkg 1.0.0 `pkg.mod`/f().' },
    expected: { kind: 'exact_set', stable_ids: ['scip-python python pkg 1.0.0 `pkg.mod`/g().'] },
    gold_source: 'scip_roundtrip',
  },
];

describe('scenario file schema', () => {
  it('accepts a well-formed file', () => {
    expect(checkScenarioFile(good())).toEqual([]);
  });

  it('rejects a contains with an empty required list (a test that cannot fail)', () => {
    const file = good();
    (file[0] as Record<string, unknown>).expected = { kind: 'contains', required: [] };
    expect(checkScenarioFile(file)).toEqual(['scenario callers-0123456789ab: /0/expected/required must NOT have fewer than 1 items']);
  });

  it('rejects a file: pseudo id', () => {
    const file = good();
    file[0]!.query.sym_stable_id = 'file:routing.py';
    expect(checkScenarioFile(file)).toEqual(['scenario callers-0123456789ab: /0/query/sym_stable_id must match pattern "^(?!file:)(?!local )\\S+ \\S+ "']);
  });

  it('rejects an unknown category', () => {
    const file = good();
    file[0]!.category = 'Misc';
    expect(checkScenarioFile(file)).toEqual(['scenario callers-0123456789ab: /0/category must be equal to one of the allowed values']);
  });

  it('rejects two scenarios with the same query', () => {
    const file = [...good(), { ...good()[0]!, id: 'callers-ba9876543210' }];
    expect(checkScenarioFile(file)).toEqual(['scenario callers-ba9876543210: same query as callers-0123456789ab']);
  });

  it('rejects a scenario with a field the contract does not have', () => {
    const file = good();
    (file[0] as Record<string, unknown>).ground_truth_source = 'scip_roundtrip';
    expect(checkScenarioFile(file)).toEqual(['scenario callers-0123456789ab: /0 must NOT have additional properties']);
  });

  it('accepts the committed scenario files', async () => {
    for (const name of ['python-inventory', 'ts-inventory', 'fastify']) {
      const data = JSON.parse(await readFile(join(repoRoot, 'scenarios', `${name}.json`), 'utf8'));
      expect(checkScenarioFile(data), name).toEqual([]);
    }
  });
});

describe('manifest shortfalls', () => {
  it('name every sub-type of a short category that asked nothing, with why', async () => {
    const manifest = JSON.parse(await readFile(join(repoRoot, 'scenarios', 'rack.manifest.json'), 'utf8'));
    const testGen = manifest.shortfalls.find((s: { category: string }) => s.category === 'TestGen');
    expect(testGen).toEqual({
      category: 'TestGen',
      n: 0,
      reason:
        'the corpus offers 0 distinct question(s) for this category after de-duplication; asked nothing: ' +
        'tests_in_file (needs a test file defining 2..40 symbols; this corpus has none), ' +
        'fixture_discovery (needs a test fixture or a test helper shared by two tests; this corpus has none), ' +
        'test_to_code (needs non-test code that a test calls; this corpus has none), ' +
        'mock_stub_pattern (needs a test that mocks or stubs with a known library idiom; this corpus has none), ' +
        'assertion_idiom (needs a test using a known assertion idiom; this corpus has none)',
    });
  });
});
