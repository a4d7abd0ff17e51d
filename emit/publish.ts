/**
 * A corpus's five published files as one set: `<corpus>.json` (the scenarios), `.audit.json`,
 * `.md` (the dataset card), `.svg` (the card's chart) and `.manifest.json`, which records the sha256
 * of the other four. All five are written to temporary names first and renamed into place with the manifest last, so a
 * reader that trusts the manifest never takes a mixed set for a whole one, and `checkPublishedSet`
 * finds a set that was mixed or edited afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { trackPath } from '../core/cleanup.ts';
import type { Manifest } from './manifest.ts';

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Two-space JSON with a final newline; key order is the order objects were built in. */
export function serialise(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export const outputNames = (corpus: string) => ({
  scenarios: `${corpus}.json`,
  manifest: `${corpus}.manifest.json`,
  audit: `${corpus}.audit.json`,
  card: `${corpus}.md`,
  chart: `${corpus}.svg`,
});

/** The files one corpus's run publishes, in the order they are renamed into place (the manifest last). */
export const corpusOutputs = (corpus: string): string[] => {
  const n = outputNames(corpus);
  return [n.scenarios, n.audit, n.card, n.chart, n.manifest];
};

/** The manifest, completed with the hashes of the files it vouches for. */
export function sealManifest(manifest: Manifest, texts: { audit: string; card: string; chart: string }): Manifest {
  const n = outputNames(manifest.corpus.name);
  return {
    ...manifest,
    outputs: {
      audit: { path: n.audit, sha256: sha256(texts.audit) },
      card: { path: n.card, sha256: sha256(texts.card) },
      chart: { path: n.chart, sha256: sha256(texts.chart) },
    },
  };
}

export interface PublishedTexts {
  scenarios: string;
  manifest: string;
  audit: string;
  card: string;
  chart: string;
}

/** Writes the set: every file to a temporary name, then the renames, the manifest last. */
export async function publishCorpus(outDir: string, texts: PublishedTexts, corpus: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await removeStaleTemps(outDir, corpus);
  const n = outputNames(corpus);
  const staged: Array<{ tmp: string; path: string; untrack: () => void }> = [];
  try {
    for (const [key, name] of [['scenarios', n.scenarios], ['audit', n.audit], ['card', n.card], ['chart', n.chart], ['manifest', n.manifest]] as const) {
      const path = join(outDir, name);
      const tmp = join(outDir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      staged.push({ tmp, path, untrack: trackPath(tmp) });
      await writeFile(tmp, texts[key], { mode: 0o644 });
    }
    for (const s of staged) await rename(s.tmp, s.path);
  } finally {
    for (const s of staged) {
      await rm(s.tmp, { force: true });
      s.untrack();
    }
  }
}

/** A run killed in the middle of writing leaves its temp files behind; the next publication sweeps this corpus's. */
async function removeStaleTemps(outDir: string, corpus: string): Promise<void> {
  const prefixes = corpusOutputs(corpus).map((f) => `.${f}.`);
  const names = await readdir(outDir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.endsWith('.tmp') && prefixes.some((p) => n.startsWith(p))).map((n) => rm(join(outDir, n), { force: true })));
}

/**
 * What is wrong with a published set in `dir`: a missing file, a manifest that is not one, or a
 * file whose sha256 is not the one the manifest records. Empty when the set is whole.
 */
export async function checkPublishedSet(dir: string, corpus: string): Promise<string[]> {
  const n = outputNames(corpus);
  const problems: string[] = [];
  const read = async (name: string) => readFile(join(dir, name)).catch(() => undefined);
  const manifestBytes = await read(n.manifest);
  if (!manifestBytes) return [`${n.manifest} is missing`];
  let manifest: { scenario_file?: { sha256?: unknown }; counts?: { total?: unknown }; outputs?: { audit?: { sha256?: unknown }; card?: { sha256?: unknown }; chart?: { sha256?: unknown } } };
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as typeof manifest;
  } catch {
    return [`${n.manifest} is not JSON`];
  }
  const recorded: Array<[string, unknown]> = [
    [n.scenarios, manifest?.scenario_file?.sha256],
    [n.audit, manifest?.outputs?.audit?.sha256],
    [n.card, manifest?.outputs?.card?.sha256],
    [n.chart, manifest?.outputs?.chart?.sha256],
  ];
  let scenarioBytes: Buffer | undefined;
  for (const [name, hash] of recorded) {
    if (typeof hash !== 'string') {
      problems.push(`${n.manifest} records no sha256 for ${name}`);
      continue;
    }
    const bytes = await read(name);
    if (!bytes) problems.push(`${name} is missing`);
    else if (sha256(bytes) !== hash) problems.push(`${name} does not match the sha256 ${n.manifest} records (the set is mixed or was edited)`);
    if (name === n.scenarios) scenarioBytes = bytes;
  }
  // A hash is no seal: a file edited with the manifest's hash edited to match still disagrees with its counts.
  if (problems.length === 0) {
    const held = scenarioCount(scenarioBytes!);
    if (held !== manifest.counts?.total) problems.push(`${n.scenarios} holds ${held} scenario(s), ${n.manifest} counts ${String(manifest.counts?.total)} (the set was edited)`);
  }
  return problems;
}

/** How many scenarios a scenario file's bytes hold, or -1 when they are no JSON array. */
function scenarioCount(bytes: Buffer): number {
  try {
    const data: unknown = JSON.parse(bytes.toString('utf8'));
    return Array.isArray(data) ? data.length : -1;
  } catch {
    return -1;
  }
}
