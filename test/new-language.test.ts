import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers.ts';

const run = promisify(execFile);

/**
 * Adding a language is adding a folder: in a copy of the checkout, a throwaway language `toy`
 * (Go's grammar package under another file extension, its own queries, idioms and fixture) runs
 * through the whole pipeline with no other file of the copy changed.
 */
describe('a new language folder', () => {
  let copy: string;
  beforeAll(async () => {
    copy = await tempDir('new-language');
    const tracked = (await run('git', ['ls-files'], { cwd: repoRoot })).stdout.split('\n').filter(Boolean);
    for (const entry of new Set(tracked.map((p) => p.split('/')[0]!))) if (entry !== 'scenarios') await cp(join(repoRoot, entry), join(copy, entry), { recursive: true });
    await symlink(join(repoRoot, 'node_modules'), join(copy, 'node_modules'));
    await run('git', ['init', '-q'], { cwd: copy });
    await run('git', ['add', '-A'], { cwd: copy });
    await run('git', ['-c', 'user.name=lmc', '-c', 'user.email=lmc@localhost', '-c', 'core.hooksPath=/dev/null', 'commit', '-qm', 'checkout'], { cwd: copy });

    const toy = join(copy, 'languages', 'toy');
    await mkdir(join(toy, 'fixture'), { recursive: true });
    const go = JSON.parse(await readFile(join(repoRoot, 'languages', 'go', 'language.json'), 'utf8')) as { walker: object; syntax: object };
    await writeFile(
      join(toy, 'language.json'),
      JSON.stringify({ grammars: [{ package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm', extensions: ['.toy'] }], syntax: go.syntax, walker: { ...go.walker, manager: 'toy' } }),
    );
    for (const query of ['definitions.scm', 'calls.scm', 'imports.scm', 'inheritance.scm', 'locals.scm']) await cp(join(repoRoot, 'languages', 'go', query), join(toy, query));
    await writeFile(
      join(toy, 'idioms.json'),
      JSON.stringify({
        testFiles: ['_check\\.toy$'],
        tests: {},
        errors: { errorMethod: { name: 'Error', signature: '\\)\\s*Error\\(\\)\\s+string$' }, raise: '\\breturn\\b.*&{name}\\{' },
        envReads: ['os\\.Getenv\\("{name}"'],
        config: { moduleNames: '[Cc]onfig' },
        callText: '\\b{name}\\s*\\(',
        signatures: {},
      }),
    );
    await writeFile(
      join(toy, 'fixture', 'shop.toy'),
      [
        'package shop',
        '',
        'import "os"',
        '',
        'type Cart struct {',
        '\tItems []string',
        '}',
        '',
        'type EmptyCartError struct{}',
        '',
        'func (e *EmptyCartError) Error() string {',
        '\treturn "empty cart"',
        '}',
        '',
        'func (c *Cart) Add(item string) {',
        '\tc.Items = append(c.Items, item)',
        '}',
        '',
        'func (c *Cart) Checkout() error {',
        '\tif len(c.Items) == 0 {',
        '\t\treturn &EmptyCartError{}',
        '\t}',
        '\treturn nil',
        '}',
        '',
        'func Region() string {',
        '\treturn os.Getenv("SHOP_REGION")',
        '}',
        '',
        'func Fill(c *Cart) {',
        '\tc.Add(Region())',
        '}',
        '',
      ].join('\n'),
    );
    await writeFile(join(toy, 'fixture', 'shop_check.toy'), 'package shop\n\nfunc CheckFill() {\n\tFill(&Cart{})\n}\n');
    await writeFile(
      join(copy, 'toy.lock.yaml'),
      [
        'format: 1',
        'corpora:',
        '  - name: toy-shop',
        '    language: toy',
        '    description: a throwaway language folder added without touching any other file',
        '    license: MIT',
        '    source: { kind: local, path: languages/toy/fixture }',
        '    include: [./]',
        '    indexer: { name: tree-sitter, version: 0.27.1 }',
        '    project: { name: shop, version: 1.0.0 }',
        '    seed: 1',
        '    budget: 100',
        '    default: true',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rm(copy, { recursive: true, force: true }));

  it('is read by the lock, indexed by the walker, and feeds the generators, with the oracle at 100%', async () => {
    const { stdout } = await run(process.execPath, ['bin/lmc.js', 'generate', '--lock', 'toy.lock.yaml', '--out', 'out', '--work-dir', 'work'], { cwd: copy });
    expect(stdout).toMatch(/^toy-shop +ok /m);
    const manifest = JSON.parse(await readFile(join(copy, 'out', 'toy-shop.manifest.json'), 'utf8')) as { corpus: { language: string }; indexer: { precision: string }; counts: { by_sub_type: Record<string, number> } };
    expect(manifest.corpus.language).toBe('toy');
    expect(manifest.indexer.precision).toBe('syntactic');
    const audit = JSON.parse(await readFile(join(copy, 'out', 'toy-shop.audit.json'), 'utf8')) as { adapters: { oracle: { raw_accuracy: number } } };
    expect(audit.adapters.oracle.raw_accuracy).toBe(1);
    const scenarios = JSON.parse(await readFile(join(copy, 'out', 'toy-shop.json'), 'utf8')) as Array<{ sub_type: string; query: Record<string, unknown>; expected: { stable_ids?: string[] } }>;
    // The folder's idioms reach the generators: its error method, its raise form and its environment read.
    const P = 'lmc-tree-sitter toy shop 1.0.0 ';
    expect(scenarios.find((s) => s.sub_type === 'exception_type')?.expected.stable_ids).toEqual([`${P}shop/EmptyCartError#`]);
    expect(scenarios.find((s) => s.sub_type === 'exception_raisers')?.expected.stable_ids).toEqual([`${P}shop/Cart#Checkout().`]);
    expect(scenarios.find((s) => s.sub_type === 'env_var_read_sites')?.query).toEqual({ op: 'text_search', pattern: '(?:os\\.Getenv\\("SHOP_REGION")', mode: 'regex', in: 'code' });
    // Its test-file pattern decides what test code is.
    expect(scenarios.find((s) => s.sub_type === 'test_to_code')?.expected).toEqual({ kind: 'contains', required: [`${P}shop/CheckFill().`] });
    // Nothing but the new folder and its lock was added to the copy.
    const { stdout: status } = await run('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: copy });
    expect(status.split('\n').filter((l) => l && !/ (out|work)\//.test(l)).sort()).toEqual([
      '?? languages/toy/calls.scm',
      '?? languages/toy/definitions.scm',
      '?? languages/toy/fixture/shop.toy',
      '?? languages/toy/fixture/shop_check.toy',
      '?? languages/toy/idioms.json',
      '?? languages/toy/imports.scm',
      '?? languages/toy/inheritance.scm',
      '?? languages/toy/language.json',
      '?? languages/toy/locals.scm',
      '?? toy.lock.yaml',
    ]);
  });
});
