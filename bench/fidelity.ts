/**
 * How close the tree-sitter walker comes to the compiler-grade indexers, with their SCIP as the reference:
 * run both on the same trees, build both fact graphs, and compare definitions, containment, call edges
 * and implementation edges after mapping ids by descriptor path (the package header differs).
 *
 *   node bin/lmc.js generate --corpus python-inventory --corpus ts-inventory --corpus fastify --corpus fastapi
 *   npx tsx bench/fidelity.ts
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nodeSpanReader } from '../core/grammars.ts';
import { languageOf } from '../core/languages.ts';
import { buildFactGraph, type FactGraph } from '../graph/fact-graph.ts';
import { indexWithTreeSitter } from '../indexers/tree-sitter/index.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const workDir = join(repoRoot, '.lmc');

const corpora = [
  { corpus: 'python-inventory', language: 'python', project: { name: 'inventory', version: '1.0.0' } },
  { corpus: 'ts-inventory', language: 'typescript', project: { name: 'ts-inventory', version: '1.0.0' } },
  { corpus: 'fastify', language: 'javascript', project: { name: 'fastify', version: '5.6.1' } },
  { corpus: 'fastapi', language: 'python', project: { name: 'fastapi', version: '0.92.0' } },
];

interface Ratio {
  hit: number;
  of: number;
}
const ratio = (hit: number, of: number): Ratio => ({ hit, of });
const pct = (r: Ratio) => (r.of === 0 ? '-' : `${((100 * r.hit) / r.of).toFixed(1)}% (${r.hit}/${r.of})`);

/** The selected tree of a corpus from an earlier `lmc generate`: `.lmc/trees/<corpus>/<key>/`. */
async function treeOf(corpus: string): Promise<string | undefined> {
  const dir = join(workDir, 'trees', corpus);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const trees = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => join(dir, e.name));
  return trees[0];
}

/** Descriptors without the package header: the id both indexers give a symbol, modulo scheme. */
function localId(graph: FactGraph, id: string): string {
  return id.startsWith(graph.packagePrefix) ? id.slice(graph.packagePrefix.length) : id;
}

function pairsOf(map: Map<string, string[]>, graph: FactGraph, own: (id: string) => boolean): Set<string> {
  const pairs = new Set<string>();
  for (const [from, tos] of map) for (const to of tos) if (own(from) && own(to)) pairs.add(`${localId(graph, from)} -> ${localId(graph, to)}`);
  return pairs;
}

/** Implementation edges closed transitively, own symbols only: scip-typescript lists indirect supertypes, the others direct ones. */
function implementationPairs(graph: FactGraph): Set<string> {
  const pairs = new Set<string>();
  for (const start of graph.supertypes.keys()) {
    const seen = new Set<string>();
    const queue = [...(graph.supertypes.get(start) ?? [])];
    while (queue.length) {
      const next = queue.shift()!;
      if (seen.has(next) || !graph.symbols.has(next)) continue;
      seen.add(next);
      pairs.add(`${localId(graph, start)} -> ${localId(graph, next)}`);
      queue.push(...(graph.supertypes.get(next) ?? []));
    }
  }
  return pairs;
}

/**
 * Of our call edges the reference lacks, those it leaves undecided: read as the pipeline reads it
 * (the language's call form, `precision: 'compiler'`), the reference records an unresolved call of
 * the callee's name in the caller's body (a call through a CommonJS module object that
 * scip-typescript binds to an object-literal key or to nothing), so it says nothing either way.
 */
function undecided(extraCalls: string[], reference: FactGraph, asPipelineReads: FactGraph): string[] {
  return extraCalls.filter((pair) => {
    const [from, to] = pair.split(' -> ').map((local) => reference.packagePrefix + local) as [string, string];
    const callee = reference.symbols.get(to);
    return !!callee && asPipelineReads.unresolved.bodies.has(from) && asPipelineReads.unresolved.names.has(callee.name);
  });
}

function overlap(ours: Set<string>, reference: Set<string>): { precision: Ratio; recall: Ratio } {
  const common = [...ours].filter((p) => reference.has(p)).length;
  return { precision: ratio(common, ours.size), recall: ratio(common, reference.size) };
}

async function compare(reference: FactGraph, ours: FactGraph) {
  // Match by descriptor path, else by (file, name, start line).
  const refByLocal = new Map([...reference.symbols.values()].map((s) => [localId(reference, s.id), s]));
  const refByPlace = new Map([...reference.symbols.values()].map((s) => [`${s.file}|${s.name}|${s.range[0]}`, s]));
  const toReference = new Map<string, string>();
  for (const s of ours.symbols.values()) {
    const match = refByLocal.get(localId(ours, s.id)) ?? refByPlace.get(`${s.file}|${s.name}|${s.range[0]}`);
    if (match) toReference.set(s.id, match.id);
  }
  const matchedReference = new Set(toReference.values());
  const definitions = { recall: ratio(matchedReference.size, reference.symbols.size), precision: ratio(toReference.size, ours.symbols.size) };

  let sameOwner = 0;
  let withOwner = 0;
  for (const [oursId, refId] of toReference) {
    const ourOwner = ours.symbols.get(oursId)!.owner;
    const refOwner = reference.symbols.get(refId)!.owner;
    if (!ourOwner && !refOwner) continue;
    withOwner += 1;
    if (ourOwner && refOwner && toReference.get(ourOwner) === refOwner) sameOwner += 1;
  }

  // Our edges in the reference's id space.
  const mapped = (map: Map<string, string[]>) => {
    const out = new Map<string, string[]>();
    for (const [from, tos] of map) {
      const f = toReference.get(from);
      if (!f) {
        out.set(`unmatched:${from}`, tos);
        continue;
      }
      out.set(f, tos.map((t) => toReference.get(t) ?? `unmatched:${t}`));
    }
    return out;
  };
  const isOwnRef = (id: string) => reference.symbols.has(id) || id.startsWith('unmatched:');
  const ourCalls = pairsOf(mapped(ours.calls), reference, isOwnRef);
  const referenceCalls = pairsOf(reference.calls, reference, (id) => reference.symbols.has(id));
  const calls = overlap(ourCalls, referenceCalls);
  const extraCalls = [...ourCalls].filter((pair) => !referenceCalls.has(pair));
  const ourImplementations = new Set(
    [...implementationPairs(ours)].map((p) => {
      const [from, to] = p.split(' -> ');
      const m = (local: string) => {
        const id = toReference.get(ours.packagePrefix + local);
        return id ? localId(reference, id) : `unmatched:${local}`;
      };
      return `${m(from!)} -> ${m(to!)}`;
    }),
  );
  const implementations = overlap(ourImplementations, implementationPairs(reference));
  return { definitions, containment: ratio(sameOwner, withOwner), calls, extraCalls, implementations };
}

const rows: string[][] = [
  ['corpus', 'defs recall', 'defs precision', 'containment', 'calls precision', 'calls recall', 'our calls the reference leaves unresolved', 'impl precision', 'impl recall'],
];
const scratch = await mkdtemp(join(tmpdir(), 'lmc-fidelity-'));
try {
  for (const { corpus, language, project } of corpora) {
    const tree = await treeOf(corpus);
    const referenceIndex = join(workDir, 'index', corpus, 'index.scip');
    if (!tree || !(await stat(referenceIndex).catch(() => null))) {
      console.log(`${corpus}: no tree or index under .lmc; run: node bin/lmc.js generate --corpus ${corpus}`);
      continue;
    }
    const outputPath = join(scratch, `${corpus}.scip`);
    const started = performance.now();
    const result = await indexWithTreeSitter({ treeDir: tree, language, project, outputPath });
    const seconds = (performance.now() - started) / 1000;
    // Both read as the pipeline reads them where it matters to crediting: code run when a definition is made calls from around it.
    const { syntax, idioms } = languageOf(language);
    const spans = syntax.definitionTime.length ? { definitionTime: await nodeSpanReader(language, syntax.definitionTime) } : {};
    const source = spans.definitionTime ? { treeDir: tree, constructs: {}, calls: {}, ...spans } : undefined;
    const { constructs, calls, constants, importBindings } = idioms;
    const [reference, ours, asPipelineReads] = await Promise.all([
      buildFactGraph(referenceIndex, project, source),
      buildFactGraph(outputPath, project, source),
      buildFactGraph(referenceIndex, project, { treeDir: tree, constructs, calls, constants, importBindings, precision: 'compiler', ...spans }),
    ]);
    const r = await compare(reference, ours);
    const unresolvedThere = undecided(r.extraCalls, reference, asPipelineReads);
    console.log(
      `${corpus}: ${result.files} files, ${result.symbols} symbols, calls resolved ${result.resolvedCalls} / unresolved ${result.unresolvedCalls}, ${seconds.toFixed(2)} s`,
    );
    rows.push([
      corpus,
      pct(r.definitions.recall),
      pct(r.definitions.precision),
      pct(r.containment),
      pct(r.calls.precision),
      pct(r.calls.recall),
      `${unresolvedThere.length}/${r.extraCalls.length}`,
      pct(r.implementations.precision),
      pct(r.implementations.recall),
    ]);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(`\n${rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n')}`);
