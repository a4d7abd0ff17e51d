import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLock } from '../core/lock.ts';
import { runGenerate } from '../pipeline/generate.ts';
import { runVerify } from '../pipeline/verify.ts';
import { corpusOutputs } from '../emit/publish.ts';
import { merge, parseShard, plan, selectCorpora } from '../pipeline/shard.ts';
import { repoRoot, tempDir } from './helpers.ts';

const run = promisify(execFile);
const FIXTURES = ['python-inventory', 'ts-inventory'];
/** Every top-level entry git tracks except the outputs (overlays are copied on their own). */
const sources = [...new Set((await run('git', ['ls-files'], { cwd: repoRoot })).stdout.split('\n').filter(Boolean).map((p) => p.split('/')[0]!))].filter((e) => e !== 'scenarios').sort();

/** Copies the checkout (sources, fixtures, overlays; node_modules linked) to `dest`, creating entries in `order`. */
async function copyCheckout(dest: string, order: 'forward' | 'reverse'): Promise<void> {
  await mkdir(join(dest, 'scenarios'), { recursive: true });
  const entries = order === 'forward' ? sources : [...sources].reverse();
  for (const entry of entries) await copyOrdered(join(repoRoot, entry), join(dest, entry), order);
  for (const overlay of ['manual', 'specs']) await copyOrdered(join(repoRoot, 'scenarios', overlay), join(dest, 'scenarios', overlay), order);
  await symlink(join(repoRoot, 'node_modules'), join(dest, 'node_modules'));
}

/** A copy whose directory entries are created in the given order (tmpfs lists newest first, so this changes enumeration order). */
async function copyOrdered(from: string, to: string, order: 'forward' | 'reverse'): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true }).catch(() => null);
  if (!entries) {
    await cp(from, to);
    return;
  }
  await mkdir(to, { recursive: true });
  const names = entries.map((e) => e.name).sort();
  for (const name of order === 'forward' ? names : names.reverse()) await copyOrdered(join(from, name), join(to, name), order);
}

async function cli(cwd: string, args: string[], env: Record<string, string>, umask?: string): Promise<{ stdout: string; stderr: string }> {
  const command = `umask ${umask ?? '022'} && exec node bin/lmc.js ${args.map((a) => `'${a}'`).join(' ')}`;
  return run('sh', ['-c', command], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
}

async function outputs(dir: string): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const name of FIXTURES) for (const suffix of ['.json', '.manifest.json', '.audit.json', '.md']) out[name + suffix] = await readFile(join(dir, 'scenarios', name + suffix));
  return out;
}

describe('reproducible under variation', () => {
  let base: string;
  let varied: string;
  beforeAll(async () => {
    base = await tempDir('base');
    varied = await mkdtemp(join('/dev/shm', 'lmc varied ünïcode-'));
    await copyCheckout(base, 'forward');
    await copyCheckout(varied, 'reverse');
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
    await rm(varied, { recursive: true, force: true });
  });

  it('gives the same bytes across TZ, locale, umask, checkout path, concurrency and directory order', async () => {
    const flags = (names: string[]) => names.flatMap((c) => ['--corpus', c]);
    await cli(base, ['generate', ...flags(FIXTURES), '--concurrency', '1'], { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' }, '022');
    await cli(varied, ['generate', ...flags([...FIXTURES].reverse()), '--concurrency', '4'], { TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' }, '077');
    const a = await outputs(base);
    const b = await outputs(varied);
    for (const file of Object.keys(a)) expect(a[file]!.equals(b[file]!), file).toBe(true);
  });
});

describe('lmc verify', () => {
  it('passes on the committed fixture scenarios', async () => {
    const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
    const paths = { lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: join(repoRoot, 'scenarios'), workDir: join(repoRoot, '.lmc') };
    expect(await runVerify(lock, FIXTURES, paths, 2, () => {})).toEqual(FIXTURES.map((corpus) => ({ corpus, ok: true, problems: [] })));
  });

  it('fails after one byte of a scenario changes, naming the corpus, the scenario and the difference', async () => {
    const dir = await tempDir('verify');
    try {
      await cp(join(repoRoot, 'scenarios'), dir, { recursive: true });
      const file = join(dir, 'python-inventory.json');
      const text = await readFile(file, 'utf8');
      const scenarios = JSON.parse(text) as Array<{ id: string; intent: string }>;
      const victim = scenarios[7]!;
      const at = text.indexOf(victim.intent);
      await writeFile(file, text.slice(0, at) + (text[at] === 'X' ? 'Y' : 'X') + text.slice(at + 1));
      const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
      const paths = { lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: dir, workDir: join(dir, '.work') };
      const [result] = await runVerify(lock, ['python-inventory'], paths, 1, () => {});
      expect(result!.ok).toBe(false);
      expect(result!.problems[0]).toBe(`python-inventory.json: differs from the regenerated file; first differing scenario: ${victim.id}`);
      expect(result!.problems.some((p) => p.startsWith('    - ') && p.includes('"intent": "X'))).toBe(true);
      expect(result!.problems.at(-1)).toBe('python-inventory.json does not match the sha256 python-inventory.manifest.json records (the set is mixed or was edited)');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names a committed file it cannot read, in that corpus, rather than stopping', async () => {
    const dir = await tempDir('verify-unreadable');
    try {
      await cp(join(repoRoot, 'scenarios'), dir, { recursive: true });
      await rm(join(dir, 'python-inventory.svg'));
      await mkdir(join(dir, 'python-inventory.svg'));
      const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
      const paths = { lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: dir, workDir: join(dir, '.work') };
      const [result] = await runVerify(lock, ['python-inventory'], paths, 1, () => {});
      expect(result!.ok).toBe(false);
      expect(result!.problems[0]).toBe('python-inventory.svg: cannot read it (EISDIR)');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('stage cache', () => {
  it('answers a warm re-run from the cache and re-runs only what a changed input touches', async () => {
    const root = await tempDir('cache');
    try {
      const lockText = await readFile(join(repoRoot, 'corpora.lock.yaml'), 'utf8');
      const paths = { lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: join(root, 'out'), workDir: join(root, 'work') };
      const lock = await loadLock(paths.lockFile);
      const options = { concurrency: 2, force: false };
      const cold = await runGenerate(lock, FIXTURES, paths, options, () => {});
      expect(cold.map((o) => o.cached)).toEqual([[], []]);
      const warm = await runGenerate(lock, FIXTURES, paths, options, () => {});
      expect(warm.map((o) => o.cached)).toEqual([
        ['index', 'graph', 'generate', 'validate'],
        ['index', 'graph', 'generate', 'validate'],
      ]);
      // A new seed touches generation only, and only for that corpus.
      const reseeded = { ...lock, corpora: lock.corpora.map((c) => (c.name === 'ts-inventory' ? { ...c, seed: 2 } : c)) };
      const after = await runGenerate(reseeded, FIXTURES, paths, options, () => {});
      expect(after.map((o) => [o.corpus, o.cached])).toEqual([
        ['python-inventory', ['index', 'graph', 'generate', 'validate']],
        ['ts-inventory', ['index']],
      ]);
      const forced = await runGenerate(lock, ['python-inventory'], paths, { concurrency: 1, force: true }, () => {});
      expect(forced[0]!.cached).toEqual([]);
      expect(lockText).toBe(await readFile(join(repoRoot, 'corpora.lock.yaml'), 'utf8'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('kill and resume', () => {
  it('a run killed mid-generation leaves no partial output, and a re-run gives identical bytes', async () => {
    const root = await tempDir('kill');
    try {
      const args = ['generate', '--corpus', 'python-inventory', '--out', join(root, 'out'), '--work-dir', join(root, 'work')];
      const clean = await tempDir('clean');
      await cli(repoRoot, ['generate', '--corpus', 'python-inventory', '--out', join(clean, 'out'), '--work-dir', join(clean, 'work')], {});
      const child = spawn('node', ['bin/lmc.js', ...args], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
      await new Promise<void>((resolve) => {
        child.stderr.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('python-inventory: generate')) {
            child.kill('SIGKILL');
            resolve();
          }
        });
      });
      await new Promise((r) => child.on('exit', r));
      const left = await readdir(join(root, 'out')).catch(() => [] as string[]);
      expect(left.filter((f) => f.startsWith('python-inventory'))).toEqual([]);
      await cli(repoRoot, args, {});
      for (const suffix of ['.json', '.manifest.json']) {
        const a = await readFile(join(clean, 'out', `python-inventory${suffix}`));
        const b = await readFile(join(root, 'out', `python-inventory${suffix}`));
        expect(a.equals(b), suffix).toBe(true);
      }
      await rm(clean, { recursive: true, force: true });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('plan, shard and merge', () => {
  it('two shards merged give the same bytes as one run, and the plan names every corpus once', async () => {
    const root = await tempDir('shard');
    try {
      const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
      const at = (name: string) => ({ lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: join(root, name), workDir: join(root, 'work') });
      const options = { concurrency: 2, force: false };
      const single = await runGenerate(lock, FIXTURES, at('single'), options, () => {});
      const first = await runGenerate(lock, FIXTURES, at('shard-1'), { ...options, shard: parseShard('1/2') }, () => {});
      const second = await runGenerate(lock, FIXTURES, at('shard-2'), { ...options, shard: parseShard('2/2') }, () => {});
      expect([single.length, first.map((o) => o.corpus), second.map((o) => o.corpus)]).toEqual([2, ['python-inventory'], ['ts-inventory']]);
      const lockFile = join(repoRoot, 'corpora.lock.yaml');
      const current = (await plan(lock.corpora, repoRoot)).include;
      expect(await merge([join(root, 'shard-1'), join(root, 'shard-2')], join(root, 'merged'), lockFile, current)).toEqual(FIXTURES);
      for (const corpus of FIXTURES) {
        for (const file of corpusOutputs(corpus)) {
          const a = await readFile(join(root, 'single', file));
          const b = await readFile(join(root, 'merged', file));
          expect(a.equals(b), file).toBe(true);
        }
      }
      const matrix = await plan(selectCorpora(lock, undefined, 'corpora.lock.yaml'), repoRoot);
      expect(matrix.include.map((j) => j.corpus)).toEqual(lock.corpora.filter((c) => c.default).map((c) => c.name).sort());
      for (const job of matrix.include) expect(job.key).toMatch(/^[0-9a-f]{24}$/);
      await expect(merge([join(root, 'shard-1'), join(root, 'shard-1')], join(root, 'twice'), lockFile, current)).rejects.toThrow(/corpus python-inventory appears in two shards/);
      expect(() => parseShard('3/2')).toThrow('--shard must be i/n with 1 <= i <= n, not "3/2"');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
