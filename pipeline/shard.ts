import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { PipelineError } from '../core/errors.ts';
import { codeVersion } from './cache.ts';
import { cacheKey } from '../core/canonical-json.ts';
import type { Corpus, Lock } from '../core/lock.ts';

/** The files one corpus's run publishes. */
export const corpusOutputs = (corpus: string) => [`${corpus}.json`, `${corpus}.manifest.json`, `${corpus}.audit.json`, `${corpus}.md`];


export function selectCorpora(lock: Lock, names: string[] | undefined, lockFile: string): Corpus[] {
  if (!names?.length) return lock.corpora.filter((c) => c.default);
  return names.map((n) => {
    const c = lock.corpora.find((x) => x.name === n);
    if (!c) throw new PipelineError(`no corpus named "${n}" in the lock (known: ${lock.corpora.map((x) => x.name).join(', ')})`, { file: lockFile });
    return c;
  });
}

/** `i/n`: the i-th of n deterministic parts (corpora sorted by name, dealt round-robin). */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new PipelineError(`--shard must be i/n with 1 <= i <= n, not "${text}"`);
  return { index, count };
}

export function shardOf<T extends { name: string }>(corpora: T[], shard: { index: number; count: number }): T[] {
  return [...corpora].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).filter((_, i) => i % shard.count === shard.index - 1);
}

/**
 * The work as a CI job matrix: one entry per corpus with a key covering its
 * lock entry, its overlays and all code the CLI reaches, so a CI cache keyed on it
 * is reused exactly when the corpus's outputs could not have changed.
 */
export async function plan(corpora: Corpus[], repoRoot: string): Promise<{ include: Array<{ corpus: string; key: string }> }> {
  const code = codeVersion(['pipeline/cli.ts']);
  const include = [];
  for (const corpus of [...corpora].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const overlays = await Promise.all(['manual', 'specs'].map((k) => readFile(join(repoRoot, 'scenarios', k, `${corpus.name}.yaml`), 'utf8').catch(() => null)));
    include.push({ corpus: corpus.name, key: cacheKey({ corpus, overlays, code }) });
  }
  return { include };
}

/**
 * Assembles shard outputs into one directory. Each corpus must come from
 * exactly one shard, complete, with a manifest whose hash matches its
 * scenario file; the result is byte-identical to a single-machine run.
 */
export async function merge(shardDirs: string[], outDir: string): Promise<string[]> {
  const owner = new Map<string, string>();
  for (const dir of shardDirs) {
    const names = await readdir(dir).catch(() => {
      throw new PipelineError(`shard directory ${dir} does not exist`);
    });
    for (const name of names.filter((n) => n.endsWith('.manifest.json'))) {
      const corpus = name.slice(0, -'.manifest.json'.length);
      if (owner.has(corpus)) throw new PipelineError(`corpus ${corpus} appears in two shards (${owner.get(corpus)} and ${dir})`);
      owner.set(corpus, dir);
      for (const file of corpusOutputs(corpus)) {
        if (!names.includes(file)) throw new PipelineError(`shard ${dir} has ${name} but no ${file}`);
      }
      const manifest = JSON.parse(await readFile(join(dir, name), 'utf8')) as { scenario_file: { sha256: string } };
      const actual = createHash('sha256').update(await readFile(join(dir, `${corpus}.json`))).digest('hex');
      if (manifest.scenario_file.sha256 !== actual) throw new PipelineError(`shard ${dir}: ${corpus}.json does not match the sha256 its manifest records`);
    }
  }
  await mkdir(outDir, { recursive: true });
  const merged = [...owner.keys()].sort();
  for (const corpus of merged) {
    for (const file of corpusOutputs(corpus)) {
      const tmp = join(outDir, `.${file}.${process.pid}.tmp`);
      await copyFile(join(owner.get(corpus)!, file), tmp);
      await rename(tmp, join(outDir, file));
    }
  }
  return merged;
}
