import { describe, expect, it } from 'vitest';
import type { TextMatch } from '../evidence/syntax.ts';
import { Facts } from '../generators/facts.ts';
import { compileManual, compileSpecs } from '../generators/overlays.ts';
import { handMadeGraph, id, ts } from './hand-made-graph.ts';

const facts = new Facts(handMadeGraph(), ts);

function problem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as { describe(): string }).describe();
  }
  return 'no error';
}

const callersOfTotal = {
  category: 'SafetyNet',
  sub_type: 'override_callers',
  intent: 'Cart.total is called by checkout and receipt, never through GiftCart',
  query: { op: 'callers', sym_stable_id: id('src/`cart.ts`/Cart#total().') },
  expected: { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().'), id('src/`checkout.ts`/receipt().')] },
};

describe('manual overlays', () => {
  it('turn a valid entry into a manual scenario that names its origin', () => {
    expect(compileManual([callersOfTotal], 'scenarios/manual/shop.yaml', facts)).toEqual([
      {
        id: expect.stringMatching(/^override_callers-[0-9a-f]{12}$/),
        category: 'SafetyNet',
        sub_type: 'override_callers',
        intent: callersOfTotal.intent,
        query: callersOfTotal.query,
        expected: callersOfTotal.expected,
        gold_source: 'manual',
        origin: { file: 'scenarios/manual/shop.yaml', entry: 1 },
      },
    ]);
  });

  it('reject an id the index does not have, naming the file and the entry', () => {
    const ghost = { ...callersOfTotal, expected: { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/refund().')] } };
    expect(problem(() => compileManual([callersOfTotal, ghost], 'scenarios/manual/shop.yaml', facts))).toBe(
      `scenarios/manual/shop.yaml: entry 2 (override_callers): id ${id('src/`checkout.ts`/refund().')} is not a symbol of this corpus's index`,
    );
  });

  it('reject an absence that is not absent', () => {
    const wrong = { category: 'SafetyNet', sub_type: 'absent', intent: 'Claims no symbol is called total', query: { op: 'lookup', name: 'total', bare_name: true }, expected: { kind: 'exact_set', stable_ids: [] } };
    expect(problem(() => compileManual([wrong], 'm.yaml', facts))).toBe(
      `m.yaml: entry 1 (absent): expects nothing, but the index answers 2 symbol(s), e.g. ${id('src/`cart.ts`/Cart#total().')}`,
    );
  });

  it('reject an answer that disagrees with the index', () => {
    const partial = { ...callersOfTotal, expected: { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] } };
    expect(problem(() => compileManual([partial], 'm.yaml', facts))).toBe(
      `m.yaml: entry 1 (override_callers): expected set disagrees with the index (not in the index's answer: none; missing from the entry: ${id('src/`checkout.ts`/receipt().')})`,
    );
  });

  it('reject an unknown field and an empty contains, naming entry and field', () => {
    expect(problem(() => compileManual([{ ...callersOfTotal, gold: 'x' }], 'm.yaml', facts))).toBe('m.yaml: entry 1: unknown key "gold"');
    expect(problem(() => compileManual([{ ...callersOfTotal, expected: { kind: 'contains', required: [] } }], 'm.yaml', facts))).toBe(
      'm.yaml: entry 1, field expected.required: must list at least one id (an empty contains cannot fail)',
    );
  });

  it('reject a first-result answer where the index answers several, in no order an adapter is bound to', () => {
    const first = { ...callersOfTotal, expected: { kind: 'exact_symbol', stable_id: id('src/`checkout.ts`/checkout().') } };
    expect(problem(() => compileManual([first], 'm.yaml', facts))).toBe(
      `m.yaml: entry 1 (override_callers): expects ${id('src/`checkout.ts`/checkout().')} first, but the index answers 2 symbols, in no order an adapter is bound to; write it as contains or exact_set`,
    );
    const topOne = { ...callersOfTotal, expected: { kind: 'in_top_k', stable_id: id('src/`checkout.ts`/checkout().'), k: 1 } };
    expect(problem(() => compileManual([topOne], 'm.yaml', facts))).toBe(
      `m.yaml: entry 1 (override_callers): expects ${id('src/`checkout.ts`/checkout().')} first, but the index answers 2 symbols, in no order an adapter is bound to; write it as contains or exact_set`,
    );
    const topTwo = { ...topOne, expected: { ...topOne.expected, k: 2 } };
    expect(compileManual([topTwo], 'm.yaml', facts)).toHaveLength(1);
  });

  it('reject two entries asking the same query', () => {
    expect(problem(() => compileManual([callersOfTotal, callersOfTotal], 'm.yaml', facts))).toBe('m.yaml: entry 2 (override_callers): asks the same query as entry 1');
  });
});

describe('contributor specs', () => {
  // A fake tree: `receipt` is mentioned on line 1 of its file (outside checkout()), in code on line 3 and in a comment on line 4 (inside it).
  const grep = (): TextMatch[] => [
    { file: 'src/checkout.ts', line: 1, start: 4, end: 11, text: 'receipt', syntax: 'code' },
    { file: 'src/checkout.ts', line: 3, start: 2, end: 9, text: 'receipt', syntax: 'code' },
    { file: 'src/checkout.ts', line: 4, start: 5, end: 12, text: 'receipt', syntax: 'comment' },
  ];
  const withRanges = handMadeGraph();
  withRanges.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/checkout().'), enclosingRange: [1, 0, 5, 1] }]);
  const rangedFacts = new Facts(withRanges, ts);

  it('turn a word into a grep_compared text_search with a computed answer, counting code only by default', () => {
    const [s] = compileSpecs([{ category: 'Config', intent: 'Who mentions receipt before renaming it', text: 'receipt' }], 'scenarios/specs/shop.yaml', rangedFacts, grep);
    expect(s).toEqual({
      id: expect.stringMatching(/^contributor_spec-[0-9a-f]{12}$/),
      category: 'Config',
      sub_type: 'contributor_spec',
      intent: 'Who mentions receipt before renaming it',
      query: { op: 'text_search', pattern: 'receipt', mode: 'word', in: 'code' },
      expected: { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/'), id('src/`checkout.ts`/checkout().')] },
      gold_source: 'grep_compared',
      origin: { file: 'scenarios/specs/shop.yaml', entry: 1 },
    });
  });

  it('reject a spec without its text, naming file, entry and field', () => {
    expect(problem(() => compileSpecs([{ category: 'Config', intent: 'Who mentions something here' }], 'specs.yaml', rangedFacts, grep))).toBe(
      'specs.yaml: entry 1, field text: is required',
    );
  });

  it('reject a spec whose word matches nothing', () => {
    expect(problem(() => compileSpecs([{ category: 'Config', intent: 'Who mentions nothing at all', text: 'nothing' }], 'specs.yaml', rangedFacts, () => []))).toBe(
      'specs.yaml: entry 1 (nothing): matches nothing in this corpus\'s code',
    );
  });
});
