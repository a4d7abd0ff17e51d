import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleDeps } from '../core/imports.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The floors, in stage order: a module may import from its own floor or any floor below, never
 * from above. The ground floor is what every stage uses; pipeline/ only wires the stages.
 */
const floors: Record<string, number> = {
  core: 0,
  fetchers: 1,
  graph: 1,
  evidence: 1,
  indexers: 2,
  generators: 2,
  adapters: 2,
  emit: 3,
  validate: 4,
  pipeline: 5,
  bin: 6,
};

function modulesUnder(folder: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|js)$/.test(name))
    .map((name) => `${folder}/${name.split('\\').join('/')}`)
    .sort();
}

const modules = Object.keys(floors).flatMap(modulesUnder);
const edges = modules.flatMap((from) => moduleDeps(repoRoot, from).imports.map((to) => ({ from, to })));
const folderOf = (path: string) => path.split('/')[0]!;

describe('layout', () => {
  it('reads the import graph of every module', () => {
    expect(modules.length).toBeGreaterThan(60);
    expect(edges).toContainEqual({ from: 'pipeline/generate.ts', to: 'generators/index.ts' });
    expect(edges).toContainEqual({ from: 'bin/lmc.js', to: 'pipeline/cli.ts' });
  });

  it('no module imports from a floor above its own', () => {
    const upward = edges
      .filter(({ from, to }) => floors[folderOf(to)] === undefined || floors[folderOf(to)]! > floors[folderOf(from)]!)
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('the adapters read a query their own way: nothing from generators/ or indexers/', () => {
    const borrowed = edges.filter(({ from, to }) => folderOf(from) === 'adapters' && ['generators', 'indexers'].includes(folderOf(to))).map(({ from, to }) => `${from} -> ${to}`);
    expect(borrowed).toEqual([]);
  });

  it('reads static, side-effect, dynamic and re-export imports and data references, never one in a comment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lmc-layout-'));
    mkdirSync(join(dir, 'a'));
    writeFileSync(
      join(dir, 'a', 'm.ts'),
      [
        "import { x } from '../b/x.ts';",
        "import type {\n  Y,\n} from './y.ts';",
        "import './side.ts';",
        "export * from '../c/z.ts';",
        "// import { no } from './commented.ts';",
        "/* export { no } from './blocked.ts'; */",
        "const s = \"import { no } from './quoted.ts'\";",
        "const lazy = await import('./lazy.ts');",
        "const schema = new URL('../schemas/s.json', import.meta.url);",
        "import { z } from 'zod';",
      ].join('\n'),
    );
    expect(moduleDeps(dir, 'a/m.ts')).toEqual({ imports: ['a/lazy.ts', 'a/side.ts', 'a/y.ts', 'b/x.ts', 'c/z.ts'], data: ['schemas/s.json'] });
    rmSync(dir, { recursive: true, force: true });
  });
});
