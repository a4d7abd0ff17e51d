import { rmSync } from 'node:fs';

/** What a child process (node's, or execa's subprocess) offers that cleanup needs. */
interface Killable {
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit' | 'error', listener: () => void): unknown;
}

/**
 * What an interrupted run must undo: child processes still running (indexers, adapters, git) and
 * temporary files and directories not yet renamed into place. Stages register them here while
 * they exist; on SIGINT or SIGTERM the CLI kills and removes whatever is still registered.
 */
const children = new Set<Killable>();
/** Process groups by id: each led by a child started `detached`, whose pid is the group's id. */
const groups = new Set<number>();
const paths = new Set<string>();

/** Registers a child process until it exits. */
export function trackChild<T extends Killable>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.once('error', () => children.delete(child));
  return child;
}

/**
 * Registers the process group a `detached` child leads, to be killed whole: killing a shell alone
 * leaves its pipeline and background jobs running. Returns the function that kills the group and
 * unregisters it; after the first call it does nothing, so a later call cannot reach another
 * group that reuses the id.
 */
export function trackGroup(pid: number): () => void {
  groups.add(pid);
  return () => {
    if (groups.delete(pid)) killGroup(pid);
  };
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // every process of the group is gone
  }
}

/** Registers a temporary path; call the returned function once it is renamed into place or removed. */
export function trackPath(path: string): () => void {
  paths.add(path);
  return () => paths.delete(path);
}

/**
 * Kills every registered child process and process group and removes every registered path,
 * synchronously. A killed child may still be writing into its directory for a moment (SIGKILL is
 * delivered, not awaited), so a removal that meets a directory filling up again is retried; the
 * paths that still could not be removed are returned, for the caller to name.
 */
export function cleanUpNow(): string[] {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
  for (const pid of groups) killGroup(pid);
  groups.clear();
  const left: string[] = [];
  for (const path of paths) {
    try {
      rmSync(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
    } catch {
      left.push(path);
    }
  }
  paths.clear();
  return left;
}
