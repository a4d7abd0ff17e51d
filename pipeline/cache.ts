import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../core/atomic.ts';
import { importClosure, isFolder } from '../core/imports.ts';

const repoDir = fileURLToPath(new URL('..', import.meta.url));
const codeHashes = new Map<string, string>();
/** Every source file a code version was hashed from. */
const hashedSources = new Set<string>();

/**
 * A version of a stage's code that needs no bumping and no list kept by hand: the hash of every
 * module the stage's entry modules reach through their imports, and of every data file or folder
 * those modules read (`new URL(…, import.meta.url)`: schemas, language folders), read from the
 * source itself. Any edit anywhere a stage can reach invalidates exactly its outputs.
 */
export function codeVersion(entries: string[]): string {
  const key = [...entries].sort().join(',');
  let hash = codeHashes.get(key);
  if (!hash) {
    const { modules, data } = importClosure(repoDir, entries);
    const files = [...modules, ...data.flatMap((path) => (isFolder(repoDir, path) ? filesUnder(path) : [path]))];
    const h = createHash('sha256');
    for (const file of [...new Set(files)].sort()) {
      hashedSources.add(file);
      h.update(`${file}\0`).update(readFileSync(join(repoDir, file))).update('\0');
    }
    hash = h.digest('hex').slice(0, 16);
    codeHashes.set(key, hash);
  }
  return hash;
}

/**
 * A source file a code version was hashed from that was modified after this process started, if
 * any. Its code version may then not be the code that ran (modules load at start, and a version is
 * hashed when a stage first asks; language folders are read when first used), so nothing this
 * process makes may be cached under it.
 */
export function sourceEditedDuringRun(): string | undefined {
  for (const file of hashedSources) {
    const stats = statSync(join(repoDir, file), { throwIfNoEntry: false });
    if (!stats || stats.mtimeMs >= performance.timeOrigin) return file;
  }
  return undefined;
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(repoDir, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(repoDir.length).split('\\').join('/'));
}

/**
 * One stage's stored outputs: `<workDir>/cache/<stage>/<key>/`. An entry counts only when it is
 * whole: sealed by a `done` marker written last that holds the sha256 of every file in it. A
 * missing marker, a missing or altered file, or JSON that does not parse is a miss (the entry is
 * removed and the stage runs again), never an error and never stale bytes.
 */
export class StageCache {
  constructor(
    private readonly workDir: string,
    private readonly force: boolean,
    /** Told why, each time it declines to store. */
    private readonly warn: (message: string) => void,
  ) {}

  dir(stage: string, key: string): string {
    return join(this.workDir, 'cache', stage, key);
  }

  /** The entry's JSON file, parsed, with its other files copied out to `copies`; undefined on a miss. */
  async load<T>(stage: string, key: string, json: string, copies: Record<string, string> = {}): Promise<T | undefined> {
    if (this.force) return undefined;
    const dir = this.dir(stage, key);
    const seal = await readFile(join(dir, 'done'), 'utf8').catch(() => undefined);
    if (seal === undefined) return undefined;
    try {
      const hashes = JSON.parse(seal) as Record<string, string>;
      const read = async (name: string) => {
        const bytes = await readFile(join(dir, name));
        if (hashes[name] !== fileHash(bytes)) throw new Error(`${name} does not match its seal`);
        return bytes;
      };
      const value = JSON.parse((await read(json)).toString('utf8')) as T;
      for (const [name, to] of Object.entries(copies)) await writeFileAtomic(to, await read(name));
      return value;
    } catch {
      await rm(dir, { recursive: true, force: true });
      return undefined;
    }
  }

  /**
   * Stores an entry: the JSON value and the given files, then the seal with their hashes. Nothing
   * is stored once a source the key's code version was hashed from changed during the run.
   */
  async store(stage: string, key: string, json: { name: string; value: unknown }, files: Record<string, string> = {}): Promise<void> {
    const edited = sourceEditedDuringRun();
    if (edited) {
      this.warn(`stage ${stage}: not cached, ${edited} was modified after this run started (its outputs may come from the code before the edit)`);
      return;
    }
    const dir = this.dir(stage, key);
    await rm(join(dir, 'done'), { force: true });
    const hashes: Record<string, string> = {};
    const text = JSON.stringify(json.value);
    await writeFileAtomic(join(dir, json.name), text);
    hashes[json.name] = fileHash(Buffer.from(text));
    for (const [name, from] of Object.entries(files)) {
      const bytes = await readFile(from);
      await writeFileAtomic(join(dir, name), bytes);
      hashes[name] = fileHash(bytes);
    }
    await writeFileAtomic(join(dir, 'done'), JSON.stringify(hashes));
  }
}

function fileHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function cleanCache(workDir: string): Promise<void> {
  await rm(join(workDir, 'cache'), { recursive: true, force: true });
}
