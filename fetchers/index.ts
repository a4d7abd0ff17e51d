import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod/v4';
import { cacheKey } from '../core/canonical-json.ts';
import { writeFileAtomic } from '../core/atomic.ts';
import { trackPath } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import type { Corpus, Source } from '../core/lock.ts';
import type { Unpacked } from './archive.ts';
import { fetchDebian } from './debian.ts';
import { fetchGit } from './git.ts';
import { fetchLocal } from './local.ts';
import { DEFAULT_NPM_REGISTRY, fetchNpm } from './npm.ts';
import { selectTree, treeDigest } from './tree.ts';

export type FetchContext = { repoRoot: string; workDir: string; log: (line: string) => void };

export type FetchedCorpus = {
  /** The selected files only, ready for the indexer. */
  treeDir: string;
  /** `sha256:<hex>`, see treeDigest. */
  contentDigest: string;
  files: number;
  bytes: number;
  /** True when an earlier run's tree was verified and used without fetching. */
  reused: boolean;
  /** Symlinks inside the selection, which were not copied. */
  skippedLinks: string[];
  /** Entries whose names are not UTF-8, which were not copied (names escaped). */
  skippedNames: string[];
  /** Files with a NUL byte, which were not copied. */
  skippedBinary: string[];
  /** Entries of the source's archive inside the selection that were never created: links, devices, fifos. */
  skippedArchive: string[];
  /** Files with more than one name (hard links), which were not read. */
  skippedHardLinks: string[];
  source: Source;
};

const stampSchema = z.object({
  digest: z.string(),
  files: z.number(),
  bytes: z.number(),
  skippedLinks: z.array(z.string()),
  skippedNames: z.array(z.string()),
  // Required: a stamp written before binary files were skipped is not trusted, and its tree is rebuilt.
  skippedBinary: z.array(z.string()),
  // Required too: a stamp written before an archive's left-out entries were listed is rebuilt.
  skippedArchive: z.array(z.string()),
  // Required too: a stamp written before hard links were skipped is rebuilt.
  skippedHardLinks: z.array(z.string()),
});
type Stamp = z.infer<typeof stampSchema>;


async function readStamp(path: string): Promise<Stamp | null> {
  try {
    return stampSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch {
    return null;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

/** The directory the selection is copied from: a checkout, an unpacked tarball, or the local folder itself. */
async function fetchSource(source: Source, rawDir: string, ctx: FetchContext): Promise<Unpacked> {
  switch (source.kind) {
    case 'git':
      return { dir: await fetchGit(source, rawDir, ctx.log), notExtracted: [] };
    case 'npm':
      return fetchNpm(source, rawDir, ctx.log, process.env.LMC_NPM_REGISTRY || DEFAULT_NPM_REGISTRY);
    case 'local':
      return { dir: await fetchLocal(source, ctx.repoRoot), notExtracted: [] };
    case 'debian':
      return fetchDebian(source, rawDir, ctx.log);
  }
}

/**
 * A run killed while it built a tree leaves the temp directory behind. This run holds the work
 * directory's lock, so no other run is building here: every temp tree in the corpus's folder is dead.
 */
async function removeDeadTrees(corpusTrees: string): Promise<void> {
  const names = await readdir(corpusTrees).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith('.') && n.endsWith('.tmp')).map((n) => rm(join(corpusTrees, n), { recursive: true, force: true })));
}

/**
 * Produces the selected tree of a corpus under `<workDir>/trees/<name>/<key>/` and its content digest.
 * A tree from an earlier run is reused without any network access when it still hashes to its stamp
 * (and to the lock's content_digest, if pinned). A new tree is built beside the final place and renamed in,
 * so readers never see a partial one; a tree whose digest contradicts the lock is discarded.
 */
export async function fetchCorpus(corpus: Corpus, ctx: FetchContext): Promise<FetchedCorpus> {
  try {
    return await fetchCorpusUnlabelled(corpus, ctx);
  } catch (error) {
    if (error instanceof PipelineError) {
      throw new PipelineError(error.message, { ...error.where, corpus: corpus.name, stage: 'fetch' });
    }
    throw error;
  }
}

async function fetchCorpusUnlabelled(corpus: Corpus, ctx: FetchContext): Promise<FetchedCorpus> {
  const { source, include, exclude } = corpus;
  const log = (line: string) => ctx.log(`${corpus.name}: ${line}`);
  const treeDir = join(ctx.workDir, 'trees', corpus.name, cacheKey({ source, include, exclude }).slice(0, 16));
  const stampPath = `${treeDir}.stamp.json`;
  const pinned = corpus.content_digest;

  // A local folder can change without its source entry changing, so its tree is always rebuilt.
  const stamp = source.kind === 'local' ? null : await readStamp(stampPath);
  if (stamp && (await isDirectory(treeDir))) {
    const current = await treeDigest(treeDir);
    if (current.digest === stamp.digest && (!pinned || pinned === current.digest)) {
      log(`reusing ${treeDir} (${current.digest})`);
      const { digest: contentDigest, files, bytes } = current;
      return { treeDir, contentDigest, files, bytes, reused: true, skippedLinks: stamp.skippedLinks, skippedNames: stamp.skippedNames, skippedBinary: stamp.skippedBinary, skippedArchive: stamp.skippedArchive, skippedHardLinks: stamp.skippedHardLinks, source };
    }
    log(`the tree in ${treeDir} no longer matches its stamp; rebuilding`);
  }

  const rawDir = join(ctx.workDir, 'sources', corpus.name, cacheKey(source).slice(0, 16));
  const fetched = await fetchSource(source, rawDir, { ...ctx, log });

  await mkdir(dirname(treeDir), { recursive: true });
  await removeDeadTrees(dirname(treeDir));
  const tmpDir = join(dirname(treeDir), `.${basename(treeDir)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const untrack = trackPath(tmpDir);
  try {
    const selected = await selectTree(fetched.dir, tmpDir, include, exclude, fetched.notExtracted);
    if (selected.files === 0) {
      throw new PipelineError(`include ${JSON.stringify(include)} selected no files from the source`);
    }
    const { digest, files, bytes } = await treeDigest(tmpDir);
    if (pinned && pinned !== digest) {
      throw new PipelineError(`content digest mismatch: lock has ${pinned}, fetched tree is ${digest}; refusing`);
    }
    // Stamp first: a crash between these steps leaves a tree without a stamp, which the next run rebuilds.
    await rm(stampPath, { force: true });
    await rm(treeDir, { recursive: true, force: true });
    await rename(tmpDir, treeDir);
    const { skippedLinks, skippedNames, skippedBinary, skippedArchive, skippedHardLinks } = selected;
    const newStamp: Stamp = { digest, files, bytes, skippedLinks, skippedNames, skippedBinary, skippedArchive, skippedHardLinks };
    await writeFileAtomic(stampPath, `${JSON.stringify(newStamp, null, 2)}\n`);
    log(`selected ${files} files, ${bytes} bytes (${digest})`);
    if (skippedLinks.length || skippedNames.length || skippedBinary.length || skippedArchive.length || skippedHardLinks.length) {
      log(`skipped ${skippedLinks.length} symbolic link(s), ${skippedNames.length} name(s) that are not UTF-8, ${skippedBinary.length} binary file(s), ${skippedArchive.length} archive link(s), device(s) or fifo(s) and ${skippedHardLinks.length} hard-linked file(s) (listed in the manifest)`);
    }
    return { treeDir, contentDigest: digest, files, bytes, reused: false, skippedLinks, skippedNames, skippedBinary, skippedArchive, skippedHardLinks, source };
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
    untrack();
  }
}
