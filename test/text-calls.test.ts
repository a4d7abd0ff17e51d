import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scipCorpus } from './helpers.ts';

// A two-file CommonJS corpus indexed the way scip-typescript indexes untyped JavaScript: the
// exported object's key `exist` gets a symbol of its own (`exist0:`), and `d.exist(1)` in request.js
// names that key, not the function the key holds.
const P = 'scip-typescript npm demo 1.0.0 ';
const files = {
  'decorate.js': ['function checkExistence (a) {', '  return a', '}', 'module.exports = { exist: checkExistence }', ''].join('\n'),
  'request.js': ['function assertsDecoration (d) {', '  return d.exist(1)', '}', 'function direct () {', '  return assertsDecoration(2)', '}', ''].join('\n'),
};
const def = 1;
const documents = [
  {
    relativePath: 'decorate.js',
    occurrences: [
      { range: [0, 0, 0], symbol: `${P}\`decorate.js\`/`, symbolRoles: def },
      { range: [0, 9, 23], symbol: `${P}\`decorate.js\`/checkExistence().`, symbolRoles: def, enclosingRange: [0, 0, 2, 1] },
      { range: [3, 19, 24], symbol: `${P}\`decorate.js\`/exist0:`, symbolRoles: def },
      { range: [3, 26, 40], symbol: `${P}\`decorate.js\`/checkExistence().`, symbolRoles: 0 },
    ],
  },
  {
    relativePath: 'request.js',
    occurrences: [
      { range: [0, 0, 0], symbol: `${P}\`request.js\`/`, symbolRoles: def },
      { range: [0, 9, 26], symbol: `${P}\`request.js\`/assertsDecoration().`, symbolRoles: def, enclosingRange: [0, 0, 2, 1] },
      { range: [1, 11, 16], symbol: `${P}\`decorate.js\`/exist0:`, symbolRoles: 0 },
      { range: [3, 9, 15], symbol: `${P}\`request.js\`/direct().`, symbolRoles: def, enclosingRange: [3, 0, 5, 1] },
      { range: [4, 9, 26], symbol: `${P}\`request.js\`/assertsDecoration().`, symbolRoles: 0 },
    ],
  },
];

let corpus: Awaited<ReturnType<typeof scipCorpus>>;
beforeAll(async () => {
  corpus = await scipCorpus('text-calls', files, documents);
});
afterAll(() => rm(corpus.root, { recursive: true, force: true }));

describe('calls written in the text, against a compiler-grade index', () => {
  const graphOf = (precision: 'compiler' | 'syntactic') => corpus.graphOf('javascript', precision);

  it('binds nothing new: the edges are the index own', async () => {
    const graph = await graphOf('compiler');
    expect([...graph.callers]).toEqual([[`${P}\`request.js\`/assertsDecoration().`, [`${P}\`request.js\`/direct().`]]]);
  });

  it('reads d.exist(1) as a call that may be checkExistence, held by the key exist on its defining line', async () => {
    const graph = await graphOf('compiler');
    expect([...graph.unresolved.names]).toEqual(['checkExistence']);
    expect([...graph.unresolved.bodies]).toEqual([`${P}\`request.js\`/assertsDecoration().`]);
    expect(graph.callSites).toEqual({ resolved: 1, unresolved: 1 });
  });

  it('is off for an index that records every call it reads', async () => {
    const graph = await graphOf('syntactic');
    expect([[...graph.unresolved.names], graph.callSites]).toEqual([[], { resolved: 1, unresolved: 0 }]);
  });
});
