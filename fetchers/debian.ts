import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { execa } from 'execa';
import { trackChild } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import type { DebianSource } from '../core/lock.ts';
import { extractTar, extractTarGz, extractZip, MAX_UNPACKED, type ExtractResult, type Unpacked } from './archive.ts';


/** Debian policy's package names, and version strings `[epoch:]upstream[-revision]`. */
const PACKAGE_NAME = /^[a-z0-9][a-z0-9+.-]+$/;
const VERSION = /^([0-9]+:)?[0-9][A-Za-z0-9.+~-]*$/;
const APT_TIMEOUT_MS = 10 * 60 * 1000;

const fail = (message: string) => new PipelineError(message, { stage: 'fetch' });

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** apt names the file `<package>_<version>_<arch>.deb`, with the epoch's colon written `%3a`. */
function debFilePrefix(name: string, version: string): string {
  return `${name}_${version.replace(/:/g, '%3a')}_`;
}

async function findDeb(rawDir: string, name: string, version: string): Promise<string | undefined> {
  const prefix = debFilePrefix(name, version);
  const entries = await readdir(rawDir).catch(() => [] as string[]);
  const found = entries.filter((e) => e.startsWith(prefix) && e.endsWith('.deb')).sort();
  return found[0] && join(rawDir, found[0]);
}

/** `apt-get download` of exactly this version into rawDir; one `apt-get update` when the lists do not know it. */
async function aptDownload(name: string, version: string, rawDir: string, log: (line: string) => void): Promise<void> {
  const download = () =>
    trackChild(execa('apt-get', ['download', `${name}=${version}`], { cwd: rawDir, reject: false, all: true, stdin: 'ignore', timeout: APT_TIMEOUT_MS }));
  let result = await download();
  if (result.exitCode !== 0 && /Unable to locate package|Version .* was not found|Can't select/.test(result.all ?? '')) {
    log(`debian: apt does not know ${name}=${version}; running apt-get update once`);
    const update = await trackChild(execa('apt-get', ['update'], { reject: false, all: true, stdin: 'ignore', timeout: APT_TIMEOUT_MS }));
    if (update.exitCode !== 0) throw fail(`apt-get update failed: ${lastLine(update.all)}`);
    result = await download();
  }
  if (result.failed) {
    const why = (result as { code?: string }).code === 'ENOENT' ? 'apt-get is not installed' : lastLine(result.all);
    throw fail(`apt-get download ${name}=${version} failed: ${why}`);
  }
}

function lastLine(text: string | undefined): string {
  return (text ?? '').trim().split('\n').filter(Boolean).pop() ?? 'no output';
}

export interface ArMember {
  name: string;
  data: Buffer;
}

/** The members of a Unix `ar` archive, the container format of a .deb. */
export function readAr(buffer: Buffer, label: string): ArMember[] {
  if (buffer.toString('latin1', 0, 8) !== '!<arch>\n') throw fail(`${label}: not an ar archive`);
  const members: ArMember[] = [];
  let offset = 8;
  while (offset < buffer.length) {
    if (offset + 60 > buffer.length) throw fail(`${label}: truncated ar header at byte ${offset}`);
    const header = buffer.subarray(offset, offset + 60);
    if (header.toString('latin1', 58, 60) !== '`\n') throw fail(`${label}: corrupt ar header at byte ${offset}`);
    const sizeText = header.toString('latin1', 48, 58).trim();
    if (!/^\d+$/.test(sizeText)) throw fail(`${label}: corrupt ar member size at byte ${offset}`);
    const size = Number(sizeText);
    const start = offset + 60;
    if (start + size > buffer.length) throw fail(`${label}: truncated ar member at byte ${offset}`);
    // GNU ar ends names with `/`; dpkg writes them space-padded.
    const name = header.toString('latin1', 0, 16).trim().replace(/\/$/, '');
    members.push({ name, data: buffer.subarray(start, start + size) });
    offset = start + size + (size % 2); // members are 2-byte aligned
  }
  return members;
}

/** Runs a decompressor on a buffer, stdin to stdout, no shell. */
async function decompress(tool: 'xz' | 'zstd', data: Buffer, label: string): Promise<Buffer> {
  const result = await execa(tool, ['-dc'], { input: data, encoding: 'buffer', reject: false, maxBuffer: MAX_UNPACKED, stripFinalNewline: false });
  if ((result as { code?: string }).code === 'ENOENT') throw fail(`${label}: ${tool} is not installed (apt-get install ${tool === 'xz' ? 'xz-utils' : 'zstd'})`);
  if ((result as { isMaxBuffer?: boolean }).isMaxBuffer) throw fail(`${label}: unpacks to more than ${MAX_UNPACKED} bytes; refusing`);
  if (result.exitCode !== 0) throw fail(`${label}: ${tool} -dc failed: ${lastLine(Buffer.from(result.stderr).toString('utf8'))}`);
  return Buffer.from(result.stdout);
}

/** Unpacks a .deb's data archive into destDir. Maintainer scripts live in control.tar, which is never read. */
export async function extractDeb(deb: Buffer, destDir: string, label: string): Promise<ExtractResult> {
  const members = readAr(deb, label);
  if (members[0]?.name !== 'debian-binary') throw fail(`${label}: not a Debian package (no debian-binary member first)`);
  const data = members.find((m) => m.name.startsWith('data.tar'));
  if (!data) throw fail(`${label}: no data.tar member`);
  const options = { stripComponents: 0, label: `${label} ${data.name}` };
  switch (data.name) {
    case 'data.tar':
      return extractTar(data.data, destDir, options);
    case 'data.tar.gz':
      return extractTarGz(data.data, destDir, options);
    case 'data.tar.xz':
      return extractTar(await decompress('xz', data.data, options.label), destDir, options);
    case 'data.tar.zst':
      return extractTar(await decompress('zstd', data.data, options.label), destDir, options);
    default:
      throw fail(`${label}: unsupported data member ${data.name}`);
  }
}

/**
 * Downloads a Debian package (or reuses the copy cached in rawDir) and unpacks it with unpackDeb, which
 * verifies the sha256 before anything is extracted. Returns the directory of `source.path` inside the package.
 */
export async function fetchDebian(source: DebianSource, rawDir: string, log: (line: string) => void): Promise<Unpacked> {
  const { package: name, version, sha256, path, tarballs = [] } = source;
  const id = `${name}=${version}`;
  if (!PACKAGE_NAME.test(name)) throw fail(`${JSON.stringify(name)} is not a valid Debian package name`);
  if (!VERSION.test(version)) throw fail(`${JSON.stringify(version)} is not a valid Debian version`);
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw fail(`sha256 of ${id} must be 64 lowercase hex digits`);

  await mkdir(rawDir, { recursive: true });
  let debPath = await findDeb(rawDir, name, version);
  let deb = debPath ? await readFile(debPath) : undefined;
  if (deb && sha256Of(deb) !== sha256) {
    log(`debian: cached ${debPath} does not match the lock's sha256; downloading again`);
    await rm(debPath!, { force: true });
    deb = undefined;
  }
  if (deb) log(`debian: using the cached package ${id}`);
  else {
    log(`debian: downloading ${id}`);
    await aptDownload(name, version, rawDir, log);
    debPath = await findDeb(rawDir, name, version);
    if (!debPath) throw fail(`apt-get download ${id} wrote no ${debFilePrefix(name, version)}*.deb`);
    deb = await readFile(debPath);
  }
  try {
    return await unpackDeb(deb, sha256, rawDir, path, `${id} package`, tarballs);
  } catch (error) {
    // A package that fails its checksum is not kept for the next run.
    if (sha256Of(deb) !== sha256) await rm(debPath!, { force: true });
    throw error;
  }
}

const insidePackage = (path: string) => !path.startsWith('/') && !path.split('/').includes('..');

/**
 * Unpacks a source archive shipped inside the package with the same safe readers: a tar, plain or
 * compressed with gzip, xz or zstd, or a zip, told by its first bytes rather than its name
 * (ocaml-source's `.tar` holds a `.orig.tar.gz`, glibc-source ships a `.tar.xz`, a JDK a `src.zip`).
 */
async function extractTarball(data: Buffer, destDir: string, label: string): Promise<ExtractResult> {
  const options = { stripComponents: 0, label };
  const starts = (...bytes: number[]) => data.subarray(0, bytes.length).equals(Buffer.from(bytes));
  if (starts(0x1f, 0x8b)) return extractTarGz(data, destDir, options);
  if (starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return extractTar(await decompress('xz', data, label), destDir, options);
  if (starts(0x28, 0xb5, 0x2f, 0xfd)) return extractTar(await decompress('zstd', data, label), destDir, options);
  if (data.toString('latin1', 257, 262) === 'ustar') return extractTar(data, destDir, options);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return extractZip(data, destDir, options);
  throw fail(`${label}: unsupported archive format (not a tar, nor one compressed with gzip, xz or zstd, nor a zip)`);
}

/**
 * Checks a .deb against the expected sha256 (refusing before anything is written), extracts its data
 * archive into `<rawDir>/root` without running any of its scripts, and returns `<path>` inside it. With
 * `tarballs` (source archives the package ships), each is unpacked in turn from what the step before
 * unpacked (the first into `root.1`, the second into `root.2`...), each step's files are removed once
 * its tarball is out, and `path` is read inside the last, returned with what the last archive held
 * under it but did not create (links, devices, fifos).
 */
export async function unpackDeb(deb: Buffer, sha256: string, rawDir: string, path: string, label: string, tarballs: readonly string[] = []): Promise<Unpacked> {
  const served = sha256Of(deb);
  if (served !== sha256) throw fail(`sha256 mismatch for ${label}: lock has ${sha256}, got ${served}; refusing`);
  if (!insidePackage(path)) throw fail(`path ${JSON.stringify(path)} must stay inside the package`);
  for (const tarball of tarballs) if (!insidePackage(tarball)) throw fail(`tarball ${JSON.stringify(tarball)} must stay inside the package`);
  const roots = [join(rawDir, 'root'), ...tarballs.map((_, i) => join(rawDir, `root.${i + 1}`))];
  // What each step holds, for messages: the package, then the package and the tarballs unpacked so far.
  const where = tarballs.reduce((labels, tarball) => [...labels, `${labels[labels.length - 1]} ${tarball}`], [label]);
  const clean = () => Promise.all(roots.map((dir) => rm(dir, { recursive: true, force: true })));
  await clean();
  let last: ExtractResult;
  try {
    last = await extractDeb(deb, roots[0]!, label);
    for (const [i, tarball] of tarballs.entries()) {
      const file = resolve(roots[i]!, tarball);
      if (!(await stat(file).then((s) => s.isFile(), () => false))) throw fail(`${where[i]} has no file ${JSON.stringify(tarball)} to unpack`);
      last = await extractTarball(await readFile(file), roots[i + 1]!, where[i + 1]!);
      // The step before is not needed once its tarball is out.
      await rm(roots[i]!, { recursive: true, force: true });
    }
  } catch (error) {
    await clean();
    throw error;
  }
  const root = roots[roots.length - 1]!;
  const selected = resolve(root, path);
  if (!(await stat(selected).then((s) => s.isDirectory(), () => false))) throw fail(`${where[where.length - 1]} has no directory ${JSON.stringify(path)}`);
  // What the last archive did not create, as paths under `path`.
  const under = relative(root, selected).split(sep).join('/');
  const notExtracted = under === '' ? last.skipped : last.skipped.filter((p) => p.startsWith(`${under}/`)).map((p) => p.slice(under.length + 1));
  return { dir: selected, notExtracted };
}
