/**
 * A deterministic synthetic SCIP index with realistic shapes, for scale
 * benchmarks: one module per document, classes nesting methods and fields,
 * free functions, subclassing, and call fan-in following a long tail (a few
 * callees are called from everywhere, most from one or two places).
 *
 *   npx tsx bench/synthetic-scip.ts <symbols> <out.scip> [occurrences-per-symbol]
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { DocumentType, encodeMetadata, frameField } from '../graph/scip-reader.ts';
import { createRng } from '../generators/sampling.ts';

export interface SyntheticOptions {
  symbols: number;
  /** Average occurrences per symbol, definitions included (the paper's corpora sit around 10). */
  occurrencesPerSymbol: number;
  seed: number;
}

export const SYNTH_PROJECT = 'synth';
const PREFIX = `lmc-synth npm ${SYNTH_PROJECT} 1.0.0 `;
const CLASSES_PER_DOC = 4;
const METHODS_PER_CLASS = 8;
const FIELDS_PER_CLASS = 3;
const FUNCTIONS_PER_DOC = 10;
/** module + classes + their members + functions */
const SYMBOLS_PER_DOC = 1 + CLASSES_PER_DOC * (1 + METHODS_PER_CLASS + FIELDS_PER_CLASS) + FUNCTIONS_PER_DOC;

export async function writeSyntheticIndex(path: string, options: SyntheticOptions): Promise<{ documents: number; symbols: number; occurrences: number }> {
  const documents = Math.max(1, Math.round(options.symbols / SYMBOLS_PER_DOC));
  const rng = createRng(options.seed, 'synthetic-scip');
  const callablesPerDoc = CLASSES_PER_DOC * METHODS_PER_CLASS + FUNCTIONS_PER_DOC;
  const totalCallables = documents * callablesPerDoc;
  const callableId = (k: number): string => {
    const doc = Math.floor(k / callablesPerDoc);
    const i = k % callablesPerDoc;
    const mod = `src/d${doc % 97}/\`f${doc}.ts\`/`;
    if (i < CLASSES_PER_DOC * METHODS_PER_CLASS) return `${PREFIX}${mod}C${doc}_${Math.floor(i / METHODS_PER_CLASS)}#m${i % METHODS_PER_CLASS}().`;
    return `${PREFIX}${mod}fn${doc}_${i - CLASSES_PER_DOC * METHODS_PER_CLASS}().`;
  };
  // Long-tail fan-in: callee index drawn as total * u^4, so low indexes are hot.
  const pickCallee = () => Math.min(totalCallables - 1, Math.floor(totalCallables * rng.next() ** 4));
  const callsPerBody = Math.max(1, Math.round((options.occurrencesPerSymbol - 1) * SYMBOLS_PER_DOC / callablesPerDoc));

  const out = createWriteStream(path);
  const write = async (buf: Buffer) => {
    if (!out.write(buf)) await once(out, 'drain');
  };
  await write(frameField(1, encodeMetadata({ version: 0, toolInfo: { name: 'lmc-synth', version: '1.0.0', arguments: [] }, projectRoot: 'file:///synth/', textDocumentEncoding: 1 })));
  let occurrences = 0;
  let symbols = 0;
  for (let d = 0; d < documents; d++) {
    const mod = `src/d${d % 97}/\`f${d}.ts\`/`;
    const occ: Array<{ range: number[]; symbol: string; symbolRoles: number; enclosingRange?: number[] }> = [];
    const infos: Array<{ symbol: string; documentation: string[]; relationships: Array<{ symbol: string; isImplementation: boolean }> }> = [];
    let line = 0;
    const define = (symbol: string, doc: string, span: number, rels: Array<{ symbol: string; isImplementation: boolean }> = []) => {
      occ.push({ range: [line, 4, line, 10], symbol, symbolRoles: 1, enclosingRange: [line, 0, line + span, 1] });
      infos.push({ symbol, documentation: ['```ts\n' + doc + '\n```'], relationships: rels });
      symbols += 1;
    };
    const body = () => {
      for (let c = 0; c < callsPerBody; c++) occ.push({ range: [line + 1 + (c % 3), 8, line + 1 + (c % 3), 14], symbol: callableId(pickCallee()), symbolRoles: 0 });
    };
    define(`${PREFIX}${mod}`, `module "f${d}.ts"`, 10_000);
    line += 1;
    for (let c = 0; c < CLASSES_PER_DOC; c++) {
      const cls = `${PREFIX}${mod}C${d}_${c}#`;
      const parent = d > 0 && rng.next() < 0.2 ? `${PREFIX}src/d${(d - 1) % 97}/\`f${d - 1}.ts\`/C${d - 1}_${c}#` : undefined;
      define(cls, `class C${d}_${c}`, METHODS_PER_CLASS * 5 + FIELDS_PER_CLASS + 2, parent ? [{ symbol: parent, isImplementation: true }] : []);
      line += 1;
      for (let f = 0; f < FIELDS_PER_CLASS; f++) {
        define(`${cls}p${f}.`, `(property) p${f}: number`, 0);
        line += 1;
      }
      for (let m = 0; m < METHODS_PER_CLASS; m++) {
        define(`${cls}m${m}().`, `(method) m${m}(a: number): number`, 4, parent ? [{ symbol: `${parent}m${m}().`, isImplementation: true }] : []);
        body();
        line += 5;
      }
      line += 1;
    }
    for (let f = 0; f < FUNCTIONS_PER_DOC; f++) {
      define(`${PREFIX}${mod}fn${d}_${f}().`, `function fn${d}_${f}(x: string): string`, 4);
      body();
      line += 5;
    }
    occurrences += occ.length;
    const bytes = DocumentType.encode(DocumentType.fromObject({ relativePath: `src/d${d % 97}/f${d}.ts`, language: 'typescript', occurrences: occ, symbols: infos })).finish();
    await write(frameField(2, bytes));
  }
  out.end();
  await once(out, 'finish');
  return { documents, symbols, occurrences };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [symbols, path, perSymbol] = process.argv.slice(2);
  const made = await writeSyntheticIndex(path!, { symbols: Number(symbols), occurrencesPerSymbol: Number(perSymbol ?? 10), seed: 1 });
  console.log(JSON.stringify(made));
}
