import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { extractZip } from '../fetchers/archive.ts';
import { fetchDebian, readAr, unpackDeb } from '../fetchers/debian.ts';
import { listFiles } from '../fetchers/tree.ts';

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lmc-debian-'));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

type TarEntry = { name: string; content?: string | Buffer; type?: '0' | '2' | '5'; link?: string };

/** A ustar archive written byte by byte, so the tests control every header the reader sees. */
function tar(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const { name, content = '', type = '0', link = '' } of entries) {
    const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const header = Buffer.alloc(512);
    header.write(name, 0, 'utf8');
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write(type, 156);
    header.write(link, 157);
    header.write('ustar\x0000', 257, 'latin1');
    header.fill(' ', 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** An `ar` archive as dpkg writes it: space-padded names, 2-byte aligned members. */
function ar(members: Array<{ name: string; data: Buffer }>): Buffer {
  const parts: Buffer[] = [Buffer.from('!<arch>\n')];
  for (const { name, data } of members) {
    const header =
      name.padEnd(16) + '0'.padEnd(12) + '0'.padEnd(6) + '0'.padEnd(6) + '100644'.padEnd(8) + String(data.length).padEnd(10) + '`\n';
    parts.push(Buffer.from(header, 'latin1'), data);
    if (data.length % 2) parts.push(Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

type ZipEntry = { name: string; content?: string; method?: 0 | 8; symlink?: boolean; flags?: number; crc?: number; size?: number };

/** A zip written byte by byte (local headers, central directory, end record), so the tests control every field. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content = '', method = 8, symlink = false, flags = 0x800, crc, size } of entries) {
    const body = Buffer.from(content);
    const packed = method === 8 ? deflateRawSync(body) : body;
    const nameBytes = Buffer.from(name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(flags, at);
      header.writeUInt16LE(method, at + 2);
      header.writeUInt32LE(crc ?? crc32(body), at + 8);
      header.writeUInt32LE(packed.length, at + 12);
      header.writeUInt32LE(size ?? body.length, at + 16);
      header.writeUInt16LE(nameBytes.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made on Unix
    fields(central, 8);
    central.writeUInt32LE(((symlink ? 0o120777 : 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function deb(data: TarEntry[], compression: 'gz' | 'xz' = 'gz'): Buffer {
  const control = gzipSync(tar([{ name: './control', content: 'Package: demo\n' }, { name: './postinst', content: '#!/bin/sh\ntouch /tmp/pwned\n' }]));
  const dataTar = tar(data);
  const dataMember = compression === 'gz' ? gzipSync(dataTar) : execFileSync('xz', ['-zc'], { input: dataTar });
  return ar([
    { name: 'debian-binary', data: Buffer.from('2.0\n') },
    { name: 'control.tar.gz', data: control },
    { name: `data.tar.${compression}`, data: dataMember },
  ]);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const exists = (path: string) => stat(path).then(() => true, () => false);

const goSources: TarEntry[] = [
  { name: './', type: '5' },
  { name: './usr/', type: '5' },
  { name: './usr/share/gocode/src/example.com/demo/', type: '5' },
  { name: './usr/share/gocode/src/example.com/demo/demo.go', content: 'package demo\n' },
  { name: './usr/share/gocode/src/example.com/demo/render/render.go', content: 'package render\n' },
  { name: './usr/share/doc/golang-demo-dev/copyright', content: 'MIT\n' },
  // A link that stays inside is skipped, never created.
  { name: './usr/share/gocode/src/example.com/demo/link.go', type: '2', link: 'demo.go' },
  // Outside the path read: not reported with it.
  { name: './usr/share/doc/golang-demo-dev/changelog.gz', type: '2', link: 'copyright' },
];

describe('Debian packages', () => {
  it('extracts the data archive and returns the requested sub-path, without the maintainer scripts', async () => {
    const rawDir = await tempDir();
    const bytes = deb(goSources);
    const { dir, notExtracted } = await unpackDeb(bytes, sha256(bytes), rawDir, 'usr/share/gocode/src/example.com/demo', 'demo package');
    expect(dir).toBe(join(rawDir, 'root/usr/share/gocode/src/example.com/demo'));
    expect(notExtracted).toEqual(['link.go']);
    expect(await listFiles(dir)).toEqual(['demo.go', 'render/render.go']);
    expect(await readFile(join(dir, 'render/render.go'), 'utf8')).toBe('package render\n');
    expect(await listFiles(join(rawDir, 'root'))).not.toContain('postinst');
    expect(await exists(join(rawDir, 'root/postinst'))).toBe(false);
  });

  it('reads a data.tar.xz through xz', async () => {
    const rawDir = await tempDir();
    const bytes = deb(goSources, 'xz');
    const { dir } = await unpackDeb(bytes, sha256(bytes), rawDir, 'usr/share/gocode/src/example.com/demo', 'demo package');
    expect(await listFiles(dir)).toEqual(['demo.go', 'render/render.go']);
  });

  it('refuses a package whose sha256 differs before writing anything', async () => {
    const rawDir = await tempDir();
    const bytes = deb(goSources);
    await expect(unpackDeb(bytes, '0'.repeat(64), rawDir, 'usr', 'demo package')).rejects.toThrow(/sha256 mismatch for demo package: lock has 0{64}, got [0-9a-f]{64}; refusing/);
    expect(await exists(join(rawDir, 'root'))).toBe(false);
  });

  it.each([
    ['a symlink climbing out', { name: './usr/share/evil', type: '2' as const, link: '../../../../etc/passwd' }, /symlink target "..\/..\/..\/..\/etc\/passwd" is outside the destination/],
    ['an absolute symlink', { name: './usr/share/evil', type: '2' as const, link: '/etc/passwd' }, /symlink target "\/etc\/passwd" is outside the destination/],
    ['a ".." entry', { name: './usr/../../evil', content: 'x' }, /the path has a ".." segment/],
  ])('rejects %s and leaves nothing behind', async (_, entry, message) => {
    const rawDir = await tempDir();
    const bytes = deb([...goSources, entry]);
    await expect(unpackDeb(bytes, sha256(bytes), rawDir, 'usr', 'demo package')).rejects.toThrow(message);
    expect(await exists(join(rawDir, 'root'))).toBe(false);
    expect(await exists(join(rawDir, '..', 'evil'))).toBe(false);
  });

  it('refuses a sub-path the package does not have, or one that leaves it', async () => {
    const rawDir = await tempDir();
    const bytes = deb(goSources);
    await expect(unpackDeb(bytes, sha256(bytes), rawDir, 'usr/lib', 'demo package')).rejects.toThrow('demo package has no directory "usr/lib"');
    await expect(unpackDeb(bytes, sha256(bytes), rawDir, '../x', 'demo package')).rejects.toThrow('must stay inside the package');
  });

  it('uses a cached .deb that matches the sha256 without asking apt', async () => {
    const rawDir = await tempDir();
    const bytes = deb(goSources);
    await mkdir(rawDir, { recursive: true });
    await writeFile(join(rawDir, 'golang-demo-dev_1.0-1_all.deb'), bytes);
    const lines: string[] = [];
    const source = { kind: 'debian' as const, package: 'golang-demo-dev', version: '1.0-1', sha256: sha256(bytes), path: 'usr/share/gocode/src/example.com/demo' };
    const { dir } = await fetchDebian(source, rawDir, (line) => lines.push(line));
    expect(await listFiles(dir)).toEqual(['demo.go', 'render/render.go']);
    expect(lines).toEqual(['debian: using the cached package golang-demo-dev=1.0-1']);
  });

  it('rejects names and versions apt would read as options or patterns', async () => {
    const rawDir = await tempDir();
    const base = { kind: 'debian' as const, sha256: '0'.repeat(64), path: 'usr' };
    await expect(fetchDebian({ ...base, package: '-oDir=/', version: '1.0' }, rawDir, () => {})).rejects.toThrow('is not a valid Debian package name');
    await expect(fetchDebian({ ...base, package: 'demo', version: '1.0 2' }, rawDir, () => {})).rejects.toThrow('is not a valid Debian version');
  });

  describe('source tarballs inside the package', () => {
    const innerSources: TarEntry[] = [
      { name: 'demo-1.0/', type: '5' },
      { name: 'demo-1.0/lib/string.c', content: 'int f(void) { return 0; }\n' },
      { name: 'demo-1.0/lib/tst-string.c', content: 'int main(void) { return f(); }\n' },
      { name: 'demo-1.0/doc/README', content: 'demo\n' },
    ];
    const withTarball = (name: string, bytes: Buffer) =>
      deb([
        { name: './', type: '5' },
        { name: './usr/src/demo/', type: '5' },
        { name: `./usr/src/demo/${name}`, content: bytes },
        { name: './usr/share/doc/demo-source/copyright', content: 'LGPL\n' },
      ]);
    const xz = (bytes: Buffer) => execFileSync('xz', ['-zc'], { input: bytes });
    const messageOf = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: Error) => error.message);

    // The format is told by the archive's first bytes: the last case is a gzip-compressed tar named as a plain one.
    it.each([
      ['demo-1.0.tar.xz', () => xz(tar(innerSources))],
      ['demo-1.0.tar.gz', () => gzipSync(tar(innerSources))],
      ['demo-1.0.tar', () => tar(innerSources)],
      ['demo-1.0.tar', () => gzipSync(tar(innerSources))],
    ])('unpacks %s and returns the sub-path inside it', async (name, make) => {
      const rawDir = await tempDir();
      const bytes = withTarball(name, make());
      const { dir } = await unpackDeb(bytes, sha256(bytes), rawDir, 'demo-1.0/lib', 'demo package', [`usr/src/demo/${name}`]);
      expect(dir).toBe(join(rawDir, 'root.1/demo-1.0/lib'));
      expect(await listFiles(dir)).toEqual(['string.c', 'tst-string.c']);
      expect(await readFile(join(dir, 'tst-string.c'), 'utf8')).toBe('int main(void) { return f(); }\n');
      // The package's own files are gone once the tarball is out.
      expect(await exists(join(rawDir, 'root'))).toBe(false);
    });

    it('unpacks tarballs in turn (a plain tar holding a .tar.gz) and selects the path inside the last', async () => {
      const rawDir = await tempDir();
      const orig = gzipSync(tar([{ name: 'demo-1.0/', type: '5' }, { name: 'demo-1.0/lib/demo.ml', content: 'let x = 1\n' }, { name: 'demo-1.0/README', content: 'r\n' }]));
      const outer = tar([{ name: 'demo-1.0/debian-patches/0001.patch', content: 'p\n' }, { name: 'demo-1.0/demo_1.0.orig.tar.gz', content: orig }]);
      const bytes = deb([{ name: './usr/src/demo-source-1.0.tar', content: outer }], 'xz');
      const tarballs = ['usr/src/demo-source-1.0.tar', 'demo-1.0/demo_1.0.orig.tar.gz'];
      const { dir } = await unpackDeb(bytes, sha256(bytes), rawDir, 'demo-1.0', 'demo package', tarballs);
      expect(dir).toBe(join(rawDir, 'root.2/demo-1.0'));
      expect(await listFiles(dir)).toEqual(['README', 'lib/demo.ml']);
      expect(await readFile(join(dir, 'lib/demo.ml'), 'utf8')).toBe('let x = 1\n');
      // Each step's files are gone once the next tarball is out.
      expect(await exists(join(rawDir, 'root'))).toBe(false);
      expect(await exists(join(rawDir, 'root.1'))).toBe(false);
    });

    it('unpacks a zip (a JDK src.zip: stored and deflated entries), skipping a symlink', async () => {
      const rawDir = await tempDir();
      const src = zip([
        { name: 'java.base/', content: '' },
        { name: 'java.base/java/lang/Demo.java', content: 'package java.lang;\nclass Demo {}\n' },
        { name: 'java.base/java/lang/Stored.java', content: 'class Stored {}\n', method: 0 },
        { name: 'java.base/java/lang/Link.java', content: '../../../../etc/passwd', method: 0, symlink: true },
        { name: 'java.desktop/java/awt/Frame.java', content: 'class Frame {}\n' },
      ]);
      const bytes = withTarball('src.zip', src);
      const { dir } = await unpackDeb(bytes, sha256(bytes), rawDir, 'java.base', 'demo package', ['usr/src/demo/src.zip']);
      expect(dir).toBe(join(rawDir, 'root.1/java.base'));
      expect(await listFiles(dir)).toEqual(['java/lang/Demo.java', 'java/lang/Stored.java']);
      expect(await readFile(join(dir, 'java/lang/Demo.java'), 'utf8')).toBe('package java.lang;\nclass Demo {}\n');
    });

    it('refuses a zip entry that escapes, is encrypted, fails its CRC or unpacks beyond its declared size', async () => {
      const extract = (entries: ZipEntry[]) =>
        tempDir().then((dir) => messageOf(extractZip(zip(entries), join(dir, 'out'), { stripComponents: 0, label: 'src.zip' })));
      expect(await extract([{ name: '../evil.java', content: 'x' }])).toBe('src.zip: refusing entry "../evil.java": the path has a ".." segment');
      expect(await extract([{ name: '/etc/evil', content: 'x' }])).toBe('src.zip: refusing entry "/etc/evil": the path is absolute');
      expect(await extract([{ name: 'a.java', content: 'x', flags: 0x801 }])).toBe('src.zip: refusing entry "a.java": it is encrypted');
      expect(await extract([{ name: 'a.java', content: 'class A {}', crc: 1 }])).toBe('src.zip: entry "a.java" fails its CRC-32 check');
      expect(await extract([{ name: 'a.java', content: 'x'.repeat(1000), size: 10 }])).toMatch(
        /^src\.zip: entry "a\.java" is not valid deflate data or is larger than its declared 10 bytes/,
      );
      expect(await extract([{ name: 'a.java', content: 'x'.repeat(10), method: 0, size: 20 }])).toBe('src.zip: entry "a.java" unpacks to 10 bytes, not the 20 its header declares');
      // A local header naming another file than the central directory (a classic way to smuggle an entry past a listing).
      const smuggled = zip([{ name: 'a.java', content: 'class A {}' }]);
      smuggled.write('../', 30, 'latin1');
      expect(await tempDir().then((dir) => messageOf(extractZip(smuggled, dir, { stripComponents: 0, label: 'src.zip' })))).toBe(
        'src.zip: entry "a.java": its local header names "../ava"; refusing',
      );
      const dir = await tempDir();
      expect(await messageOf(extractZip(Buffer.from('PK\x03\x04 not really'), dir, { stripComponents: 0, label: 'src.zip' }))).toBe(
        'src.zip: not a zip archive (no end of central directory record)',
      );
    });

    it("fetches through the lock entry's tarballs field", async () => {
      const rawDir = await tempDir();
      const bytes = withTarball('demo-1.0.tar.xz', xz(tar(innerSources)));
      await writeFile(join(rawDir, 'demo-source_1.0-1_all.deb'), bytes);
      const source = { kind: 'debian' as const, package: 'demo-source', version: '1.0-1', sha256: sha256(bytes), path: 'demo-1.0/lib', tarballs: ['usr/src/demo/demo-1.0.tar.xz'] };
      const { dir } = await fetchDebian(source, rawDir, () => {});
      expect(dir).toBe(join(rawDir, 'root.1/demo-1.0/lib'));
      expect(await listFiles(dir)).toEqual(['string.c', 'tst-string.c']);
    });

    it('refuses a missing tarball, one outside the package, an unknown format, a path outside the last one and an entry escaping it, leaving nothing behind', async () => {
      const rawDir = await tempDir();
      const good = withTarball('demo-1.0.tar.xz', xz(tar(innerSources)));
      const unpack = (bytes: Buffer, path: string, tarballs: string[]) => messageOf(unpackDeb(bytes, sha256(bytes), rawDir, path, 'demo package', tarballs));
      expect(await unpack(good, 'demo-1.0', ['usr/src/demo/other.tar.xz'])).toBe('demo package has no file "usr/src/demo/other.tar.xz" to unpack');
      expect(await unpack(good, 'demo-1.0', ['usr/src/demo/demo-1.0.tar.xz', 'demo-1.0/inner.tar.gz'])).toBe(
        'demo package usr/src/demo/demo-1.0.tar.xz has no file "demo-1.0/inner.tar.gz" to unpack',
      );
      expect(await unpack(good, 'demo-1.0', ['../demo-1.0.tar.xz'])).toBe('tarball "../demo-1.0.tar.xz" must stay inside the package');
      expect(await unpack(good, 'demo-1.0', ['usr/src/demo/demo-1.0.tar.xz', '/demo-1.0/inner.tar'])).toBe('tarball "/demo-1.0/inner.tar" must stay inside the package');
      expect(await unpack(good, 'demo-1.0/src', ['usr/src/demo/demo-1.0.tar.xz'])).toBe('demo package usr/src/demo/demo-1.0.tar.xz has no directory "demo-1.0/src"');
      const sevenZip = withTarball('demo-1.0.7z', Buffer.from('7z\xbc\xaf\x27\x1c', 'latin1'));
      expect(await unpack(sevenZip, 'demo-1.0', ['usr/src/demo/demo-1.0.7z'])).toBe(
        'demo package usr/src/demo/demo-1.0.7z: unsupported archive format (not a tar, nor one compressed with gzip, xz or zstd, nor a zip)',
      );
      const evil = withTarball('demo-1.0.tar', tar([...innerSources, { name: 'demo-1.0/../../evil', content: 'x' }]));
      expect(await unpack(evil, 'demo-1.0', ['usr/src/demo/demo-1.0.tar'])).toBe(
        'demo package usr/src/demo/demo-1.0.tar: refusing entry "demo-1.0/../../evil": the path has a ".." segment',
      );
      for (const dir of ['root', 'root.1']) expect(await exists(join(rawDir, dir))).toBe(false);
      expect(await exists(join(rawDir, '..', 'evil'))).toBe(false);
    });
  });

  it('reads ar members and refuses what is not an ar archive', () => {
    const members = readAr(ar([{ name: 'a', data: Buffer.from('odd') }, { name: 'b/', data: Buffer.from('even') }]), 'test');
    expect(members.map((m) => [m.name, m.data.toString()])).toEqual([['a', 'odd'], ['b', 'even']]);
    expect(() => readAr(Buffer.from('PK\x03\x04'), 'test')).toThrow('test: not an ar archive');
    expect(() => readAr(Buffer.concat([Buffer.from('!<arch>\n'), Buffer.from('x'.repeat(30))]), 'test')).toThrow('truncated ar header');
  });
});
