/**
 * Tree-sitter walker throughput: source megabytes indexed per second (parse, queries, resolution and
 * SCIP writing together) on two Debian-packaged trees, fetched once into .lmc/sources/debian/.
 *
 *   npx tsx bench/treesitter-throughput.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fetchDebian } from '../fetchers/debian.ts';
import type { DebianSource } from '../core/lock.ts';
import { indexWithTreeSitter } from '../indexers/tree-sitter/index.ts';

const RUNS = 3;
const workDir = join(resolve(import.meta.dirname, '..'), '.lmc', 'sources', 'debian');

const trees: Array<{ name: string; language: string; source: DebianSource }> = [
  {
    name: 'gin',
    language: 'go',
    source: {
      kind: 'debian',
      package: 'golang-github-gin-gonic-gin-dev',
      version: '1.8.1-1',
      sha256: '66d916769bcd36a6722b0c92a81719b8faca56f69662b17d1ef7ba257c85367a',
      path: 'usr/share/gocode/src/github.com/gin-gonic/gin',
    },
  },
  {
    name: 'clap',
    language: 'rust',
    source: {
      kind: 'debian',
      package: 'librust-clap-dev',
      version: '4.0.32-1',
      sha256: '00922f24c3eb5a899ae4438ebf7be2e82085559ee45055dbc856cdb113de9ebb',
      path: 'usr/share/cargo/registry/clap-4.0.32',
    },
  },
];

const rows = [['tree', 'language', 'files', 'source MB', 'symbols', 'best s', 'median s', 'MB/s (best)']];
const scratch = await mkdtemp(join(tmpdir(), 'lmc-throughput-'));
try {
  for (const { name, language, source } of trees) {
    const treeDir = await fetchDebian(source, join(workDir, name), (line) => console.log(`${name}: ${line}`));
    const seconds: number[] = [];
    let last;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      last = await indexWithTreeSitter({ treeDir, language, project: { name, version: source.version }, outputPath: join(scratch, `${name}.scip`) });
      seconds.push((performance.now() - started) / 1000);
    }
    seconds.sort((a, b) => a - b);
    const mb = last!.bytes / 1e6;
    rows.push([name, language, String(last!.files), mb.toFixed(2), String(last!.symbols), seconds[0]!.toFixed(2), seconds[Math.floor(RUNS / 2)]!.toFixed(2), (mb / seconds[0]!).toFixed(2)]);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(`\n${rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n')}`);
