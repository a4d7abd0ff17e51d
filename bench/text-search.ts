/**
 * In-process text search (evidence/tree-text.ts) against one rg process per search, side by side
 * in one run, over the trees a generate run left in the work directory: for each corpus, every
 * `text_search` of its published scenario file plus the grep floor's call form for each of them.
 * Prints the searches, how many differ (must be 0), the time each way and the ratio.
 *
 *   npx tsx bench/text-search.ts [--work-dir .lmc] [corpus ...]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { runRgSearch, type TextSearch } from '../evidence/ripgrep.ts';
import { TreeText } from '../evidence/tree-text.ts';
import { loadLock } from '../core/lock.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({ options: { 'work-dir': { type: 'string', default: join(repoRoot, '.lmc') } }, allowPositionals: true });
const lock = await loadLock(join(repoRoot, 'corpora.lock.yaml'));
const corpora = positionals.length ? positionals : lock.corpora.filter((c) => c.default).map((c) => c.name);

function treeOf(corpus: string): string | undefined {
  const dir = join(values['work-dir']!, 'trees', corpus);
  if (!existsSync(dir)) return undefined;
  const tree = readdirSync(dir, { withFileTypes: true }).find((d) => d.isDirectory());
  return tree && join(dir, tree.name);
}

function searchesOf(corpus: string): TextSearch[] {
  const scenarios = JSON.parse(readFileSync(join(repoRoot, 'scenarios', `${corpus}.json`), 'utf8')) as Array<{ query: { op: string; pattern?: string; mode?: 'word' | 'regex' } }>;
  const searches = new Map<string, TextSearch>();
  for (const { query } of scenarios) {
    if (query.op !== 'text_search') continue;
    searches.set(`${query.mode} ${query.pattern}`, { mode: query.mode!, pattern: query.pattern! });
    if (query.mode === 'word') searches.set(`call ${query.pattern}`, { mode: 'regex', pattern: `(?:^|[^\\w$])${query.pattern!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(` });
  }
  return [...searches.values()];
}

console.log('corpus               searches  differ  in-process       rg   rg / in-process');
let totals = { inProcess: 0, rg: 0, differ: 0 };
for (const corpus of corpora) {
  const dir = treeOf(corpus);
  if (!dir) {
    console.log(`${corpus.padEnd(20)} no tree under ${values['work-dir']} (run lmc generate first)`);
    continue;
  }
  const searches = searchesOf(corpus);
  let start = performance.now();
  const tree = TreeText.load(dir);
  const inProcess = searches.map((s) => tree.search(s));
  const inProcessMs = performance.now() - start;
  start = performance.now();
  const rg = searches.map((s) => runRgSearch(dir, s));
  const rgMs = performance.now() - start;
  const differ = searches.filter((_, i) => !isDeepStrictEqual(inProcess[i], rg[i])).length;
  totals = { inProcess: totals.inProcess + inProcessMs, rg: totals.rg + rgMs, differ: totals.differ + differ };
  console.log(`${corpus.padEnd(20)} ${String(searches.length).padStart(8)}  ${String(differ).padStart(6)}  ${(inProcessMs / 1000).toFixed(2).padStart(8)} s  ${(rgMs / 1000).toFixed(2).padStart(6)} s  ${(rgMs / inProcessMs).toFixed(1).padStart(8)}x`);
}
console.log(`${'all'.padEnd(20)} ${''.padStart(8)}  ${String(totals.differ).padStart(6)}  ${(totals.inProcess / 1000).toFixed(2).padStart(8)} s  ${(totals.rg / 1000).toFixed(2).padStart(6)} s  ${(totals.rg / totals.inProcess).toFixed(1).padStart(8)}x`);
if (totals.differ) process.exitCode = 1;
