import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { runGenerate, type CorpusOutcome } from '../pipeline/generate.ts';
import { loadLock } from '../core/lock.ts';
import type { RunPaths } from '../pipeline/paths.ts';
import { IndexType } from '../graph/scip-reader.ts';
import { buildFactGraph, type FactGraph } from '../graph/fact-graph.ts';
import { languageOf } from '../core/languages.ts';

export const repoRoot = resolve(import.meta.dirname, '..');

/** The directories tempDir made for this test file: removed once its tests are done, a failed one's too. */
const madeHere: string[] = [];
afterAll(async () => {
  await Promise.all(madeHere.splice(0).map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
});

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `lmc-${prefix}-`));
  madeHere.push(dir);
  return dir;
}

/**
 * A corpus written as `files` under `tree/` beside `index.scip`, the index of `documents` as an indexer
 * would write it (SCIP Document objects), in a new temporary directory `root`; `graphOf` reads it as
 * the pipeline does, with the language's forms and the given precision (project `demo`).
 */
export async function scipCorpus(
  prefix: string,
  files: Record<string, string>,
  documents: object[],
): Promise<{ root: string; treeDir: string; indexPath: string; graphOf: (language: string, precision: 'compiler' | 'syntactic') => Promise<FactGraph> }> {
  const root = await tempDir(prefix);
  const treeDir = join(root, 'tree');
  await mkdir(treeDir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(treeDir, name), text);
  const indexPath = join(root, 'index.scip');
  await writeFile(indexPath, IndexType.encode(IndexType.fromObject({ metadata: { projectRoot: 'file:///demo' }, documents })).finish());
  const graphOf = (language: string, precision: 'compiler' | 'syntactic') => {
    const { constructs, calls } = languageOf(language).idioms;
    return buildFactGraph(indexPath, { name: 'demo' }, { treeDir, constructs, calls, precision });
  };
  return { root, treeDir, indexPath, graphOf };
}

/** Runs the real pipeline on corpora of the repository's lock into fresh output and work directories. */
export async function generateInto(corpora: string[], concurrency: number): Promise<{ paths: RunPaths; outcomes: CorpusOutcome[]; cleanup: () => Promise<void> }> {
  const root = await tempDir('gen');
  const paths: RunPaths = {
    lockFile: join(repoRoot, 'corpora.lock.yaml'),
    repoRoot,
    outDir: join(root, 'scenarios'),
    workDir: join(root, 'work'),
  };
  const lock = await loadLock(paths.lockFile);
  const outcomes = await runGenerate(lock, corpora, paths, { concurrency, force: false }, () => {});
  return { paths, outcomes, cleanup: () => rm(root, { recursive: true, force: true }) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether process `pid` has stopped running within `ms` (a zombie not yet reaped by its new parent
 * counts as stopped); if not, it is killed, so a failing test leaves nothing behind.
 */
export async function stopsRunning(pid: number, ms = 2_000): Promise<boolean> {
  const running = async () => {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  };
  const until = Date.now() + ms;
  while (await running()) {
    if (Date.now() > until) {
      process.kill(pid, 'SIGKILL');
      return false;
    }
    await pause(20);
  }
  return true;
}

/** The pid a process wrote to `file`, once it has, waiting up to `ms`. */
export async function pidFrom(file: string, ms = 10_000): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (/^\d+\n?$/.test(text)) return Number(text);
    if (Date.now() > until) throw new Error(`no pid in ${file} after ${ms} ms`);
    await pause(20);
  }
}
