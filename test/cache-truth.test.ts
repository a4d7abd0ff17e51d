/**
 * A stage cache that cannot lie: after any single edit, a warm run (reusing the cache of a run made
 * before the edit) must end exactly like a cold one (a fresh work directory): the same exit code
 * and the same published bytes. Each edit touches something a stage reaches only indirectly, or an
 * input outside the code.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers.ts';

const run = promisify(execFile);

const LOCK = `format: 1
corpora:
  - name: shop
    language: go
    description: the Go fixture
    license: MIT
    source: { kind: local, path: languages/go/fixture }
    include: [./]
    indexer: { name: tree-sitter, version: 0.27.1 }
    project: { name: inventory, version: 1.0.0 }
    seed: 1
    budget: 60
    default: true
`;

async function generate(checkout: string, workDir: string, outDir: string): Promise<{ code: number; files: Record<string, string> }> {
  let code = 0;
  try {
    await run(process.execPath, ['bin/lmc.js', 'generate', '--lock', 'cache.lock.yaml', '--out', outDir, '--work-dir', workDir], { cwd: checkout, maxBuffer: 64 << 20 });
  } catch (error) {
    code = (error as { code?: number }).code ?? -1;
  }
  const files: Record<string, string> = {};
  for (const name of await readdir(join(checkout, outDir)).catch(() => [] as string[])) files[name] = await readFile(join(checkout, outDir, name), 'utf8');
  return { code, files };
}

async function edit(path: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(path, 'utf8');
  const edited = text.replace(from, to);
  if (edited === text) throw new Error(`the edit of ${path} changed nothing`);
  await writeFile(path, edited);
}

const EDITS: Array<[string, (checkout: string) => Promise<void>]> = [
  ['canonical JSON (scenario ids), imported only through the generators', (c) => edit(join(c, 'core/canonical-json.ts'), '(a < b ? -1 : a > b ? 1 : 0)', '(a < b ? 1 : a > b ? -1 : 0)')],
  ['the symbol escaper, imported by the graph, the walker and the adapters', (c) => edit(join(c, 'graph/symbols.ts'), "/^[A-Za-z0-9_+$-]+$/.test(name)", "/^[a-z0-9_+$-]+$/.test(name)")],
  ['the file lister the walker imports from fetchers/', (c) => edit(join(c, 'fetchers/tree.ts'), "else if (entry.isFile()) files.push(path);", "else if (entry.isFile() && !path.endsWith('config.go')) files.push(path);")],
  ['the manifest module the validate stage imports', (c) => edit(join(c, 'emit/manifest.ts'), "'this corpus has none'", "'the corpus has none'")],
  ['the corpus description in the lock', (c) => edit(join(c, 'cache.lock.yaml'), 'description: the Go fixture', 'description: the Go fixture, described anew')],
  ['an exclude in the lock', (c) => edit(join(c, 'cache.lock.yaml'), 'include: [./]', 'include: [./]\n    exclude: [pricing/]')],
  ['a manual overlay', async (c) => {
    await mkdir(join(c, 'scenarios', 'manual'), { recursive: true });
    await writeFile(
      join(c, 'scenarios', 'manual', 'shop.yaml'),
      '- category: SafetyNet\n  sub_type: defined_type\n  intent: models.go defines Grams as a type of its own, not an alias\n  query: { op: lookup, name: Grams, bare_name: true, kind: type }\n  expected: { kind: exact_set, stable_ids: ["lmc-tree-sitter golang inventory 1.0.0 inventory/Grams#"] }\n',
    );
  }],
  ['a contributor spec', async (c) => {
    await mkdir(join(c, 'scenarios', 'specs'), { recursive: true });
    await writeFile(join(c, 'scenarios', 'specs', 'shop.yaml'), '- category: Config\n  intent: Lists every symbol that mentions DefaultRegion before changing it\n  text: DefaultRegion\n');
  }],
  ["the language folder's idioms", (c) => edit(join(c, 'languages/go/idioms.json'), '"assert.Equal",', '')],
  ["the language folder's queries", (c) => edit(join(c, 'languages/go/definitions.scm'), '(const_spec name: (identifier) @name) @definition.constant', '')],
];

describe('warm equals cold after any single edit', () => {
  let base: string;
  let before: Awaited<ReturnType<typeof generate>>;
  beforeAll(async () => {
    base = await tempDir('cache-truth');
    const tracked = (await run('git', ['ls-files'], { cwd: repoRoot })).stdout.split('\n').filter(Boolean);
    for (const entry of new Set(tracked.map((p) => p.split('/')[0]!))) if (entry !== 'scenarios' && entry !== 'node_modules') await cp(join(repoRoot, entry), join(base, entry), { recursive: true });
    await symlink(join(repoRoot, 'node_modules'), join(base, 'node_modules'));
    await writeFile(join(base, 'cache.lock.yaml'), LOCK);
    before = await generate(base, 'work', 'out');
    expect(before.code).toBe(0);
  }, 600_000);
  afterAll(() => rm(base, { recursive: true, force: true }));

  it.each(EDITS)('%s', async (_, apply) => {
    const copy = await tempDir('cache-edit');
    await cp(base, copy, { recursive: true, verbatimSymlinks: true });
    await apply(copy);
    const warm = await generate(copy, 'work', 'out-warm');
    const cold = await generate(copy, 'work-cold', 'out-cold');
    expect(warm).toEqual(cold);
    // The edit mattered: the published bytes differ from the run before it (or the run now fails).
    expect(warm).not.toEqual(before);
    await rm(copy, { recursive: true, force: true });
  });
});

describe('a source edited while a run is under way', () => {
  it('keeps that run from caching what the edited file reaches, and says which file', async () => {
    const checkout = await tempDir('cache-mid-edit');
    try {
      const tracked = (await run('git', ['ls-files'], { cwd: repoRoot })).stdout.split('\n').filter(Boolean);
      for (const entry of new Set(tracked.map((p) => p.split('/')[0]!))) if (entry !== 'scenarios' && entry !== 'node_modules') await cp(join(repoRoot, entry), join(checkout, entry), { recursive: true });
      await symlink(join(repoRoot, 'node_modules'), join(checkout, 'node_modules'));
      await writeFile(join(checkout, 'cache.lock.yaml'), LOCK);
      const sealed = async (workDir: string) =>
        (await readdir(join(checkout, workDir, 'cache'), { recursive: true }).catch(() => [] as string[])).filter((p) => p.endsWith('/done')).sort();
      const generateIn = (workDir: string) => run(process.execPath, ['bin/lmc.js', 'generate', '--lock', 'cache.lock.yaml', '--out', 'out', '--work-dir', workDir], { cwd: checkout, maxBuffer: 64 << 20 });

      // A modification time after the run started is what an edit during the run leaves.
      const later = new Date(Date.now() + 3_600_000);
      await utimes(join(checkout, 'core/canonical-json.ts'), later, later);
      const { stderr } = await generateIn('work-edited');
      expect(stderr).toContain('shop: stage generate: not cached, core/canonical-json.ts was modified after this run started');
      // The index stage's code does not reach that file, so its entry is still the code's that ran.
      expect((await sealed('work-edited')).map((p) => p.split('/')[0])).toEqual(['index']);

      const earlier = new Date(Date.now() - 3_600_000);
      await utimes(join(checkout, 'core/canonical-json.ts'), earlier, earlier);
      await generateIn('work-clean');
      expect((await sealed('work-clean')).map((p) => p.split('/')[0])).toEqual(['audit', 'generate', 'index']);
    } finally {
      await rm(checkout, { recursive: true, force: true });
    }
  }, 600_000);
});
