import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, link, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractTarGz } from '../fetchers/archive.ts';
import { fetchGit } from '../fetchers/git.ts';
import { fetchCorpus } from '../fetchers/index.ts';
import { fetchLocal } from '../fetchers/local.ts';
import { fetchNpm, npmTarballUrl } from '../fetchers/npm.ts';
import { listFiles, selectTree, treeDigest } from '../fetchers/tree.ts';
import { PipelineError } from '../core/errors.ts';
import type { Corpus, Source } from '../core/lock.ts';

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lmc-fetchers-'));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function writeFiles(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function readTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of await listFiles(dir)) out[file] = await readFile(join(dir, file), 'utf8');
  return out;
}

/** Keeps the user's git config out of the tests (and out of commit SHAs). */
function withGlobalGitConfig(getPath: () => string) {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.GIT_CONFIG_GLOBAL;
    process.env.GIT_CONFIG_GLOBAL = getPath();
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
    else process.env.GIT_CONFIG_GLOBAL = saved;
  });
}

// ---------------------------------------------------------------------------------------------------------
// A tiny tar writer, enough to build the archives the reader must accept or refuse.

type TarEntry = {
  name: string;
  type?: string;
  body?: string | Buffer;
  linkname?: string;
  prefix?: string;
  base256Size?: boolean;
  corruptChecksum?: boolean;
};

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
}

function tarHeader(entry: TarEntry, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(entry.name, 0, 100, 'utf8');
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (entry.base256Size) {
    header[124] = 0x80;
    header.writeUInt32BE(size, 132);
  } else {
    writeOctal(header, 124, 12, size);
  }
  writeOctal(header, 136, 12, 0);
  header[156] = (entry.type ?? '0').charCodeAt(0);
  header.write(entry.linkname ?? '', 157, 100, 'utf8');
  header.write('ustar\0', 257, 'latin1');
  header.write('00', 263, 'latin1');
  header.write(entry.prefix ?? '', 345, 155, 'utf8');
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  if (entry.corruptChecksum) sum += 1;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return header;
}

function paxBody(records: Record<string, string>): Buffer {
  const lines = Object.entries(records).map(([key, value]) => {
    const rest = ` ${key}=${value}\n`;
    let length = Buffer.byteLength(rest) + 1;
    while (String(length).length + Buffer.byteLength(rest) !== length) length += 1;
    return `${length}${rest}`;
  });
  return Buffer.from(lines.join(''), 'utf8');
}

function tarGz(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    blocks.push(tarHeader(entry, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

function sha512Integrity(bytes: Buffer): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

// ---------------------------------------------------------------------------------------------------------

describe('selectTree', () => {
  it('copies exactly the included, non-excluded regular files and reports symlinks and binary files without copying them', async () => {
    const src = await tempDir();
    const dest = join(await tempDir(), 'tree');
    await writeFiles(src, {
      'README.md': 'readme\n',
      'README.md.bak': 'backup\n',
      'package.json': '{}\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/deep/b.ts': 'export const b = 2;\n',
      'src/gen/generated.ts': 'generated\n',
      'src/skip.ts': 'skip\n',
      'src/bin.dat': Buffer.from([0xfe, 255, 10, 13, 0x80]),
      'src/locale/de.mo': Buffer.from([0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0]),
      'lib/c.js': 'c\n',
      'library/d.js': 'd\n',
      'test/t.ts': 'test\n',
      '.git/config': '[core]\n',
      'src/.git': 'gitdir: elsewhere\n',
    });
    await chmod(join(src, 'src/a.ts'), 0o700);
    await symlink('a.ts', join(src, 'src/link.ts'));
    await symlink('/etc', join(src, 'src/etc'));
    await symlink('../../..', join(src, 'lib/escape'));
    await symlink('../README.md', join(src, 'test/link.md'));
    // Both names of a hard-linked file are skipped, and so is a name outside the selection's other one.
    await link(join(src, 'lib/c.js'), join(src, 'src/twin.ts'));
    await link(join(src, 'test/t.ts'), join(src, 'src/t.ts'));

    const result = await selectTree(src, dest, ['src/', 'README.md', 'lib', '.git/'], ['src/gen/', 'src/skip.ts']);

    expect(await listFiles(dest)).toEqual(['README.md', 'src/a.ts', 'src/bin.dat', 'src/deep/b.ts']);
    expect(result).toEqual({
      files: 4,
      bytes: 7 + 20 + 5 + 20,
      skippedLinks: ['lib/escape', 'src/etc', 'src/link.ts'],
      skippedNames: [],
      skippedBinary: ['src/locale/de.mo'],
      skippedArchive: [],
      skippedHardLinks: ['lib/c.js', 'src/t.ts', 'src/twin.ts'],
    });
    // Bytes that are not UTF-8 but hold no NUL are text to rg, and copied as they are.
    expect(await readFile(join(dest, 'src/bin.dat'))).toEqual(Buffer.from([0xfe, 255, 10, 13, 0x80]));
    expect(await readFile(join(dest, 'src/a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect((await stat(join(dest, 'src/a.ts'))).mode & 0o777).toBe(0o644);
    expect((await stat(join(dest, 'src/deep'))).mode & 0o777).toBe(0o755);
  });

  it('treats an entry without a trailing slash as a file or a whole directory, never as a name prefix', async () => {
    const src = await tempDir();
    const dest = join(await tempDir(), 'tree');
    await writeFiles(src, { 'docs/a.md': 'a', 'docs2/b.md': 'b', 'docs.md': 'c', 'x/docs': 'd' });
    const result = await selectTree(src, dest, ['docs', 'x/docs'], []);
    expect(await listFiles(dest)).toEqual(['docs/a.md', 'x/docs']);
    expect(result.skippedLinks).toEqual([]);
  });
});

describe('treeDigest', () => {
  // The recipe in fetchers/tree.ts and the README.
  const DIGEST_RECIPE = "find . -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -r0 sha256sum | sha256sum";
  const SMALL_TREE_DIGEST = 'sha256:85a0cd2f505bf9fa5ca1818f06d920caef8de42518fb30202218187a3aa95e3d';
  const files: Array<[string, string]> = [
    ['a.txt', 'alpha\n'],
    ['B.txt', 'beta\n'],
    ['b/c.txt', 'gamma\n'],
    ['é.txt', 'delta\n'],
    ['b-d.txt', 'epsilon\n'],
  ];

  it('hashes the sha256sum-style listing of the files in byte order of their paths', async () => {
    const dir = await tempDir();
    await writeFiles(dir, Object.fromEntries(files));
    expect(await listFiles(dir)).toEqual(['B.txt', 'a.txt', 'b-d.txt', 'b/c.txt', 'é.txt']);
    expect(await treeDigest(dir)).toEqual({
      digest: SMALL_TREE_DIGEST,
      files: 5,
      bytes: 31,
    });
  });

  it('matches the find | LC_ALL=C sort | sha256sum recipe in its comment', async () => {
    const dir = await tempDir();
    await writeFiles(dir, Object.fromEntries(files));
    const hex = execFileSync('sh', ['-c', DIGEST_RECIPE], { cwd: dir, encoding: 'utf8' }).split(' ')[0];
    expect((await treeDigest(dir)).digest).toBe(`sha256:${hex}`);
  });

  it('escapes a name with a newline, a carriage return or a backslash as sha256sum does, so no name forges another line', async () => {
    const twoFiles = await tempDir();
    await writeFiles(twoFiles, { 'store.go': 'package shop\n', 'store_test.go': 'package shop_test\n' });
    // One file whose name reads, unescaped, as the listing of the two above.
    const testHex = createHash('sha256').update('package shop_test\n').digest('hex');
    const forged = await tempDir();
    await writeFiles(forged, { [`store.go\n${testHex}  store_test.go`]: 'package shop\n' });
    expect((await treeDigest(forged)).digest).not.toBe((await treeDigest(twoFiles)).digest);

    const odd = await tempDir();
    await writeFiles(odd, { 'a\nb.txt': 'one\n', 'c\rd.txt': 'two\n', 'e\\f.txt': 'three\n', 'plain.txt': 'four\n' });
    const hex = execFileSync('sh', ['-c', DIGEST_RECIPE], { cwd: odd, encoding: 'utf8' }).split(' ')[0];
    expect((await treeDigest(odd)).digest).toBe(`sha256:${hex}`);
  });

  it('does not depend on the order the files were created in', async () => {
    const first = await tempDir();
    const second = await tempDir();
    await writeFiles(first, Object.fromEntries(files));
    await writeFiles(second, Object.fromEntries([...files].reverse()));
    expect((await treeDigest(second)).digest).toBe((await treeDigest(first)).digest);
    expect((await treeDigest(first)).digest).toBe(SMALL_TREE_DIGEST);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('extractTarGz', () => {
  const label = 'evil@1.0.0 tarball';
  const extract = (entries: TarEntry[], dest: string) => extractTarGz(tarGz(entries), dest, { stripComponents: 1, label });

  it('extracts ustar, GNU long-name and pax-named files with fixed modes, skipping inside links and fifos', async () => {
    const dest = join(await tempDir(), 'out');
    const longDir = `package/${'d'.repeat(60)}/${'e'.repeat(60)}`;
    const result = await extract(
      [
        { name: 'package/', type: '5' },
        { name: 'package/index.js', body: 'module.exports = 1;\n' },
        { name: 'package/lib/', type: '5' },
        { name: 'util.js', prefix: 'package/lib', body: 'util\n' },
        { name: '././@LongLink', type: 'L', body: `${longDir}/long.js\0` },
        { name: 'truncated-name', body: 'long\n' },
        { name: 'PaxHeader', type: 'x', body: paxBody({ path: 'package/pax/ünïcode.js', mtime: '0' }) },
        { name: 'package/ignored-ustar-name', body: 'pax\n' },
        { name: 'pax_global_header', type: 'g', body: paxBody({ comment: 'ignored' }) },
        { name: 'package/big.bin', body: 'base-256 size\n', base256Size: true },
        { name: 'package/lib/alias.js', type: '2', linkname: '../index.js' },
        { name: 'package/hard.js', type: '1', linkname: 'package/index.js' },
        { name: 'package/fifo', type: '6' },
        { name: 'package/index.js', body: 'module.exports = 2;\n' },
      ],
      dest,
    );
    expect(await readTree(dest)).toEqual({
      'big.bin': 'base-256 size\n',
      [`${longDir.slice('package/'.length)}/long.js`]: 'long\n',
      'index.js': 'module.exports = 2;\n',
      'lib/util.js': 'util\n',
      'pax/ünïcode.js': 'pax\n',
    });
    expect(result).toEqual({ files: 6, skipped: ['lib/alias.js', 'hard.js', 'fifo'] });
    expect((await stat(join(dest, 'index.js'))).mode & 0o777).toBe(0o644);
    expect((await stat(join(dest, 'lib'))).mode & 0o777).toBe(0o755);
  });

  const refusals: Array<[string, TarEntry[], string]> = [
    [
      'a parent-relative name',
      [{ name: '../evil.txt', body: 'x' }],
      'refusing entry "../evil.txt": the path has a ".." segment',
    ],
    ['an absolute name', [{ name: '/abs.txt', body: 'x' }], 'refusing entry "/abs.txt": the path is absolute'],
    [
      '.. after the stripped component',
      [{ name: 'package/../../x', body: 'x' }],
      'refusing entry "package/../../x": the path has a ".." segment',
    ],
    [
      'a symlink pointing outside',
      [{ name: 'package/link', type: '2', linkname: '../../outside' }],
      'refusing entry "package/link": symlink target "../../outside" is outside the destination',
    ],
    [
      'an absolute symlink',
      [{ name: 'package/passwd', type: '2', linkname: '/etc/passwd' }],
      'refusing entry "package/passwd": symlink target "/etc/passwd" is outside the destination',
    ],
    [
      'a hardlink pointing outside',
      [{ name: 'package/hl', type: '1', linkname: 'package/../../x' }],
      'refusing entry "package/hl": hardlink target "package/../../x" is outside the destination',
    ],
    [
      'a pax path escaping',
      [
        { name: 'PaxHeader', type: 'x', body: paxBody({ path: 'package/../../pax.txt' }) },
        { name: 'package/ok', body: 'x' },
      ],
      'refusing entry "package/../../pax.txt": the path has a ".." segment',
    ],
    [
      'a GNU long name with a NUL',
      [{ name: '././@LongLink', type: 'L', body: 'package/a\0b' }, { name: 'package/ok', body: 'x' }],
      'refusing entry "package/a\\u0000b": the name contains a NUL byte',
    ],
  ];
  for (const [what, entries, message] of refusals) {
    it(`refuses ${what}, naming the archive and the entry`, async () => {
      const root = await tempDir();
      const dest = join(root, 'a', 'b');
      const archive = [{ name: 'package/first.txt', body: 'first' }, ...entries];
      await expect(extract(archive, dest)).rejects.toThrow(`${label}: ${message}`);
      expect(await listFiles(root)).toEqual(['a/b/first.txt']);
    });
  }

  it('refuses a header with a wrong checksum', async () => {
    const dest = join(await tempDir(), 'out');
    const entries = [{ name: 'package/a.txt', body: 'a' }, { name: 'package/b.txt', body: 'b', corruptChecksum: true }];
    await expect(extract(entries, dest)).rejects.toThrow(`${label}: corrupt tar header at entry 2`);
  });

  it('refuses data that is not gzip', async () => {
    const dest = join(await tempDir(), 'out');
    await expect(extractTarGz(Buffer.from('plain text'), dest, { stripComponents: 1, label })).rejects.toThrow(
      `${label}: not a valid gzip stream (Z_DATA_ERROR)`,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------

type Registry = { url: string; requests: string[]; close: () => Promise<void> };

async function serveRegistry(files: Record<string, Buffer>): Promise<Registry> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = files[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const packageTgz = tarGz([
  { name: 'package/package.json', body: '{"name":"fastify","version":"5.6.1"}\n' },
  { name: 'package/lib/server.js', body: 'export function listen() {}\n' },
  { name: 'package/README.md', body: '# fastify\n' },
]);
const packageIntegrity = sha512Integrity(packageTgz);
const wrongIntegrity = `sha512-${'A'.repeat(86)}==`;

describe('fetchNpm', () => {
  let registry: Registry;
  beforeAll(async () => {
    registry = await serveRegistry({
      '/fastify/-/fastify-5.6.1.tgz': packageTgz,
      '/@scope/pkg/-/pkg-1.0.0.tgz': packageTgz,
    });
  });
  afterAll(() => registry.close());

  it('builds registry tarball URLs, scoped ones included', () => {
    expect(npmTarballUrl('https://registry.npmjs.org', 'fastify', '5.6.1')).toBe(
      'https://registry.npmjs.org/fastify/-/fastify-5.6.1.tgz',
    );
    expect(npmTarballUrl('https://registry.npmjs.org/', '@types/node', '20.19.43')).toBe(
      'https://registry.npmjs.org/@types/node/-/node-20.19.43.tgz',
    );
  });

  it('downloads, verifies and unpacks without the package/ prefix, then reuses the cached tarball', async () => {
    const rawDir = await tempDir();
    const source = { kind: 'npm', package: 'fastify', version: '5.6.1', integrity: packageIntegrity } as const;
    const before = registry.requests.length;
    const { dir } = await fetchNpm(source, rawDir, () => {}, registry.url);
    expect(dir).toBe(join(rawDir, 'package'));
    const expected = {
      'README.md': '# fastify\n',
      'lib/server.js': 'export function listen() {}\n',
      'package.json': '{"name":"fastify","version":"5.6.1"}\n',
    };
    expect(await readTree(dir)).toEqual(expected);
    expect(registry.requests.slice(before)).toEqual(['/fastify/-/fastify-5.6.1.tgz']);
    expect(await readFile(join(rawDir, 'fastify-5.6.1.tgz'))).toEqual(packageTgz);

    const lines: string[] = [];
    await fetchNpm(source, rawDir, (line) => lines.push(line), registry.url);
    expect(registry.requests.slice(before)).toEqual(['/fastify/-/fastify-5.6.1.tgz']);
    expect(lines).toEqual(['npm: using the cached tarball of fastify@5.6.1']);
    expect(await readTree(dir)).toEqual(expected);
  });

  it('fetches scoped packages', async () => {
    const rawDir = await tempDir();
    const source = { kind: 'npm', package: '@scope/pkg', version: '1.0.0', integrity: packageIntegrity } as const;
    const { dir } = await fetchNpm(source, rawDir, () => {}, registry.url);
    expect(await listFiles(dir)).toEqual(['README.md', 'lib/server.js', 'package.json']);
  });

  it('refuses a tarball whose integrity differs from the lock and extracts nothing', async () => {
    const rawDir = await tempDir();
    const source = { kind: 'npm', package: 'fastify', version: '5.6.1', integrity: wrongIntegrity } as const;
    await expect(fetchNpm(source, rawDir, () => {}, registry.url)).rejects.toThrow(
      `integrity mismatch for fastify@5.6.1: lock has ${wrongIntegrity}, registry served ${packageIntegrity}; refusing`,
    );
    expect(await readdir(rawDir)).toEqual([]);
  });

  it('names the URL of a failed download', async () => {
    const source = { kind: 'npm', package: 'missing', version: '1.0.0', integrity: packageIntegrity } as const;
    await expect(fetchNpm(source, await tempDir(), () => {}, registry.url)).rejects.toThrow(
      `GET ${registry.url}/missing/-/missing-1.0.0.tgz failed: HTTP 404 Not Found`,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------

const FIRST_COMMIT = '79f004b37671f4c33d46c2cfd2c007d912a18474';
const SECOND_COMMIT = 'f674f1485c3b9271102702c278964f9fd6f0edc1';
const FIRST_TREE_DIGEST = 'sha256:7bfde0e94ed8c0d4fe1b145c21580a5019bf2e1a18f1475225b69bd23f338255';

/** A repository whose SHAs are fixed: content, names, emails and dates are all pinned. */
async function makeRepo(dir: string): Promise<void> {
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Test Author',
    GIT_AUTHOR_EMAIL: 'author@example.com',
    GIT_AUTHOR_DATE: '2024-01-02T03:04:05Z',
    GIT_COMMITTER_NAME: 'Test Committer',
    GIT_COMMITTER_EMAIL: 'committer@example.com',
    GIT_COMMITTER_DATE: '2024-01-02T03:04:05Z',
  };
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, env });
  git('init', '--quiet');
  await writeFiles(dir, {
    'README.md': '# demo\n',
    'src/main.ts': 'export const main = 1;\n',
    'src/util.ts': 'export {};\n',
  });
  await symlink('../README.md', join(dir, 'src/readme-link.md'));
  git('add', '-A');
  git('commit', '--quiet', '-m', 'first');
  await writeFiles(dir, { 'src/main.ts': 'export const main = 2;\n' });
  git('commit', '--quiet', '-am', 'second');
}

describe('fetchGit', () => {
  let repo: string;
  let emptyConfig: string;
  beforeAll(async () => {
    repo = await tempDir();
    await makeRepo(repo);
    emptyConfig = join(await tempDir(), 'gitconfig');
    await writeFile(emptyConfig, '');
  });
  withGlobalGitConfig(() => emptyConfig);

  it('makes a repository with the expected commits', () => {
    const log = execFileSync('git', ['log', '--format=%H', 'main'], { cwd: repo, encoding: 'utf8' });
    expect(log.trim().split('\n')).toEqual([SECOND_COMMIT, FIRST_COMMIT]);
  });

  it('checks out a pinned commit that is not a branch tip', async () => {
    const rawDir = join(await tempDir(), 'raw');
    const dir = await fetchGit({ kind: 'git', url: repo, commit: FIRST_COMMIT }, rawDir, () => {});
    expect(dir).toBe(rawDir);
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: rawDir, encoding: 'utf8' }).trim();
    expect(head).toBe(FIRST_COMMIT);
    const tree = join(await tempDir(), 'tree');
    const selected = await selectTree(rawDir, tree, ['README.md', 'src/'], []);
    expect(selected.skippedLinks).toEqual(['src/readme-link.md']);
    expect(await readTree(tree)).toEqual({
      'README.md': '# demo\n',
      'src/main.ts': 'export const main = 1;\n',
      'src/util.ts': 'export {};\n',
    });
    expect((await treeDigest(tree)).digest).toBe(FIRST_TREE_DIGEST);
  });

  it('ignores the user\'s and the system\'s git configuration: a filter driver there never runs on a corpus\'s .gitattributes', async () => {
    const root = await tempDir();
    const marker = join(root, 'filter-ran');
    const global = join(root, 'gitconfig');
    await writeFile(global, `[filter "x"]\n\tsmudge = touch ${marker}; cat\n\trequired = true\n[filter "lfs"]\n\tsmudge = touch ${marker}; cat\n`);
    const attributed = join(root, 'attributed');
    await mkdir(attributed);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: attributed, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' }, encoding: 'utf8' });
    git('init', '-q');
    await writeFile(join(attributed, '.gitattributes'), '* filter=x\n*.bin filter=lfs\n');
    await writeFile(join(attributed, 'a.txt'), 'a\n');
    git('add', '-A');
    git('commit', '-qm', 'attributed');
    const commit = git('rev-parse', 'HEAD').trim();
    process.env.GIT_CONFIG_GLOBAL = global;
    const rawDir = join(root, 'raw');
    await fetchGit({ kind: 'git', url: attributed, commit }, rawDir, () => {});
    expect(await readFile(join(rawDir, 'a.txt'), 'utf8')).toBe('a\n');
    expect(await exists(marker)).toBe(false);
  });

  it("trusts a reused clone for its objects only: a filter driver planted in its config never runs", async () => {
    const root = await tempDir();
    const marker = join(root, 'filter-ran');
    const rawDir = join(root, 'raw');
    await fetchGit({ kind: 'git', url: repo, commit: FIRST_COMMIT }, rawDir, () => {});
    const plant = (...args: string[]) => execFileSync('git', args, { cwd: rawDir, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    plant('config', 'filter.evil.smudge', `sh -c "touch ${marker}; cat"`);
    plant('config', 'filter.evil.clean', `sh -c "touch ${marker}; cat"`);
    await mkdir(join(rawDir, '.git', 'info'), { recursive: true });
    await writeFile(join(rawDir, '.git', 'info', 'attributes'), '* filter=evil\n');
    await rm(join(rawDir, 'src'), { recursive: true });
    const lines: string[] = [];
    await fetchGit({ kind: 'git', url: repo, commit: FIRST_COMMIT }, rawDir, (line) => lines.push(line));
    expect(lines).toEqual([`git: reusing the clone in ${rawDir}`]);
    expect(await readFile(join(rawDir, 'src/main.ts'), 'utf8')).toBe('export const main = 1;\n');
    expect(await exists(marker)).toBe(false);
  });

  it("says why a repository cannot be fetched in git's own first words, not its closing advice", async () => {
    const missing = join(await tempDir(), 'no-such-repo');
    const rawDir = join(await tempDir(), 'raw');
    await expect(fetchGit({ kind: 'git', url: missing, commit: FIRST_COMMIT }, rawDir, () => {})).rejects.toThrow(
      `cannot fetch ${missing}: fatal: '${missing}' does not appear to be a git repository`,
    );
  });

  it('refuses a commit the repository does not have, naming it', async () => {
    const absent = '0123456789abcdef0123456789abcdef01234567';
    const rawDir = join(await tempDir(), 'raw');
    await expect(fetchGit({ kind: 'git', url: repo, commit: absent }, rawDir, () => {})).rejects.toThrow(
      `commit ${absent} does not exist in ${repo}`,
    );
  });

  it('refuses URLs git could read as options or remote helpers', async () => {
    const rawDir = join(await tempDir(), 'raw');
    for (const url of ['--upload-pack=touch /tmp/x', 'ext::sh -c touch% /tmp/x', 'relative/path']) {
      await expect(fetchGit({ kind: 'git', url, commit: FIRST_COMMIT }, rawDir, () => {})).rejects.toThrow(
        `git url ${JSON.stringify(url)} is not an https/ssh/git/file URL or an absolute path; refusing`,
      );
    }
    expect(await exists(rawDir)).toBe(false);
  });

  it('runs no hooks or templates from the user config', async () => {
    const root = await tempDir();
    const marker = join(root, 'hook-ran');
    const hook = `#!/bin/sh\ntouch '${marker}'\n`;
    await writeFiles(root, { 'hooks/post-checkout': hook, 'template/hooks/post-checkout': hook });
    await chmod(join(root, 'hooks/post-checkout'), 0o755);
    await chmod(join(root, 'template/hooks/post-checkout'), 0o755);
    const config = join(root, 'gitconfig');
    const hooksPath = join(root, 'hooks');
    await writeFile(config, `[core]\n\thooksPath = ${hooksPath}\n[init]\n\ttemplateDir = ${join(root, 'template')}\n`);
    process.env.GIT_CONFIG_GLOBAL = config;

    // Control: plain git with this config does run the hook.
    const control = join(root, 'control');
    execFileSync('git', ['clone', '--quiet', repo, control], { env: process.env });
    expect(await exists(marker)).toBe(true);
    await rm(marker);

    const rawDir = join(root, 'raw');
    await fetchGit({ kind: 'git', url: repo, commit: SECOND_COMMIT }, rawDir, () => {});
    expect(await readFile(join(rawDir, 'src/main.ts'), 'utf8')).toBe('export const main = 2;\n');
    expect(await exists(marker)).toBe(false);
    expect(await exists(join(rawDir, '.git/hooks/post-checkout'))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------

function corpus(name: string, source: Source, extra: Partial<Corpus> = {}): Corpus {
  return {
    name,
    language: 'typescript',
    description: 'test corpus',
    license: 'MIT',
    source,
    include: ['lib/', 'package.json'],
    exclude: [],
    indexer: { name: 'scip-typescript', version: '0.4.0' },
    seed: 1,
    budget: 10,
    default: true,
    ...extra,
  };
}

const NPM_TREE_DIGEST = 'sha256:26f5c04170dcbf365045b0bb1e9df0328add9fe3e83da4051d88d0a232277eca';

describe('fetchCorpus', () => {
  let savedRegistry: string | undefined;
  let emptyConfig: string;
  beforeAll(async () => {
    emptyConfig = join(await tempDir(), 'gitconfig');
    await writeFile(emptyConfig, '');
  });
  withGlobalGitConfig(() => emptyConfig);
  beforeEach(() => {
    savedRegistry = process.env.LMC_NPM_REGISTRY;
  });
  afterEach(() => {
    if (savedRegistry === undefined) delete process.env.LMC_NPM_REGISTRY;
    else process.env.LMC_NPM_REGISTRY = savedRegistry;
  });

  it('builds the selected tree once, then reuses it without the network', async () => {
    const registry = await serveRegistry({ '/fastify/-/fastify-5.6.1.tgz': packageTgz });
    process.env.LMC_NPM_REGISTRY = registry.url;
    const workDir = await tempDir();
    const source = { kind: 'npm', package: 'fastify', version: '5.6.1', integrity: packageIntegrity } as const;
    const entry = corpus('fastify', source, { content_digest: NPM_TREE_DIGEST });
    const ctx = { repoRoot: workDir, workDir, log: () => {} };

    const first = await fetchCorpus(entry, ctx);
    expect(first).toEqual({
      treeDir: expect.stringMatching(new RegExp(`^${workDir}/trees/fastify/[0-9a-f]{16}$`)),
      contentDigest: NPM_TREE_DIGEST,
      files: 2,
      bytes: 65,
      reused: false,
      skippedLinks: [],
      skippedNames: [],
      skippedBinary: [],
      skippedArchive: [],
      skippedHardLinks: [],
      source,
    });
    expect(await readTree(first.treeDir)).toEqual({
      'lib/server.js': 'export function listen() {}\n',
      'package.json': '{"name":"fastify","version":"5.6.1"}\n',
    });
    expect(JSON.parse(await readFile(`${first.treeDir}.stamp.json`, 'utf8'))).toEqual({
      digest: NPM_TREE_DIGEST,
      files: 2,
      bytes: 65,
      skippedLinks: [],
      skippedNames: [],
      skippedBinary: [],
      skippedArchive: [],
      skippedHardLinks: [],
    });
    expect(registry.requests).toEqual(['/fastify/-/fastify-5.6.1.tgz']);
    await registry.close();

    const second = await fetchCorpus(entry, ctx);
    expect(second).toEqual({ ...first, reused: true });
  });

  it("lists the archive's links, devices and fifos inside the selection, which were never extracted, and keeps them in the stamp", async () => {
    const tarball = tarGz([
      { name: 'package/package.json', body: '{"name":"odd","version":"1.0.0"}\n' },
      { name: 'package/lib/server.js', body: 'export function listen() {}\n' },
      { name: 'package/lib/alias.js', type: '2', linkname: 'server.js' },
      { name: 'package/lib/hard.js', type: '1', linkname: 'package/lib/server.js' },
      { name: 'package/lib/pipe', type: '6' },
      { name: 'package/lib/tty', type: '3' },
      { name: 'package/docs/link.md', type: '2', linkname: '../package.json' },
    ]);
    const registry = await serveRegistry({ '/odd/-/odd-1.0.0.tgz': tarball });
    process.env.LMC_NPM_REGISTRY = registry.url;
    const workDir = await tempDir();
    const source = { kind: 'npm', package: 'odd', version: '1.0.0', integrity: sha512Integrity(tarball) } as const;
    const lines: string[] = [];
    const first = await fetchCorpus(corpus('odd', source), { repoRoot: workDir, workDir, log: (line) => lines.push(line) });
    await registry.close();
    // docs/ is outside the selection (lib/ and package.json); the rest sorted by path bytes.
    expect(first.skippedArchive).toEqual(['lib/alias.js', 'lib/hard.js', 'lib/pipe', 'lib/tty']);
    expect(await readTree(first.treeDir)).toEqual({ 'lib/server.js': 'export function listen() {}\n', 'package.json': '{"name":"odd","version":"1.0.0"}\n' });
    expect(lines).toContain('odd: skipped 0 symbolic link(s), 0 name(s) that are not UTF-8, 0 binary file(s), 4 archive link(s), device(s) or fifo(s) and 0 hard-linked file(s) (listed in the manifest)');
    const second = await fetchCorpus(corpus('odd', source), { repoRoot: workDir, workDir, log: () => {} });
    expect(second).toEqual({ ...first, reused: true });
  });

  it('refuses a tree whose digest contradicts the lock and keeps nothing', async () => {
    const registry = await serveRegistry({ '/fastify/-/fastify-5.6.1.tgz': packageTgz });
    process.env.LMC_NPM_REGISTRY = registry.url;
    const workDir = await tempDir();
    const pinned = `sha256:${'0'.repeat(64)}`;
    const source = { kind: 'npm', package: 'fastify', version: '5.6.1', integrity: packageIntegrity } as const;
    const error = await fetchCorpus(corpus('fastify', source, { content_digest: pinned }), {
      repoRoot: workDir,
      workDir,
      log: () => {},
    }).catch((e: unknown) => e);
    await registry.close();
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as PipelineError).describe()).toBe(
      'corpus fastify, stage fetch: content digest mismatch: ' +
        `lock has ${pinned}, fetched tree is ${NPM_TREE_DIGEST}; refusing`,
    );
    expect(await readdir(join(workDir, 'trees', 'fastify'))).toEqual([]);
  });

  it('labels fetcher errors with the corpus and stage', async () => {
    const workDir = await tempDir();
    process.env.LMC_NPM_REGISTRY = 'http://127.0.0.1:9';
    const source = { kind: 'npm', package: 'fastify', version: '5.6.1', integrity: packageIntegrity } as const;
    const error = await fetchCorpus(corpus('fastify', source), { repoRoot: workDir, workDir, log: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as PipelineError).where).toEqual({ corpus: 'fastify', stage: 'fetch' });
    expect((error as PipelineError).message).toMatch(
      /^cannot download http:\/\/127\.0\.0\.1:9\/fastify\/-\/fastify-5\.6\.1\.tgz: /,
    );
  });

  it('rebuilds a tampered tree from the kept clone', async () => {
    const repo = await tempDir();
    await makeRepo(repo);
    const workDir = await tempDir();
    const lines: string[] = [];
    const ctx = { repoRoot: workDir, workDir, log: (line: string) => lines.push(line) };
    const entry = corpus('demo', { kind: 'git', url: repo, commit: FIRST_COMMIT }, { include: ['README.md', 'src/'] });

    const first = await fetchCorpus(entry, ctx);
    expect(first).toMatchObject({ contentDigest: FIRST_TREE_DIGEST, reused: false, skippedLinks: ['src/readme-link.md'] });
    await writeFile(join(first.treeDir, 'src/main.ts'), 'tampered\n');
    lines.length = 0;

    const second = await fetchCorpus(entry, ctx);
    expect(second).toEqual({ ...first, reused: false });
    expect(await readFile(join(second.treeDir, 'src/main.ts'), 'utf8')).toBe('export const main = 1;\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(`demo: the tree in ${first.treeDir} no longer matches its stamp; rebuilding`);
    expect(lines[1]).toMatch(new RegExp(`^demo: git: reusing the clone in ${workDir}/sources/demo/[0-9a-f]{16}$`));
    expect(lines[2]).toBe(`demo: selected 3 files, 41 bytes (${FIRST_TREE_DIGEST})`);
    expect(lines[3]).toBe('demo: skipped 1 symbolic link(s), 0 name(s) that are not UTF-8, 0 binary file(s), 0 archive link(s), device(s) or fifo(s) and 0 hard-linked file(s) (listed in the manifest)');
  });

  it('removes the temp trees a killed run left in the corpus folder when it builds one', async () => {
    const repo = await tempDir();
    await makeRepo(repo);
    const workDir = await tempDir();
    const ctx = { repoRoot: workDir, workDir, log: () => {} };
    const entry = corpus('demo', { kind: 'git', url: repo, commit: FIRST_COMMIT }, { include: ['README.md', 'src/'] });
    const dead = join(workDir, 'trees', 'demo', '.0123456789abcdef.999999.deadbeef.tmp');
    await writeFiles(dead, { 'src/half.ts': 'export const half' });
    const fetched = await fetchCorpus(entry, ctx);
    expect((await readdir(join(workDir, 'trees', 'demo'))).sort()).toEqual([basename(fetched.treeDir), `${basename(fetched.treeDir)}.stamp.json`].sort());
  });

  it('uses a local source in place and reports a missing one', async () => {
    const repoRoot = await tempDir();
    await writeFiles(repoRoot, {
      'fixtures/demo/lib/a.js': 'a\n',
      'fixtures/demo/package.json': '{}\n',
      'fixtures/demo/other.txt': 'o\n',
    });
    expect(await fetchLocal({ kind: 'local', path: 'fixtures/demo' }, repoRoot)).toBe(join(repoRoot, 'fixtures/demo'));
    const workDir = await tempDir();
    const ctx = { repoRoot, workDir, log: () => {} };
    const result = await fetchCorpus(corpus('demo', { kind: 'local', path: 'fixtures/demo' }), ctx);
    expect(await readTree(result.treeDir)).toEqual({ 'lib/a.js': 'a\n', 'package.json': '{}\n' });
    expect(result.reused).toBe(false);

    const error = await fetchCorpus(corpus('gone', { kind: 'local', path: 'fixtures/gone' }), ctx).catch((e: unknown) => e);
    expect((error as PipelineError).describe()).toBe(
      `corpus gone, stage fetch: local source fixtures/gone does not exist (looked in ${join(repoRoot, 'fixtures/gone')})`,
    );
  });
});
