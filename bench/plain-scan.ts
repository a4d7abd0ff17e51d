/**
 * The baseline bench/scale.ts sets the graph stage against: a plain scan of a SCIP index that
 * decodes every document (protobufjs, through the streaming reader) and interns every
 * occurrence's symbol into a Map, and nothing else. Run in its own process; prints a JSON row.
 */
import { readScipIndex } from '../graph/scip-reader.ts';

const path = process.argv[2]!;
const started = performance.now();
const interned = new Map<string, number>();
let occurrences = 0;
for await (const entry of readScipIndex(path)) {
  if (entry.field !== 'document') continue;
  for (const o of entry.value.occurrences) {
    occurrences += 1;
    if (!interned.has(o.symbol)) interned.set(o.symbol, interned.size);
  }
}
console.log(JSON.stringify({ scanMs: performance.now() - started, occurrences, symbols: interned.size }));
