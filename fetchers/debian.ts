import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { trackChild } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import type { DebianSource } from '../core/lock.ts';
import { extractTar, extractTarGz, MAX_UNPACKED } from './archive.ts';


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

/** Unpacks a tar archive, plain or compressed as its file name says, into destDir. */
async function extractTarball(name: string, data: Buffer, destDir: string, label: string): Promise<void> {
  const options = { stripComponents: 0, label };
  if (name.endsWith('.tar')) await extractTar(data, destDir, options);
  else if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) await extractTarGz(data, destDir, options);
  else if (name.endsWith('.tar.xz')) await extractTar(await decompress('xz', data, label), destDir, options);
  else if (name.endsWith('.tar.zst')) await extractTar(await decompress('zstd', data, label), destDir, options);
  else throw fail(`${label}: unsupported archive format (not .tar, .tar.gz, .tgz, .tar.xz or .tar.zst)`);
}

/** Unpacks a .deb's data archive into destDir. Maintainer scripts live in control.tar, which is never read. */
export async function extractDeb(deb: Buffer, destDir: string, label: string): Promise<void> {
  const members = readAr(deb, label);
  if (members[0]?.name !== 'debian-binary') throw fail(`${label}: not a Debian package (no debian-binary member first)`);
  const data = members.find((m) => m.name.startsWith('data.tar'));
  if (!data) throw fail(`${label}: no data.tar member`);
  if (!['data.tar', 'data.tar.gz', 'data.tar.xz', 'data.tar.zst'].includes(data.name)) throw fail(`${label}: unsupported data member ${data.name}`);
  await extractTarball(data.name, data.data, destDir, `${label} ${data.name}`);
}

/**
 * Downloads a Debian package (or reuses the copy cached in rawDir) and unpacks it with unpackDeb, which
 * verifies the sha256 before anything is extracted. Returns the directory of `source.path` inside the package.
 */
export async function fetchDebian(source: DebianSource, rawDir: string, log: (line: string) => void): Promise<string> {
  const { package: name, version, sha256, path, tarball } = source;
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
    return await unpackDeb(deb, sha256, rawDir, path, `${id} package`, tarball);
  } catch (error) {
    // A package that fails its checksum is not kept for the next run.
    if (sha256Of(deb) !== sha256) await rm(debPath!, { force: true });
    throw error;
  }
}

/**
 * Checks a .deb against the expected sha256 (refusing before anything is written), extracts its data
 * archive into `<rawDir>/root` without running any of its scripts, and returns `root/<path>`. With a
 * `tarball` (a source archive inside the package), that archive is unpacked into `<rawDir>/tarball`
 * the same way and `path` is read inside it.
 */
export async function unpackDeb(deb: Buffer, sha256: string, rawDir: string, path: string, label: string, tarball?: string): Promise<string> {
  const served = sha256Of(deb);
  if (served !== sha256) throw fail(`sha256 mismatch for ${label}: lock has ${sha256}, got ${served}; refusing`);
  const inside = (p: string) => !p.startsWith('/') && !p.split('/').includes('..');
  if (!inside(path)) throw fail(`path ${JSON.stringify(path)} must stay inside the package`);
  if (tarball !== undefined && !inside(tarball)) throw fail(`tarball ${JSON.stringify(tarball)} must stay inside the package`);
  const root = join(rawDir, 'root');
  const inner = join(rawDir, 'tarball');
  await rm(root, { recursive: true, force: true });
  await rm(inner, { recursive: true, force: true });
  try {
    await extractDeb(deb, root, label);
    if (tarball !== undefined) {
      const archive = resolve(root, tarball);
      if (!(await stat(archive).then((s) => s.isFile(), () => false))) throw fail(`${label} has no file ${JSON.stringify(tarball)}`);
      await extractTarball(tarball, await readFile(archive), inner, `${label} ${tarball}`);
      // The package's own files are not needed once its tarball is unpacked.
      await rm(root, { recursive: true, force: true });
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    await rm(inner, { recursive: true, force: true });
    throw error;
  }
  const selected = resolve(tarball === undefined ? root : inner, path);
  const where = tarball === undefined ? label : `${label} ${tarball}`;
  if (!(await stat(selected).then((s) => s.isDirectory(), () => false))) throw fail(`${where} has no directory ${JSON.stringify(path)}`);
  return selected;
}
