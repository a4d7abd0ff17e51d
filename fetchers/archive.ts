import { gunzipSync } from 'node:zlib';
import { constants as fsConstants } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { PipelineError } from '../core/errors.ts';

export type ExtractOptions = { stripComponents: number; label: string };
/** `skipped` lists entries (as named in the archive) that were deliberately not created: links, devices, fifos. */
export type ExtractResult = { files: number; skipped: string[] };

const BLOCK = 512;
/** npm tarballs are a few MB unpacked; anything near this is not a package but a decompression bomb. */
export const MAX_UNPACKED = 1 << 30;

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

  /** The entry's path below destDir, or null when stripping removes it entirely (the `package/` directory itself). */
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
    const rel = entryPath(name);

    switch (typeflag) {
      case '0':
      case '7': {
        if (rel === null) break;
        const slash = rel.lastIndexOf('/');
        if (slash > 0) await ensureDir(rel.slice(0, slash), name);
        const cannotWrite = (code: string) => fail(`cannot write entry ${JSON.stringify(name)} (${code})`);
        await writeEntry(join(root, rel), body, cannotWrite);
        result.files += 1;
        break;
      }
      case '5':
        if (rel !== null) await ensureDir(rel, name);
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
        result.skipped.push(name);
        break;
      }
      case '3':
      case '4':
      case '6':
        result.skipped.push(name);
        break;
      default:
        throw fail(`unsupported entry type ${JSON.stringify(typeflag)} for ${JSON.stringify(name)}`);
    }
  }
  return result;
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
