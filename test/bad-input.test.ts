/**
 * Bad input, a clear error each: one line naming where (corpus, stage, file or
 * field) and what, never a stack trace, and nothing partial written.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ripgrepVersion } from '../evidence/ripgrep.ts';
import { fetchCorpus } from '../fetchers/index.ts';
import { treeDigest } from '../fetchers/tree.ts';
import { buildFactGraph } from '../graph/fact-graph.ts';
import { normaliseIndex, runIndexer } from '../indexers/index.ts';
import { scipTypescript } from '../indexers/scip-typescript.ts';
import { PipelineError } from '../core/errors.ts';
import { runGenerate } from '../pipeline/generate.ts';
import { languageNames } from '../core/languages.ts';
import { loadLock, parseLock, type Corpus } from '../core/lock.ts';
import { repoRoot, tempDir } from './helpers.ts';

const run = promisify(execFile);

async function failure(action: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await action();
  } catch (error) {
    if (error instanceof PipelineError) return error.describe();
    throw error;
  }
  return 'no error';
}

const corpusYaml = (over: Record<string, string> = {}): string => {
  const fields: Record<string, string> = {
    name: 'demo',
    language: 'python',
    description: 'demo corpus',
    license: 'MIT',
    source: '{ kind: git, url: https://example.invalid/demo.git, commit: 0123456789abcdef0123456789abcdef01234567 }',
    include: '[demo/]',
    indexer: '{ name: scip-python, version: 0.6.6 }',
    seed: '1',
    budget: '10',
    default: 'false',
    ...over,
  };
  return `format: 1\ncorpora:\n  - ${Object.entries(fields)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n    ')}\n`;
};

const L = 'stage lock, corpora.lock.yaml: ';
const lockCases: Array<[string, string, string]> = [
  ['malformed YAML', 'format: 1\ncorpora: [\n', `${L}malformed YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 3, column 1:`],
  ['a duplicated YAML key', corpusYaml().replace('    seed: 1', '    seed: 1\n    seed: 2'), `${L}malformed YAML: Map keys must be unique at line 11, column 5:`],
  ['a list instead of a lock', '- a\n- b\n', `${L}expected object, received array`],
  ['an unknown format', corpusYaml().replace('format: 1', 'format: 2'), `${L}field format must be 1`],
  ['an unknown top-level key', `${corpusYaml()}extra: 1\n`, `${L}unknown key "extra"`],
  ['no corpora', 'format: 1\ncorpora: []\n', `${L}field corpora must not be empty`],
  ['an unknown corpus key', corpusYaml({ branch: 'main' }), `${L}corpus "demo", unknown key "branch"`],
  ['an unknown source key', corpusYaml({ source: '{ kind: git, url: u, commit: 0123456789abcdef0123456789abcdef01234567, ref: main }' }), `${L}corpus "demo", field source unknown key "ref"`],
  ['an unknown source kind', corpusYaml({ source: '{ kind: svn, url: u }' }), `${L}corpus "demo", field source.kind must be one of "git", "npm", "local", "debian"`],
  ['a 7-character SHA', corpusYaml({ source: '{ kind: git, url: u, commit: 0123abc }' }), `${L}corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA`],
  ['a 41-character SHA', corpusYaml({ source: '{ kind: git, url: u, commit: 0123456789abcdef0123456789abcdef012345678 }' }), `${L}corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA`],
  ['a non-hex SHA', corpusYaml({ source: '{ kind: git, url: u, commit: z123456789abcdef0123456789abcdef01234567 }' }), `${L}corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA`],
  ['an uppercase SHA', corpusYaml({ source: '{ kind: git, url: u, commit: 0123456789ABCDEF0123456789ABCDEF01234567 }' }), `${L}corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA`],
  ['a SHA YAML reads as a number', corpusYaml({ source: '{ kind: git, url: u, commit: 1234567 }' }), `${L}corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA`],
  ['a branch name as the pin', corpusYaml({ source: '{ kind: git, url: u, commit: main }' }), `${L}corpus "demo", field source.commit must be a full 40-character lowercase hex commit SHA`],
  ['a git source without a commit', corpusYaml({ source: '{ kind: git, url: u }' }), `${L}corpus "demo", field source.commit is required`],
  ['an npm source without a version', corpusYaml({ source: '{ kind: npm, package: p, integrity: x }' }), `${L}corpus "demo", field source.version is required`],
  ['an npm version range', corpusYaml({ source: '{ kind: npm, package: p, version: ^1.0.0, integrity: x }' }), `${L}corpus "demo", field source.version must be an exact version such as 1.2.3 (no ranges, no tags)`],
  ['an npm dist-tag', corpusYaml({ source: '{ kind: npm, package: p, version: latest, integrity: x }' }), `${L}corpus "demo", field source.version must be an exact version such as 1.2.3 (no ranges, no tags)`],
  ['a sha1 integrity', corpusYaml({ source: '{ kind: npm, package: p, version: 1.0.0, integrity: sha1-abc= }' }), `${L}corpus "demo", field source.integrity must be the registry sha512 integrity (sha512-<base64>)`],
  ['a corpus name with capitals', corpusYaml({ name: 'Demo_Corpus' }), `${L}corpus "Demo_Corpus", field name must be lowercase letters, digits and dashes`],
  ['an absolute local path', corpusYaml({ source: '{ kind: local, path: /etc }' }), `${L}corpus "demo", field source.path must be a relative path that stays inside the tree`],
  ['an include that climbs out', corpusYaml({ include: '[../secrets/]' }), `${L}corpus "demo", field include.0 must be a relative path that stays inside the tree`],
  ['an empty include', corpusYaml({ include: '[]' }), `${L}corpus "demo", field include must not be empty`],
  ['an unknown indexer', corpusYaml({ indexer: '{ name: scip-cobol, version: 1.0.0 }' }), `${L}corpus "demo", field indexer.name must be one of "scip-typescript", "scip-python", "tree-sitter", "scip-go", "rust-analyzer", "scip-java", "scip-ruby", "scip-clang"`],
  ['an indexer without a version', corpusYaml({ indexer: '{ name: scip-python }' }), `${L}corpus "demo", field indexer.version is required`],
  ['an unknown language', corpusYaml({ language: 'cobol' }), `${L}corpus "demo", field language must be one of ${languageNames().map((n) => JSON.stringify(n)).join(', ')}`],
  ['a negative seed', corpusYaml({ seed: '-1' }), `${L}corpus "demo", field seed must be at least 0`],
  ['a zero budget', corpusYaml({ budget: '0' }), `${L}corpus "demo", field budget must be at least 1`],
  ['a malformed content digest', corpusYaml({ content_digest: 'md5:abc' }), `${L}corpus "demo", field content_digest must be sha256:<64 hex>`],
  ['a missing default flag', corpusYaml({ default: '' }), `${L}corpus "demo", field default is required`],
  ['a corpus listed twice', corpusYaml() + corpusYaml().split('corpora:\n')[1], `${L}corpus "demo" is listed twice`],
];

describe('bad lock files', () => {
  it.each(lockCases)('%s', (_label, text, message) => {
    expect(() => parseLock(text, 'corpora.lock.yaml')).toThrow(PipelineError);
    let got = '';
    try {
      parseLock(text, 'corpora.lock.yaml');
    } catch (error) {
      got = (error as PipelineError).describe();
    }
    expect(got).toBe(message);
  });

  it('a lock file that does not exist', async () => {
    expect(await failure(() => loadLock('/nonexistent/corpora.lock.yaml'))).toBe('stage lock, /nonexistent/corpora.lock.yaml: cannot read the lock file (ENOENT)');
  });
});

describe('bad fetches', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDir('badfetch');
    await mkdir(join(root, 'corpus', 'pkg'), { recursive: true });
    await writeFile(join(root, 'corpus', 'pkg', 'a.py'), 'def a():\n    return 1\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const corpus = (over: Partial<Corpus>): Corpus => ({
    name: 'demo',
    language: 'python',
    description: 'd',
    license: 'MIT',
    source: { kind: 'local', path: 'corpus' },
    include: ['pkg/'],
    exclude: [],
    indexer: { name: 'scip-python', version: '0.6.6' },
    seed: 1,
    budget: 10,
    default: false,
    ...over,
  });
  const ctx = () => ({ repoRoot: root, workDir: join(root, 'work'), log: () => {} });

  it('a local source that does not exist', async () => {
    expect(await failure(() => fetchCorpus(corpus({ source: { kind: 'local', path: 'missing' } }), ctx()))).toMatch(/^corpus demo, stage fetch: .*missing/);
  });

  it('an include that selects nothing', async () => {
    expect(await failure(() => fetchCorpus(corpus({ include: ['nothing/'] }), ctx()))).toBe('corpus demo, stage fetch: include ["nothing/"] selected no files from the source');
  });

  it('a tree whose digest contradicts the lock, keeping nothing', async () => {
    const wrong = `sha256:${'0'.repeat(64)}`;
    expect(await failure(() => fetchCorpus(corpus({ content_digest: wrong }), ctx()))).toMatch(
      new RegExp(`^corpus demo, stage fetch: content digest mismatch: lock has ${wrong}, fetched tree is sha256:[0-9a-f]{64}; refusing$`),
    );
    expect(await readdir(join(root, 'work', 'trees', 'demo')).catch(() => [])).toEqual([]);
  });

  it('a git pin that does not exist in the repository', async () => {
    const repo = join(root, 'repo');
    await mkdir(repo, { recursive: true });
    const env = { ...process.env, GIT_AUTHOR_DATE: '2020-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@a', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@a' };
    await run('git', ['-c', 'init.defaultBranch=main', 'init', '-q', repo], { env });
    await writeFile(join(repo, 'a.py'), 'x = 1\n');
    await run('git', ['-C', repo, 'add', '.'], { env });
    await run('git', ['-C', repo, '-c', 'commit.gpgsign=false', 'commit', '-qm', 'one'], { env });
    const absent = 'abcdefabcdefabcdefabcdefabcdefabcdefabcd';
    const message = await failure(() => fetchCorpus(corpus({ source: { kind: 'git', url: repo, commit: absent }, include: ['a.py'] }), ctx()));
    expect(message).toMatch(new RegExp(`^corpus demo, stage fetch: .*${absent}`));
  });

  it('git missing from PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const message = await failure(() =>
        fetchCorpus(corpus({ source: { kind: 'git', url: join(root, 'repo'), commit: 'abcdefabcdefabcdefabcdefabcdefabcdefabcd' }, include: ['a.py'] }), { ...ctx(), workDir: join(root, 'work-nogit') }),
      );
      expect(message).toBe('corpus demo, stage fetch: git is not installed (or not on PATH); the git source kind needs it');
    } finally {
      process.env.PATH = saved;
    }
  });

  it('ripgrep missing from PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await failure(() => ripgrepVersion())).toBe('stage grep: ripgrep (rg) is not installed; `apt-get install ripgrep` (grep_compared answers need it)');
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe('bad SCIP indexes and misbehaving indexers', () => {
  let root: string;
  let realIndex: Buffer;
  beforeAll(async () => {
    root = await tempDir('badindex');
    const generated = join(repoRoot, '.lmc', 'index', 'python-inventory', 'index.scip');
    realIndex = await readFile(generated).catch(async () => {
      const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
      await runGenerate(lock, ['python-inventory'], { lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: join(root, 'out'), workDir: join(root, 'work') }, { concurrency: 1, force: false }, () => {});
      return readFile(join(root, 'work', 'index', 'python-inventory', 'index.scip'));
    });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const graphOf = async (bytes: Buffer | string) => {
    const file = join(root, `index-${Math.random().toString(16).slice(2)}.scip`);
    await writeFile(file, bytes);
    return failure(() => buildFactGraph(file, { name: 'inventory' }));
  };

  it('a truncated index', async () => {
    expect(await graphOf(realIndex.subarray(0, realIndex.length - 100))).toMatch(/: truncated SCIP index: \d+ trailing bytes at offset \d+ do not form a whole field$/);
  });
  it('random bytes', async () => {
    expect(await graphOf(Buffer.from('8a1f00ffee112233445566778899aabbccddeeff', 'hex'))).toMatch(/: not a SCIP index: wire type 7 where the Index has only length-delimited fields at offset 3$/);
  });
  it('an empty file', async () => {
    expect(await graphOf('')).toMatch(/: empty SCIP index$/);
  });
  it('a text file', async () => {
    expect(await graphOf('this is not protobuf\n')).toMatch(/: not a SCIP index|truncated SCIP index/);
  });
  it('a document whose bytes are corrupt', async () => {
    // A document whose occurrence claims 2 bytes where 1 is left.
    const corrupt = Buffer.from([0x12, 0x03, 0x12, 0x02, 0x41]);
    expect(await graphOf(corrupt)).toMatch(/: corrupt SCIP document at offset 0: index out of range$/);
  });
  it('a missing index file', async () => {
    expect(await failure(() => buildFactGraph(join(root, 'nope.scip'), { name: 'x' }))).toMatch(/nope\.scip: SCIP index not found$/);
  });

  const script = async (body: string) => {
    const file = join(root, `indexer-${Math.random().toString(16).slice(2)}.mjs`);
    await writeFile(file, body);
    return file;
  };
  const indexerRun = async (body: string, timeoutMs = 60_000) =>
    failure(async () => {
      await runIndexer({ name: 'fake-indexer', script: await script(body), args: [], cwd: root, logPath: join(root, 'fake.log'), timeoutMs });
      await normaliseIndex(join(root, 'fake-out.scip'), join(root, 'normalised.scip'), { name: 'fake-indexer', version: '1.0.0', arguments: [] });
    });

  it('an indexer that exits non-zero', async () => {
    expect(await indexerRun('process.exit(3)')).toBe(`fake-indexer exited with 3 (log: ${join(root, 'fake.log')})`);
  });
  it('an indexer that hangs past its timeout', async () => {
    expect(await indexerRun('setInterval(() => {}, 1000)', 500)).toBe(`fake-indexer timed out after 0.5 s (log: ${join(root, 'fake.log')})`);
  });
  it('an indexer that writes nothing', async () => {
    await rm(join(root, 'fake-out.scip'), { force: true });
    expect(await indexerRun('')).toBe('fake-indexer wrote no index');
  });
  it('an indexer that writes garbage', async () => {
    expect(await indexerRun(`require('node:fs').writeFileSync(${JSON.stringify(join(root, 'fake-out.scip'))}, 'garbage garbage')`.replace('require', '(await import("node:module")).createRequire(import.meta.url)'))).toMatch(
      /^fake-indexer wrote an unreadable index: /,
    );
  });
  it('an indexer whose index has no documents', async () => {
    const metadataOnly = Buffer.from([0x0a, 0x02, 0x08, 0x01]);
    await writeFile(join(root, 'fake-out.scip'), metadataOnly);
    expect(await failure(() => normaliseIndex(join(root, 'fake-out.scip'), join(root, 'n.scip'), { name: 'fake-indexer', version: '1', arguments: [] }))).toBe('fake-indexer indexed no documents');
  });
  it('a scratch copy with a node_modules above it, whose types TypeScript would pick up', async () => {
    const scratchDir = join(root, 'leaky', 'scratch', 'tree');
    await mkdir(join(root, 'leaky', 'node_modules'), { recursive: true });
    await mkdir(scratchDir, { recursive: true });
    const prepared = failure(() => scipTypescript.prepare({ scratchDir, outputFile: join(root, 'leaky.scip'), project: { name: 'p', version: '1.0.0' }, corpus: {} as Corpus }));
    expect(await prepared).toBe(`${join(root, 'leaky', 'node_modules')} lies above the scratch copy of the tree; its packages would leak types into the index (set TMPDIR to a directory with no node_modules above it)`);
  });
  it('nothing is left where the normalised index would go', async () => {
    expect(await readFile(join(root, 'normalised.scip')).catch(() => 'absent')).toBe('absent');
  });
});

describe('bad corpora in a full run', () => {
  let root: string;
  const lock = (entries: string) => `format: 1\ncorpora:\n${entries}`;
  const entry = (name: string, extra = '', indexer = '{ name: scip-python, version: 0.6.6 }') =>
    `  - name: ${name}\n    language: python\n    description: d\n    license: MIT\n    source: { kind: local, path: corpora/${name} }\n    include: [pkg/]\n    indexer: ${indexer}\n    seed: 1\n    budget: 20\n    default: true\n${extra}`;
  const generate = async (lockText: string) => {
    await writeFile(join(root, 'corpora.lock.yaml'), lockText);
    const parsed = parseLock(lockText, 'corpora.lock.yaml');
    return runGenerate(parsed, undefined, { lockFile: join(root, 'corpora.lock.yaml'), repoRoot: root, outDir: join(root, 'out'), workDir: join(root, 'work') }, { concurrency: 2, force: false }, () => {});
  };
  beforeAll(async () => {
    root = await tempDir('badcorpus');
    for (const name of ['good', 'mismatch', 'overlay', 'weird']) {
      await mkdir(join(root, 'corpora', name, 'pkg'), { recursive: true });
      await writeFile(join(root, 'corpora', name, 'pkg', '__init__.py'), '');
      await writeFile(join(root, 'corpora', name, 'pkg', 'core.py'), 'class Engine:\n    def start(self) -> int:\n        return helper()\n\n\ndef helper() -> int:\n    return 1\n');
    }
    await mkdir(join(root, 'scenarios', 'manual'), { recursive: true });
    await writeFile(join(root, 'scenarios', 'manual', 'overlay.yaml'), '- category: SafetyNet\n  sub_type: ghost\n  intent: asks about a symbol that is not there\n  query: { op: callers, sym_stable_id: "scip-python python overlay 0.0.0-local `pkg.core`/ghost()." }\n  expected: { kind: exact_set, stable_ids: [] }\n');
    const weird = join(root, 'corpora', 'weird', 'pkg');
    await writeFile(join(weird, 'with space.py'), 'def spaced() -> int:\n    return 2\n');
    await writeFile(join(weird, 'ünïcødé.py'), 'def accented() -> str:\n    return "é"\n');
    await writeFile(join(weird, 'new\nline.txt'), 'a newline in a name\n');
    await writeFile(join(weird, 'latin1.py'), Buffer.from('# caf\xe9\ndef latin() -> int:\n    return 3\n', 'latin1'));
    await writeFile(join(weird, 'blob.bin'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    await writeFile(join(weird, 'big.txt'), 'x'.repeat(8 * 1024 * 1024));
    await symlink('loop-b', join(weird, 'loop-a'));
    await symlink('loop-a', join(weird, 'loop-b'));
    await symlink('/etc/passwd', join(weird, 'outside'));
    await symlink('../../..', join(weird, 'up'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('one failing corpus (indexer version mismatch, bad overlay) does not stop the others, and writes nothing for itself', async () => {
    const outcomes = await generate(lock(entry('good') + entry('mismatch', '', '{ name: scip-python, version: 0.0.1 }') + entry('overlay')));
    expect(outcomes.map((o) => [o.corpus, o.ok, o.error])).toEqual([
      ['good', true, undefined],
      ['mismatch', false, 'corpus mismatch, stage index: lock pins scip-python 0.0.1 but 0.6.6 is installed (package-lock.json decides which one npm ci installs)'],
      ['overlay', false, 'corpus overlay, stage generate, scenarios/manual/overlay.yaml: entry 1 (ghost): id scip-python python overlay 0.0.0-local `pkg.core`/ghost(). is not a symbol of this corpus\'s index'],
    ]);
    expect((await readdir(join(root, 'out'))).sort()).toEqual(['good.audit.json', 'good.json', 'good.manifest.json', 'good.md', 'good.svg']);
  });

  it('names with spaces, unicode and newlines, invalid UTF-8, binary and large files, symlink loops and links out of the tree', async () => {
    const [outcome] = await generate(lock(entry('weird')));
    expect([outcome!.ok, outcome!.error]).toEqual([true, undefined]);
    const scenarios = JSON.parse(await readFile(join(root, 'out', 'weird.json'), 'utf8')) as Array<{ query: { op: string; file_path?: string } }>;
    const files = new Set(scenarios.flatMap((s) => (s.query.file_path ? [s.query.file_path] : [])));
    for (const f of files) expect(f.startsWith('pkg/')).toBe(true);
    const tree = (await readdir(join(root, 'work', 'trees', 'weird'))).find((d) => !d.endsWith('.json'))!;
    const listed = (await readdir(join(root, 'work', 'trees', 'weird', tree, 'pkg'))).sort();
    // The binary file is left out of the tree, and listed in the manifest.
    expect(listed).toEqual(['__init__.py', 'big.txt', 'core.py', 'latin1.py', 'new\nline.txt', 'with space.py', 'ünïcødé.py']);
    const digest = await treeDigest(join(root, 'work', 'trees', 'weird', tree));
    expect(digest.files).toBe(7);
    const manifest = JSON.parse(await readFile(join(root, 'out', 'weird.manifest.json'), 'utf8')) as { corpus: { skipped: { binary: string[] } } };
    expect(manifest.corpus.skipped.binary).toEqual(['pkg/blob.bin']);
  });
});

describe('the command line', () => {
  const lmc = async (args: string[]) => {
    try {
      const { stdout, stderr } = await run('node', ['bin/lmc.js', ...args], { cwd: repoRoot });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
  const errorLines = (stderr: string) => stderr.split('\n').filter((l) => l && !l.includes('npm warn'));

  it('an unknown command', async () => {
    const r = await lmc(['frobnicate']);
    expect([r.code, errorLines(r.stderr)[0]]).toEqual([2, 'lmc: unknown command "frobnicate" (commands: generate, plan, merge, verify, audit, list, docs, cache, lint, run, sample; lmc --help)']);
  });
  it('sample without one corpus', async () => {
    const r = await lmc(['sample']);
    expect([r.code, errorLines(r.stderr)]).toEqual([2, ['lmc: usage: lmc sample --corpus NAME [--out DIR]']]);
  });
  it('an unknown option', async () => {
    const r = await lmc(['generate', '--colour']);
    expect([r.code, errorLines(r.stderr)]).toEqual([2, ["lmc: Unknown option '--colour' (lmc generate --help)"]]);
  });
  it('a concurrency that is not a number', async () => {
    const r = await lmc(['generate', '--concurrency', 'many']);
    expect([r.code, errorLines(r.stderr)]).toEqual([2, ['lmc: --concurrency: must be a number']]);
  });
  it('a corpus the lock does not have, without a stack trace', async () => {
    const r = await lmc(['generate', '--corpus', 'nope']);
    expect(r.code).toBe(1);
    // Every corpus of the checkout's lock, in its order (the lock grows with every language).
    const known = (await loadLock(join(repoRoot, 'corpora.lock.yaml'))).corpora.map((c) => c.name);
    expect(known.slice(0, 4)).toEqual(['python-inventory', 'ts-inventory', 'fastify', 'fastapi']);
    expect(errorLines(r.stderr)).toEqual([`lmc: ${join(repoRoot, 'corpora.lock.yaml')}: no corpus named "nope" in the lock (known: ${known.join(', ')})`]);
  });
  it('the same error with --debug carries the stack', async () => {
    const r = await lmc(['generate', '--corpus', 'nope', '--debug']);
    expect(r.stderr).toMatch(/\n\s+at /);
  });
  it('a lock file that is not there', async () => {
    const r = await lmc(['list', '--lock', '/nonexistent.yaml']);
    expect([r.code, errorLines(r.stderr)]).toEqual([1, ['lmc: stage lock, /nonexistent.yaml: cannot read the lock file (ENOENT)']]);
  });
});
