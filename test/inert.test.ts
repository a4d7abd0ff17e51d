import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGenerate } from '../pipeline/generate.ts';
import { parseLock } from '../core/lock.ts';
import { tempDir } from './helpers.ts';

const run = promisify(execFile);

/**
 * Corpora are untrusted: every file below that a careless pipeline could run
 * (npm lifecycle scripts, setup.py, a Makefile, conftest.py, module top-level
 * code, a git hook) would leave a marker file. After a full run none may exist.
 */
describe('untrusted corpora stay inert', () => {
  let root: string;
  let markers: string;

  const touch = (name: string) => `require('node:fs').writeFileSync(${JSON.stringify(join('MARKERS', name))}, 'ran')`;

  beforeAll(async () => {
    root = await tempDir('inert');
    markers = join(root, 'markers');
    await mkdir(markers);
    const py = (name: string) => `open(${JSON.stringify(join(markers, name))}, "w").write("ran")\n`;
    const js = (name: string) => touch(name).replace('MARKERS', markers);

    // A Python corpus served from a git repository with a hook of its own.
    const repo = join(root, 'py-repo');
    await mkdir(join(repo, 'evil'), { recursive: true });
    await writeFile(join(repo, 'setup.py'), py('setup.py'));
    await writeFile(join(repo, 'conftest.py'), py('conftest.py'));
    await writeFile(join(repo, 'Makefile'), `all:\n\ttouch ${join(markers, 'Makefile')}\n`);
    await writeFile(join(repo, 'evil', '__init__.py'), py('module-import'));
    await writeFile(join(repo, 'evil', 'core.py'), `${py('module-core')}\n\ndef helper() -> int:\n    return 1\n`);
    await writeFile(join(repo, 'package.json'), JSON.stringify({ name: 'evil-py', version: '1.0.0', scripts: { preinstall: js('preinstall'), postinstall: js('postinstall') } }));
    const env = { ...process.env, GIT_AUTHOR_DATE: '2020-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@a', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@a' };
    await run('git', ['-c', 'init.defaultBranch=main', 'init', '-q', repo], { env });
    for (const hook of ['post-checkout', 'post-merge', 'pre-commit']) {
      await writeFile(join(repo, '.git', 'hooks', hook), `#!/bin/sh\ntouch ${join(markers, `hook-${hook}`)}\n`);
      await chmod(join(repo, '.git', 'hooks', hook), 0o755);
    }
    await run('git', ['-C', repo, 'add', '.'], { env });
    await run('git', ['-C', repo, '-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'evil'], { env });
    const { stdout: sha } = await run('git', ['-C', repo, 'rev-parse', 'HEAD']);

    // A JavaScript corpus with lifecycle scripts and code that acts when loaded.
    const jsDir = join(root, 'js');
    await mkdir(join(jsDir, 'lib'), { recursive: true });
    await writeFile(join(jsDir, 'package.json'), JSON.stringify({ name: 'evil-js', version: '1.0.0', scripts: { install: js('install'), postinstall: js('postinstall-js'), prepare: js('prepare') } }));
    await writeFile(join(jsDir, 'lib', 'index.js'), `${js('js-load')}\nfunction helper() { return 1 }\nfunction main() { return helper() }\nmodule.exports = { main }\n`);
    await writeFile(join(jsDir, 'Makefile'), `all:\n\ttouch ${join(markers, 'Makefile-js')}\n`);

    await writeFile(
      join(root, 'corpora.lock.yaml'),
      `format: 1
corpora:
  - name: evil-py
    language: python
    description: a corpus whose files try to run
    license: MIT
    source: { kind: git, url: ${repo}, commit: ${sha.trim()} }
    include: [setup.py, conftest.py, Makefile, package.json, evil/]
    indexer: { name: scip-python, version: 0.6.6 }
    seed: 1
    budget: 20
    default: true
  - name: evil-js
    language: javascript
    description: a corpus whose files try to run
    license: MIT
    source: { kind: local, path: js }
    include: [package.json, Makefile, lib/]
    indexer: { name: scip-typescript, version: 0.4.0 }
    seed: 1
    budget: 20
    default: true
`,
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('runs the whole pipeline on both corpora and leaves no marker behind', async () => {
    const { readFile } = await import('node:fs/promises');
    const lockText = await readFile(join(root, 'corpora.lock.yaml'), 'utf8');
    const outcomes = await runGenerate(
      parseLock(lockText, 'corpora.lock.yaml'),
      undefined,
      { lockFile: join(root, 'corpora.lock.yaml'), repoRoot: root, outDir: join(root, 'out'), workDir: join(root, 'work') },
      { concurrency: 2, force: false },
      () => {},
    );
    expect(outcomes.map((o) => [o.corpus, o.ok, o.error])).toEqual([
      ['evil-py', true, undefined],
      ['evil-js', true, undefined],
    ]);
    expect(await readdir(markers)).toEqual([]);
  });

  it('(control) the traps are live: running those files does leave markers', async () => {
    await run('python3', ['setup.py'], { cwd: join(root, 'py-repo') });
    await run('node', ['lib/index.js'], { cwd: join(root, 'js') });
    expect((await readdir(markers)).sort()).toEqual(['js-load', 'setup.py']);
  });
});
