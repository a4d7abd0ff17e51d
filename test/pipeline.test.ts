import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkManifest, checkScenarioFile } from '../emit/validate.ts';
import { buildFactGraph } from '../graph/fact-graph.ts';
import { Oracle } from '../adapters/oracle.ts';
import { languageOf } from '../core/languages.ts';
import { nodeSpanReader } from '../core/grammars.ts';
import { generatedFiles } from '../emit/docs.ts';
import { generators } from '../generators/index.ts';
import { categories, goldSources, type Scenario } from '../core/contract.ts';
import { generateInto, repoRoot, tempDir } from './helpers.ts';

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
        py('`inventory.store`/Store#price_in().'),
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

describe('all categories and ground-truth sources on the fixtures', () => {
  it('covers all nine categories, two session categories and all four gold sources in both fixtures', () => {
    // Every follow-up and drill-down these small fixtures offer is already asked on its own.
    // Drift needs an earlier pin, which the fixtures do not name.
    const fed = categories.filter((c) => c !== 'ConversationalContinuation' && c !== 'SubAgentContextHandoff' && c !== 'Drift');
    for (const name of ['python-inventory', 'ts-inventory']) {
      expect(new Set(files[name]!.map((s) => s.category)), name).toEqual(new Set(fed));
      expect(new Set(files[name]!.map((s) => s.gold_source)), name).toEqual(new Set(goldSources));
    }
  });

  it('answers who reads INVENTORY_DB_URL with a text_search of the language\'s env-read forms, in code', () => {
    const python = byQuery('python-inventory', {
      op: 'text_search',
      pattern: `(?:os\\.environ(\\.get)?\\s*[\\[(]\\s*['"]INVENTORY_DB_URL['"])|(?:os\\.getenv\\s*\\(\\s*['"]INVENTORY_DB_URL['"])`,
      mode: 'regex',
      in: 'code',
    });
    expect([python.category, python.sub_type, python.gold_source]).toEqual(['Config', 'env_var_read_sites', 'grep_compared']);
    expect(python.expected).toEqual({ kind: 'exact_set', stable_ids: [py('`inventory.config`/database_url().')] });
    const typescript = byQuery('ts-inventory', {
      op: 'text_search',
      pattern: `(?:process\\.env\\[\\s*['"]INVENTORY_DB_URL['"])|(?:process\\.env\\.INVENTORY_DB_URL)`,
      mode: 'regex',
      in: 'code',
    });
    expect(typescript.expected).toEqual({ kind: 'exact_set', stable_ids: [ts('src/`config.ts`/databaseUrl().')] });
  });

  it('finds who raises OutOfStockError with the raise form, not the pytest.raises in the tests', () => {
    const s = byQuery('python-inventory', { op: 'text_search', pattern: '\\braise\\s+OutOfStockError\\b', mode: 'regex', in: 'code' });
    expect([s.sub_type, s.gold_source]).toEqual(['exception_raisers', 'grep_compared']);
    expect(s.expected).toEqual({ kind: 'exact_set', stable_ids: [py('`inventory.store`/Store#take().')] });
  });

  it('counts a function handed over as a value as no call, in the fact graph and the oracle alike', async () => {
    const treeRoot = join(first.paths.workDir, 'trees', 'python-inventory');
    const treeDir = join(treeRoot, (await readdir(treeRoot)).find((d) => !d.startsWith('.'))!);
    const indexPath = join(first.paths.workDir, 'index', 'python-inventory', 'index.scip');
    const python = languageOf('python').idioms;
    const graph = await buildFactGraph(indexPath, { name: 'inventory' }, { treeDir, constructs: python.constructs, calls: python.calls });
    // pricing.py: `return list(map(legacy_round, amounts))` names legacy_round without calling it.
    const legacyRound = py('`inventory.pricing`/legacy_round().');
    expect(graph.callers.get(legacyRound)).toBeUndefined();
    expect(graph.calls.get(py('`inventory.pricing`/rounded().'))).toBeUndefined();
    expect(graph.namedNotCalled.has(legacyRound)).toBe(true);
    // apply_discount calls clamp_percent(percent): written as a call, it is one.
    expect(graph.callers.get(py('`inventory.pricing`/clamp_percent().'))).toEqual([py('`inventory.pricing`/apply_discount().')]);
    expect(graph.namedNotCalled.has(py('`inventory.pricing`/clamp_percent().'))).toBe(false);
    const oracle = await Oracle.load(indexPath, 'inventory', { treeDir, language: 'python' });
    expect(oracle.answer({ op: 'callers', sym_stable_id: legacyRound })).toEqual([]);
    expect(oracle.answer({ op: 'callees', sym_stable_id: py('`inventory.pricing`/rounded().') })).toEqual([]);
  });

  it("credits a Python default value's call to the scope around the definition, in the fact graph and the oracle alike", async () => {
    const treeRoot = join(first.paths.workDir, 'trees', 'python-inventory');
    const treeDir = join(treeRoot, (await readdir(treeRoot)).find((d) => !d.startsWith('.'))!);
    const indexPath = join(first.paths.workDir, 'index', 'python-inventory', 'index.scip');
    const python = languageOf('python');
    const definitionTime = await nodeSpanReader('python', python.syntax.definitionTime);
    const graph = await buildFactGraph(indexPath, { name: 'inventory' }, { treeDir, constructs: python.idioms.constructs, calls: python.idioms.calls, definitionTime });
    const oracle = await Oracle.load(indexPath, 'inventory', { treeDir, language: 'python' });
    // store.py: `def price_in(self, sku, region = default_region())` in class Store, and a module-level
    // `def stock_report(store, region = default_region())`: each default runs once, at `def`.
    const defaultRegion = py('`inventory.config`/default_region().');
    const callers = [py('`inventory.store`/Store#'), py('`inventory.store`/Store#total_value().')];
    expect(graph.callers.get(defaultRegion)).toEqual(callers);
    expect(oracle.answer({ op: 'callers', sym_stable_id: defaultRegion })).toEqual(callers);
    const priceIn = py('`inventory.store`/Store#price_in().');
    const priceInCallees = [py('`inventory.models`/Product#price_with_tax().'), py('`inventory.store`/Store#find().')];
    expect(graph.calls.get(priceIn)).toEqual(priceInCallees);
    expect(oracle.answer({ op: 'callees', sym_stable_id: priceIn })).toEqual(priceInCallees);
    const stockReport = py('`inventory.store`/stock_report().');
    expect(graph.calls.get(stockReport)).toEqual([py('`inventory.store`/Store#labels().')]);
    expect(oracle.answer({ op: 'callees', sym_stable_id: stockReport })).toEqual([py('`inventory.store`/Store#labels().')]);
    // Without the language's definition-time spans, the graph credits the defaults to the definitions.
    const plain = await buildFactGraph(indexPath, { name: 'inventory' }, { treeDir, constructs: python.idioms.constructs, calls: python.idioms.calls });
    expect(plain.callers.get(defaultRegion)).toEqual([priceIn, py('`inventory.store`/Store#total_value().'), stockReport]);
  });

  it("takes TypeScript's const for a constant, which scip-typescript's hover shows as var, and a require binding for no definition, in the fact graph and the oracle alike", async () => {
    const treeRoot = join(first.paths.workDir, 'trees', 'ts-inventory');
    const treeDir = join(treeRoot, (await readdir(treeRoot)).find((d) => !d.startsWith('.'))!);
    const indexPath = join(first.paths.workDir, 'index', 'ts-inventory', 'index.scip');
    const { constructs, calls, constants, importBindings } = languageOf('typescript').idioms;
    const region = ts('src/`config.ts`/DEFAULT_REGION.');
    const kindsIn = async (tree: string) => {
      const graph = await buildFactGraph(indexPath, { name: 'ts-inventory' }, { treeDir: tree, constructs, calls, constants, importBindings });
      const oracle = await Oracle.load(indexPath, 'ts-inventory', { treeDir: tree, language: 'typescript' });
      const asked = (kind: 'constant' | 'variable') => oracle.answer({ op: 'lookup', name: 'DEFAULT_REGION', bare_name: true, kind });
      return { graph: graph.symbols.get(region)?.kind, constant: asked('constant'), variable: asked('variable') };
    };
    // config.ts: `export const DEFAULT_REGION = 'eu';` (the hover reads `var DEFAULT_REGION: "eu"`).
    expect(await kindsIn(treeDir)).toEqual({ graph: 'constant', constant: [region], variable: [] });
    // The same line declared with `let` (every position kept) is a variable.
    const copy = await tempDir('lmc-ts-let-');
    await cp(treeDir, copy, { recursive: true });
    const config = join(copy, 'src', 'config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace('export const DEFAULT_REGION', 'export let   DEFAULT_REGION'));
    expect(await kindsIn(copy)).toEqual({ graph: 'variable', constant: [], variable: [region] });
    // Written as a CommonJS import binding (idioms.importBindings), it defines nothing: neither reads it as a symbol.
    await writeFile(config, (await readFile(config, 'utf8')).replace(/export let {3}DEFAULT_REGION = [^\n]*/u, "export const DEFAULT_REGION = require('./regions')"));
    expect(await kindsIn(copy)).toEqual({ graph: undefined, constant: [], variable: [] });
    await rm(copy, { recursive: true, force: true });
  });

  it('checks the calls written in the text against a compiler-grade index', async () => {
    const treeRoot = join(first.paths.workDir, 'trees', 'python-inventory');
    const treeDir = join(treeRoot, (await readdir(treeRoot)).find((d) => !d.startsWith('.'))!);
    const indexPath = join(first.paths.workDir, 'index', 'python-inventory', 'index.scip');
    // A copy of the tree with calls the index has no occurrence for, every indexed position kept: one
    // in apply_discount's body (where the second `amount_cents` was), one in module-level code at the end.
    const copy = await tempDir('lmc-text-calls-');
    await cp(treeDir, copy, { recursive: true });
    const pricing = join(copy, 'inventory', 'pricing.py');
    const lines = (await readFile(pricing, 'utf8')).split('\n');
    expect(lines[11]).toBe('    return amount_cents - amount_cents * percent // 100');
    lines[11] = '    return amount_cents - registry.tax_for(percent, 10)';
    await writeFile(pricing, `${lines.join('\n')}\nclamp_percent(150)\n`);
    const python = languageOf('python').idioms;
    const plain = await buildFactGraph(indexPath, { name: 'inventory' }, { treeDir: copy, constructs: python.constructs, calls: python.calls });
    const checked = await buildFactGraph(indexPath, { name: 'inventory' }, { treeDir: copy, constructs: python.constructs, calls: python.calls, precision: 'compiler' });
    await rm(copy, { recursive: true, force: true });
    expect([...plain.unresolved.names]).toEqual([]);
    // `registry.tax_for(` binds to nothing; `clamp_percent(150)` binds, but no body holds it, so no caller is credited.
    expect([...checked.unresolved.names].sort()).toEqual(['clamp_percent', 'tax_for']);
    expect([...checked.unresolved.bodies]).toEqual([py('`inventory.pricing`/apply_discount().')]);
    expect(checked.callSites.unresolved).toBe(2);
    // What the index binds inside a body is unchanged: apply_discount still calls clamp_percent.
    expect(checked.callers.get(py('`inventory.pricing`/clamp_percent().'))).toEqual([py('`inventory.pricing`/apply_discount().')]);
  });

  it('credits constructing a class to its constructors, in the fact graph and the oracle alike', async () => {
    const treeRoot = join(first.paths.workDir, 'trees', 'python-inventory');
    const treeDir = join(treeRoot, (await readdir(treeRoot)).find((d) => !d.startsWith('.'))!);
    const indexPath = join(first.paths.workDir, 'index', 'python-inventory', 'index.scip');
    const graph = await buildFactGraph(indexPath, { name: 'inventory' }, { treeDir, constructs: languageOf('python').idioms.constructs, calls: languageOf('python').idioms.calls });
    // `Store()` in the test fixture, `raise OutOfStockError(...)` in Store.take.
    expect(graph.callers.get(py('`inventory.store`/Store#__init__().'))).toEqual([py('`tests.test_store`/store().')]);
    expect(graph.callers.get(py('`inventory.errors`/OutOfStockError#__init__().'))).toEqual([py('`inventory.store`/Store#take().')]);
    const oracle = await Oracle.load(indexPath, 'inventory', { treeDir, language: 'python' });
    expect(oracle.answer({ op: 'callers', sym_stable_id: py('`inventory.store`/Store#__init__().') })).toEqual([py('`tests.test_store`/store().')]);
    // Nothing constructs DigitalProduct, so its __init__ alone stays uncalled.
    expect(oracle.answer({ op: 'orphans', kind: 'constructor' })).toEqual([py('`inventory.models`/DigitalProduct#__init__().')]);
  });

  it('turns the contributor spec for INVENTORY_REGION into its scenario, strings counted as it asks', () => {
    const s = byQuery('ts-inventory', { op: 'text_search', pattern: 'INVENTORY_REGION', mode: 'word', in: 'any' });
    expect(s).toMatchObject({
      category: 'Config',
      sub_type: 'region_setting_readers',
      gold_source: 'grep_compared',
      expected: { kind: 'exact_set', stable_ids: [ts('src/`config.ts`/defaultRegion().')] },
      origin: { file: 'scenarios/specs/ts-inventory.yaml', entry: 1 },
    });
  });

  it('merges the manual overlay as SafetyNet scenarios that name their origin', () => {
    const manual = files['python-inventory']!.filter((s) => s.gold_source === 'manual');
    expect(manual.map((s) => s.origin?.entry).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(byQuery('python-inventory', { op: 'file_symbols', file_path: 'inventory/__init__.py' }).expected).toEqual({
      kind: 'exact_set',
      stable_ids: [py('inventory/__all__.')],
    });
  });

  it('emits every adversarial family, each with only absent names', () => {
    const families = new Set([...files['python-inventory']!, ...files['ts-inventory']!].filter((s) => s.gold_source === 'adversarial').map((s) => s.sub_type));
    expect(families).toEqual(new Set(['typo', 'member_transplant', 'plausible_compound', 'wrong_module', 'naming_convention']));
  });

  it('asks each generated sub-type with the op and scoring kind its generator declares', () => {
    const declared = new Map(generators.map((g) => [g.subType, g.asks]));
    for (const name of ['python-inventory', 'ts-inventory']) {
      for (const s of files[name]!) {
        const asks = declared.get(s.sub_type);
        if (!asks || s.gold_source === 'manual' || s.origin) continue;
        expect([s.id, s.query.op, s.expected.kind]).toEqual([s.id, asks.op, asks.expected]);
      }
    }
  });

  it('records power, grep provenance and unsupported sub-types in the manifest', async () => {
    const manifest = JSON.parse(await readFile(join(first.paths.outDir, 'python-inventory.manifest.json'), 'utf8'));
    expect(manifest.power.by_category.SafetyNet).toEqual({ n: 20, share: expect.any(Number), half_width: 21.9 });
    expect(manifest.grep.rg_version).toMatch(/^ripgrep \d+\.\d+/);
    expect(manifest.sub_types.find((r: { sub_type: string }) => r.sub_type === 'enum_variants')).toEqual({
      category: 'Refactor',
      sub_type: 'enum_variants',
      gold_source: 'scip_roundtrip',
      targets: 0,
      emitted: 0,
      exhausted: true,
      reason: 'needs an enum whose members are all variants; this corpus has none',
    });
  });
});

describe('documentation', () => {
  it.each(generatedFiles().map((f) => [f.path, f.text]))('%s is what `lmc docs` generates from the code', async (path, text) => {
    expect(await readFile(join(repoRoot, path), 'utf8')).toBe(text);
  });
});
