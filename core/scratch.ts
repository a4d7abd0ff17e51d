import { lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { trackPath } from './cleanup.ts';
import { isAlive, startTicks } from './processes.ts';

/** A scratch directory's name: `lmc-<what>-<pid>.<start ticks, or x>-<mkdtemp's six characters>`. */
const SCRATCH_NAME = /^lmc-.+-(\d+)\.(\d+|x)-[A-Za-z0-9]{6}$/;

let ownTicks: string | undefined;

/**
 * A temporary directory of this run under `root` (the system's temp directory), removed by
 * `remove()`, and on SIGINT or SIGTERM by the CLI's cleanup. A run killed outright (SIGKILL, the
 * machine's OOM killer) removes nothing, so the name carries its owner, pid and start time, and
 * every later run sweeps the scratch directories whose owner is gone before it makes its own:
 * a killed `lmc verify` leaves a whole work directory there.
 */
export async function makeScratchDir(root: string, prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  await mkdir(root, { recursive: true });
  await sweepScratch(root);
  ownTicks ??= ticksOrX(process.pid);
  const path = await mkdtemp(join(root, `${prefix}${process.pid}.${ownTicks}-`));
  const untrack = trackPath(path);
  return {
    path,
    remove: async () => {
      await rm(path, { recursive: true, force: true });
      untrack();
    },
  };
}

/**
 * Removes the scratch directories under `root` that this user owns and whose run is gone: its pid
 * names no process, or one started at another time (the pid was reused). Returns their names.
 * A directory that only looks like one (a symlink, another user's) is left alone.
 */
export async function sweepScratch(root: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const owner = SCRATCH_NAME.exec(name);
    if (!owner || !runGone(Number(owner[1]), owner[2]!)) continue;
    const info = await lstat(join(root, name)).catch(() => undefined);
    if (!info?.isDirectory() || info.uid !== process.getuid?.()) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function runGone(pid: number, ticks: string): boolean {
  if (!isAlive(pid)) return true;
  if (ticks === 'x') return false;
  try {
    return startTicks(pid) !== ticks;
  } catch {
    return false;
  }
}

function ticksOrX(pid: number): string {
  try {
    return startTicks(pid);
  } catch {
    return 'x';
  }
}
