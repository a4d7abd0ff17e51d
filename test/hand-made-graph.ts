import { languageOf } from '../core/languages.ts';
import type { FactGraph, SymbolFact } from '../graph/fact-graph.ts';

export const P = 'lmc-test npm shop 1.0.0 ';
/** The hand-made graph is TypeScript: its language folder decides what is test code and which idioms apply. */
export const ts = languageOf('typescript');
/** The hand-made graph has no source tree: every search finds nothing. */
export const noGrep = () => [];
export const id = (d: string) => P + d;

/** A hand-made graph: a base class, a subclass overriding one method, free functions calling them. */
export function handMadeGraph(): FactGraph {
  const sym = (d: string, kind: SymbolFact['kind'], name: string, file: string, owner?: string): SymbolFact => ({
    id: id(d),
    kind,
    name,
    display: d,
    ...(owner ? { owner: id(owner) } : {}),
    file,
    range: [0, 0, 0, 1],
  });
  const symbols = [
    sym('src/`cart.ts`/', 'module', 'src/cart.ts', 'src/cart.ts'),
    sym('src/`cart.ts`/Cart#', 'class', 'Cart', 'src/cart.ts', 'src/`cart.ts`/'),
    sym('src/`cart.ts`/Cart#add().', 'method', 'add', 'src/cart.ts', 'src/`cart.ts`/Cart#'),
    sym('src/`cart.ts`/Cart#total().', 'method', 'total', 'src/cart.ts', 'src/`cart.ts`/Cart#'),
    sym('src/`cart.ts`/GiftCart#', 'class', 'GiftCart', 'src/cart.ts', 'src/`cart.ts`/'),
    sym('src/`cart.ts`/GiftCart#total().', 'method', 'total', 'src/cart.ts', 'src/`cart.ts`/GiftCart#'),
    sym('src/`checkout.ts`/', 'module', 'src/checkout.ts', 'src/checkout.ts'),
    sym('src/`checkout.ts`/checkout().', 'function', 'checkout', 'src/checkout.ts', 'src/`checkout.ts`/'),
    sym('src/`checkout.ts`/receipt().', 'function', 'receipt', 'src/checkout.ts', 'src/`checkout.ts`/'),
  ];
  const edges = (pairs: Array<[string, string[]]>) => new Map(pairs.map(([k, v]) => [id(k), v.map(id).sort()]));
  const byFile = (pairs: Array<[string, string[]]>) => new Map(pairs.map(([file, v]) => [file, v.map(id).sort()]));
  return {
    packagePrefix: P,
    symbols: new Map(symbols.map((s) => [s.id, s])),
    contains: edges([
      ['src/`cart.ts`/', ['src/`cart.ts`/Cart#', 'src/`cart.ts`/GiftCart#']],
      ['src/`cart.ts`/Cart#', ['src/`cart.ts`/Cart#add().', 'src/`cart.ts`/Cart#total().']],
      ['src/`cart.ts`/GiftCart#', ['src/`cart.ts`/GiftCart#total().']],
      ['src/`checkout.ts`/', ['src/`checkout.ts`/checkout().', 'src/`checkout.ts`/receipt().']],
    ]),
    calls: edges([
      ['src/`checkout.ts`/checkout().', ['src/`cart.ts`/Cart#add().', 'src/`cart.ts`/Cart#total().', 'src/`checkout.ts`/receipt().']],
      ['src/`checkout.ts`/receipt().', ['src/`cart.ts`/Cart#total().']],
    ]),
    callers: edges([
      ['src/`cart.ts`/Cart#add().', ['src/`checkout.ts`/checkout().']],
      ['src/`cart.ts`/Cart#total().', ['src/`checkout.ts`/checkout().', 'src/`checkout.ts`/receipt().']],
      ['src/`checkout.ts`/receipt().', ['src/`checkout.ts`/checkout().']],
    ]),
    supertypes: edges([
      ['src/`cart.ts`/GiftCart#', ['src/`cart.ts`/Cart#']],
      ['src/`cart.ts`/GiftCart#total().', ['src/`cart.ts`/Cart#total().']],
    ]),
    fileSymbols: byFile([
      ['src/cart.ts', ['src/`cart.ts`/Cart#', 'src/`cart.ts`/Cart#add().', 'src/`cart.ts`/Cart#total().', 'src/`cart.ts`/GiftCart#', 'src/`cart.ts`/GiftCart#total().']],
      ['src/checkout.ts', ['src/`checkout.ts`/checkout().', 'src/`checkout.ts`/receipt().']],
    ]),
    files: ['src/cart.ts', 'src/checkout.ts'],
    scopes: new Map(),
    definitionSites: new Map(),
    localSites: new Map(),
    filedElsewhere: new Map(),
    termLines: new Map(),
    fileModules: new Map(symbols.filter((s) => s.kind === 'module').map((s) => [s.file, s.id])),
    undefinedTypes: new Map(),
    unownedBodies: new Map(),
    callSites: { resolved: 0, unresolved: 0 },
    namedNotCalled: new Set(),
    calledOutsideBodies: new Map(),
    unresolved: { names: new Set(), bodies: new Set(), targets: new Set(), assignments: new Set() },
  };
}

