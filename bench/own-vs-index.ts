/**
 * The pipeline's own work against the indexer's, per corpus, from one cold run in a fresh work
 * directory with one corpus at a time (default: fastify and fastapi, the two compiler-indexed
 * real corpora). Prints each stage's time, the own stages (graph, generate, validate, emit) as a
 * share of indexing, and the target (10%, 5% as the stretch). A corpus with an earlier
 * Drift pin indexes two pins; both count as indexing.
 *
 *   npx tsx bench/own-vs-index.ts [corpus ...]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadLock } from '../core/lock.ts';
import { runGenerate, stageNames } from '../pipeline/generate.ts';

const corpora = process.argv.slice(2).length ? process.argv.slice(2) : ['fastify', 'fastapi'];
const repoRoot = resolve(import.meta.dirname, '..');
const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
const scratch = await mkdtemp(join(tmpdir(), 'lmc-bench-'));
const paths = { lockFile: join(repoRoot, 'corpora.lock.yaml'), repoRoot, outDir: join(scratch, 'out'), workDir: join(scratch, 'work') };
const own = ['graph', 'generate', 'validate', 'emit'] as const;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  console.log(`corpus          ${stageNames.map((n) => n.padStart(9)).join('')}   own / index   target 10%`);
  for (const corpus of corpora) {
    const [outcome] = await runGenerate(lock, [corpus], paths, { concurrency: 1, force: true }, () => {});
    if (!outcome?.ok) throw new Error(`${corpus}: ${outcome?.error}`);
    const ms = (n: (typeof stageNames)[number]) => outcome.stageMs[n] ?? 0;
    const ratio = own.reduce((a, n) => a + ms(n), 0) / ms('index');
    console.log(`${corpus.padEnd(16)}${stageNames.map((n) => s(ms(n)).padStart(9)).join('')}   ${(100 * ratio).toFixed(0).padStart(9)}%   ${ratio <= 0.1 ? 'met' : 'not met'}`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
