/**
 * Scale benchmark: synthetic SCIP indexes of growing size run through decode
 * + fact graph, generation and validation, each size in a fresh process so
 * peak RSS is its own. Prints wall time per stage, peak RSS, and the growth
 * ratio between consecutive sizes; then, beside the graph stage, a plain scan
 * of the same file (bench/plain-scan.ts: decode every document, intern every
 * occurrence's symbol), run right after it in its own process, and the ratio.
 *
 *   npx tsx bench/scale.ts [symbols ...]        (default: 10000 100000 1000000)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeSyntheticIndex } from './synthetic-scip.ts';

const sizes = process.argv.slice(2).length ? process.argv.slice(2).map(Number) : [10_000, 100_000, 1_000_000];
const repoRoot = resolve(import.meta.dirname, '..');
const dir = join(repoRoot, '.lmc', 'bench');
mkdirSync(dir, { recursive: true });

interface Row {
  symbols: number;
  occurrences: number;
  graphMs: number;
  generateMs: number;
  validateMs: number;
  totalMs: number;
  scenarios: number;
  peakRssMb: number;
  scanMs: number;
}

const rows: Row[] = [];
for (const size of sizes) {
  const path = join(dir, `synthetic-${size}.scip`);
  // The index is kept between runs; its shape (documents, symbols, occurrences) beside it.
  const shapePath = `${path}.json`;
  if (!existsSync(path) || !existsSync(shapePath)) {
    const shape = await writeSyntheticIndex(path, { symbols: size, occurrencesPerSymbol: 10, seed: 1 });
    writeFileSync(shapePath, JSON.stringify(shape));
  }
  const made = JSON.parse(readFileSync(shapePath, 'utf8')) as { occurrences: number };
  const started = performance.now();
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench', 'scale-run.ts'), path], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'pipe'] });
    const row = JSON.parse(out.trim().split('\n').pop()!) as Omit<Row, 'occurrences' | 'scanMs'>;
    const scan = execFileSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench', 'plain-scan.ts'), path], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'pipe'] });
    const { scanMs } = JSON.parse(scan.trim().split('\n').pop()!) as { scanMs: number };
    rows.push({ ...row, occurrences: made.occurrences, scanMs });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '');
    const reason = /heap out of memory/.test(stderr) ? 'out of memory (V8 heap limit)' : stderr.trim().split('\n').pop();
    console.log(`${size} symbols: failed after ${((performance.now() - started) / 1000).toFixed(0)} s: ${reason}`);
  }
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log('symbols     occurrences  graph      generate   validate   total      scenarios  peak RSS   ×time vs previous  plain scan  graph / scan');
rows.forEach((r, i) => {
  const ratio = i ? (r.totalMs / rows[i - 1]!.totalMs).toFixed(1) : '-';
  console.log(
    [String(r.symbols).padEnd(11), String(r.occurrences).padEnd(12), fmt(r.graphMs).padEnd(10), fmt(r.generateMs).padEnd(10), fmt(r.validateMs).padEnd(10), fmt(r.totalMs).padEnd(10), String(r.scenarios).padEnd(10), `${r.peakRssMb} MB`.padEnd(10), ratio.padEnd(18), fmt(r.scanMs).padEnd(11), (r.graphMs / r.scanMs).toFixed(2)].join(' '),
  );
});
