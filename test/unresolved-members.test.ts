import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf } from '../core/languages.ts';
import { Facts } from '../generators/facts.ts';
import { scipCorpus } from './helpers.ts';

// A Python class indexed the way scip-python indexed fastapi's `Param.__init__`: `self.example` is
// defined, while `self.examples`, an attribute it took for one of a base class it resolved against
// another library version, is `local 4` with no definition in the document.
const P = 'scip-python python demo 1.0.0 ';
const source = [
  'class Param:',
  '    def __init__(self, example, examples):',
  '        self.example = example',
  '        self.examples = examples',
  '        if self.examples == None:',
  '            pass',
  '',
  'class Plain:',
  '    def __init__(self, size):',
  '        self.size = size',
  '',
].join('\n');
const def = 1;
const documents = [
  {
    relativePath: 'params.py',
    occurrences: [
      { range: [0, 0, 0], symbol: `${P}params/__init__:`, symbolRoles: def },
      { range: [0, 6, 11], symbol: `${P}params/Param#`, symbolRoles: def, enclosingRange: [0, 0, 5, 16] },
      { range: [1, 8, 16], symbol: `${P}params/Param#__init__().`, symbolRoles: def, enclosingRange: [1, 4, 5, 16] },
      { range: [2, 13, 20], symbol: `${P}params/Param#example.`, symbolRoles: def },
      { range: [3, 13, 21], symbol: 'local 4', symbolRoles: 0 },
      { range: [4, 16, 24], symbol: 'local 4', symbolRoles: 0 },
      { range: [7, 6, 11], symbol: `${P}params/Plain#`, symbolRoles: def, enclosingRange: [7, 0, 9, 24] },
      { range: [8, 8, 16], symbol: `${P}params/Plain#__init__().`, symbolRoles: def, enclosingRange: [8, 4, 9, 24] },
      { range: [9, 13, 17], symbol: `${P}params/Plain#size.`, symbolRoles: def },
    ],
    symbols: [{ symbol: 'local 4', documentation: ['```python\n(variable) examples: list[Any] | None\n```'] }],
  },
];

let corpus: Awaited<ReturnType<typeof scipCorpus>>;
beforeAll(async () => {
  corpus = await scipCorpus('unresolved-members', { 'params.py': source }, documents);
});
afterAll(() => rm(corpus.root, { recursive: true, force: true }));

describe('an attribute a compiler-grade index leaves unresolved', () => {
  const graphOf = (precision: 'compiler' | 'syntactic') => corpus.graphOf('python', precision);

  it("marks the body assigning it (`self.examples = examples`), not one only comparing it, and no member list of its type is asked", async () => {
    const graph = await graphOf('compiler');
    expect([...graph.unresolved.assignments]).toEqual([`${P}params/Param#__init__().`]);
    const facts = new Facts(graph, languageOf('python'));
    expect([`${P}params/Param#`, `${P}params/Plain#`].map((type) => facts.membersListable(type))).toEqual([false, true]);
  });

  it('is no assignment of a syntactic index, whose undefined locals are calls', async () => {
    expect([...(await graphOf('syntactic')).unresolved.assignments]).toEqual([]);
  });
});
