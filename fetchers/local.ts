import { lstat, realpath } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { PipelineError } from '../core/errors.ts';
import type { LocalSource } from '../core/lock.ts';

/**
 * A local source is used in place: selectTree copies from it directly, so there is nothing to
 * download. Its path is resolved with every symbolic link followed, and refused unless it stays
 * inside the repository (a link anywhere on the way, `root-link/etc` with `root-link -> /`, counts).
 */
export async function fetchLocal(source: LocalSource, repoRoot: string): Promise<string> {
  const dir = resolve(repoRoot, source.path);
  const info = await lstat(dir).catch(() => null);
  if (!info) {
    throw new PipelineError(`local source ${source.path} does not exist (looked in ${dir})`, { stage: 'fetch' });
  }
  // lstat, so a symlink is refused too rather than followed out of the repository.
  if (!info.isDirectory()) {
    throw new PipelineError(`local source ${source.path} is not a directory (${dir})`, { stage: 'fetch' });
  }
  const [real, root] = await Promise.all([realpath(dir), realpath(repoRoot)]);
  if (real !== root && !real.startsWith(root + sep)) {
    throw new PipelineError(`local source ${source.path} leaves the repository through a symbolic link (it resolves to ${real}); refusing`, { stage: 'fetch' });
  }
  return real;
}
