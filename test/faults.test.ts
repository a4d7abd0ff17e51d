/**
 * The fault suite: hostile and broken inputs through the command line, table by table (lock, CLI,
 * file system, cache, merge, signals, concurrency). Every failing case must end with its exit
 * code and one line naming what is wrong, never a stack trace, and must leave the published
 * outputs exactly as they were, with no temporary file behind. Every recovering case (a damaged
 * cache) must end like a clean run, byte for byte.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants as bufferConstants } from 'node:buffer';
import { cp, link, mkdir, readdir, readFile, rm, symlink, truncate as truncateFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageNames } from '../core/languages.ts';
import { startTicks } from '../core/processes.ts';
import { sweepScratch } from '../core/scratch.ts';
import { writableDir } from '../pipeline/preflight.ts';
import { repoRoot, tempDir } from './helpers.ts';

const execFileP = promisify(execFile);
const lmcBin = join(repoRoot, 'bin', 'lmc.js');

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function lmc(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Result> {
  try {
    const { stdout, stderr } = await execFileP(process.execPath, [lmcBin, ...args], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** The lines a failure printed as errors: `lmc: …` lines, and anything that looks like a stack. */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.startsWith('lmc') || /^\s+at |Error:/.test(l));
}

/** The boot and start time a lock records for a live process (as pipeline/preflight.ts reads them from /proc). */
async function startOf(pid: number): Promise<{ boot: string; started: number }> {
  const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return { boot, started: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) };
}

/** Every file under dir with its bytes, for "nothing changed" checks. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const e of await readdir(join(dir, rel), { withFileTypes: true }).catch(() => [])) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path);
      else out[path] = (await readFile(join(dir, path))).toString('base64');
    }
  };
  await walk('');
  return out;
}

/** A workspace: a lock with one fast corpus (the Go fixture through the walker) and a published set to protect. */
let space: string;
const corpusEntry = (over: Record<string, string> = {}) => {
  const fields: Record<string, string> = {
    name: 'shop',
    language: 'go',
    description: 'the Go fixture',
    license: 'MIT',
    source: '{ kind: local, path: tree }',
    include: '[./]',
    indexer: '{ name: tree-sitter, version: 0.27.1 }',
    project: '{ name: inventory, version: 1.0.0 }',
    seed: '1',
    budget: '60',
    default: 'true',
    ...over,
  };
  return `  - ${Object.entries(fields)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n    ')}\n`;
};
const lockText = (over: Record<string, string> = {}) => `format: 1\ncorpora:\n${corpusEntry(over)}`;

beforeAll(async () => {
  space = await tempDir('faults');
  await cp(join(repoRoot, 'languages', 'go', 'fixture'), join(space, 'tree'), { recursive: true });
  await writeFile(join(space, 'lmc.lock.yaml'), lockText());
  const first = await lmc(['generate', '--lock', 'lmc.lock.yaml', '--out', 'out', '--work-dir', 'work'], space);
  expect(first.code, first.stderr).toBe(0);
}, 600_000);
afterAll(() => rm(space, { recursive: true, force: true }));

/** Runs a failing case and checks the three things every failure must do. */
async function expectFailure(args: string[], code: number, line: string | RegExp, options: { cwd?: string; env?: Record<string, string> } = {}): Promise<void> {
  const before = await snapshot(join(space, 'out'));
  const r = await lmc(args, options.cwd ?? space, options.env);
  const lines = errorLines(r.stderr);
  expect({ code: r.code, lines: lines.length }, r.stderr).toEqual({ code, lines: 1 });
  if (typeof line === 'string') expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(await snapshot(join(space, 'out'))).toEqual(before);
}

const withLock = (text: string) => async () => {
  const file = join(space, `case-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(file, text);
  return file;
};

const LOCK_CASES: Array<[string, string, string | RegExp]> = [
  ['an empty lock', '', /field format is required|expected object, received null/],
  ['a lock that is a list', '- a\n', /expected object, received array/],
  ['a lock that is a number', '42\n', /expected object, received number/],
  ['malformed YAML', 'format: 1\ncorpora: [\n', /malformed YAML: /],
  ['a tab-indented lock', 'format: 1\ncorpora:\n\t- name: x\n', /malformed YAML: /],
  ['binary garbage', '\u0000\u0001\u0002\u00ff', /malformed YAML|expected object/],
  ['a YAML alias bomb', `a: &a [x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 10 }, (_, i) => `l${i}: &l${i} [${Array(9).fill(`*${i ? `l${i - 1}` : 'a'}`).join(', ')}]`).join('\n')}\n`, /malformed YAML: Excessive alias count/],
  ['a duplicated key', `${lockText()}format: 1\n`, /malformed YAML: Map keys must be unique/],
  ['an unknown top-level key', `${lockText()}extra: true\n`, /unknown key "extra"/],
  ['format 2', lockText().replace('format: 1', 'format: 2'), /field format must be 1/],
  ['no corpora', 'format: 1\ncorpora: []\n', /field corpora must not be empty/],
  ['corpora not a list', 'format: 1\ncorpora: {}\n', /field corpora expected array, received object/],
  ['a corpus listed twice', `format: 1\ncorpora:\n${corpusEntry()}${corpusEntry()}`, /corpus "shop" is listed twice/],
  ['an unknown corpus key', lockText({ ref: 'main' }), /corpus "shop", unknown key "ref"/],
  ['a capitalised name', lockText({ name: 'Shop' }), /corpus "Shop", field name must be lowercase letters, digits and dashes/],
  ['a name with a slash', lockText({ name: 'a/b' }), /field name must be lowercase letters, digits and dashes/],
  ['a name too long for a file name', lockText({ name: 'a'.repeat(65) }), /corpus "a{65}", field name must be at most 64 characters/],
  ['an infinite budget', lockText({ budget: '.inf' }), /corpus "shop", field budget must be a finite number$/],
  ['a budget beyond any double', lockText({ budget: '1e400' }), /corpus "shop", field budget must be a finite number$/],
  ['a fractional budget', lockText({ budget: '1.5' }), /corpus "shop", field budget must be a whole number$/],
  ['a tag YAML does not know', lockText({ description: '!!js/function "x"' }), /malformed YAML: Unresolved tag: tag:yaml.org,2002:js\/function/],
  ['a local tag', lockText({ description: '!foo x' }), /malformed YAML: Unresolved tag: !foo/],
  ['a missing name', lockText({ name: '' }), /corpus #1, field name is required/],
  ['an unknown language', lockText({ language: 'cobol' }), /field language must be one of /],
  ['a missing language', lockText({ language: '' }), /field language is required/],
  ['an empty description', lockText({ description: '""' }), /field description/],
  ['test_files that do not compile', lockText({ test_files: '["tst-("]' }), /corpus "shop", field test_files\.0 must be a regular expression/],
  ['a missing licence', lockText({ license: '' }), /corpus "shop", field license is required/],
  ['a licence that is no SPDX expression', lockText({ license: '"MIT, probably"' }), /corpus "shop", field license must be an SPDX licence expression, e.g. MIT or "MIT OR Apache-2.0"/],
  ['a missing source', lockText({ source: '' }), /field source is required/],
  ['an unknown source kind', lockText({ source: '{ kind: svn, url: x }' }), /field source.kind must be one of "git", "npm", "local", "debian"/],
  ['a source that is a string', lockText({ source: 'tree' }), /field source/],
  ['an absolute local path', lockText({ source: '{ kind: local, path: /etc }' }), /field source.path must be a relative path that stays inside the tree/],
  ['a local path climbing out', lockText({ source: '{ kind: local, path: ../x }' }), /field source.path must be a relative path that stays inside the tree/],
  ['a short git SHA', lockText({ source: '{ kind: git, url: /x, commit: abc1234 }' }), /field source.commit must be a full 40-character lowercase hex commit SHA/],
  ['an uppercase git SHA', lockText({ source: `{ kind: git, url: /x, commit: ${'A'.repeat(40)} }` }), /field source.commit must be a full 40-character/],
  ['a branch as the git pin', lockText({ source: '{ kind: git, url: /x, commit: main }' }), /field source.commit must be a full 40-character/],
  ['a git source without a url', lockText({ source: `{ kind: git, commit: ${'a'.repeat(40)} }` }), /field source.url is required/],
  ['an npm version range', lockText({ source: '{ kind: npm, package: p, version: ^1.0.0, integrity: x }' }), /field source.version must be an exact version/],
  ['an npm dist-tag', lockText({ source: '{ kind: npm, package: p, version: latest, integrity: x }' }), /field source.version must be an exact version/],
  ['an npm sha1 integrity', lockText({ source: '{ kind: npm, package: p, version: 1.0.0, integrity: sha1-x= }' }), /field source.integrity must be the registry sha512 integrity/],
  ['an npm source without a package', lockText({ source: '{ kind: npm, version: 1.0.0, integrity: x }' }), /field source.package is required/],
  ['a Debian version with spaces', lockText({ source: `{ kind: debian, package: pkg, version: "1 2", sha256: ${'a'.repeat(64)}, path: x }` }), /field source.version must be an exact Debian version/],
  ['a Debian sha256 too short', lockText({ source: '{ kind: debian, package: pkg, version: 1.0-1, sha256: abc, path: x }' }), /field source.sha256 must be the sha256 of the .deb/],
  ['a Debian package name with capitals', lockText({ source: `{ kind: debian, package: P, version: 1.0-1, sha256: ${'a'.repeat(64)}, path: x }` }), /field source.package must be a Debian package name/],
  ['an empty include', lockText({ include: '[]' }), /field include must not be empty/],
  ['an include climbing out', lockText({ include: '[../x]' }), /field include.0 must be a relative path that stays inside the tree/],
  ['an absolute exclude', lockText({ exclude: '[/etc]' }), /field exclude.0 must be a relative path/],
  ['an unknown indexer', lockText({ indexer: '{ name: scip-cobol, version: 1.0.0 }' }), /field indexer.name must be one of /],
  ['an indexer version range', lockText({ indexer: '{ name: tree-sitter, version: ">=0.27" }' }), /field indexer.version must be an exact version/],
  ['an indexer without a version', lockText({ indexer: '{ name: tree-sitter }' }), /field indexer.version is required/],
  ['a negative seed', lockText({ seed: '-1' }), /field seed must be at least 0/],
  ['a fractional seed', lockText({ seed: '1.5' }), /field seed/],
  ['a seed that is a word', lockText({ seed: 'one' }), /field seed expected number, received string/],
  ['a zero budget', lockText({ budget: '0' }), /field budget must be at least 1/],
  ['a malformed content digest', lockText({ content_digest: 'md5:abc' }), /field content_digest must be sha256:<64 hex>/],
  ['a missing default flag', lockText({ default: '' }), /field default is required/],
  ['a default flag that is a word', lockText({ default: 'sometimes' }), /field default expected boolean, received string/],
  ['a project without a version', lockText({ project: '{ name: x }' }), /field project.version is required/],
];

describe('the lock', () => {
  it.each(LOCK_CASES)('%s: exit 1 and one line naming the lock', async (_, text, line) => {
    const file = await withLock(text)();
    await expectFailure(['list', '--lock', file], 1, new RegExp(`^lmc: stage lock, ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*${typeof line === 'string' ? line : line.source}`));
  });

  it('a lock file that is not there', async () => {
    await expectFailure(['list', '--lock', 'nowhere.yaml'], 1, /^lmc: stage lock, .*nowhere\.yaml: cannot read the lock file \(ENOENT\)$/);
  });

  it('a lock that is a directory', async () => {
    await mkdir(join(space, 'lockdir'), { recursive: true });
    await expectFailure(['list', '--lock', 'lockdir'], 1, /^lmc: stage lock, .*lockdir: cannot read the lock file \(EISDIR\)$/);
  });
});

const CLI_CASES: Array<[string, string[], number, string | RegExp]> = [
  ['an unknown command', ['frobnicate'], 2, /^lmc: unknown command "frobnicate" \(commands: /],
  ['an unknown option', ['generate', '--colour'], 2, "lmc: Unknown option '--colour' (lmc generate --help)"],
  ['an option of another command', ['list', '--force'], 2, 'lmc list: --force does not apply to this command (lmc list --help)'],
  ['a missing option value', ['generate', '--corpus'], 2, /^lmc: Option '--corpus <value>' argument missing/],
  ['a concurrency that is a word', ['generate', '--concurrency', 'many'], 2, 'lmc: --concurrency: must be a number'],
  ['a zero concurrency', ['generate', '--concurrency', '0'], 2, 'lmc: --concurrency: must be at least 1'],
  ['a huge concurrency', ['generate', '--concurrency', '1000'], 2, 'lmc: --concurrency: must be at most 64'],
  ['a fractional concurrency', ['generate', '--concurrency', '1.5'], 2, /^lmc: --concurrency: /],
  ['a shard 0/2', ['generate', '--lock', 'lmc.lock.yaml', '--shard', '0/2'], 1, 'lmc: --shard must be i/n with 1 <= i <= n, not "0/2"'],
  ['a shard 3/2', ['generate', '--lock', 'lmc.lock.yaml', '--shard', '3/2'], 1, 'lmc: --shard must be i/n with 1 <= i <= n, not "3/2"'],
  ['a shard a/b', ['generate', '--lock', 'lmc.lock.yaml', '--shard', 'a/b'], 1, 'lmc: --shard must be i/n with 1 <= i <= n, not "a/b"'],
  ['a shard 1/0', ['generate', '--lock', 'lmc.lock.yaml', '--shard', '1/0'], 1, 'lmc: --shard must be i/n with 1 <= i <= n, not "1/0"'],
  ['a corpus the lock lacks', ['generate', '--lock', 'lmc.lock.yaml', '--corpus', 'nope'], 1, /^lmc: .*lmc\.lock\.yaml: no corpus named "nope" in the lock \(known: shop\)$/],
  ['plan of a corpus the lock lacks', ['plan', '--lock', 'lmc.lock.yaml', '--corpus', 'nope'], 1, /no corpus named "nope"/],
  ['merge with no shard directory', ['merge', '--lock', 'lmc.lock.yaml'], 2, 'lmc: usage: lmc merge SHARD_DIR... [--out DIR] [--lock FILE]'],
  ['cache without clean', ['cache'], 2, 'lmc: usage: lmc cache clean [--work-dir DIR]'],
  ['cache with another word', ['cache', 'purge'], 2, 'lmc: usage: lmc cache clean [--work-dir DIR]'],
  ['a positional where none is taken', ['generate', 'shop'], 2, /^lmc: Unexpected argument 'shop'/],
  ['an empty --out', ['generate', '--out', ''], 2, /^lmc: --out: /],
  ['an empty --lock', ['list', '--lock', ''], 2, /^lmc: --lock: /],
];

describe('the command line', () => {
  it.each(CLI_CASES)('%s', async (_, args, code, line) => {
    await expectFailure(args, code, line);
  });

  it.each(['generate', 'plan', 'merge', 'verify', 'audit', 'list', 'docs', 'cache'])('%s --help and -h print its usage and every option it takes', async (command) => {
    for (const flag of ['--help', '-h']) {
      const r = await lmc([command, flag], space);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: lmc ${command}`));
    }
  });

  it('a scenario file too large for one text is refused by its size before it is read, by run and lint alike', async () => {
    // Sparse: its size is past V8's longest string, and nothing is ever written or read.
    const file = join(space, 'huge.json');
    await writeFile(file, '');
    await truncateFile(file, bufferConstants.MAX_STRING_LENGTH + 1);
    const line = `lmc: ${file}: it is 536,870,889 bytes, more than lmc can hold as one text (536,870,888 bytes); split it into smaller files`;
    await expectFailure(['run', file, '--adapter', 'cat'], 1, line);
    await expectFailure(['lint', file], 1, line);
    await rm(file);
  });

  it('a scenario file that is a directory, or not JSON', async () => {
    await writeFile(join(space, 'half.json'), '[');
    await expectFailure(['run', space, '--adapter', 'cat'], 1, `lmc: ${space}: cannot read it (EISDIR)`);
    await expectFailure(['lint', join(space, 'half.json')], 1, `lmc: ${join(space, 'half.json')}: not JSON: Unexpected end of JSON input`);
  });

  it('lmc --help, -h and help name every command and every option, --shard included', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const r = await lmc(args, space);
      expect(r.code).toBe(0);
      for (const word of ['lmc generate', 'lmc plan', 'lmc merge', 'lmc verify', 'lmc audit', 'lmc list', 'lmc docs', 'lmc cache clean', '--shard i/n', '--work-dir', '--concurrency']) expect(r.stdout).toContain(word);
    }
  });

  it('lmc list shows each source kind and its pin', async () => {
    const r = await lmc(['list'], repoRoot);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^fastify +javascript +npm fastify@5\.6\.1 +scip-typescript 0\.4\.0 +yes$/m);
    expect(r.stdout).toMatch(/^gin +go +debian golang-github-gin-gonic-gin-dev=1\.8\.1-1 +tree-sitter 0\.27\.1 +yes$/m);
    expect(r.stdout).toMatch(/^fastify-git +javascript +git https:\/\/github\.com\/fastify\/fastify\.git @ 91414fecaa0a +scip-typescript 0\.4\.0 +no$/m);
    expect(r.stdout).toMatch(/^python-inventory +python +local languages\/python\/fixture /m);
  });

  it('a language name the lock takes is every folder and alias', () => {
    expect(languageNames()).toContain('javascript');
  });
});

describe('the file system', () => {
  it('--out that is a file', async () => {
    await writeFile(join(space, 'a-file'), 'x');
    await expectFailure(['generate', '--lock', 'lmc.lock.yaml', '--out', 'a-file', '--work-dir', 'work'], 1, /^lmc: --out .*a-file is a file, not a directory$/);
  });
  it('--work-dir that is a file', async () => {
    await writeFile(join(space, 'a-file'), 'x');
    await expectFailure(['generate', '--lock', 'lmc.lock.yaml', '--out', 'out', '--work-dir', 'a-file'], 1, /^lmc: --work-dir .*a-file is a file, not a directory$/);
  });
  it('--work-dir or --out inside what a local corpus selects', async () => {
    try {
      await expectFailure(['generate', '--lock', 'lmc.lock.yaml', '--out', 'out', '--work-dir', 'tree/work'], 1, `lmc: --work-dir ${join(space, 'tree/work')} lies inside corpus shop's local source tree, in what its include selects: the run would copy its own files into the corpus; pass a --work-dir outside it`);
      await expectFailure(['generate', '--lock', 'lmc.lock.yaml', '--out', 'tree/pricing/out', '--work-dir', 'work'], 1, `lmc: --out ${join(space, 'tree/pricing/out')} lies inside corpus shop's local source tree, in what its include selects: the run would copy its own files into the corpus; pass a --out outside it`);
    } finally {
      await rm(join(space, 'tree/work'), { recursive: true, force: true });
      await rm(join(space, 'tree/pricing/out'), { recursive: true, force: true });
    }
    // Where the corpus selects none of it, the work directory may lie in the source.
    const root = await tempDir('faults-own-dirs');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText({ exclude: '[work/]' }));
    const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'tree/work'], root);
    expect(r.code, r.stderr).toBe(0);
    await rm(root, { recursive: true, force: true });
  });
  it('a corpus that yields no scenario', async () => {
    const root = await tempDir('faults-empty');
    await mkdir(join(root, 'tree'));
    await writeFile(join(root, 'tree', 'x.go'), 'package x\n');
    await writeFile(join(root, 'l.yaml'), lockText());
    const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
    expect({ code: r.code, lines: errorLines(r.stderr) }).toEqual({ code: 1, lines: ['lmc: corpus shop, stage validate: no scenario to write: the index of its 1 selected file(s) defines nothing any sub-type can ask about'] });
    expect(await readdir(join(root, 'out'))).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
  it('an overlay that is a directory', async () => {
    const root = await tempDir('faults-overlay-dir');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText());
    await mkdir(join(root, 'scenarios', 'manual', 'shop.yaml'), { recursive: true });
    const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
    expect({ code: r.code, lines: errorLines(r.stderr) }).toEqual({ code: 1, lines: ['lmc: corpus shop, stage generate, scenarios/manual/shop.yaml: cannot read it (EISDIR)'] });
    await rm(root, { recursive: true, force: true });
  });
  it('--out that cannot be created', async () => {
    await expectFailure(['generate', '--lock', 'lmc.lock.yaml', '--out', '/proc/lmc-out', '--work-dir', 'work'], 1, 'lmc: --out /proc/lmc-out cannot be written (ENOENT)');
  });
  it('--out below a file', async () => {
    await writeFile(join(space, 'a-file'), 'x');
    await expectFailure(['generate', '--lock', 'lmc.lock.yaml', '--out', 'a-file/out', '--work-dir', 'work'], 1, /^lmc: --out .*a-file\/out cannot be written \(ENOTDIR\)$/);
  });
  it('--work-dir that cannot be created', async () => {
    await expectFailure(['generate', '--lock', 'lmc.lock.yaml', '--out', 'out', '--work-dir', '/proc/lmc-work'], 1, /^lmc: --work-dir \/proc\/lmc-work cannot be written/);
  });
  it('cache clean of a --work-dir that is a file', async () => {
    await writeFile(join(space, 'a-file'), 'x');
    await expectFailure(['cache', 'clean', '--work-dir', 'a-file'], 1, /^lmc: --work-dir .*a-file is a file, not a directory$/);
  });
  it('a directory where an output file goes', async () => {
    const out = join(space, 'blocked');
    await mkdir(join(out, 'shop.manifest.json'), { recursive: true });
    const r = await lmc(['generate', '--lock', 'lmc.lock.yaml', '--out', 'blocked', '--work-dir', 'work'], space);
    expect([r.code, errorLines(r.stderr)]).toEqual([1, [`lmc: ${join(out, 'shop.manifest.json')} is in the way of corpus shop's output: it is not a regular file`]]);
    expect(await readdir(out)).toEqual(['shop.manifest.json']);
  });
  it('a local source that leaves the repository through a symbolic link on its path', async () => {
    const root = await tempDir('faults-link');
    await symlink('/', join(root, 'root-link'));
    await writeFile(join(root, 'l.yaml'), lockText({ source: '{ kind: local, path: root-link/etc }' }));
    const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
    expect([r.code, errorLines(r.stderr)]).toEqual([1, ['lmc: corpus shop, stage fetch: local source root-link/etc leaves the repository through a symbolic link (it resolves to /etc); refusing']]);
    expect(await readdir(join(root, 'out'))).toEqual([]);
    expect((await readdir(join(root, 'work'))).filter((n) => n !== 'lock' && n !== 'cache')).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
  it('a local source that does not exist', async () => {
    await writeFile(join(space, 'gone.yaml'), lockText({ source: '{ kind: local, path: gone }' }));
    await expectFailure(['generate', '--lock', 'gone.yaml', '--out', 'out', '--work-dir', 'work'], 1, /^lmc: corpus shop, stage fetch: local source gone does not exist/);
  });
  it('an include that selects nothing', async () => {
    await writeFile(join(space, 'empty.yaml'), lockText({ include: '[nothing/]' }));
    await expectFailure(['generate', '--lock', 'empty.yaml', '--out', 'out', '--work-dir', 'work'], 1, 'lmc: corpus shop, stage fetch: include ["nothing/"] selected no files from the source');
  });
  it('names that are not UTF-8, symbolic links, binary files and hard links inside a corpus are skipped and listed in the manifest', async () => {
    const root = await tempDir('faults-names');
    await cp(join(repoRoot, 'languages', 'go', 'fixture'), join(root, 'tree'), { recursive: true });
    await writeFile(Buffer.from(`${join(root, 'tree')}/bad-\xff\xfe.go`, 'latin1'), 'package inventory\n');
    await symlink('/etc/passwd', join(root, 'tree', 'passwd.go'));
    // A second name, inside the corpus, for a file outside it: realpath cannot see it.
    await writeFile(join(root, 'outside.go'), 'package secret\n\nfunc Leak() {}\n');
    await link(join(root, 'outside.go'), join(root, 'tree', 'secret.go'));
    await writeFile(join(root, 'tree', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    await writeFile(join(root, 'l.yaml'), lockText());
    const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
    expect(r.code, r.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(root, 'out', 'shop.manifest.json'), 'utf8')) as { corpus: { skipped: unknown } };
    expect(manifest.corpus.skipped).toEqual({ symlinks: ['passwd.go'], names_not_utf8: ['bad-\\xff\\xfe.go'], binary: ['logo.png'], archive_entries: [], hard_links: ['secret.go'] });
    expect((await readdir(join(root, 'work', 'trees', 'shop'), { recursive: true })).filter((n) => n.endsWith('.go')).map((n) => n.split('/').pop()).sort()).not.toContain('secret.go');
    await rm(root, { recursive: true, force: true });
  });
});

describe('the stage cache', () => {
  /** A damaged cache is a miss: the run ends like a clean one, byte for byte. */
  const damage: Array<[string, (cacheDir: string) => Promise<void>]> = [
    ['a truncated result.json', async (dir) => truncate(dir, 'generate', 'result.json')],
    ['a truncated audit.json', async (dir) => truncate(dir, 'audit', 'audit.json')],
    ['a truncated index.scip', async (dir) => truncate(dir, 'index', 'index.scip')],
    ['a done marker whose file is missing', async (dir) => removeFrom(dir, 'generate', 'result.json')],
    ['a done marker that is not JSON', async (dir) => overwrite(dir, 'index', 'done', '{')],
    ['an empty done marker', async (dir) => overwrite(dir, 'audit', 'done', '')],
    ['an entry without its done marker', async (dir) => removeFrom(dir, 'index', 'done')],
  ];

  it.each(damage)('%s', async (_, hurt) => {
    const root = await tempDir('faults-cache');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText());
    await cp(join(space, 'work'), join(root, 'work'), { recursive: true });
    await rm(join(root, 'work', 'lock'), { force: true });
    await hurt(join(root, 'work', 'cache'));
    const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
    expect(r.code, r.stderr).toBe(0);
    expect(await snapshot(join(root, 'out'))).toEqual(await snapshot(join(space, 'out')));
    await rm(root, { recursive: true, force: true });
  });
});

async function entries(cacheDir: string, stage: string): Promise<string[]> {
  return (await readdir(join(cacheDir, stage))).map((key) => join(cacheDir, stage, key));
}
async function truncate(cacheDir: string, stage: string, file: string): Promise<void> {
  for (const dir of await entries(cacheDir, stage)) {
    const bytes = await readFile(join(dir, file));
    await writeFile(join(dir, file), bytes.subarray(0, Math.floor(bytes.length / 2)));
  }
}
async function removeFrom(cacheDir: string, stage: string, file: string): Promise<void> {
  for (const dir of await entries(cacheDir, stage)) await rm(join(dir, file), { force: true });
}
async function overwrite(cacheDir: string, stage: string, file: string, text: string): Promise<void> {
  for (const dir of await entries(cacheDir, stage)) await writeFile(join(dir, file), text);
}

describe('merge', () => {
  let shards: string;
  beforeAll(async () => {
    shards = await tempDir('faults-shards');
    await cp(join(space, 'tree'), join(shards, 'tree'), { recursive: true });
    await writeFile(join(shards, 'l.yaml'), `format: 1\ncorpora:\n${corpusEntry()}${corpusEntry({ name: 'shop-b', seed: '2' })}`);
    for (const part of ['1/2', '2/2']) {
      const r = await lmc(['generate', '--lock', 'l.yaml', '--shard', part, '--out', `s${part[0]}`, '--work-dir', 'work'], shards);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 600_000);
  afterAll(() => rm(shards, { recursive: true, force: true }));

  const mergeFails = async (dirs: string[], line: string | RegExp, prepare?: (copy: string) => Promise<void>) => {
    const copy = await tempDir('faults-merge');
    await cp(shards, copy, { recursive: true });
    await prepare?.(copy);
    const r = await lmc(['merge', ...dirs, '--lock', 'l.yaml', '--out', 'merged-refused'], copy);
    const lines = errorLines(r.stderr);
    expect({ code: r.code, lines: lines.length }, r.stderr).toEqual({ code: 1, lines: 1 });
    if (typeof line === 'string') expect(lines[0]).toBe(line);
    else expect(lines[0]).toMatch(line);
    expect(await readdir(join(copy, 'merged-refused')).catch(() => [])).toEqual([]);
    await rm(copy, { recursive: true, force: true });
  };

  it('two whole shards merge into what one run gives', async () => {
    const r = await lmc(['merge', 's1', 's2', '--lock', 'l.yaml', '--out', 'merged'], shards);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`merged 2 corpora into ${join(shards, 'merged')}: shop, shop-b\n`);
  });
  it('one of two shards', () => mergeFails(['s1'], "lmc: the plan's shop-b is in no shard (a shard is missing or failed)"));
  it('the same shard twice', () => mergeFails(['s1', 's1'], /^lmc: corpus shop appears in two shards/));
  it('a directory that does not exist', () => mergeFails(['nowhere'], /^lmc: .*nowhere holds no lmc-shard\.json: not the output of `lmc generate --shard`$/));
  it('an empty directory', () => mergeFails(['empty'], /holds no lmc-shard\.json/, (c) => mkdir(join(c, 'empty'))));
  it('a shard record that is not JSON', () => mergeFails(['s1', 's2'], /lmc-shard\.json is not JSON$/, (c) => writeFile(join(c, 's1', 'lmc-shard.json'), '{')));
  it('a shard record that is {}', () => mergeFails(['s1', 's2'], /lmc-shard\.json is not a shard record \(field format\)$/, (c) => writeFile(join(c, 's1', 'lmc-shard.json'), '{}')));
  it('a shard of another lock', () => mergeFails(['s1', 's2'], /^lmc: the shards were generated from another lock than /, async (c) => writeFile(join(c, 'l.yaml'), `${await readFile(join(shards, 'l.yaml'), 'utf8')}# edited\n`)));
  it('shards of two different locks', () =>
    mergeFails(['s1', 's2'], /^lmc: the shards come from different locks/, async (c) => {
      const record = JSON.parse(await readFile(join(c, 's2', 'lmc-shard.json'), 'utf8')) as { lock_sha256: string };
      record.lock_sha256 = 'f'.repeat(64);
      await writeFile(join(c, 's2', 'lmc-shard.json'), JSON.stringify(record));
    }));
  it('an edited dataset card', () => mergeFails(['s1', 's2'], /shop\.md does not match the sha256 shop\.manifest\.json records/, (c) => appendTo(join(c, 's1', 'shop.md'))));
  it('an edited audit', () => mergeFails(['s1', 's2'], /shop\.audit\.json does not match the sha256/, (c) => appendTo(join(c, 's1', 'shop.audit.json'))));
  it('an edited scenario file', () => mergeFails(['s1', 's2'], /shop\.json does not match the sha256/, (c) => appendTo(join(c, 's1', 'shop.json'))));
  it('a manifest that is {', () => mergeFails(['s1', 's2'], /shop\.manifest\.json is not JSON$/, (c) => writeFile(join(c, 's1', 'shop.manifest.json'), '{')));
  it('a manifest that is {}', () => mergeFails(['s1', 's2'], /shop\.manifest\.json records no sha256 for shop\.json/, (c) => writeFile(join(c, 's1', 'shop.manifest.json'), '{}')));
  it('a missing scenario file', () => mergeFails(['s1', 's2'], /shop\.json is missing/, (c) => rm(join(c, 's1', 'shop.json'))));
  it('a scenario file edited with its hash edited to match', () =>
    mergeFails(['s1', 's2'], /shop\.json holds \d+ scenario\(s\), shop\.manifest\.json counts \d+ \(the set was edited\)$/, async (c) => {
      const file = join(c, 's1', 'shop.json');
      const text = `${JSON.stringify(JSON.parse(await readFile(file, 'utf8')).slice(1), null, 2)}\n`;
      await writeFile(file, text);
      const manifestFile = join(c, 's1', 'shop.manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
      manifest.scenario_file.sha256 = createHash('sha256').update(text).digest('hex');
      await writeFile(manifestFile, JSON.stringify(manifest));
    }));
});

async function appendTo(path: string): Promise<void> {
  await writeFile(path, `${await readFile(path, 'utf8')} `);
}

describe('signals and concurrency', () => {
  it('two runs creating the same missing directories at once both find them writable', async () => {
    const root = await tempDir('faults-mkdir');
    for (let i = 0; i < 20; i++) {
      const dir = join(root, `run${i}`, 'a', 'b');
      await expect(Promise.all([writableDir(dir, '--out'), writableDir(dir, '--out')])).resolves.toEqual([undefined, undefined]);
    }
    await rm(root, { recursive: true, force: true });
  });
  it.each([['SIGINT'], ['SIGTERM']] as const)('%s during a run stops its children, removes its temporary files and exits 130', async (signal) => {
    const root = await tempDir('faults-signal');
    const scratchParent = join(root, 'tmp');
    await mkdir(scratchParent);
    await writeFile(join(root, 'l.yaml'), `format: 1\ncorpora:\n  - name: py\n    language: python\n    description: the Python fixture through scip-python\n    license: MIT\n    source: { kind: local, path: tree }\n    include: [inventory/, tests/]\n    indexer: { name: scip-python, version: 0.6.6 }\n    project: { name: inventory, version: 1.0.0 }\n    seed: 1\n    budget: 50\n    default: true\n`);
    await cp(join(repoRoot, 'languages', 'python', 'fixture'), join(root, 'tree'), { recursive: true });
    const child = spawn(process.execPath, [lmcBin, 'generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], { cwd: root, env: { ...process.env, TMPDIR: scratchParent } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Wait until the indexer (a child process) runs, then interrupt.
    await new Promise<void>((resolve) => {
      const poll = setInterval(async () => {
        const scratch = (await readdir(scratchParent)).filter((n) => n.startsWith('lmc-scratch-'));
        // (tsx keeps its own cache in TMPDIR too; only lmc's files are ours to remove.)
        if (scratch.length && /py: index…/.test(stderr)) {
          clearInterval(poll);
          resolve();
        }
      }, 50);
    });
    child.kill(signal);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
    expect(stderr.split('\n').filter((l) => l.startsWith('lmc:'))).toEqual(['lmc: interrupted; stopped child processes and removed temporary files']);
    expect((await readdir(scratchParent)).filter((n) => n.startsWith('lmc-'))).toEqual([]);
    expect(await readdir(join(root, 'out')).catch(() => [])).toEqual([]);
    const { stdout } = await execFileP('ps', ['-eo', 'args']);
    expect(stdout).not.toContain(join(root, 'work'));
    expect((await readdir(join(root, 'work'))).includes('lock')).toBe(false);
    await rm(root, { recursive: true, force: true });
  });

  it('a run killed outright leaves its scratch directory behind; the next run removes it and still runs', async () => {
    const root = await tempDir('faults-sigkill');
    const scratchParent = join(root, 'tmp');
    await mkdir(scratchParent);
    await writeFile(join(root, 'l.yaml'), `format: 1\ncorpora:\n  - name: py\n    language: python\n    description: the Python fixture through scip-python\n    license: MIT\n    source: { kind: local, path: tree }\n    include: [inventory/, tests/]\n    indexer: { name: scip-python, version: 0.6.6 }\n    project: { name: inventory, version: 1.0.0 }\n    seed: 1\n    budget: 50\n    default: true\n`);
    await cp(join(repoRoot, 'languages', 'python', 'fixture'), join(root, 'tree'), { recursive: true });
    const args = [lmcBin, 'generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'];
    const env = { ...process.env, TMPDIR: scratchParent };
    // Its own process group, so that the indexer it started dies with it, as on a machine's reboot.
    const child = spawn(process.execPath, args, { cwd: root, env, detached: true, stdio: 'ignore' });
    const left = await new Promise<string[]>((resolve) => {
      const poll = setInterval(async () => {
        const scratch = (await readdir(scratchParent)).filter((n) => n.startsWith('lmc-scratch-py-'));
        if (scratch.length) {
          clearInterval(poll);
          resolve(scratch);
        }
      }, 50);
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    expect(left).toEqual([expect.stringMatching(new RegExp(`^lmc-scratch-py-${child.pid}\\.\\d+-[A-Za-z0-9]{6}$`))]);
    expect((await readdir(scratchParent)).filter((n) => n.startsWith('lmc-'))).toEqual(left);
    const again = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root, { TMPDIR: scratchParent });
    expect(again.code).toBe(0);
    expect((await readdir(scratchParent)).filter((n) => n.startsWith('lmc-'))).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });

  it("a sweep removes only this user's scratch directories whose run is gone", async () => {
    const root = await tempDir('faults-sweep');
    const ended = spawn(process.execPath, ['-e', '']);
    const gonePid = await new Promise<number>((resolve) => ended.on('exit', () => resolve(ended.pid!)));
    const ticks = startTicks(process.pid);
    const names = {
      gone: `lmc-scratch-app-${gonePid}.123-AbC123`,
      reused: `lmc-verify-${process.pid}.${Number(ticks) + 1}-xyz789`,
      mine: `lmc-adapters-${process.pid}.${ticks}-Q1w2E3`,
      unknownStart: `lmc-scratch-app-${process.pid}.x-ZZZZZZ`,
      other: `lmc-scratch-app-AbC123`,
      file: `lmc-scratch-app-${gonePid}.1-FiLe00`,
      link: `lmc-scratch-app-${gonePid}.2-LiNk00`,
    };
    for (const name of [names.gone, names.reused, names.mine, names.unknownStart, names.other]) await mkdir(join(root, name, 'sub'), { recursive: true });
    await writeFile(join(root, names.file), 'x');
    await mkdir(join(root, 'target'));
    await writeFile(join(root, 'target', 'kept'), 'x');
    await symlink(join(root, 'target'), join(root, names.link));
    expect((await sweepScratch(root)).sort()).toEqual([names.gone, names.reused].sort());
    expect((await readdir(root)).sort()).toEqual([names.mine, names.unknownStart, names.other, names.file, names.link, 'target'].sort());
    expect(await readdir(join(root, 'target'))).toEqual(['kept']);
    await rm(root, { recursive: true, force: true });
  });

  it('two runs started together on one work directory: one runs, the other refuses in one line', async () => {
    const root = await tempDir('faults-twice');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText());
    const [a, b] = await Promise.all([0, 1].map(() => lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work', '--force'], root)));
    const results = [a!, b!].sort((x, y) => x.code - y.code);
    expect(results[0]!.code, results[0]!.stderr).toBe(0);
    if (results[1]!.code !== 0) {
      expect(results[1]!.code).toBe(1);
      expect(errorLines(results[1]!.stderr)).toEqual([expect.stringMatching(/^lmc: the work directory .*work is in use by another lmc run \(pid \d+\); wait for it to finish or pass another --work-dir$/)]);
    }
    expect(await snapshot(join(root, 'out'))).toEqual(await snapshot(join(space, 'out')));
    await rm(root, { recursive: true, force: true });
  });

  it('the work-directory lock: runs racing for it never hold it at once, and each one refused names the holder', async () => {
    const root = await tempDir('faults-lock-race');
    await mkdir(join(root, 'work'));
    // They start from a lock left by a run that died, and the token to take it over left by
    // another that died while taking it over.
    await writeFile(join(root, 'work', 'lock'), '999999999\n');
    await writeFile(join(root, 'work', 'lock.takeover.999999999'), '999999998\n');
    // Each contender, from one shared instant, tries 40 times to take the lock, holding it a few
    // milliseconds whenever it gets it, and reports when it held it and why it was refused.
    const script = join(root, 'contend.mts');
    await writeFile(
      script,
      `import { lockWorkDir } from ${JSON.stringify(join(repoRoot, 'pipeline', 'preflight.ts'))};\n` +
        `const [dir, start] = [process.argv[2], Number(process.argv[3])];\n` +
        `while (Date.now() < start) {}\n` +
        `const held = [], refused = [];\n` +
        `for (let i = 0; i < 40; i++) {\n` +
        `  try {\n` +
        `    const release = await lockWorkDir(dir);\n` +
        `    const from = process.hrtime.bigint();\n` +
        `    await new Promise((r) => setTimeout(r, 3));\n` +
        `    held.push([String(from), String(process.hrtime.bigint())]);\n` +
        `    await release();\n` +
        `  } catch (e) { refused.push(e.message); }\n` +
        `}\n` +
        `console.log(JSON.stringify({ held, refused }));\n`,
    );
    const start = Date.now() + 2500;
    const reports = await Promise.all(
      Array.from({ length: 6 }, () => execFileP(process.execPath, ['--import', 'tsx', script, join(root, 'work'), String(start)], { cwd: repoRoot }).then((r) => JSON.parse(r.stdout) as { held: [string, string][]; refused: string[] })),
    );
    const held = reports.flatMap((r) => r.held.map((h) => h.map(BigInt) as [bigint, bigint])).sort((x, y) => (x[0] < y[0] ? -1 : 1));
    const overlaps = held.filter((h, i) => i > 0 && h[0] <= held[i - 1]![1]).length;
    expect(overlaps).toBe(0);
    expect(held.length).toBeGreaterThan(0);
    for (const message of reports.flatMap((r) => r.refused)) expect(message).toMatch(/^the work directory .*work is in use by another lmc run \(pid \d+\); wait for it to finish or pass another --work-dir$/);
    expect(await readdir(join(root, 'work'))).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });

  it('a lock left by a run that died is taken over', async () => {
    const root = await tempDir('faults-stale');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText());
    await mkdir(join(root, 'work'));
    await writeFile(join(root, 'work', 'lock'), '999999999\n');
    const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
    expect(r.code, r.stderr).toBe(0);
    await rm(root, { recursive: true, force: true });
  });

  it('a lock naming a live pid is kept only while that pid is the process that took it (same boot, same start time)', async () => {
    const root = await tempDir('faults-reused-pid');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText());
    await mkdir(join(root, 'work'));
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const { boot, started } = await startOf(sleeper.pid!);
      await writeFile(join(root, 'work', 'lock'), `${sleeper.pid} ${boot}:${started}\n`);
      const refused = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
      expect(errorLines(refused.stderr)).toEqual([`lmc: the work directory ${join(root, 'work')} is in use by another lmc run (pid ${sleeper.pid}); wait for it to finish or pass another --work-dir`]);
      // The same pid, but a process started at another time: the run that took the lock died and the pid was reused.
      await writeFile(join(root, 'work', 'lock'), `${sleeper.pid} ${boot}:${started + 1}\n`);
      const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work'], root);
      expect(r.code, r.stderr).toBe(0);
    } finally {
      sleeper.kill();
    }
    await rm(root, { recursive: true, force: true });
  });

  it('two runs with work directories of their own cannot write one --out at once: the second refuses naming the run that holds it', async () => {
    const root = await tempDir('faults-out-lock');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText());
    await mkdir(join(root, 'out'));
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const { boot, started } = await startOf(sleeper.pid!);
      await writeFile(join(root, 'out', '.lmc-lock'), `${sleeper.pid} ${boot}:${started}\n`);
      const refused = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work-b'], root);
      expect([refused.code, errorLines(refused.stderr)]).toEqual([1, [`lmc: the output directory ${join(root, 'out')} is in use by another lmc run (pid ${sleeper.pid}); wait for it to finish or pass another --out`]]);
      expect(await readdir(join(root, 'out'))).toEqual(['.lmc-lock']);
      // Once that run is gone, its lock is stale: the next run takes it over, and releases it when done.
      sleeper.kill();
      await new Promise((done) => sleeper.once('exit', done));
      const r = await lmc(['generate', '--lock', 'l.yaml', '--out', 'out', '--work-dir', 'work-b'], root);
      expect(r.code, r.stderr).toBe(0);
      expect(await snapshot(join(root, 'out'))).toEqual(await snapshot(join(space, 'out')));
    } finally {
      sleeper.kill();
    }
    await rm(root, { recursive: true, force: true });
  });

  it('--corpus named twice runs it once', async () => {
    const root = await tempDir('faults-dup');
    await cp(join(space, 'tree'), join(root, 'tree'), { recursive: true });
    await writeFile(join(root, 'l.yaml'), lockText());
    const r = await lmc(['generate', '--lock', 'l.yaml', '--corpus', 'shop', '--corpus', 'shop', '--out', 'out', '--work-dir', 'work'], root);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.match(/^shop +ok /gm)).toHaveLength(1);
    await rm(root, { recursive: true, force: true });
  });
});

describe('a missing program', () => {
  it('without rg on PATH, generate stops before any work, naming the install line', async () => {
    const noRg = await tempDir('faults-path');
    await symlink(process.execPath, join(noRg, 'node'));
    const r = await lmc(['generate', '--lock', 'lmc.lock.yaml', '--out', 'out', '--work-dir', 'work-without-rg'], space, { PATH: noRg });
    expect([r.code, r.stdout, r.stderr]).toEqual([1, '', 'lmc: ripgrep (rg) is not installed (grep_compared answers and the grep floor search with it); install it with `apt-get install -y ripgrep` (as root, or with sudo)\n']);
    // Nothing was fetched or locked: the work directory, made when it was checked, holds nothing.
    expect(await readdir(join(space, 'work-without-rg'))).toEqual([]);
    await rm(noRg, { recursive: true, force: true });
  });

});
