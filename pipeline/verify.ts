import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalJson } from '../core/canonical-json.ts';
import { makeScratchDir } from '../core/scratch.ts';
import { checkPublishedSet, corpusOutputs } from '../emit/publish.ts';
import { runGenerate } from './generate.ts';
import type { Lock } from '../core/lock.ts';
import type { ProtocolProfile } from '../core/contract.ts';
import type { RunPaths } from './paths.ts';

export interface VerifyOutcome {
  corpus: string;
  ok: boolean;
  /** What differs, for a person: file, first differing scenario, a short diff. */
  problems: string[];
}

/** A committed file's bytes, or what keeps it from being compared. */
async function readCommitted(path: string): Promise<Buffer | { problem: string }> {
  return readFile(path).catch((error: NodeJS.ErrnoException) => ({ problem: error.code === 'ENOENT' ? 'not committed' : `cannot read it (${error.code ?? error.message})` }));
}

/** The first few lines that differ, `-` committed and `+` regenerated. */
export function shortDiff(committed: string, regenerated: string, context = 2, limit = 12): string[] {
  const a = committed.split('\n');
  const b = regenerated.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const out = [`@@ line ${start + 1} @@`];
  for (let i = Math.max(0, start - context); i < start; i++) out.push(`  ${a[i]}`);
  for (const line of a.slice(start, Math.min(endA, start + limit))) out.push(`- ${line}`);
  for (const line of b.slice(start, Math.min(endB, start + limit))) out.push(`+ ${line}`);
  return out;
}

function firstDifferingScenario(committed: string, regenerated: string): string | undefined {
  let a: Array<{ id?: string }>;
  let b: Array<{ id?: string }>;
  try {
    a = JSON.parse(committed) as Array<{ id?: string }>;
    b = JSON.parse(regenerated) as Array<{ id?: string }>;
  } catch {
    return undefined;
  }
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (canonicalJson(a[i]) !== canonicalJson(b[i])) return a[i]?.id ?? b[i]?.id;
  }
  return undefined;
}

/**
 * Regenerates corpora from scratch (fresh work and output directories, no
 * cache) and compares the bytes with the committed files; also checks that
 * each committed set is whole (every file the hash its manifest records).
 */
export async function runVerify(lock: Lock, names: string[] | undefined, paths: RunPaths, concurrency: number, log: (line: string) => void, protocol: ProtocolProfile = 'lmc'): Promise<VerifyOutcome[]> {
  const scratchDir = await makeScratchDir(tmpdir(), 'lmc-verify-');
  const scratch = scratchDir.path;
  try {
    const fresh: RunPaths = { ...paths, outDir: join(scratch, 'scenarios'), workDir: join(scratch, 'work') };
    const outcomes = await runGenerate(lock, names, fresh, { concurrency, force: true, protocol }, log);
    const results: VerifyOutcome[] = [];
    for (const outcome of outcomes) {
      const problems: string[] = [];
      if (!outcome.ok) {
        results.push({ corpus: outcome.corpus, ok: false, problems: [`regeneration failed: ${outcome.error}`] });
        continue;
      }
      for (const file of corpusOutputs(outcome.corpus)) {
        const suffix = file.slice(outcome.corpus.length);
        const committed = await readCommitted(join(paths.outDir, file));
        if (!Buffer.isBuffer(committed)) {
          problems.push(`${file}: ${committed.problem}`);
          continue;
        }
        const regenerated = await readFile(join(fresh.outDir, file));
        if (committed.equals(regenerated)) continue;
        const scenario = suffix === '.json' ? firstDifferingScenario(committed.toString('utf8'), regenerated.toString('utf8')) : undefined;
        problems.push(
          `${file}: differs from the regenerated file${scenario ? `; first differing scenario: ${scenario}` : ''}`,
          ...shortDiff(committed.toString('utf8'), regenerated.toString('utf8')).map((l) => `    ${l}`),
        );
      }
      problems.push(...(await checkPublishedSet(paths.outDir, outcome.corpus)));
      results.push({ corpus: outcome.corpus, ok: problems.length === 0, problems });
    }
    return results;
  } finally {
    await scratchDir.remove();
  }
}
