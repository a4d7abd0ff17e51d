/**
 * Tree-sitter walker throughput: source megabytes indexed per second (parse, queries, resolution and
 * SCIP writing together) on two Debian-packaged trees, fetched once into .lmc/sources/debian/.
 * Beside it, in the same run, the parse alone of the same files with the same grammar: the bound
 * web-tree-sitter sets on any walker built on it.
 *
 *   npx tsx bench/treesitter-throughput.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fetchDebian } from '../fetchers/debian.ts';
import type { DebianSource } from '../core/lock.ts';
import { indexWithTreeSitter } from '../indexers/tree-sitter/index.ts';
import { grammarFor, initParser, loadGrammars } from '../core/grammars.ts';
import { Parser } from 'web-tree-sitter';

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

/** The best of RUNS parses of every file of `treeDir` a grammar of `language` reads: seconds and megabytes. */
async function parseOnly(treeDir: string, language: string): Promise<{ seconds: number; mb: number }> {
  await initParser();
  const loaded = await loadGrammars(language);
  const parsers = new Map<object, Parser>();
  const files: Array<{ parser: Parser; text: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const text = readFileSync(path, 'utf8');
        const newline = text.indexOf('\n');
        const grammar = grammarFor(loaded, path, newline < 0 ? text : text.slice(0, newline));
        if (!grammar) continue;
        if (!parsers.has(grammar)) parsers.set(grammar, new Parser().setLanguage(grammar.grammar));
        files.push({ parser: parsers.get(grammar)!, text });
      }
    }
  };
  walk(treeDir);
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (const { parser, text } of files) parser.parse(text)?.delete();
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return { seconds: best, mb: files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0) / 1e6 };
}

const rows = [['tree', 'language', 'files', 'source MB', 'symbols', 'best s', 'median s', 'MB/s (best)', 'parse only s', 'parse only MB/s', 'walker / parse']];
const scratch = await mkdtemp(join(tmpdir(), 'lmc-throughput-'));
try {
  for (const { name, language, source } of trees) {
    const { dir: treeDir } = await fetchDebian(source, join(workDir, name), (line) => console.log(`${name}: ${line}`));
    const seconds: number[] = [];
    let last;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      last = await indexWithTreeSitter({ treeDir, language, project: { name, version: source.version }, outputPath: join(scratch, `${name}.scip`) });
      seconds.push((performance.now() - started) / 1000);
    }
    seconds.sort((a, b) => a - b);
    const mb = last!.bytes / 1e6;
    const parse = await parseOnly(treeDir, language);
    rows.push([
      name,
      language,
      String(last!.files),
      mb.toFixed(2),
      String(last!.symbols),
      seconds[0]!.toFixed(2),
      seconds[Math.floor(RUNS / 2)]!.toFixed(2),
      (mb / seconds[0]!).toFixed(2),
      parse.seconds.toFixed(2),
      (parse.mb / parse.seconds).toFixed(2),
      `${(seconds[0]! / parse.seconds).toFixed(1)}x`,
    ]);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(`\n${rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n')}`);
