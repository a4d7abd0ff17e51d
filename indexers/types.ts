import type { Corpus, IndexerName } from '../core/lock.ts';

export interface IndexerContext {
  /** A throwaway copy of the corpus tree; the indexer may write config files into it. */
  scratchDir: string;
  outputFile: string;
  project: { name: string; version: string };
  corpus: Corpus;
}

/** An external SCIP indexer shipped as a pinned npm dependency of this project. */
export interface IndexerDefinition {
  name: IndexerName;
  npmPackage: string;
  /** Entry script inside the package, run with this Node (never through a shell). */
  binPath: string;
  languages: readonly Corpus['language'][];
  prepare(ctx: IndexerContext): Promise<void>;
  args(ctx: IndexerContext): string[];
}
