import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { PipelineError } from '../pipeline/errors.ts';
import { writeFileAtomic } from '../pipeline/atomic.ts';
import type { Corpus, IndexerName } from '../pipeline/lock.ts';
import { encodeMetadata, frameField, readScipIndex } from '../graph/scip-reader.ts';
import { scipPython } from './scip-python.ts';
import { scipTypescript } from './scip-typescript.ts';
import type { IndexerDefinition } from './types.ts';

export const indexers: Record<IndexerName, IndexerDefinition> = {
  'scip-typescript': scipTypescript,
  'scip-python': scipPython,
};

const require = createRequire(import.meta.url);
const INDEXER_TIMEOUT_MS = 30 * 60 * 1000;

export interface IndexResult {
  indexPath: string;
  indexer: { name: IndexerName; version: string; precision: 'compiler' };
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
  const def = indexers[corpus.indexer.name];
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

  await mkdir(out.scratchRoot, { recursive: true });
  const scratch = await mkdtemp(join(out.scratchRoot, `${corpus.name}-`));
  try {
    const scratchDir = join(scratch, 'tree');
    await cp(treeDir, scratchDir, { recursive: true, verbatimSymlinks: true });
    const rawOutput = join(scratch, 'raw.scip');
    const ctx = { scratchDir, outputFile: rawOutput, project, corpus };
    await def.prepare(ctx);
    const args = [join(installed.packageDir, def.binPath), ...def.args(ctx)];
    const result = await execa(process.execPath, args, {
      cwd: scratchDir,
      reject: false,
      all: true,
      timeout: INDEXER_TIMEOUT_MS,
      stdin: 'ignore',
      env: { NODE_OPTIONS: '', npm_config_ignore_scripts: 'true' },
    });
    await mkdir(dirname(out.logPath), { recursive: true });
    await writeFile(out.logPath, `$ ${def.name} ${def.args(ctx).join(' ')}\n${result.all ?? ''}\n`.split(scratch).join('<scratch>'));
    if (result.timedOut) throw new PipelineError(`${def.name} timed out after ${INDEXER_TIMEOUT_MS / 1000} s (log: ${out.logPath})`, where);
    if (result.exitCode !== 0) {
      throw new PipelineError(`${def.name} exited with ${result.exitCode ?? result.signal} (log: ${out.logPath})`, where);
    }
    const size = await stat(rawOutput).then((s) => s.size, () => 0);
    if (size === 0) throw new PipelineError(`${def.name} wrote no index (log: ${out.logPath})`, where);

    const parts: Buffer[] = [];
    let documents = 0;
    try {
      for await (const entry of readScipIndex(rawOutput)) {
        if (entry.field === 'metadata') {
          const normalised = {
            ...entry.value,
            projectRoot: 'file:///corpus/',
            toolInfo: { name: def.name, version: installed.version, arguments: def.args(ctx).map((a) => a.split(scratchDir).join('.').split(scratch).join('.')) },
          };
          parts.push(frameField(1, encodeMetadata(normalised)));
        } else {
          if (entry.field === 'document') documents += 1;
          parts.push(frameField(entry.field === 'document' ? 2 : entry.fieldNumber, entry.bytes));
        }
      }
    } catch (error) {
      if (error instanceof PipelineError) throw new PipelineError(`${def.name} wrote an unreadable index: ${error.message}`, where);
      throw error;
    }
    if (documents === 0) throw new PipelineError(`${def.name} indexed no documents (log: ${out.logPath})`, where);
    await writeFileAtomic(out.indexPath, Buffer.concat(parts));
    return { indexPath: out.indexPath, indexer: { name: def.name, version: installed.version, precision: 'compiler' }, documents };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
