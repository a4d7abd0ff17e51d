import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where one run reads and writes. Everything under `workDir` is disposable and git-ignored. */
export interface RunPaths {
  lockFile: string;
  /** Local sources are relative to the directory holding the lock file. */
  repoRoot: string;
  outDir: string;
  workDir: string;
}

export function resolvePaths(opts: { lock: string; out: string; workDir: string }): RunPaths {
  const lockFile = resolve(opts.lock);
  return { lockFile, repoRoot: resolve(lockFile, '..'), outDir: resolve(opts.out), workDir: resolve(opts.workDir) };
}

export function corpusWorkPaths(paths: RunPaths, corpus: string) {
  return {
    indexPath: join(paths.workDir, 'index', corpus, 'index.scip'),
    indexLog: join(paths.workDir, 'logs', corpus, 'index.log'),
    // Indexers run on a copy in the system temp directory, not under the work directory: a compiler
    // that looks for packages in every directory above the tree (TypeScript's node_modules/@types)
    // would otherwise find this tool's own dependencies, and the index would depend on where the
    // work directory is.
    scratchRoot: tmpdir(),
  };
}
