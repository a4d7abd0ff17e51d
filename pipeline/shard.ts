import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod/v4';
import { writeFileAtomic } from '../core/atomic.ts';
import { cacheKey } from '../core/canonical-json.ts';
import { PipelineError } from '../core/errors.ts';
import type { Corpus, Lock } from '../core/lock.ts';
import { checkPublishedSet, outputNames, publishCorpus, serialise, sha256 } from '../emit/publish.ts';
import { codeVersion } from './cache.ts';

/** The corpora a run covers: the named ones (each once, in the order given), or every default one. */
export function selectCorpora(lock: Lock, names: string[] | undefined, lockFile: string): Corpus[] {
  if (!names?.length) return lock.corpora.filter((c) => c.default);
  return [...new Set(names)].map((n) => {
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

/** What a `generate --shard i/n` run leaves beside its outputs, so `merge` can check the shards belong together and are complete. */
export const SHARD_RECORD = 'lmc-shard.json';

const shardRecordSchema = z
  .object({
    format: z.literal(1),
    /** sha256 of the lock file the shard was generated from. */
    lock_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    shard: z.object({ index: z.int().min(1), count: z.int().min(1) }).strict(),
    /** The whole plan the shards split: every corpus and its key. */
    plan: z.array(z.object({ corpus: z.string(), key: z.string() }).strict()),
    /** The corpora this shard completed. */
    corpora: z.array(z.string()),
  })
  .strict();
type ShardRecord = z.infer<typeof shardRecordSchema>;

export async function lockDigest(lockFile: string): Promise<string> {
  return sha256(await readFile(lockFile));
}

export async function writeShardRecord(outDir: string, record: Omit<ShardRecord, 'format'>): Promise<void> {
  await writeFileAtomic(join(outDir, SHARD_RECORD), serialise({ format: 1, ...record }));
}

async function readShardRecord(dir: string): Promise<ShardRecord> {
  const text = await readFile(join(dir, SHARD_RECORD), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new PipelineError(error.code === 'ENOENT' ? `${dir} holds no ${SHARD_RECORD}: not the output of \`lmc generate --shard\`` : `cannot read ${join(dir, SHARD_RECORD)} (${error.code})`);
  });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PipelineError(`${join(dir, SHARD_RECORD)} is not JSON`);
  }
  const parsed = shardRecordSchema.safeParse(raw);
  if (!parsed.success) throw new PipelineError(`${join(dir, SHARD_RECORD)} is not a shard record (field ${parsed.error.issues[0]!.path.join('.')})`);
  return parsed.data;
}

/**
 * Assembles shard outputs into one directory, refusing anything that would not equal a single
 * run: shards of another lock or of mixed locks, of another plan (other code or overlays), a
 * corpus of the plan that no shard completed, a corpus found twice, and any corpus whose set is
 * not whole (a file missing, edited or from another run). Every corpus is published as a set; the
 * result is byte-identical to a single-machine run.
 */
export async function merge(shardDirs: string[], outDir: string, lockFile: string, currentPlan: Array<{ corpus: string; key: string }>): Promise<string[]> {
  if (shardDirs.length === 0) throw new PipelineError('no shard directories to merge');
  const lockSha = await lockDigest(lockFile);
  const records: Array<{ dir: string; record: ShardRecord }> = [];
  for (const dir of shardDirs) records.push({ dir, record: await readShardRecord(dir) });
  const planText = (p: ShardRecord['plan']) => JSON.stringify(p);
  const first = records[0]!.record;
  for (const { dir, record } of records) {
    if (record.lock_sha256 !== first.lock_sha256) throw new PipelineError(`the shards come from different locks (${records[0]!.dir} and ${dir})`);
    if (record.shard.count !== first.shard.count || planText(record.plan) !== planText(first.plan)) throw new PipelineError(`the shards split different plans (${records[0]!.dir} and ${dir})`);
  }
  if (first.lock_sha256 !== lockSha) throw new PipelineError(`the shards were generated from another lock than ${lockFile}`);
  const now = new Map(currentPlan.map((j) => [j.corpus, j.key]));
  for (const job of first.plan) {
    if (now.get(job.corpus) !== job.key) throw new PipelineError(`corpus ${job.corpus}: the shards were generated by other code or overlays than this checkout's (plan key ${job.key}, now ${now.get(job.corpus) ?? 'not in the plan'})`);
  }
  const owner = new Map<string, string>();
  for (const { dir, record } of records) {
    for (const corpus of record.corpora) {
      if (owner.has(corpus)) throw new PipelineError(`corpus ${corpus} appears in two shards (${owner.get(corpus)} and ${dir})`);
      owner.set(corpus, dir);
      const problems = await checkPublishedSet(dir, corpus);
      if (problems.length) throw new PipelineError(`shard ${dir}, corpus ${corpus}: ${problems.join('; ')}`);
    }
  }
  const missing = first.plan.map((j) => j.corpus).filter((c) => !owner.has(c));
  if (missing.length) throw new PipelineError(`the plan's ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} in no shard (a shard is missing or failed)`);
  if (owner.size === 0) throw new PipelineError('the shards hold no corpora');
  await mkdir(outDir, { recursive: true });
  const merged = [...owner.keys()].sort();
  for (const corpus of merged) {
    const names = outputNames(corpus);
    const read = (file: string) => readFile(join(owner.get(corpus)!, file), 'utf8');
    await publishCorpus(outDir, { scenarios: await read(names.scenarios), audit: await read(names.audit), card: await read(names.card), chart: await read(names.chart), manifest: await read(names.manifest) }, corpus);
  }
  return merged;
}
