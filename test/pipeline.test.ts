import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkManifest, checkScenarioFile } from '../emit/validate.ts';
import { buildFactGraph } from '../graph/fact-graph.ts';
import type { Scenario } from '../generators/types.ts';
import { generateInto } from './helpers.ts';

const py = (d: string) => `scip-python python inventory 1.0.0 ${d}`;
const ts = (d: string) => `scip-typescript npm ts-inventory 1.0.0 ${d}`;

let first: Awaited<ReturnType<typeof generateInto>>;
let second: Awaited<ReturnType<typeof generateInto>>;
const files: Record<string, Scenario[]> = {};

beforeAll(async () => {
  first = await generateInto(['python-inventory', 'ts-inventory'], 2);
  second = await generateInto(['ts-inventory', 'python-inventory'], 1);
  for (const name of ['python-inventory', 'ts-inventory']) {
    files[name] = JSON.parse(await readFile(join(first.paths.outDir, `${name}.json`), 'utf8')) as Scenario[];
  }
});

afterAll(async () => {
  await first?.cleanup();
  await second?.cleanup();
});

function byQuery(corpus: string, query: object): Scenario {
  const found = files[corpus]!.find((s) => JSON.stringify(s.query) === JSON.stringify(query));
  if (!found) throw new Error(`no scenario in ${corpus} asks ${JSON.stringify(query)}`);
  return found;
}

describe('generate on the fixture corpora', () => {
  it('succeeds for both fixtures', () => {
    expect(first.outcomes.map((o) => [o.corpus, o.ok, o.error])).toEqual([
      ['python-inventory', true, undefined],
      ['ts-inventory', true, undefined],
    ]);
  });

  it('writes schema-valid scenario files and manifests', async () => {
    for (const name of ['python-inventory', 'ts-inventory']) {
      expect(checkScenarioFile(files[name])).toEqual([]);
      const manifest = JSON.parse(await readFile(join(first.paths.outDir, `${name}.manifest.json`), 'utf8'));
      expect(checkManifest(manifest)).toEqual([]);
      expect(manifest.scenario_file.scenarios).toBe(files[name]!.length);
    }
  });

  it('asks for every member of the Python class Product, untruncated', () => {
    const s = byQuery('python-inventory', { op: 'contained_by', sym_stable_id: py('`inventory.models`/Product#') });
    expect(s.sub_type).toBe('methods_of_class');
    expect(s.expected).toEqual({
      kind: 'exact_set',
      stable_ids: [
        py('`inventory.models`/Product#__init__().'),
        py('`inventory.models`/Product#price_cents.'),
        py('`inventory.models`/Product#price_with_tax().'),
        py('`inventory.models`/Product#sale_price().'),
        py('`inventory.models`/Product#weight.'),
        py('`inventory.models`/Product#weight_grams().'),
      ],
    });
  });

  it('asks for every caller of Store.find in Python, tests included', () => {
    const s = byQuery('python-inventory', { op: 'callers', sym_stable_id: py('`inventory.store`/Store#find().') });
    expect(s.expected).toEqual({
      kind: 'exact_set',
      stable_ids: [
        py('`inventory.store`/Store#labels().'),
        py('`inventory.store`/Store#take().'),
        py('`inventory.store`/Store#total_value().'),
        py('`inventory.store`/restock_async().'),
      ],
    });
  });

  it('counts a subclass of a subclass among the implementors of Item in Python', () => {
    const s = byQuery('python-inventory', { op: 'implementors', sym_stable_id: py('`inventory.models`/Item#') });
    expect(s.expected).toEqual({
      kind: 'exact_set',
      stable_ids: [py('`inventory.models`/DigitalProduct#'), py('`inventory.models`/Product#')],
    });
  });

  it('lists every override of Item.weight_grams in Python', () => {
    const s = byQuery('python-inventory', { op: 'implementors', sym_stable_id: py('`inventory.models`/Item#weight_grams().') });
    expect(s.sub_type).toBe('overrides');
    expect(s.expected).toEqual({
      kind: 'exact_set',
      stable_ids: [py('`inventory.models`/DigitalProduct#weight_grams().'), py('`inventory.models`/Product#weight_grams().')],
    });
  });

  it('expects both candidates for the shared short name label in Python', () => {
    const s = byQuery('python-inventory', { op: 'lookup', name: 'label', bare_name: true });
    expect(s.expected).toEqual({
      kind: 'exact_set',
      stable_ids: [py('`inventory.models`/DigitalProduct#label().'), py('`inventory.models`/Item#label().')],
    });
  });

  it('asks for every member of the TypeScript class Store', () => {
    const s = byQuery('ts-inventory', { op: 'contained_by', sym_stable_id: ts('src/`store.ts`/Store#') });
    expect(s.expected).toEqual({
      kind: 'exact_set',
      stable_ids: ['add().', 'find().', 'labels().', 'level().', 'products.', 'stock.', 'take().', 'totalValue().', 'url.'].map((m) =>
        ts(`src/\`store.ts\`/Store#${m}`),
      ),
    });
  });

  it('credits the TypeScript call to applyDiscount to Product.salePrice', () => {
    const s = byQuery('ts-inventory', { op: 'callers', sym_stable_id: ts('src/`pricing.ts`/applyDiscount().') });
    expect(s.expected).toEqual({ kind: 'exact_set', stable_ids: [ts('src/`models.ts`/Product#salePrice().')] });
  });

  it('lists the callees of Store.take in TypeScript, constructors included', () => {
    const s = byQuery('ts-inventory', { op: 'callees', sym_stable_id: ts('src/`store.ts`/Store#take().') });
    expect(s.expected).toEqual({
      kind: 'exact_set',
      stable_ids: [ts('src/`errors.ts`/OutOfStockError#`<constructor>`().'), ts('src/`store.ts`/Store#find().')],
    });
  });

  it('emits only adversarial names that resolve to nothing in the index', async () => {
    for (const [corpus, project] of [
      ['python-inventory', 'inventory'],
      ['ts-inventory', 'ts-inventory'],
    ] as const) {
      const graph = await buildFactGraph(join(first.paths.workDir, 'index', corpus, 'index.scip'), { name: project });
      const names = new Set([...graph.symbols.values()].map((s) => s.name.toLowerCase()));
      const adversarial = files[corpus]!.filter((s) => s.gold_source === 'adversarial');
      expect(adversarial.length).toBeGreaterThanOrEqual(10);
      for (const s of adversarial) {
        expect(s.expected).toEqual({ kind: 'exact_set', stable_ids: [] });
        if (s.query.op !== 'lookup') throw new Error(`adversarial ${s.id} is not a lookup`);
        if (s.query.bare_name) expect(names.has(s.query.name.split('#').pop()!.toLowerCase()), s.id).toBe(false);
        else expect(graph.symbols.has(s.query.name), s.id).toBe(false);
      }
    }
  });

  it('never repeats a query, never emits an empty contains or a file: id', () => {
    for (const name of ['python-inventory', 'ts-inventory']) {
      const queries = files[name]!.map((s) => JSON.stringify(s.query));
      expect(new Set(queries).size).toBe(queries.length);
      for (const s of files[name]!) {
        if (s.expected.kind === 'contains') expect(s.expected.required.length).toBeGreaterThan(0);
        expect(JSON.stringify(s)).not.toMatch(/"file:/);
      }
    }
  });

  it('gives byte-identical files on a second run with other concurrency, order and work directory', async () => {
    for (const name of ['python-inventory', 'ts-inventory']) {
      for (const suffix of ['.json', '.manifest.json']) {
        const a = await readFile(join(first.paths.outDir, name + suffix));
        const b = await readFile(join(second.paths.outDir, name + suffix));
        expect(a.equals(b), name + suffix).toBe(true);
      }
    }
  });
});
