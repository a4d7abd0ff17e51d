import { describe, expect, it } from 'vitest';
import type { FactGraph, SymbolFact } from '../graph/fact-graph.ts';
import { driftGenerators } from '../generators/drift.ts';
import { Facts } from '../generators/facts.ts';
import { createRng } from '../generators/sampling.ts';
import type { DriftBase, TextMatch } from '../generators/types.ts';
import type { TextSearchQuery } from '../core/contract.ts';
import { handMadeGraph, id, noGrep, P, ts } from './hand-made-graph.ts';

const OLD = 'lmc-test npm shop 0.9.0 ';


/**
 * The same shop at 0.9.0: no GiftCart yet, receipt() lived in src/print.ts, and a legacyTotal()
 * that the current pin dropped.
 */
function earlier(): FactGraph {
  const g = handMadeGraph();
  const old = (i: string) => OLD + i.slice(P.length);
  const gone = new Set([id('src/`cart.ts`/GiftCart#'), id('src/`cart.ts`/GiftCart#total().')]);
  const moved = (s: SymbolFact): SymbolFact =>
    s.name === 'receipt' ? { ...s, id: `${OLD}src/\`print.ts\`/receipt().`, display: 'src/`print.ts`/receipt().', file: 'src/print.ts', owner: `${OLD}src/\`print.ts\`/` } : { ...s, id: old(s.id), ...(s.owner ? { owner: old(s.owner) } : {}) };
  const symbols: SymbolFact[] = [...g.symbols.values()].filter((s) => !gone.has(s.id)).map(moved);
  symbols.push(
    { id: `${OLD}src/\`print.ts\`/`, kind: 'module', name: 'src/print.ts', display: 'src/`print.ts`/', file: 'src/print.ts', range: [0, 0, 0, 1] },
    { id: `${OLD}src/\`checkout.ts\`/legacyTotal().`, kind: 'function', name: 'legacyTotal', display: 'src/`checkout.ts`/legacyTotal().', file: 'src/checkout.ts', owner: `${OLD}src/\`checkout.ts\`/`, range: [0, 0, 0, 1] },
  );
  const byFile = new Map<string, string[]>();
  for (const s of symbols) if (s.kind !== 'module') byFile.set(s.file, [...(byFile.get(s.file) ?? []), s.id].sort());
  return { ...g, packagePrefix: OLD, symbols: new Map(symbols.map((s) => [s.id, s])), fileSymbols: byFile, files: ['src/cart.ts', 'src/checkout.ts', 'src/print.ts'], supertypes: new Map() };
}

const facts = new Facts(handMadeGraph(), ts);
const drift: DriftBase = { facts: new Facts(earlier(), ts), from: '0.9.0', asCurrent: (i) => (i.startsWith(OLD) ? P + i.slice(OLD.length) : i) };
const asked = (subType: string, search: (q: TextSearchQuery) => TextMatch[] = noGrep) =>
  driftGenerators
    .find((g) => g.subType === subType)!
    .candidates({ facts, drift, rng: createRng(1, subType), search })
    .map((c) => c.draft())
    .filter((d) => d !== undefined)
    .map((d) => [d.query, d.expected]);

describe('drift between two pins of a hand-made corpus', () => {
  it('asks for a name the earlier pin had and the current one lacks, expecting nothing', () => {
    expect(asked('removed_since_earlier_pin')).toEqual([[{ op: 'lookup', name: 'legacyTotal', bare_name: true }, { kind: 'exact_set', stable_ids: [] }]]);
  });

  it("does not ask for a removed name the current code still writes (fastify's `FastifyLogFn`, now pino's `LogFn` imported and re-exported under that name), but does where only a comment names it", () => {
    const writtenIn = (syntax: TextMatch['syntax']) => (q: TextSearchQuery): TextMatch[] =>
      q.pattern === 'legacyTotal' ? [{ file: 'src/checkout.ts', line: 3, start: 9, end: 20, text: 'import { legacyTotal } from "vendor";', syntax }] : [];
    expect([asked('removed_since_earlier_pin', writtenIn('import')), asked('removed_since_earlier_pin', writtenIn('code'))]).toEqual([[], []]);
    expect(asked('removed_since_earlier_pin', writtenIn('comment'))).toEqual([[{ op: 'lookup', name: 'legacyTotal', bare_name: true }, { kind: 'exact_set', stable_ids: [] }]]);
  });

  it('asks for a name that came in after the earlier pin', () => {
    expect(asked('added_since_earlier_pin')).toEqual([[{ op: 'lookup', name: 'GiftCart', bare_name: true }, { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/GiftCart#')] }]]);
  });

  it('asks for names whose symbols moved or changed, never for one whose answer is the same at both pins', () => {
    // receipt moved file; total gained GiftCart's override; add, Cart and checkout did not change.
    expect(asked('moved_since_earlier_pin')).toEqual([
      [{ op: 'lookup', name: 'total', bare_name: true }, { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/GiftCart#total().')] }],
      [{ op: 'lookup', name: 'receipt', bare_name: true }, { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/receipt().')] }],
    ]);
  });

  it('asks that a moved symbol\'s old id resolve to nothing and its new id to itself', () => {
    expect(asked('earlier_id_gone')).toEqual([[{ op: 'lookup', name: `${P}src/\`print.ts\`/receipt().`, bare_name: false }, { kind: 'exact_set', stable_ids: [] }]]);
    expect(asked('moved_symbol_id')).toEqual([[{ op: 'lookup', name: id('src/`checkout.ts`/receipt().'), bare_name: false }, { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/receipt().')] }]]);
  });

  it('asks what a changed file defines now', () => {
    expect(asked('changed_file')).toEqual([
      [{ op: 'file_symbols', file_path: 'src/cart.ts' }, { kind: 'exact_set', stable_ids: handMadeGraph().fileSymbols.get('src/cart.ts') }],
      [{ op: 'file_symbols', file_path: 'src/checkout.ts' }, { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().'), id('src/`checkout.ts`/receipt().')] }],
    ]);
  });

  it('asks nothing without an earlier pin', () => {
    for (const g of driftGenerators) expect(g.candidates({ facts, rng: createRng(1, 'x'), search: noGrep })).toEqual([]);
  });
});
