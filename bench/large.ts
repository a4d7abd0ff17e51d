/**
 * The large real corpora of the lock (not default: django, docker, linux-fs, openjdk-java-base, linux), each
 * run alone through every stage into a scratch output directory. Prints, per corpus: files
 * and source MB of the selected tree; symbols (distinct ids the index defines), occurrences and
 * documents of the index; each stage's time; peak RSS; scenarios.
 *
 * Peak RSS is given twice: the pipeline's own process (exact, from getrusage), and the largest
 * process of the run, indexers and adapters included (each process's own high-water mark, VmHWM,
 * read every 100 ms by a worker thread, so a process that lives less than that may be missed).
 * Downloads are kept in the work directory (default `.lmc`, as `lmc generate`), so a second run
 * does not fetch the package again, and its fetch reuses the selected tree while that still hashes
 * to its stamp; every other stage runs again.
 *
 *   npx tsx bench/large.ts [corpus ...] [--work-dir DIR]
 *
 * `linux`, the whole kernel tree, runs only when named, with a larger heap than Node's default 4 GB:
 *
 *   NODE_OPTIONS=--max-old-space-size=20000 npx tsx bench/large.ts linux
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadLock } from '../core/lock.ts';
import { SymbolRole, readScipIndex } from '../graph/scip-reader.ts';
import { corpusWorkPaths } from '../pipeline/paths.ts';
import { runGenerate, stageNames } from '../pipeline/generate.ts';

const LARGE = ['django', 'docker', 'linux-fs', 'openjdk-java-base'];
const args = process.argv.slice(2);
const workFlag = args.indexOf('--work-dir');
const repoRoot = resolve(import.meta.dirname, '..');
const workDir = workFlag >= 0 ? resolve(args[workFlag + 1]!) : join(repoRoot, '.lmc');
// Without --work-dir every argument is a corpus (the flag's index is -1, and -1 + 1 would drop the first).
const corpora = workFlag >= 0 ? args.filter((_, i) => i !== workFlag && i !== workFlag + 1) : args;
const lockFile = join(repoRoot, 'corpora.lock.yaml');
const lock = await loadLock(lockFile);

/** Samples, every 100 ms, the high-water mark of every process below this one (and this one). */
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readdirSync, readFileSync } = require('node:fs');
let peak = 0;
const read = (file) => { try { return readFileSync(file, 'utf8'); } catch { return ''; } };
function sample() {
  const parent = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(pid)) continue;
    const stat = read('/proc/' + pid + '/stat');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 1) parent.set(Number(pid), Number(fields[1]));
  }
  for (const [pid] of parent) {
    let up = pid;
    while (up && up !== workerData.root) up = parent.get(up) ?? 0;
    if (up !== workerData.root) continue;
    const hwm = /VmHWM:\\s+(\\d+) kB/.exec(read('/proc/' + pid + '/status'));
    if (hwm) peak = Math.max(peak, Number(hwm[1]) * 1024);
  }
}
const timer = setInterval(sample, 100);
parentPort.on('message', () => { clearInterval(timer); sample(); parentPort.postMessage(peak); });
`;

async function indexCounts(indexPath: string): Promise<{ documents: number; occurrences: number; symbols: number }> {
  let documents = 0;
  let occurrences = 0;
  const defined = new Set<string>();
  for await (const entry of readScipIndex(indexPath)) {
    if (entry.field !== 'document') continue;
    documents += 1;
    occurrences += entry.value.occurrences.length;
    for (const o of entry.value.occurrences) if (o.symbolRoles & SymbolRole.Definition && !o.symbol.startsWith('local ')) defined.add(o.symbol);
  }
  return { documents, occurrences, symbols: defined.size };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(1)} s`;

const names = corpora.length ? corpora : LARGE;
for (const name of names) if (!lock.corpora.some((c) => c.name === name)) throw new Error(`no corpus ${JSON.stringify(name)} in ${lockFile}`);
if (names.length > 1) {
  // One process per corpus, so each one's peak RSS is its own.
  for (const name of names) {
    const run = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, name, '--work-dir', workDir], { stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  process.exit(0);
}

{
  const name = names[0]!;
  const outDir = await mkdtemp(join(tmpdir(), 'lmc-large-'));
  const paths = { lockFile, repoRoot, outDir, workDir };
  const sampler = new Worker(SAMPLER, { eval: true, workerData: { root: process.pid } });
  const started = performance.now();
  try {
    const [outcome] = await runGenerate(lock, [name], paths, { concurrency: 1, force: true }, (line) => process.stderr.write(`${line}\n`));
    const wallMs = performance.now() - started;
    const peakAll = await new Promise<number>((done) => {
      sampler.once('message', done);
      sampler.postMessage('stop');
    });
    if (!outcome?.ok || !outcome.manifest) throw new Error(`${name}: ${outcome?.error}`);
    const { corpus, counts } = outcome.manifest;
    const index = await indexCounts(corpusWorkPaths(paths, name).indexPath);
    const scenarios = JSON.parse(await readFile(join(outDir, `${name}.json`), 'utf8')) as unknown[];
    console.log(`\n${name} (${outcome.manifest.indexer.name})`);
    console.log(`  tree          ${corpus.files} files, ${mb(corpus.bytes)}`);
    console.log(`  index         ${index.documents} documents, ${index.symbols} symbols, ${index.occurrences} occurrences`);
    console.log(`  stages        ${stageNames.map((n) => `${n} ${s(outcome.stageMs[n])}`).join(', ')}; wall ${s(wallMs)}`);
    const own = process.resourceUsage().maxRSS * 1024;
    // getrusage and VmHWM count a few pages differently: the largest process is never below our own.
    console.log(`  peak RSS      pipeline process ${mb(own)}, largest process of the run ${mb(Math.max(own, peakAll))}`);
    console.log(`  scenarios     ${scenarios.length} (manifest total ${counts.total}); output files: ${(await readdir(outDir)).sort().join(', ')}`);
  } finally {
    await sampler.terminate();
    await rm(outDir, { recursive: true, force: true });
  }
}
