import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { trackPath } from './cleanup.ts';

/**
 * Write through a temp file in the same directory and rename, so readers see the old file or the new
 * one, never a part. `data` may be produced piece by piece (an iterable of chunks), so a large file
 * is never held whole in memory.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array | Iterable<Uint8Array>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const untrack = trackPath(tmp);
  try {
    await writeFile(tmp, data, { mode: 0o644 });
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  } finally {
    untrack();
  }
}
