import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, mkdir, open, readdir, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export type SelectedTree = {
  files: number;
  bytes: number;
  /** Symbolic links inside the selection: never followed or copied. */
  skippedLinks: string[];
  /** Entries whose names are not UTF-8: no tool downstream could name them faithfully, so they are skipped. */
  skippedNames: string[];
  /**
   * Files with a NUL byte (gettext catalogues, fonts, images): no indexer reads them as source and rg
   * skips them, so they are not copied, and every text search of the tree can be answered in-process.
   */
  skippedBinary: string[];
  /** Entries the source's archive held inside the selection that were never created (links, devices, fifos). */
  skippedArchive: string[];
  /**
   * Regular files with more than one name (hard links): another name may lie outside the source, and
   * nothing in the tree tells whether it does, so their content is never read.
   */
  skippedHardLinks: string[];
};
export type TreeDigest = { digest: string; files: number; bytes: number };

/** Byte order of the UTF-8 paths, as `LC_ALL=C sort` orders them: independent of locale and of enumeration order. */
export function comparePaths(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** `dir/` matches everything under dir; `name` matches the file `name` or everything under the directory `name`; `./` matches everything. */
function matches(path: string, entry: string): boolean {
  if (entry === './') return true;
  if (entry.endsWith('/')) return path.startsWith(entry);
  return path === entry || path.startsWith(`${entry}/`);
}

/** Whether anything under directory `dir` can match one of the entries, so walks skip unrelated subtrees. */
function mayContainMatch(dir: string, entries: readonly string[]): boolean {
  const prefix = `${dir}/`;
  return entries.some((entry) => {
    if (entry === './') return true;
    const entryPrefix = entry.endsWith('/') ? entry : `${entry}/`;
    return entryPrefix.startsWith(prefix) || prefix.startsWith(entryPrefix);
  });
}

/**
 * Whether selectTree may copy some file under the directory `dir` of a tree ('' is the tree itself):
 * an include entry reaches into it and no exclude entry covers all of it.
 */
export function maySelectUnder(dir: string, include: readonly string[], exclude: readonly string[]): boolean {
  if (exclude.some((entry) => matches(`${dir}/`, entry))) return false;
  return dir === '' ? include.length > 0 : mayContainMatch(dir, include);
}

/**
 * Copies the regular files of srcDir selected by include/exclude into destDir, and reports which of
 * `notExtracted` (what the source's archive held but never created) the selection would have taken.
 * Symlinks are reported, never followed or copied; `.git` (at any depth) is never copied; an entry
 * whose name is not valid UTF-8 is skipped and reported (escaped), and so are a file with a NUL byte and a file with
 * more than one name (a hard link, possibly to a file outside srcDir). Written modes are fixed (0o644
 * files, 0o755 dirs) so the result does not depend on the umask.
 */
export async function selectTree(
  srcDir: string,
  destDir: string,
  include: string[],
  exclude: string[],
  notExtracted: readonly string[] = [],
): Promise<SelectedTree> {
  const selected = (rel: string) => include.some((e) => matches(rel, e)) && !exclude.some((e) => matches(rel, e));
  const skippedArchive = notExtracted.filter(selected).sort(comparePaths);
  const result: SelectedTree = { files: 0, bytes: 0, skippedLinks: [], skippedNames: [], skippedBinary: [], skippedArchive, skippedHardLinks: [] };
  const createdDirs = new Set<string>();

  const ensureDir = async (rel: string) => {
    const parts = rel.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const sub = parts.slice(0, i).join('/');
      if (createdDirs.has(sub)) continue;
      await mkdir(join(destDir, sub), { recursive: true });
      await chmod(join(destDir, sub), 0o755);
      createdDirs.add(sub);
    }
  };

  const walk = async (rel: string) => {
    const entries = await readdir(rel ? join(srcDir, rel) : srcDir, { withFileTypes: true, encoding: 'buffer' });
    for (const entry of entries) {
      const name = entry.name.toString('utf8');
      if (!Buffer.from(name, 'utf8').equals(entry.name)) {
        result.skippedNames.push(rel ? `${rel}/${escapeBytes(entry.name)}` : escapeBytes(entry.name));
        continue;
      }
      if (name === '.git') continue;
      const path = rel ? `${rel}/${name}` : name;
      if (entry.isDirectory()) {
        if (mayContainMatch(path, include) && !exclude.some((e) => matches(`${path}/`, e))) await walk(path);
      } else if (entry.isSymbolicLink()) {
        if (selected(path)) result.skippedLinks.push(path);
      } else if (entry.isFile() && selected(path)) {
        const content = await readSingleNamedFile(join(srcDir, path));
        if (content === undefined) {
          result.skippedHardLinks.push(path);
          continue;
        }
        if (content.includes(0)) {
          result.skippedBinary.push(path);
          continue;
        }
        const slash = path.lastIndexOf('/');
        if (slash > 0) await ensureDir(path.slice(0, slash));
        await writeCopy(join(destDir, path), content);
        result.bytes += content.length;
        result.files += 1;
      }
    }
  };

  await mkdir(destDir, { recursive: true });
  await chmod(destDir, 0o755);
  await walk('');
  result.skippedLinks.sort(comparePaths);
  result.skippedNames.sort(comparePaths);
  result.skippedBinary.sort(comparePaths);
  result.skippedHardLinks.sort(comparePaths);
  return result;
}

/** A file name's bytes with everything outside printable ASCII as `\xNN`. */
function escapeBytes(name: Buffer): string {
  return [...name].map((b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('');
}

/** Uses an O_NOFOLLOW handle, so a file swapped for a symlink after it was listed is refused, not followed. */
async function withRegularFile<T>(path: string, use: (handle: FileHandle) => Promise<T>): Promise<T> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

function readRegularFile(path: string): Promise<Buffer> {
  return withRegularFile(path, (handle) => handle.readFile());
}

/**
 * A file's content, or undefined when it has more than one name. Asked of the open handle, so the file
 * read is the file checked; no fetcher makes hard links (archive hard links are never extracted, git
 * writes each file once), so only a local source can hold one.
 */
function readSingleNamedFile(path: string): Promise<Buffer | undefined> {
  return withRegularFile(path, async (handle) => ((await handle.stat()).nlink > 1 ? undefined : handle.readFile()));
}

async function writeCopy(to: string, content: Buffer): Promise<void> {
  await writeFile(to, content, { flag: 'wx' });
  await chmod(to, 0o644);
}

/** Relative POSIX paths of every regular file under dir (symlinks are not followed), in byte order. */
export async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (rel: string) => {
    for (const entry of await readdir(rel ? join(dir, rel) : dir, { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  await walk('');
  return files.sort(comparePaths);
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r' };

/**
 * One line of the listing as sha256sum writes it: a name holding a backslash, a newline or a carriage
 * return is escaped and its line starts with a backslash, so no file name can read as another line.
 */
function listingLine(hex: string, file: string): string {
  if (!/[\\\n\r]/.test(file)) return `${hex}  ${file}\n`;
  return `\\${hex}  ${file.replace(/[\\\n\r]/g, (c) => ESCAPES[c]!)}\n`;
}

/**
 * Content digest of a tree: `sha256:` + sha256 of the listing GNU sha256sum writes, one line
 * `<sha256-hex-of-content>  <relative-path>\n` per regular file in byte order of the path. Modes,
 * mtimes and empty directories do not count. An auditor gets the same hex with GNU tools:
 *
 *   cd <dir> && find . -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -r0 sha256sum | sha256sum
 */
export async function treeDigest(dir: string): Promise<TreeDigest> {
  const listing = createHash('sha256');
  let bytes = 0;
  const files = await listFiles(dir);
  for (const file of files) {
    const content = await readRegularFile(join(dir, file));
    bytes += content.length;
    listing.update(listingLine(createHash('sha256').update(content).digest('hex'), file));
  }
  return { digest: `sha256:${listing.digest('hex')}`, files: files.length, bytes };
}
