import { execa } from 'execa';
import { PipelineError } from '../core/errors.ts';
import type { Corpus, IndexerName } from '../core/lock.ts';

/**
 * Compiler-grade SCIP indexers a maintainer installs on their own machine.
 * The lock names one with its exact version; we run it only when that
 * version is on PATH, and otherwise say so — never another indexer instead.
 */
export interface ExternalIndexer {
  name: IndexerName;
  binary: string;
  languages: readonly Corpus['language'][];
  versionArgs: string[];
  /** Arguments that index the current directory into `output`. */
  indexArgs(output: string): string[];
}

export const externalIndexers: ExternalIndexer[] = [
  { name: 'scip-go', binary: 'scip-go', languages: ['go'], versionArgs: ['--version'], indexArgs: (out) => ['--output', out] },
  { name: 'rust-analyzer', binary: 'rust-analyzer', languages: ['rust'], versionArgs: ['--version'], indexArgs: (out) => ['scip', '.', '--output', out] },
  { name: 'scip-java', binary: 'scip-java', languages: ['java'], versionArgs: ['--version'], indexArgs: (out) => ['index', '--output', out] },
  { name: 'scip-ruby', binary: 'scip-ruby', languages: ['ruby'], versionArgs: ['--version'], indexArgs: (out) => ['--index-file', out, '.'] },
  { name: 'scip-clang', binary: 'scip-clang', languages: ['c', 'cpp'], versionArgs: ['--version'], indexArgs: (out) => ['--index-output-path', out] },
];

/** The version an installed tool reports (its first x.y.z), or a clear error when it is absent or different. */
export async function checkExternalVersion(tool: ExternalIndexer, wanted: string): Promise<void> {
  const result = await execa(tool.binary, tool.versionArgs, { reject: false, stdin: 'ignore', all: true, timeout: 60_000 });
  if ((result as { code?: string }).code === 'ENOENT') {
    throw new PipelineError(`the lock names ${tool.name} ${wanted}, which is not installed here (${tool.binary} is not on PATH); install it or change the lock's indexer`);
  }
  const found = /\d+\.\d+\.\d+(?:[-+][\w.]+)?/.exec(result.all ?? '')?.[0];
  if (found !== wanted) {
    throw new PipelineError(`the lock names ${tool.name} ${wanted}, but ${tool.binary} reports ${found ?? 'no version'}; install ${wanted} or change the lock`);
  }
}
