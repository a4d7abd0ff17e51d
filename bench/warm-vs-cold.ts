/**
 * Cold run vs warm re-run of `generate`, side by side in one process, for the
 * corpora named on the command line (default: fastify). Prints wall time per
 * run, the stages each run answered from the stage cache, and the ratio.
 *
 *   npx tsx bench/warm-vs-cold.ts [corpus ...]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runGenerate } from '../pipeline/generate.ts';
import { loadLock } from '../core/lock.ts';

const corpora = process.argv.slice(2).length ? process.argv.slice(2) : ['fastify'];
const repoRoot = resolve(import.meta.dirname, '..');
const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
const scratch = await mkdtemp(join(tmpdir(), 'lmc-bench-'));
const paths = { lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: join(scratch, 'out'), workDir: join(scratch, 'work') };

async function timed(label: string) {
  const start = performance.now();
  const outcomes = await runGenerate(lock, corpora, paths, { concurrency: 2, force: false }, () => {});
  const ms = performance.now() - start;
  for (const o of outcomes) if (!o.ok) throw new Error(`${o.corpus}: ${o.error}`);
  console.log(`${label.padEnd(5)} ${(ms / 1000).toFixed(2).padStart(7)} s   cached stages: ${outcomes.map((o) => `${o.corpus}=[${o.cached.join(',')}]`).join(' ')}`);
  return ms;
}

try {
  console.log(`corpora: ${corpora.join(', ')} (fresh work directory ${scratch})`);
  const cold = await timed('cold');
  const warm = await timed('warm');
  console.log(`warm / cold = ${(warm / cold).toFixed(3)} (${(cold / warm).toFixed(1)}x faster)`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
