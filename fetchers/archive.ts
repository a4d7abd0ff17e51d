import { crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import { constants as fsConstants } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { PipelineError } from '../core/errors.ts';

export type ExtractOptions = { stripComponents: number; label: string };
/**
 * `skipped` lists the entries deliberately not created (links, devices, fifos), by their paths under the
 * destination (an entry stripped away whole is not listed), in archive order.
 */
export type ExtractResult = { files: number; skipped: string[] };
/** A source as fetched: the directory its tree is selected from, and what its archive held under that directory but was not created (paths under it). */
export type Unpacked = { dir: string; notExtracted: string[] };

const BLOCK = 512;
/**
 * The most an archive may unpack to. npm tarballs are a few MB; the largest pinned source, the Linux
 * 6.1 tarball, is 1.3 GB. Anything beyond is not a source tree but a decompression bomb.
 */
export const MAX_UNPACKED = 2 ** 31;

type PendingMeta = { path?: string; linkpath?: string; size?: number };

/**
 * Extracts a gzip-compressed tar (ustar, pax and GNU long names) into destDir, written by our own reader
 * so nothing in the archive can steer the extraction: entries that would land outside destDir are refused,
 * links are never created, and files get fixed modes (0o644, directories 0o755).
 */
export async function extractTarGz(buffer: Buffer, destDir: string, options: ExtractOptions): Promise<ExtractResult> {
  const { label } = options;
  const fail = (message: string) => new PipelineError(`${label}: ${message}`, { stage: 'fetch' });

  let data: Buffer;
  try {
    data = gunzipSync(buffer, { maxOutputLength: MAX_UNPACKED });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw fail(`unpacks to more than ${MAX_UNPACKED} bytes; refusing`);
    }
    throw fail(`not a valid gzip stream (${errorCode(error)})`);
  }
  return extractTar(data, destDir, options);
}

/** The same extraction for an uncompressed tar, for archives decompressed elsewhere (a .deb's data.tar.xz). */
export async function extractTar(data: Buffer, destDir: string, options: ExtractOptions): Promise<ExtractResult> {
  const { label, stripComponents } = options;
  const fail = (message: string) => new PipelineError(`${label}: ${message}`, { stage: 'fetch' });

  const out = await safeDestination(destDir, stripComponents, fail);
  const result: ExtractResult = { files: 0, skipped: [] };
  let pending: PendingMeta = {};
  let offset = 0;
  let index = 0;
  while (offset < data.length) {
    if (offset + BLOCK > data.length) throw fail('truncated tar (partial header block)');
    const header = data.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    index += 1;
    if (!checksumMatches(header)) throw fail(`corrupt tar header at entry ${index}`);

    const typeflag = header[156] === 0 ? '0' : String.fromCharCode(header[156]!);
    const headerSize = readNumber(header, 124, 12);
    if (headerSize === null) throw fail(`corrupt size field at entry ${index}`);
    const isMeta = typeflag === 'x' || typeflag === 'g' || typeflag === 'L' || typeflag === 'K';
    // A pax size= overrides the header of the entry it describes (for files beyond the octal field's range).
    const size = isMeta ? headerSize : (pending.size ?? headerSize);
    const bodyStart = offset + BLOCK;
    if (bodyStart + size > data.length) throw fail(`truncated tar (entry ${index} needs ${size} bytes)`);
    const body = data.subarray(bodyStart, bodyStart + size);
    offset = bodyStart + Math.ceil(size / BLOCK) * BLOCK;

    if (typeflag === 'x') {
      pending = { ...pending, ...parsePax(body, () => fail(`malformed pax header at entry ${index}`)) };
      continue;
    }
    if (typeflag === 'g') continue;
    if (typeflag === 'L' || typeflag === 'K') {
      const value = body.toString('utf8').replace(/\0+$/, '');
      pending = typeflag === 'L' ? { ...pending, path: value } : { ...pending, linkpath: value };
      continue;
    }

    const name = pending.path ?? ustarName(header);
    const linkname = pending.linkpath ?? cString(header, 157, 100);
    pending = {};
    const rel = out.entryPath(name);

    switch (typeflag) {
      case '0':
      case '7': {
        if (rel === null) break;
        await out.writeFile(rel, name, body);
        result.files += 1;
        break;
      }
      case '5':
        if (rel !== null) await out.ensureDir(rel, name);
        break;
      case '1':
      case '2': {
        // Links that stay inside are skipped rather than created: the indexed tree never contains
        // links, so there is nothing to gain and one less way for a later write to escape.
        const inside =
          typeflag === '2' ? symlinkStaysInside(rel, linkname) : hardlinkStaysInside(linkname, stripComponents);
        if (!inside) {
          const kind = typeflag === '2' ? 'symlink' : 'hardlink';
          const why = `${kind} target ${JSON.stringify(linkname)} is outside the destination`;
          throw fail(`refusing entry ${JSON.stringify(name)}: ${why}`);
        }
        if (rel !== null) result.skipped.push(rel);
        break;
      }
      case '3':
      case '4':
      case '6':
        if (rel !== null) result.skipped.push(rel);
        break;
      default:
        throw fail(`unsupported entry type ${JSON.stringify(typeflag)} for ${JSON.stringify(name)}`);
    }
  }
  return result;
}

type Destination = {
  /** The entry's path below the destination, or null when stripping removes it entirely (the `package/` directory itself). */
  entryPath(name: string): string | null;
  ensureDir(rel: string, name: string): Promise<void>;
  writeFile(rel: string, name: string, body: Buffer): Promise<void>;
};

/**
 * The one way an archive reader writes: names are checked before anything is created (no NUL, no
 * absolute path, no `..`, nothing that resolves outside destDir), directories get 0o755 and files
 * 0o644, and a file is never written through a link.
 */
async function safeDestination(destDir: string, stripComponents: number, fail: (message: string) => PipelineError): Promise<Destination> {
  const root = resolve(destDir);
  await mkdir(root, { recursive: true });
  await chmod(root, 0o755);
  const createdDirs = new Set<string>();
  const ensureDir = async (rel: string, name: string) => {
    const parts = rel.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const sub = parts.slice(0, i).join('/');
      if (createdDirs.has(sub)) continue;
      try {
        await mkdir(join(root, sub), { recursive: true });
        await chmod(join(root, sub), 0o755);
      } catch (error) {
        const why = `cannot create directory ${JSON.stringify(sub)} for entry ${JSON.stringify(name)}`;
        throw fail(`${why} (${errorCode(error)})`);
      }
      createdDirs.add(sub);
    }
  };
  const entryPath = (name: string): string | null => {
    const refuse = (why: string) => fail(`refusing entry ${JSON.stringify(name)}: ${why}`);
    if (name.includes('\0')) throw refuse('the name contains a NUL byte');
    if (name.startsWith('/')) throw refuse('the path is absolute');
    const parts = name.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.includes('..')) throw refuse('the path has a ".." segment');
    if (parts.length <= stripComponents) return null;
    const rel = parts.slice(stripComponents).join('/');
    const fromRoot = relative(root, resolve(root, rel));
    if (fromRoot === '' || fromRoot.startsWith('..') || isAbsolute(fromRoot)) {
      throw refuse('the path resolves outside the destination');
    }
    return rel;
  };
  const writeFile = async (rel: string, name: string, body: Buffer) => {
    const slash = rel.lastIndexOf('/');
    if (slash > 0) await ensureDir(rel.slice(0, slash), name);
    await writeEntry(join(root, rel), body, (code) => fail(`cannot write entry ${JSON.stringify(name)} (${code})`));
  };
  return { entryPath, ensureDir, writeFile };
}

/** The checksum counts the checksum field as spaces; old writers summed signed bytes, so accept either sum. */
function checksumMatches(header: Buffer): boolean {
  const stored = readNumber(header, 148, 8);
  if (stored === null) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : header[i]!;
    unsigned += byte;
    signed += byte >= 0x80 ? byte - 0x100 : byte;
  }
  return stored === unsigned || stored === signed;
}

/** Octal (NUL/space terminated), or big-endian base-256 when the first byte's high bit is set; null if malformed. */
function readNumber(header: Buffer, start: number, length: number): number | null {
  const first = header[start]!;
  if (first & 0x80) {
    if (first === 0xff) return null; // negative base-256
    let value = first & 0x7f;
    for (let i = start + 1; i < start + length; i++) value = value * 256 + header[i]!;
    return Number.isSafeInteger(value) ? value : null;
  }
  const text = header.toString('latin1', start, start + length).replace(/[\0 ]+$/, '').replace(/^ +/, '');
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) return null;
  return parseInt(text, 8);
}

function cString(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end === -1 ? length : end);
}

/** ustar splits long names into prefix + name; GNU headers (magic "ustar  ") use those bytes for other fields. */
function ustarName(header: Buffer): string {
  const name = cString(header, 0, 100);
  if (header.toString('latin1', 257, 263) !== 'ustar\0') return name;
  const prefix = cString(header, 345, 155);
  return prefix ? `${prefix}/${name}` : name;
}

/** Records are `<decimal length> <key>=<value>\n`, the length counting the whole record. */
function parsePax(body: Buffer, malformed: () => PipelineError): PendingMeta {
  const meta: PendingMeta = {};
  let pos = 0;
  while (pos < body.length) {
    if (body[pos] === 0) break; // NUL padding some writers leave after the last record
    const space = body.indexOf(0x20, pos);
    const length = space > pos ? Number(body.toString('latin1', pos, space)) : NaN;
    if (!Number.isInteger(length) || length <= space - pos || pos + length > body.length) throw malformed();
    if (body[pos + length - 1] !== 0x0a) throw malformed();
    const record = body.toString('utf8', space + 1, pos + length - 1);
    const eq = record.indexOf('=');
    if (eq < 1) throw malformed();
    const key = record.slice(0, eq);
    const value = record.slice(eq + 1);
    if (key === 'path') meta.path = value;
    else if (key === 'linkpath') meta.linkpath = value;
    else if (key === 'size') {
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw malformed();
      meta.size = Number(value);
    }
    pos += length;
  }
  return meta;
}

/** A symlink target is relative to the link's directory; it must not climb above destDir or be absolute. */
function symlinkStaysInside(rel: string | null, target: string): boolean {
  if (target === '' || target.includes('\0') || target.startsWith('/')) return false;
  const resolved = posix.normalize(posix.join(rel === null ? '.' : posix.dirname(rel), target));
  return resolved !== '..' && !resolved.startsWith('../');
}

/** A hardlink target names another archive member, so it is stripped like an entry name. */
function hardlinkStaysInside(target: string, stripComponents: number): boolean {
  if (target.includes('\0') || target.startsWith('/')) return false;
  const parts = target.split('/').filter((part) => part !== '' && part !== '.');
  return !parts.includes('..') && parts.length > stripComponents;
}

/** O_NOFOLLOW: never write through a link, even one that was already in destDir. */
async function writeEntry(path: string, body: Buffer, failure: (code: string) => PipelineError): Promise<void> {
  let handle;
  try {
    const { O_WRONLY, O_CREAT, O_TRUNC, O_NOFOLLOW } = fsConstants;
    handle = await open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644);
  } catch (error) {
    throw failure(errorCode(error));
  }
  try {
    await handle.writeFile(body);
    await handle.chmod(0o644);
  } finally {
    await handle.close();
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Extracts a zip (stored or deflated entries, as a JDK's src.zip) into destDir through the same safe
 * destination as a tar. The central directory is the one list of entries; each entry's local header
 * must agree with it, its CRC-32 must match, and the sizes it declares bound what is inflated.
 * Symlinks are skipped; encrypted entries and ZIP64 archives are refused.
 */
export async function extractZip(data: Buffer, destDir: string, options: ExtractOptions): Promise<ExtractResult> {
  const { label, stripComponents } = options;
  const fail = (message: string) => new PipelineError(`${label}: ${message}`, { stage: 'fetch' });
  const end = findZipEnd(data);
  if (end < 0) throw fail('not a zip archive (no end of central directory record)');
  const entries = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw fail('ZIP64 archives are not supported');

  const out = await safeDestination(destDir, stripComponents, fail);
  const result: ExtractResult = { files: 0, skipped: [] };
  let unpacked = 0;
  let at = directoryOffset;
  for (let index = 1; index <= entries; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ZIP_CENTRAL) throw fail(`corrupt central directory at entry ${index}`);
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const crc = data.readUInt32LE(at + 16);
    const packedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const madeOnUnix = data[at + 5] === 3;
    const mode = data.readUInt32LE(at + 38) >>> 16;
    const localOffset = data.readUInt32LE(at + 42);
    const nameBytes = data.subarray(at + 46, at + 46 + nameLength);
    const name = nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1');
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);

    if (flags & 0x1) throw fail(`refusing entry ${JSON.stringify(name)}: it is encrypted`);
    const rel = out.entryPath(name);
    if (madeOnUnix && (mode & S_IFMT) === S_IFLNK) {
      if (rel !== null) result.skipped.push(rel);
      continue;
    }
    if (name.endsWith('/')) {
      if (rel !== null) await out.ensureDir(rel, name);
      continue;
    }
    unpacked += size;
    if (unpacked > MAX_UNPACKED) throw fail(`unpacks to more than ${MAX_UNPACKED} bytes; refusing`);
    const packed = localBody(data, localOffset, packedSize, nameBytes, fail);
    const body = inflateEntry(packed, method, size, name, fail);
    if (crc32(body) !== crc) throw fail(`entry ${JSON.stringify(name)} fails its CRC-32 check`);
    if (rel === null) continue;
    await out.writeFile(rel, name, body);
    result.files += 1;
  }
  return result;
}

/** The end record sits in the last 22 bytes plus at most a 65,535-byte comment. */
function findZipEnd(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === ZIP_END) return at;
  }
  return -1;
}

/** The packed bytes of an entry, after a local header that must name it as the central directory does. */
function localBody(data: Buffer, offset: number, packedSize: number, nameBytes: Buffer, fail: (message: string) => PipelineError): Buffer {
  const name = nameBytes.toString('latin1');
  if (offset + 30 > data.length || data.readUInt32LE(offset) !== ZIP_LOCAL) throw fail(`entry ${JSON.stringify(name)} has no local header where the central directory says`);
  const nameEnd = offset + 30 + data.readUInt16LE(offset + 26);
  const localName = data.subarray(offset + 30, nameEnd);
  if (!localName.equals(nameBytes)) throw fail(`entry ${JSON.stringify(name)}: its local header names ${JSON.stringify(localName.toString('latin1'))}; refusing`);
  const start = nameEnd + data.readUInt16LE(offset + 28);
  if (start + packedSize > data.length) throw fail(`truncated zip (entry ${JSON.stringify(name)} needs ${packedSize} bytes)`);
  return data.subarray(start, start + packedSize);
}

function inflateEntry(packed: Buffer, method: number, size: number, name: string, fail: (message: string) => PipelineError): Buffer {
  let body: Buffer;
  if (method === 0) body = packed;
  else if (method === 8) {
    try {
      body = inflateRawSync(packed, { maxOutputLength: Math.max(size, 1) });
    } catch (error) {
      throw fail(`entry ${JSON.stringify(name)} is not valid deflate data or is larger than its declared ${size} bytes (${errorCode(error)})`);
    }
  } else throw fail(`entry ${JSON.stringify(name)} uses compression method ${method}; only stored (0) and deflate (8) are supported`);
  if (body.length !== size) throw fail(`entry ${JSON.stringify(name)} unpacks to ${body.length} bytes, not the ${size} its header declares`);
  return body;
}
