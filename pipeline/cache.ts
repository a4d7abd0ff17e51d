import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../core/atomic.ts';
import { importClosure, isFolder } from '../core/imports.ts';

const repoDir = fileURLToPath(new URL('..', import.meta.url));
const codeHashes = new Map<string, string>();

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
    for (const file of [...new Set(files)].sort()) h.update(`${file}\0`).update(readFileSync(join(repoDir, file))).update('\0');
    hash = h.digest('hex').slice(0, 16);
    codeHashes.set(key, hash);
  }
  return hash;
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(repoDir, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(repoDir.length).split('\\').join('/'));
}

/** One stage's stored outputs: `<workDir>/cache/<stage>/<key>/`, complete or absent (a `done` marker is written last). */
export class StageCache {
  constructor(
    private readonly workDir: string,
    private readonly force: boolean,
  ) {}

  dir(stage: string, key: string): string {
    return join(this.workDir, 'cache', stage, key);
  }

  async has(stage: string, key: string): Promise<boolean> {
    if (this.force) return false;
    return stat(join(this.dir(stage, key), 'done')).then(
      () => true,
      () => false,
    );
  }

  async readJson<T>(stage: string, key: string, file: string): Promise<T> {
    return JSON.parse(await readFile(join(this.dir(stage, key), file), 'utf8')) as T;
  }

  async writeJson(stage: string, key: string, file: string, value: unknown): Promise<void> {
    await writeFileAtomic(join(this.dir(stage, key), file), JSON.stringify(value));
  }

  /** Copies a file in (through a temp name and a rename, like every write). */
  async putFile(stage: string, key: string, file: string, from: string): Promise<void> {
    await copyAtomic(from, join(this.dir(stage, key), file));
  }

  async getFile(stage: string, key: string, file: string, to: string): Promise<void> {
    await copyAtomic(join(this.dir(stage, key), file), to);
  }

  async seal(stage: string, key: string): Promise<void> {
    await writeFileAtomic(join(this.dir(stage, key), 'done'), '');
  }
}

async function copyAtomic(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const tmp = `${to}.${process.pid}.tmp`;
  await copyFile(from, tmp);
  await rename(tmp, to);
}

export async function cleanCache(workDir: string): Promise<void> {
  await rm(join(workDir, 'cache'), { recursive: true, force: true });
}
