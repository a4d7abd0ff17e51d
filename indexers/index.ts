import { cp, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { trackChild } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/atomic.ts';
import { makeScratchDir } from '../core/scratch.ts';
import type { Corpus, IndexerName } from '../core/lock.ts';
import { encodeMetadata, frameField, readScipIndex } from '../graph/scip-reader.ts';
import { scipPython } from './scip-python.ts';
import { scipTypescript } from './scip-typescript.ts';
import { checkExternalVersion, externalIndexers, type ExternalIndexer } from './external.ts';
import { indexWithTreeSitter } from './tree-sitter/index.ts';
import type { IndexerDefinition } from './types.ts';

/** Indexers shipped as pinned npm dependencies of this project. */
export const npmIndexers: Partial<Record<IndexerName, IndexerDefinition>> = {
  'scip-typescript': scipTypescript,
  'scip-python': scipPython,
};

const require = createRequire(import.meta.url);
const INDEXER_TIMEOUT_MS = 30 * 60 * 1000;

export interface IndexResult {
  indexPath: string;
  indexer: { name: IndexerName; version: string; precision: 'compiler' | 'syntactic' };
  documents: number;
}

/** The installed version of an indexer package; the lock must name exactly this one. */
export async function installedVersion(def: IndexerDefinition): Promise<{ version: string; packageDir: string }> {
  const manifest = require.resolve(`${def.npmPackage}/package.json`);
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return { version, packageDir: dirname(manifest) };
}

export function projectOf(corpus: Corpus, sourceVersion: string): { name: string; version: string } {
  return corpus.project ?? { name: corpus.name, version: sourceVersion };
}

/**
 * Runs the corpus's indexer on a scratch copy of its tree and writes a
 * normalised `index.scip`: the metadata's project root and the tool's
 * arguments are rewritten so nothing machine-specific survives.
 */
export async function indexCorpus(
  corpus: Corpus,
  treeDir: string,
  project: { name: string; version: string },
  out: { indexPath: string; logPath: string; scratchRoot: string },
): Promise<IndexResult> {
  const where = { corpus: corpus.name, stage: 'index' };
  const wanted = corpus.indexer;
  try {
    if (wanted.name === 'tree-sitter') return await indexWithWalker(corpus, treeDir, project, out.indexPath);
    const external = externalIndexers.find((e) => e.name === wanted.name);
    if (external) return await indexWithExternal(external, corpus, treeDir, out);
  } catch (error) {
    if (error instanceof PipelineError) throw new PipelineError(error.message, { ...error.where, ...where });
    throw error;
  }
  const def = npmIndexers[wanted.name]!;
  if (!def.languages.includes(corpus.language)) {
    throw new PipelineError(`indexer ${def.name} does not index ${corpus.language}`, where);
  }
  const installed = await installedVersion(def);
  if (installed.version !== corpus.indexer.version) {
    throw new PipelineError(
      `lock pins ${def.name} ${corpus.indexer.version} but ${installed.version} is installed (package-lock.json decides which one npm ci installs)`,
      where,
    );
  }

  const scratch = await makeScratchDir(out.scratchRoot, `lmc-scratch-${corpus.name}-`);
  try {
    const scratchDir = join(scratch.path, 'tree');
    await cp(treeDir, scratchDir, { recursive: true, verbatimSymlinks: true });
    const rawOutput = join(scratch.path, 'raw.scip');
    const ctx = { scratchDir, outputFile: rawOutput, project, corpus };
    await def.prepare(ctx);
    const args = def.args(ctx);
    try {
      await runIndexer({ name: def.name, script: join(installed.packageDir, def.binPath), args, cwd: scratchDir, logPath: out.logPath, timeoutMs: INDEXER_TIMEOUT_MS, hide: scratch.path });
      const recordedArgs = args.map((a) => a.split(scratchDir).join('.').split(scratch.path).join('.'));
      const documents = await normaliseIndex(rawOutput, out.indexPath, { name: def.name, version: installed.version, arguments: recordedArgs });
      return { indexPath: out.indexPath, indexer: { name: def.name, version: installed.version, precision: 'compiler' }, documents };
    } catch (error) {
      if (error instanceof PipelineError) throw new PipelineError(error.message, { ...error.where, ...where });
      throw error;
    }
  } finally {
    await scratch.remove();
  }
}

/**
 * Runs an indexer script with this Node (no shell, no stdin), logs its output,
 * and fails clearly when it times out, exits non-zero or writes nothing.
 */
export async function runIndexer(run: { name: string; script: string; args: string[]; cwd: string; logPath: string; timeoutMs: number; hide?: string }): Promise<void> {
  const result = await trackChild(
    execa(process.execPath, [run.script, ...run.args], {
      cwd: run.cwd,
      reject: false,
      all: true,
      timeout: run.timeoutMs,
      stdin: 'ignore',
      env: { NODE_OPTIONS: '', npm_config_ignore_scripts: 'true' },
    }),
  );
  await mkdir(dirname(run.logPath), { recursive: true });
  const log = `$ ${run.name} ${run.args.join(' ')}\n${result.all ?? ''}\n`;
  await writeFile(run.logPath, run.hide ? log.split(run.hide).join('<scratch>') : log);
  if (result.timedOut) throw new PipelineError(`${run.name} timed out after ${run.timeoutMs / 1000} s (log: ${run.logPath})`);
  if (result.exitCode !== 0) throw new PipelineError(`${run.name} exited with ${result.exitCode ?? result.signal} (log: ${run.logPath})`);
}

/**
 * Copies an indexer's raw output to `indexPath` entry by entry, replacing the
 * metadata's project root and tool arguments (absolute scratch paths) with
 * fixed values. Fails on a missing, empty, unreadable or document-less index.
 */
export async function normaliseIndex(rawOutput: string, indexPath: string, tool: { name: string; version: string; arguments: string[] }): Promise<number> {
  const size = await stat(rawOutput).then((s) => s.size, () => 0);
  if (size === 0) throw new PipelineError(`${tool.name} wrote no index`);
  const parts: Buffer[] = [];
  let documents = 0;
  try {
    for await (const entry of readScipIndex(rawOutput)) {
      if (entry.field === 'metadata') {
        parts.push(frameField(1, encodeMetadata({ ...entry.value, projectRoot: 'file:///corpus/', toolInfo: tool })));
      } else {
        if (entry.field === 'document') documents += 1;
        parts.push(frameField(entry.field === 'document' ? 2 : entry.fieldNumber, entry.bytes));
      }
    }
  } catch (error) {
    if (error instanceof PipelineError) throw new PipelineError(`${tool.name} wrote an unreadable index: ${error.message}`);
    throw error;
  }
  if (documents === 0) throw new PipelineError(`${tool.name} indexed no documents`);
  await writeFileAtomic(indexPath, Buffer.concat(parts));
  return documents;
}

/** The installed version of a package whose `exports` hide its package.json: found by walking up from its entry point. */
async function packageVersion(name: string): Promise<string> {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest && (JSON.parse(manifest) as { name?: string }).name === name) return (JSON.parse(manifest) as { version: string }).version;
  }
  throw new PipelineError(`cannot find the installed version of ${name}`);
}

/** Our tree-sitter walker: syntactic facts, in process; the lock pins the web-tree-sitter version it runs on. */
async function indexWithWalker(corpus: Corpus, treeDir: string, project: { name: string; version: string }, indexPath: string): Promise<IndexResult> {
  const version = await packageVersion('web-tree-sitter');
  if (version !== corpus.indexer.version) {
    throw new PipelineError(`lock pins tree-sitter ${corpus.indexer.version} but web-tree-sitter ${version} is installed`);
  }
  const result = await indexWithTreeSitter({ treeDir, language: corpus.language, project, outputPath: indexPath });
  if (result.documents === 0) throw new PipelineError(`tree-sitter found no ${corpus.language} files to index`);
  return { indexPath, indexer: { name: 'tree-sitter', version, precision: 'syntactic' }, documents: result.documents };
}

/** A maintainer-installed compiler-grade indexer, at exactly the lock's version, on a scratch copy. */
async function indexWithExternal(tool: ExternalIndexer, corpus: Corpus, treeDir: string, out: { indexPath: string; logPath: string; scratchRoot: string }): Promise<IndexResult> {
  if (!tool.languages.includes(corpus.language)) throw new PipelineError(`indexer ${tool.name} does not index ${corpus.language}`);
  await checkExternalVersion(tool, corpus.indexer.version);
  const scratch = await makeScratchDir(out.scratchRoot, `lmc-scratch-${corpus.name}-`);
  try {
    const scratchDir = join(scratch.path, 'tree');
    await cp(treeDir, scratchDir, { recursive: true, verbatimSymlinks: true });
    const raw = join(scratch.path, 'raw.scip');
    const result = await trackChild(execa(tool.binary, tool.indexArgs(raw), { cwd: scratchDir, reject: false, all: true, stdin: 'ignore', timeout: INDEXER_TIMEOUT_MS }));
    await mkdir(dirname(out.logPath), { recursive: true });
    await writeFile(out.logPath, `$ ${tool.binary} ${tool.indexArgs('index.scip').join(' ')}\n${result.all ?? ''}\n`.split(scratch.path).join('<scratch>'));
    if (result.timedOut) throw new PipelineError(`${tool.name} timed out after ${INDEXER_TIMEOUT_MS / 1000} s (log: ${out.logPath})`);
    if (result.exitCode !== 0) throw new PipelineError(`${tool.name} exited with ${result.exitCode ?? result.signal} (log: ${out.logPath})`);
    const documents = await normaliseIndex(raw, out.indexPath, { name: tool.name, version: corpus.indexer.version, arguments: tool.indexArgs('index.scip') });
    return { indexPath: out.indexPath, indexer: { name: tool.name, version: corpus.indexer.version, precision: 'compiler' }, documents };
  } finally {
    await scratch.remove();
  }
}
