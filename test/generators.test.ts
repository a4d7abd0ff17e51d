import { describe, expect, it } from 'vitest';
import { IntList } from '../core/collections.ts';
import type { SymbolKind, TextSearchQuery } from '../core/contract.ts';
import { fillTemplate, idiomRegExp, languageOf, namedLikeRegistration } from '../core/languages.ts';
import type { TextMatch } from '../evidence/syntax.ts';
import type { FactGraph, SymbolFact } from '../graph/fact-graph.ts';
import { compoundOf, typoOf } from '../generators/adversarial.ts';
import { isCompoundName } from '../generators/refactor.ts';
import { importedFromElsewhere, surveyable, textDraft, wordSearch } from '../generators/text.ts';
import { Facts } from '../generators/facts.ts';
import type { Draft } from '../generators/types.ts';
import { apportion, generateScenarios, generators } from '../generators/index.ts';
import { createRng, spreadAcrossFiles } from '../generators/sampling.ts';
import { handMadeGraph, id, noGrep, ts } from './hand-made-graph.ts';

/** The drafts one sub-type's generator makes from these facts, with the text searches they answer from. */
function draftsOf(subType: string, facts: Facts, search: (q: TextSearchQuery) => readonly TextMatch[] = noGrep): Array<Draft | undefined> {
  return generators
    .find((g) => g.subType === subType)!
    .candidates({ facts, rng: createRng(1, subType), search: search as never })
    .map((c) => c.draft());
}

describe('generators on a hand-made graph', () => {
  const graph = handMadeGraph();
  const { scenarios, subTypes } = generateScenarios(graph, { language: ts, seed: 42, budget: 200, search: noGrep });
  const find = (op: string, target: string) => scenarios.filter((s) => s.query.op === op && 'sym_stable_id' in s.query && s.query.sym_stable_id === id(target));

  it('asks for the full member list of Cart', () => {
    expect(find('contained_by', 'src/`cart.ts`/Cart#').map((s) => [s.sub_type, s.expected])).toEqual([
      ['methods_of_class', { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#add().'), id('src/`cart.ts`/Cart#total().')] }],
    ]);
  });

  it('asks for every caller of Cart.total exactly once', () => {
    expect(find('callers', 'src/`cart.ts`/Cart#total().').map((s) => s.expected)).toEqual([
      { kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().'), id('src/`checkout.ts`/receipt().')] },
    ]);
  });

  it('asks for the subclasses of Cart (as an extension point: lighter categories claim first) and the overrides of Cart.total', () => {
    expect(find('implementors', 'src/`cart.ts`/Cart#').map((s) => [s.category, s.sub_type, s.expected])).toEqual([
      ['FeatureAdd', 'extension_point', { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/GiftCart#')] }],
    ]);
    expect(find('implementors', 'src/`cart.ts`/Cart#total().').map((s) => [s.sub_type, s.expected])).toEqual([
      ['overrides', { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/GiftCart#total().')] }],
    ]);
  });

  it('expects both methods for the shared short name total', () => {
    const s = scenarios.find((x) => x.query.op === 'lookup' && x.query.name === 'total' && x.query.bare_name);
    expect(s?.expected).toEqual({ kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/GiftCart#total().')] });
  });

  it('asks the uncalled functions as one complete orphans set', () => {
    const s = scenarios.find((x) => x.query.op === 'orphans' && x.query.kind === 'function');
    expect(s?.expected).toEqual({ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] });
  });

  it('reports every sub-type, with zero targets where the graph has no material', () => {
    const exception = subTypes.find((r) => r.sub_type === 'exception_type');
    expect(exception).toEqual({ category: 'BugFix', sub_type: 'exception_type', targets: 0, emitted: 0, exhausted: true });
  });

  it('builds adversarial names that are absent from the graph', () => {
    const facts = new Facts(graph, ts);
    const adversarial = scenarios.filter((s) => s.gold_source === 'adversarial');
    expect(adversarial.length).toBeGreaterThan(0);
    for (const s of adversarial) {
      if (s.query.op !== 'lookup') throw new Error('adversarial scenarios are lookups');
      const hits = s.query.bare_name ? facts.lookupBare(s.query.name, s.query.kind) : facts.lookupExact(s.query.name, s.query.kind);
      expect(hits, s.id).toEqual([]);
    }
  });

  it('is a pure function of graph, seed and budget', () => {
    expect(generateScenarios(handMadeGraph(), { language: ts, seed: 42, budget: 200, search: noGrep })).toEqual(generateScenarios(graph, { language: ts, seed: 42, budget: 200, search: noGrep }));
  });

  it('never asks one query twice and derives ids from content', () => {
    const queries = scenarios.map((s) => JSON.stringify(s.query));
    expect(new Set(queries).size).toBe(queries.length);
    for (const s of scenarios) expect(s.id).toMatch(new RegExp(`^${s.sub_type}-[0-9a-f]{12}$`));
  });
});

describe('ids the index files under the wrong parent', () => {
  // scip-python's shape: a handler nested in Cart.total's body gets the id of a method of Cart, and calls Cart.add.
  const graph = handMadeGraph();
  const total = id('src/`cart.ts`/Cart#total().');
  const handler = id('src/`cart.ts`/Cart#handler().');
  graph.symbols.set(total, { ...graph.symbols.get(total)!, range: [10, 6, 10, 11], enclosingRange: [10, 2, 20, 3] });
  graph.symbols.set(handler, { id: handler, kind: 'method', name: 'handler', display: 'src/`cart.ts`/Cart#handler().', owner: id('src/`cart.ts`/Cart#'), file: 'src/cart.ts', range: [12, 13, 12, 20], enclosingRange: [12, 4, 14, 5] });
  graph.contains.get(id('src/`cart.ts`/Cart#'))!.push(handler);
  graph.calls.set(handler, [id('src/`cart.ts`/Cart#add().')]);
  graph.callers.get(id('src/`cart.ts`/Cart#add().'))!.push(handler);
  graph.scopes.set('src/cart.ts', [
    { id: total, enclosingRange: [10, 2, 20, 3] },
    { id: handler, enclosingRange: [12, 4, 14, 5] },
  ]);
  const { scenarios } = generateScenarios(graph, { language: ts, seed: 42, budget: 200, search: noGrep });

  it('finds the callable around a definition past a shorter one that ends before it, and none around one after both', () => {
    const g = handMadeGraph();
    const [checkout, receipt] = [id('src/`checkout.ts`/checkout().'), id('src/`checkout.ts`/receipt().')];
    const helper = id('src/`checkout.ts`/helper().');
    const at = (line: number): [number, number, number, number] => [line, 9, line, 15];
    g.symbols.set(checkout, { ...g.symbols.get(checkout)!, range: at(0), enclosingRange: [0, 0, 100, 1] });
    g.symbols.set(receipt, { ...g.symbols.get(receipt)!, range: at(10), enclosingRange: [10, 2, 20, 3] });
    g.symbols.set(helper, { id: helper, kind: 'function', name: 'helper', display: 'src/`checkout.ts`/helper().', owner: id('src/`checkout.ts`/'), file: 'src/checkout.ts', range: at(50), enclosingRange: [50, 2, 52, 3] });
    g.scopes.set('src/checkout.ts', [
      { id: checkout, enclosingRange: [0, 0, 100, 1] },
      { id: receipt, enclosingRange: [10, 2, 20, 3] },
      { id: helper, enclosingRange: [50, 2, 52, 3] },
    ]);
    // receipt is declared inside checkout's body too; helper only inside checkout's, past receipt's end.
    expect([checkout, receipt, helper].map((s) => new Facts(g, ts).misfiled(s))).toEqual([false, true, true]);
    g.symbols.set(helper, { ...g.symbols.get(helper)!, range: at(150), enclosingRange: [150, 2, 152, 3] });
    g.scopes.set('src/checkout.ts', [...g.scopes.get('src/checkout.ts')!.slice(0, 2), { id: helper, enclosingRange: [150, 2, 152, 3] }]);
    expect(new Facts(g, ts).misfiled(helper)).toBe(false);
  });

  it('names the nested handler in no query and no answer', () => {
    expect(new Facts(graph, ts).misfiled(handler)).toBe(true);
    expect(new Facts(graph, ts).misfiled(total)).toBe(false);
    expect(scenarios.filter((s) => JSON.stringify(s).includes(handler)).map((s) => s.id)).toEqual([]);
  });

  it('so asks neither the members of Cart nor every caller of Cart.add, and still asks every caller of Cart.total', () => {
    const everyCallerOf = (target: string) =>
      scenarios.filter((s) => s.query.op === 'callers' && s.query.sym_stable_id === id(target) && s.expected.kind === 'exact_set').map((s) => s.sub_type).sort();
    expect(scenarios.filter((s) => s.query.op === 'contained_by' && s.query.sym_stable_id === id('src/`cart.ts`/Cart#')).length).toBe(0);
    expect([everyCallerOf('src/`cart.ts`/Cart#add().'), everyCallerOf('src/`cart.ts`/Cart#total().')]).toEqual([[], ['call_sites']]);
  });
});

describe('calls no body holds', () => {
  // A script's top-level code calls Cart.total: no caller is credited with that call.
  const graph = handMadeGraph();
  graph.calledOutsideBodies.set(id('src/`cart.ts`/Cart#total().'), ['scripts/report.ts']);
  const { scenarios } = generateScenarios(graph, { language: ts, seed: 42, budget: 200, search: noGrep });
  const everyCallerOf = (target: string) =>
    scenarios.filter((s) => s.query.op === 'callers' && s.query.sym_stable_id === id(target) && s.expected.kind === 'exact_set').length;

  it('rule out every exact callers question about the function, and only about it', () => {
    expect([everyCallerOf('src/`cart.ts`/Cart#total().'), everyCallerOf('src/`cart.ts`/Cart#add().')]).toEqual([0, 1]);
  });

  it('count in no declaration file (an OCaml interface names an external it does not call)', () => {
    const ocaml = languageOf('ocaml');
    const facts = (files: string[]) => {
      const g = handMadeGraph();
      g.calledOutsideBodies.set(id('src/`cart.ts`/Cart#total().'), files);
      return new Facts(g, ocaml).callersComplete(id('src/`cart.ts`/Cart#total().'));
    };
    expect([facts(['stdlib/float.mli']), facts(['stdlib/float.mli', 'stdlib/float.ml']), facts([])]).toEqual([true, false, true]);
  });
});

describe('a function a parse error swallowed', () => {
  // checkout() runs from line 1 to line 31 of src/checkout.ts, over a `function helper(` at line 13
  // that the index does not define: checkout's body holds helper's code.
  const graph = handMadeGraph();
  const checkout = id('src/`checkout.ts`/checkout().');
  graph.scopes.set('src/checkout.ts', [{ id: checkout, enclosingRange: [0, 0, 30, 1] }]);
  const declared: TextMatch = { file: 'src/checkout.ts', line: 13, start: 0, end: 16, text: 'function helper(', syntax: 'code' };
  const search = (q: TextSearchQuery) => (q.mode === 'regex' && q.pattern.includes('function') ? [declared] : []);
  const facts = new Facts(graph, ts, search);
  const at = (line: number): TextMatch => ({ file: 'src/checkout.ts', line, start: 4, end: 9, text: 'total', syntax: 'code' });

  it('asks no callees of the definition that swallowed it, and no callers of what it is said to call', () => {
    expect(facts.calleesComplete(checkout)).toBe(false);
    expect([facts.callersComplete(id('src/`cart.ts`/Cart#add().')), facts.callersComplete(id('src/`checkout.ts`/receipt().'))]).toEqual([false, false]);
    expect(new Facts(graph, ts).calleesComplete(checkout)).toBe(true);
  });

  it('surveys the file no more and counts no text match in the swallowed lines', () => {
    expect([facts.missesDeclarationsIn('src/checkout.ts'), facts.missesDeclarationsIn('src/cart.ts')]).toEqual([true, false]);
    expect([facts.leavesSitesOut([at(5)], 'code'), facts.leavesSitesOut([at(20)], 'code')]).toEqual([false, true]);
  });

  it('takes a declaration in a comment, or a name the index defines in the file, for no gap', () => {
    const inComment = new Facts(graph, ts, () => [{ ...declared, syntax: 'comment' }]);
    const known = new Facts(graph, ts, () => [{ ...declared, text: 'function checkout(' }]);
    expect([inComment.missesDeclarationsIn('src/checkout.ts'), known.missesDeclarationsIn('src/checkout.ts')]).toEqual([false, false]);
  });
});

describe('callers no index here follows', () => {
  const cart = id('src/`cart.ts`/Cart#');
  const complete = (edit: (g: FactGraph) => void, target: string) => {
    const g = handMadeGraph();
    edit(g);
    return new Facts(g, ts).callersComplete(id(target));
  };

  it('rule out an override: a call of the method it overrides may reach it', () => {
    expect([complete(() => {}, 'src/`cart.ts`/GiftCart#total().'), complete(() => {}, 'src/`cart.ts`/Cart#total().')]).toEqual([false, true]);
  });

  it('rule out a function a type is credited with calling (a field initializer, a class body)', () => {
    const add = id('src/`cart.ts`/Cart#add().');
    // Both directions of the edge, as the graph builds them.
    const credited = (g: FactGraph) => {
      g.callers.get(add)!.push(cart);
      g.calls.set(cart, [...(g.calls.get(cart) ?? []), add]);
    };
    expect(complete(credited, 'src/`cart.ts`/Cart#add().')).toBe(false);
  });

  it('rule out a constructor of a type with subtypes, and a constructor a construction bound to the type may run', () => {
    const ctor = id('src/`cart.ts`/Cart#`<constructor>`().');
    const withConstructor = (g: FactGraph) => g.symbols.set(ctor, { id: ctor, kind: 'constructor', name: '<constructor>', display: 'src/`cart.ts`/Cart#`<constructor>`().', owner: cart, file: 'src/cart.ts', range: [1, 0, 1, 1] });
    expect(complete(withConstructor, 'src/`cart.ts`/Cart#`<constructor>`().')).toBe(false);
    expect(complete((g) => { withConstructor(g); g.supertypes.delete(id('src/`cart.ts`/GiftCart#')); }, 'src/`cart.ts`/Cart#`<constructor>`().')).toBe(true);
    expect(complete((g) => { withConstructor(g); g.supertypes.delete(id('src/`cart.ts`/GiftCart#')); g.unresolved.targets.add(ctor); }, 'src/`cart.ts`/Cart#`<constructor>`().')).toBe(false);
  });
});

describe('sampling and naming helpers', () => {
  it('keeps a growable list of 32-bit integers whole past its first allocation', () => {
    const list = new IntList();
    for (let i = 0; i < 5000; i++) list.push(3 * i - 7000);
    expect(list.length).toBe(5000);
    expect([list.get(0), list.get(1023), list.get(1024), list.get(4999)]).toEqual([-7000, -3931, -3928, 7997]);
  });

  it('apportions a budget by weights with largest remainders', () => {
    expect(apportion(100, [28, 18, 10, 15])).toEqual([40, 25, 14, 21]);
    expect(apportion(7, [1, 1, 1])).toEqual([3, 2, 2]);
    expect(apportion(5, [0, 0])).toEqual([0, 0]);
  });

  it('walks files round-robin instead of draining the first file', () => {
    const items = [
      { file: 'a', n: 1 },
      { file: 'a', n: 2 },
      { file: 'a', n: 3 },
      { file: 'b', n: 4 },
      { file: 'c', n: 5 },
    ];
    const firstThree = spreadAcrossFiles(items, createRng(1, 'x')).slice(0, 3).map((i) => i.file).sort();
    expect(firstThree).toEqual(['a', 'b', 'c']);
  });

  it('makes a typo one edit away that keeps the first letter', () => {
    const rng = createRng(3, 'typo');
    for (let i = 0; i < 50; i++) {
      const t = typoOf('OutOfStockError', rng);
      expect(t[0]).toBe('O');
      expect(Math.abs(t.length - 'OutOfStockError'.length)).toBeLessThanOrEqual(1);
    }
  });

  it('makes up no name the corpus writes anywhere, though no symbol has it', () => {
    const typos = (search: (q: TextSearchQuery) => readonly TextMatch[]) => draftsOf('typo', new Facts(handMadeGraph(), ts, search), search).map((d) => d && 'query' in d && d.query.op === 'lookup' && d.query.name);
    expect(typos(noGrep)).toEqual(['totel', 'GiftCort', 'checckout', 'recept']);
    // `recept` written in a comment (or as an outside name the code uses) is no invention.
    const writesRecept = (q: TextSearchQuery): TextMatch[] =>
      q.pattern === 'recept' && q.mode === 'word' && q.in === 'any' ? [{ file: 'src/receipt.ts', line: 1, start: 3, end: 9, text: 'recept', syntax: 'comment' }] : [];
    expect(typos(writesRecept)).toEqual(['totel', 'GiftCort', 'checckout']);
  });

  it('compounds the head of one name with the tail of another, never repeating a word', () => {
    expect(compoundOf('DigitalProduct', 'Store')).toBe('DigitalStore');
    expect(compoundOf('OutOfStockError', 'Item')).toBe('OutOfStockItem');
    expect(compoundOf('Product', 'DigitalProduct')).toBeUndefined();
  });
});

describe('lazy drafting', () => {
  // 400 uniquely named functions in 20 files: call_sites_grep has far more candidates than BugFix's 100.
  const P2 = 'lmc-test npm wide 1.0.0 ';
  const symbols = new Map<string, SymbolFact>();
  const fileSymbols = new Map<string, string[]>();
  const contains = new Map<string, string[]>();
  for (let f = 0; f < 20; f++) {
    const file = `src/f${f}.ts`;
    const module = `${P2}src/\`f${f}.ts\`/`;
    symbols.set(module, { id: module, kind: 'module', name: file, display: `src/\`f${f}.ts\`/`, file, range: [0, 0, 0, 1] });
    for (let k = 0; k < 20; k++) {
      const name = `handler${String(f * 20 + k).padStart(3, '0')}`;
      const fn = `${module}${name}().`;
      symbols.set(fn, { id: fn, kind: 'function', name, display: `src/\`f${f}.ts\`/${name}().`, owner: module, file, range: [k + 1, 0, k + 1, 1] });
      fileSymbols.set(file, [...(fileSymbols.get(file) ?? []), fn]);
      contains.set(module, [...(contains.get(module) ?? []), fn]);
    }
  }
  const graph: FactGraph = {
    packagePrefix: P2,
    symbols: new Map([...symbols].sort(([a], [b]) => (a < b ? -1 : 1))),
    contains,
    calls: new Map(),
    callers: new Map(),
    supertypes: new Map(),
    fileSymbols,
    files: [...fileSymbols.keys()].sort(),
    scopes: new Map(),
    definitionSites: new Map(),
    localSites: new Map(),
    filedElsewhere: new Map(),
    termLines: new Map(),
    fileModules: new Map([...symbols.values()].filter((s) => s.kind === 'module').map((s) => [s.file, s.id])),
    undefinedTypes: new Map(),
    unownedBodies: new Map(),
    callSites: { resolved: 0, unresolved: 0 },
    namedNotCalled: new Set(),
    calledOutsideBodies: new Map(),
    unresolved: { names: new Set(), bodies: new Set(), targets: new Set(), assignments: new Set() },
  };
  const callSiteSearches: string[] = [];
  // Every call-site search finds one line of src/f0.ts, outside any function: it maps to that file's module.
  // Every other search finds nothing (no nested `function handlerN (`, no prototype method).
  const search = (query: TextSearchQuery): TextMatch[] => {
    if (!(query.mode === 'regex' && /^\\bhandler\d+\\s\*/.test(query.pattern))) return [];
    callSiteSearches.push(query.pattern);
    return [{ file: 'src/f0.ts', line: 30, start: 0, end: 10, text: 'handler000', syntax: 'code' }];
  };
  const { scenarios, subTypes } = generateScenarios(graph, { language: ts, seed: 7, budget: 200, search });

  it('drafts (and searches for) only the candidates the quota takes, and says the sub-type was not exhausted', () => {
    expect(subTypes.find((r) => r.sub_type === 'call_sites_grep')).toEqual({ category: 'BugFix', sub_type: 'call_sites_grep', targets: 400, emitted: 100, exhausted: false });
    expect(scenarios.filter((s) => s.sub_type === 'call_sites_grep')).toHaveLength(100);
    expect(callSiteSearches).toHaveLength(100);
  });
});

describe('registration points by name', () => {
  const registration = ts.idioms.registration;
  it('are verbs that register, and add/on/hook/use only where they cannot mean something else', () => {
    const registers = ['register', 'registerPlugin', 'register_blueprint', 'subscribe', 'decorateReply', 'mount', 'on', 'use', 'add', 'addHook', 'addContentTypeParser', 'add_api_route', 'addLifecycleEventListener', 'add_level_sink', 'addOption'];
    const doesNot = ['onClick', 'onSendHookRunner', 'onActivityResult', 'hookRunnerApplication', 'useState', 'addNode', 'addChild', 'add_cookie_to_header', 'addUIBlock', 'adds', 'registered', 'user'];
    expect(registers.filter((n) => !namedLikeRegistration(registration, n))).toEqual([]);
    expect(doesNot.filter((n) => namedLikeRegistration(registration, n))).toEqual([]);
  });

  it("follow the language folder's vocabulary: C's mount and bind are system calls, Go's Use is exported, Haskell has none", () => {
    expect(['mount', 'bind', 'use', 'register_printf_function'].map((n) => namedLikeRegistration(languageOf('c').idioms.registration, n))).toEqual([false, false, false, true]);
    expect(['Use', 'use', 'RegisterValidation', 'Registered'].map((n) => namedLikeRegistration(languageOf('go').idioms.registration, n))).toEqual([true, false, true, false]);
    expect(namedLikeRegistration(languageOf('haskell').idioms.registration, 'register')).toBe(false);
  });
});

describe('rename targets', () => {
  it('have compound names: a single word is prose as often as code', () => {
    expect(['parseHeaders', 'add_route', 'HTTPServer', 'getX', 'to_s2'].filter((n) => !isCompoundName(n))).toEqual([]);
    expect(['process', 'middleware', '_process', '__init__', 'Template', 'HTTP'].filter((n) => isCompoundName(n))).toEqual([]);
  });
});

/** The hand-made graph with an error type, ShopError (src/errors.ts), that functions in src/cart.ts and src/checkout.ts may throw. */
function withShopError(): FactGraph {
  const graph = handMadeGraph();
  const shopError = id('src/`errors.ts`/ShopError#');
  graph.symbols.set(shopError, { id: shopError, kind: 'class', name: 'ShopError', display: 'src/`errors.ts`/ShopError#', file: 'src/errors.ts', range: [0, 13, 0, 22] });
  graph.supertypes.set(shopError, ['scip-typescript npm typescript 5.0.0 lib/`lib.es5.d.ts`/Error#']);
  graph.fileSymbols.set('src/errors.ts', [shopError]);
  graph.files = [...graph.files, 'src/errors.ts'].sort();
  graph.scopes.set('src/cart.ts', [{ id: id('src/`cart.ts`/Cart#add().'), enclosingRange: [2, 0, 5, 1] }]);
  graph.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/checkout().'), enclosingRange: [3, 0, 6, 1] }]);
  return graph;
}

describe('questions whose answer would mislead', () => {
  // ShopError (src/errors.ts) is thrown in src/cart.ts and, imported as `Oops`, in src/checkout.ts.
  const graph = withShopError();
  const lines: Record<string, TextMatch[]> = {
    'throw new ShopError': [{ file: 'src/cart.ts', line: 3, start: 4, end: 23, text: 'throw new ShopError', syntax: 'code' }],
    'throw new Oops': [{ file: 'src/checkout.ts', line: 4, start: 4, end: 18, text: 'throw new Oops', syntax: 'code' }],
    'ShopError as Oops': [{ file: 'src/checkout.ts', line: 1, start: 9, end: 26, text: 'ShopError as Oops', syntax: 'import' }],
  };
  const search = (query: TextSearchQuery): TextMatch[] =>
    Object.entries(lines).flatMap(([text, matches]) => (new RegExp(query.pattern, 'u').test(text) ? matches : []));
  const { scenarios } = generateScenarios(graph, { language: ts, seed: 1, budget: 200, search });

  it('counts a raise under the name an import gives the error type', () => {
    const raisers = scenarios.filter((s) => s.sub_type === 'exception_raisers');
    expect(raisers.map((s) => [s.intent, s.query, s.expected])).toEqual([
      [
        'Triaging an error of type src/`errors.ts`/ShopError#: lists every symbol whose code raises or throws it (also as `Oops`, the name an import gives it)',
        { op: 'text_search', pattern: '\\bthrow\\s+(new\\s+)?ShopError\\b|\\bthrow\\s+(new\\s+)?Oops\\b', mode: 'regex', in: 'code' },
        { kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#add().'), id('src/`checkout.ts`/checkout().')] },
      ],
    ]);
  });

  it('counts a raise under the name an assignment gives the error type (errors.aliased)', () => {
    const assigned: Record<string, TextMatch[]> = {
      ...lines,
      'Legacy = ShopError': [{ file: 'src/errors.ts', line: 3, start: 0, end: 18, text: 'Legacy = ShopError', syntax: 'code' }],
      'throw new Legacy': [{ file: 'src/checkout.ts', line: 5, start: 4, end: 20, text: 'throw new Legacy', syntax: 'code' }],
    };
    const find = (query: TextSearchQuery): TextMatch[] => Object.entries(assigned).flatMap(([text, matches]) => (new RegExp(query.pattern, 'u').test(text) ? matches : []));
    const language = { ...ts, idioms: { ...ts.idioms, errors: { ...ts.idioms.errors, aliased: '^\\s*([A-Z]\\w*)\\s*=\\s*{name}\\s*$' } } };
    const raisers = generateScenarios(graph, { language, seed: 1, budget: 200, search: find }).scenarios.filter((s) => s.sub_type === 'exception_raisers');
    expect(raisers.map((s) => [s.intent, s.query])).toEqual([
      [
        'Triaging an error of type src/`errors.ts`/ShopError#: lists every symbol whose code raises or throws it (also as `Oops`, the name an import gives it; also as `Legacy`, the name an assignment gives it)',
        { op: 'text_search', pattern: '\\bthrow\\s+(new\\s+)?ShopError\\b|\\bthrow\\s+(new\\s+)?Oops\\b|\\bthrow\\s+(new\\s+)?Legacy\\b', mode: 'regex', in: 'code' },
      ],
    ]);
  });

  it("asks who raises no error type another own type shares its name with (OCaml's Queue.Empty and Stack.Empty)", () => {
    const shared = withShopError();
    const other = id('src/`legacy.ts`/ShopError#');
    shared.symbols.set(other, { id: other, kind: 'class', name: 'ShopError', display: 'src/`legacy.ts`/ShopError#', file: 'src/legacy.ts', range: [0, 6, 0, 15] });
    const raisers = (g: FactGraph) => generateScenarios(g, { language: ts, seed: 1, budget: 200, search }).scenarios.filter((s) => s.sub_type === 'exception_raisers').map((s) => s.intent);
    expect(raisers(graph)).toEqual(['Triaging an error of type src/`errors.ts`/ShopError#: lists every symbol whose code raises or throws it (also as `Oops`, the name an import gives it)']);
    expect(raisers(shared)).toEqual([]);
  });

  it('does not list a test file holding a definition filed under another file', () => {
    const facts = new Facts(graph, ts);
    expect(facts.holdsDefinitionsFiledElsewhere('src/checkout.ts')).toBe(false);
    // The graph records it per file (graph.filedElsewhere): a definition of Cart.add in a test file too.
    graph.filedElsewhere.set('test/cart.test.ts', [id('src/`cart.ts`/Cart#add().')]);
    expect(new Facts(graph, ts).holdsDefinitionsFiledElsewhere('test/cart.test.ts')).toBe(true);
  });
});

describe('implementors where interfaces are satisfied structurally', () => {
  const go = languageOf('go');
  const graph = handMadeGraph();
  // Cart now extends a type from outside the corpus too (a Go interface embedding io.Writer).
  graph.supertypes.set(id('src/`cart.ts`/Cart#'), ['lmc-test npm . . Writer#']);

  it('are known only where every interface the type extends is the corpus own', () => {
    const facts = new Facts(graph, go);
    expect([id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/GiftCart#')].map((s) => facts.implementorsKnown(s))).toEqual([false, false, false]);
    expect(new Facts(graph, ts).implementorsKnown(id('src/`cart.ts`/Cart#'))).toBe(true);
  });

  it('are not asked about such a type or its methods', () => {
    const asked = (language: typeof go) => generateScenarios(graph, { language, seed: 7, budget: 200, search: noGrep }).scenarios.filter((s) => s.query.op === 'implementors').map((s) => s.query);
    expect(asked(ts)).toContainEqual({ op: 'implementors', sym_stable_id: id('src/`cart.ts`/Cart#total().') });
    expect(asked(go)).toEqual([]);
  });
});

describe('signatures quoted in intents', () => {
  it("leave out a callable's hover that names a type (scip-typescript shows a `function Parser (…)` whose prototype it extends as `class Parser`)", () => {
    const graph = handMadeGraph();
    const checkout = graph.symbols.get(id('src/`checkout.ts`/checkout().'))!;
    const quoted = (signature: string) => new Facts(graph, ts).signatureOf({ ...checkout, signature });
    expect(['class checkout', 'function checkout(cart: Cart): number', 'interface checkout'].map(quoted)).toEqual([undefined, 'function checkout(cart: Cart): number', undefined]);
    graph.symbols.set(checkout.id, { ...checkout, signature: 'class checkout' });
    expect(draftsOf('signature_recall', new Facts(graph, ts))).toEqual([]);
    graph.symbols.set(checkout.id, { ...checkout, signature: 'function checkout(cart: Cart): number' });
    expect(draftsOf('signature_recall', new Facts(graph, ts)).map((d) => d?.intent)).toEqual(['Remembers a function `checkout` written `function checkout(cart: Cart): number` and needs its id']);
  });
});

describe('names the indexer records no definition for', () => {
  it("include a method a TypeScript prototype assignment declares (`Hooks.prototype.validate = function`) a CommonJS export assignment (`module.exports.AVVIO_ERRORS_MAP = {`) and a field a JavaScript constructor assigns (`this.raw = req` in `function Request`), which scip-typescript records no symbol for, so no lookup of those names is asked", () => {
    const lines = ['Hooks.prototype.validate = function (hook, fn) {', 'module.exports.AVVIO_ERRORS_MAP = {', 'if (exports.ready === true) {', '  this.raw = req', '  if (this.sent === true) {'];
    const search = (q: TextSearchQuery): TextMatch[] =>
      q.mode !== 'regex'
        ? []
        : lines.flatMap((line, i) => {
            const found = idiomRegExp(q.pattern).exec(line);
            return found ? [{ file: 'lib/hooks.js', line: i + 1, start: found.index, end: found.index + found[0].length, text: found[0], syntax: 'code' as const }] : [];
          });
    const facts = new Facts(handMadeGraph(), ts, search);
    expect(['validate', 'AVVIO_ERRORS_MAP', 'ready', 'checkout', 'Hooks', 'raw', 'sent'].map((name) => facts.declaredButMissing(name))).toEqual([true, true, false, false, false, true, false]);
  });

  it("count a TypeScript `export type { … }` list without a source among the re-exports (types/logger.d.ts passes on pino's types so)", () => {
    const reExports = (line: string) => ts.idioms.reExports.some((pattern) => idiomRegExp(pattern).test(line));
    expect(['export type {', 'export type { FastifyLogFn, LogLevel }', "export type { A } from './a'", 'export type Level = {', 'export interface Options {'].map(reExports)).toEqual([true, true, true, false, false]);
  });
});

describe('test code beyond test files', () => {
  const graph = handMadeGraph();
  const add = (s: SymbolFact) => graph.symbols.set(s.id, s);
  add({ id: id('src/`cart.ts`/`"totals add up"`().'), kind: 'function', name: '"totals add up"', display: 'src/cart.ts/"totals add up"()', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [9, 0, 12, 1] });
  add({ id: id('src/`cart.ts`/tests/'), kind: 'module', name: 'tests', display: 'src/cart.ts/tests/', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [14, 0, 20, 1] });
  add({ id: id('src/`cart.ts`/tests/adds().'), kind: 'function', name: 'adds', display: 'src/cart.ts/tests/adds()', owner: id('src/`cart.ts`/tests/'), file: 'src/cart.ts', range: [15, 0, 18, 1] });
  const ids = ['src/`cart.ts`/`"totals add up"`().', 'src/`cart.ts`/tests/adds().', 'src/`cart.ts`/Cart#add().'].map(id);

  it("are Zig's named test blocks (testSymbols) and Rust's test modules (testModules), each by its own language folder", () => {
    const isTest = (language: string) => ids.map((s) => new Facts(graph, languageOf(language)).isTest(graph.symbols.get(s)!));
    expect(isTest('zig')).toEqual([true, false, false]);
    expect(isTest('rust')).toEqual([false, true, false]);
    expect(isTest('typescript')).toEqual([false, false, false]);
  });

  it('are never the target of a question', () => {
    const targets = new Facts(graph, languageOf('zig')).targets().map((s) => s.id);
    expect(targets).not.toContain(ids[0]);
    expect(targets).toContain(ids[2]);
  });
});

describe('what a reading of every member listing found the index cannot list', () => {
  it('asks no implementors of a method with a same-named overload where the walker tells overloads apart by arity alone', () => {
    const graph = handMadeGraph();
    const reject = id('src/`cart.ts`/Cart#total(+1).');
    graph.symbols.set(reject, { id: reject, kind: 'method', name: 'total', display: 'Cart#total(+1).', owner: id('src/`cart.ts`/Cart#'), file: 'src/cart.ts', range: [3, 2, 3, 7] });
    graph.contains.get(id('src/`cart.ts`/Cart#'))!.push(reject);
    const total = id('src/`cart.ts`/Cart#total().');
    // TypeScript merges overloads into one symbol: two ids of one name come from elsewhere, and are asked.
    expect(new Facts(graph, ts).implementorsKnown(total)).toBe(true);
    expect(new Facts(graph, languageOf('java')).implementorsKnown(total)).toBe(false);
    expect(new Facts(graph, languageOf('java')).implementorsKnown(id('src/`cart.ts`/Cart#'))).toBe(true);
  });

  it('lists no members of a type whose file a parse error swallowed declarations of', () => {
    const graph = handMadeGraph();
    graph.scopes.set('src/cart.ts', [{ id: id('src/`cart.ts`/Cart#'), enclosingRange: [0, 0, 30, 1] }]);
    // The outline finds `function lost(` at column 0 of line 21, which the index does not define.
    const search = (q: { pattern: string }) =>
      q.pattern.includes('function') ? [{ file: 'src/cart.ts', line: 21, start: 0, end: 13, text: 'function lost() {', syntax: 'code' as const }] : [];
    const facts = new Facts(graph, ts, search as never);
    expect(facts.membersListable(id('src/`cart.ts`/Cart#'))).toBe(false);
    expect(facts.membersListable(id('src/`checkout.ts`/'))).toBe(true);
    expect(new Facts(graph, ts, noGrep).membersListable(id('src/`cart.ts`/Cart#'))).toBe(true);
  });
});

describe('member listings the index may leave incomplete', () => {
  const cart = id('src/`cart.ts`/Cart#');
  const giftCart = id('src/`cart.ts`/GiftCart#');
  const withRanges = () => {
    const graph = handMadeGraph();
    graph.symbols.set(cart, { ...graph.symbols.get(cart)!, enclosingRange: [2, 0, 10, 1] });
    graph.symbols.set(giftCart, { ...graph.symbols.get(giftCart)!, enclosingRange: [12, 0, 20, 1] });
    return graph;
  };

  it("lists no members of a type that a declaration its indexer does not record names or lies inside (surveyGaps), nor of that file's module", () => {
    const gaps = { ...ts, idioms: { ...ts.idioms, surveyGaps: ['^[A-Za-z]+\\.[a-z]+ = [a-z]'] } };
    // Lua's `interface_mt.clientport = interface_mt.port`, outside the table's braces, written here as `Cart.extra = helper.extra`.
    const gap = { file: 'src/cart.ts', line: 25, start: 0, end: 14, text: 'Cart.extra = h', syntax: 'code' as const };
    const facts = new Facts(withRanges(), gaps, ((q: TextSearchQuery) => (q.pattern === gaps.idioms.surveyGaps[0] ? [gap] : [])) as never);
    expect([cart, giftCart, id('src/`cart.ts`/'), id('src/`checkout.ts`/')].map((s) => facts.membersListable(s))).toEqual([false, true, false, true]);
    expect([facts.hasSurveyGaps('src/cart.ts'), facts.hasSurveyGaps('src/checkout.ts')]).toEqual([true, false]);
    // Inside GiftCart's range, a gap that does not name it is still one of its members.
    const inside = { ...gap, line: 15, text: 'extra = h' };
    const factsInside = new Facts(withRanges(), gaps, ((q: TextSearchQuery) => (q.pattern === gaps.idioms.surveyGaps[0] ? [inside] : [])) as never);
    expect([cart, giftCart].map((s) => factsInside.membersListable(s))).toEqual([true, false]);
  });

  it("lists no members of a type or module, and surveys no file, where code defines a callable its indexer records no symbol for (unrecordedCallables: OCaml's `external ( && )`)", () => {
    const ocamlForm = languageOf('ocaml').idioms.unrecordedCallables[0]!;
    expect(['external ( && ) : bool -> bool -> bool = "%sequand"', 'let ( + ) a b = add a b', 'external length : string -> int = "%string_length"'].map((line) => new RegExp(ocamlForm).test(line))).toEqual([true, true, false]);
    const unrecorded = { ...ts, idioms: { ...ts.idioms, unrecordedCallables: ['^external \\('] } };
    const op = { file: 'src/cart.ts', line: 25, start: 0, end: 10, text: 'external (', syntax: 'code' as const };
    const facts = new Facts(withRanges(), unrecorded, ((q: TextSearchQuery) => (q.pattern === '^external \\(' ? [op] : [])) as never);
    expect([cart, id('src/`cart.ts`/'), id('src/`checkout.ts`/')].map((s) => facts.membersListable(s))).toEqual([false, false, true]);
    expect([surveyable(facts, 'src/cart.ts'), surveyable(facts, 'src/checkout.ts')]).toEqual([false, true]);
  });

  it("asks no implementors of a type named on the definition line of another type the index does not link to it (scip-python's `class Header(ParameterBase): pass` without SymbolInformation)", () => {
    const graph = withRanges();
    const voucher = id('src/`cart.ts`/Voucher#');
    graph.symbols.set(voucher, { id: voucher, kind: 'class', name: 'Voucher', display: 'Voucher#', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [22, 6, 22, 13] });
    const onLine = (line: number) => [{ file: 'src/cart.ts', line: line + 1, start: 20, end: 24, text: 'Cart', syntax: 'code' as const }];
    const giftCartLine = graph.symbols.get(giftCart)!.range[0];
    const known = (lines: number[]) => new Facts(graph, ts, ((q: TextSearchQuery) => (q.pattern === 'Cart' ? lines.flatMap(onLine) : [])) as never).implementorsKnown(cart);
    expect([known([giftCartLine]), known([giftCartLine, 22]), known([30])]).toEqual([true, false, true]);
  });

  it('takes a gap in another file than the type for one of its members when it lies next to a definition of the type or a member (an Objective-C @implementation)', () => {
    const gaps = { ...ts, idioms: { ...ts.idioms, surveyGaps: ['^NOT_IMPLEMENTED\\('] } };
    const graph = withRanges();
    // Cart is declared in src/cart.ts (lines 3-11); its methods and GiftCart#total are defined in src/impl.ts.
    for (const [member, range] of [[id('src/`cart.ts`/Cart#add().'), [0, 0, 3, 1]], [id('src/`cart.ts`/Cart#total().'), [8, 0, 10, 1]], [giftCart + 'total().', [20, 0, 22, 1]]] as const) {
      graph.symbols.set(member, { ...graph.symbols.get(member)!, file: 'src/impl.ts', enclosingRange: [...range] });
    }
    graph.scopes.set('src/impl.ts', [
      { id: id('src/`cart.ts`/Cart#add().'), enclosingRange: [0, 0, 3, 1] },
      { id: id('src/`cart.ts`/Cart#total().'), enclosingRange: [8, 0, 10, 1] },
      { id: giftCart + 'total().', enclosingRange: [20, 0, 22, 1] },
    ]);
    const listable = (line: number) => {
      const gap = { file: 'src/impl.ts', line, start: 0, end: 16, text: 'NOT_IMPLEMENTED(', syntax: 'code' as const };
      const facts = new Facts(graph, gaps, ((q: TextSearchQuery) => (q.pattern === gaps.idioms.surveyGaps[0] ? [gap] : [])) as never);
      return [cart, giftCart].map((s) => facts.membersListable(s));
    };
    // Line 7 lies between Cart#add and Cart#total: Cart's; line 30, after GiftCart#total: GiftCart's. Cart's range
    // in its own file (lines 3-11) says nothing about src/impl.ts.
    expect([listable(7), listable(30), listable(5)]).toEqual([[false, true], [true, false], [false, true]]);
  });

  it('lists no members of a module under which the index gives a type members but no definition, where the text declares that type, and looks up neither by name', () => {
    const graph = withRanges();
    // scip-python's `class EmailStr(str):` inside `except ImportError:`: its methods are indexed, the class is not.
    graph.undefinedTypes.set(id('src/`checkout.ts`/'), [{ name: 'Receipt', file: 'src/checkout.ts', members: ['printLine'] }]);
    const declared = { file: 'src/checkout.ts', line: 8, start: 2, end: 15, text: '  class Receipt', syntax: 'code' as const };
    const search = (q: TextSearchQuery) => (q.pattern.includes('class') ? [declared] : []);
    const facts = new Facts(graph, ts, search as never);
    expect([facts.membersListable(id('src/`checkout.ts`/')), facts.membersListable(cart), facts.losesTypesIn('src/checkout.ts'), facts.losesTypesIn('src/cart.ts')]).toEqual([false, true, true, false]);
    // Nor is the type, or a member the index dropped with it, looked up by name.
    expect(['Receipt', 'printLine', 'checkout'].map((n) => facts.declaredButMissing(n))).toEqual([true, true, false]);
    // A type the text does not declare there (an `impl` for a foreign type, clap's blanket `impl<P> AnyValueParser for P`)
    // is not one the index lost, so the module's members are listable; but a lookup of its member's name would miss
    // the method written there, and is not asked.
    const unseen = new Facts(graph, ts, noGrep);
    expect([unseen.membersListable(id('src/`checkout.ts`/')), unseen.declaredButMissing('printLine'), unseen.declaredButMissing('checkout')]).toEqual([true, true, false]);
  });
});

/**
 * The call_sites_grep answers about `checkout` on the hand-made graph, whose `receipt` body writes
 * `checkout(` (1-based line 8), for a language whose callLookalike is `lookalike`, a search of which
 * finds `matches`; `definitionSites`, when given, are src/checkout.ts's definition name sites.
 */
function checkoutCallSearches(lookalike: string, matches: TextMatch[], definitionSites?: number[], indexCallers?: string[]): unknown[] {
  const graph = handMadeGraph();
  graph.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/receipt().'), enclosingRange: [6, 0, 10, 1] }]);
  if (definitionSites) graph.definitionSites.set('src/checkout.ts', definitionSites);
  if (indexCallers) graph.callers.set(id('src/`checkout.ts`/checkout().'), indexCallers.map(id));
  const language = { ...ts, idioms: { ...ts.idioms, callText: '\\b{name}\\(', callLookalike: lookalike } };
  const call = { file: 'src/checkout.ts', line: 8, start: 2, end: 11, text: 'checkout(', syntax: 'code' as const };
  const search = (q: TextSearchQuery) => (q.pattern === fillTemplate(lookalike, { name: 'checkout' }) ? matches : q.pattern.startsWith('\\bcheckout') ? [call] : []);
  return draftsOf('call_sites_grep', new Facts(graph, language, search as never), search).flatMap((d) => (d?.query.op === 'text_search' && d.query.pattern.includes('checkout') ? [d.expected] : []));
}
const checkoutCalledByReceipt = [{ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/receipt().')] }];

describe('text the call form matches that is no call', () => {
  it("asks no call-site text question of a name code writes in the language's callLookalike form (a bash case arm `setup | checkout)`)", () => {
    const caseArm = '(^|\\|)\\s*{name}\\s*(\\||\\))';
    const arm = { file: 'src/checkout.ts', line: 9, start: 0, end: 13, text: '| checkout |', syntax: 'code' as const };
    expect(checkoutCallSearches(caseArm, [])).toEqual(checkoutCalledByReceipt);
    expect(checkoutCallSearches(caseArm, [arm])).toEqual([]);
    expect(checkoutCallSearches(caseArm, [{ ...arm, syntax: 'comment' }])).toEqual(checkoutCalledByReceipt);
  });
});

describe('a call the index records that the call form does not find', () => {
  it("asks no call-site text question where a caller the index records writes no call form (`handleRequest.call(…)`, a call whose `(` is on the next line)", () => {
    expect(checkoutCallSearches('\\bnever\\b', [], undefined, ['src/`checkout.ts`/receipt().'])).toEqual(checkoutCalledByReceipt);
    expect(checkoutCallSearches('\\bnever\\b', [], undefined, ['src/`checkout.ts`/receipt().', 'src/`cart.ts`/Cart#add().'])).toEqual([]);
  });
});

describe('a nested function no index records', () => {
  it("asks no call-site text question of a name a nested `function name (` declares, but still of one only its own definition declares so (TypeScript's callLookalike)", () => {
    const nestedFunction = '\\bfunction\\s*\\*?\\s*{name}\\s*\\(';
    // `function checkout (` on 1-based line 2: checkout's own definition when its name site is there, else a nested function's.
    const declaration = { file: 'src/checkout.ts', line: 2, start: 0, end: 18, text: 'function checkout(', syntax: 'code' as const };
    expect(checkoutCallSearches(nestedFunction, [declaration], [1, 9, 17])).toEqual(checkoutCalledByReceipt);
    expect(checkoutCallSearches(nestedFunction, [declaration], [])).toEqual([]);
  });
});

describe('a form binding the name that starts on another definition', () => {
  it("asks no call-site text question of a name a parameter binds (Ruby's `def fetch(key, checkout = nil)`), though the form's match starts on the definition name `fetch`", () => {
    const parameterForm = '\\bdef\\s+\\S+?\\s*\\([^)]*\\b{name}\\b';
    // `def fetch(key, checkout = nil)` on 1-based line 2; `fetch` is a definition name there (columns 4..9).
    const parameter = { file: 'src/checkout.ts', line: 2, start: 0, end: 23, text: 'def fetch(key, checkout', syntax: 'code' as const };
    expect(checkoutCallSearches(parameterForm, [parameter], [1, 4, 9])).toEqual([]);
    expect(checkoutCallSearches(parameterForm, [], [1, 4, 9])).toEqual(checkoutCalledByReceipt);
  });
});

describe('names no index records', () => {
  it("looks up no name a line of the language's undeclaredNames declares (Ruby's `alias total sum`)", () => {
    const alias = '^[ \\t]*alias[ \\t]+:?([A-Za-z_]\\w*)';
    const aliasLine: TextMatch = { file: 'src/cart.ts', line: 9, start: 0, end: 17, text: '  alias total sum', syntax: 'code' };
    const search = (q: TextSearchQuery) => (q.mode === 'regex' && q.pattern === alias ? [aliasLine] : []);
    const bareLookups = (undeclaredNames: string[]) =>
      generateScenarios(handMadeGraph(), { language: { ...ts, idioms: { ...ts.idioms, undeclaredNames } }, seed: 42, budget: 200, search })
        .scenarios.filter((s) => s.query.op === 'lookup' && s.query.bare_name && s.query.name === 'total')
        .map((s) => s.sub_type)
        .sort();
    expect(bareLookups([])).toEqual(['bare_name_collision']);
    expect(bareLookups([alias])).toEqual([]);
  });
});

describe('bodies no index records', () => {
  it("asks no text question counting a match below a line of unrecordedCallables, until the next recorded definition (OCaml's `let ( ^ ) s1 s2 =`)", () => {
    const operator = '^let[ \\t]+\\(';
    const graph = handMadeGraph();
    graph.scopes.set('src/cart.ts', [{ id: id('src/`cart.ts`/Cart#'), enclosingRange: [20, 0, 30, 1] }]);
    const operatorLine: TextMatch = { file: 'src/cart.ts', line: 5, start: 0, end: 5, text: 'let ( ^ ) a b =', syntax: 'code' };
    const use = (line: number): TextMatch => ({ file: 'src/cart.ts', line, start: 2, end: 13, text: 'string_blit', syntax: 'code' });
    const search = (q: TextSearchQuery) => (q.mode === 'regex' && q.pattern === operator ? [operatorLine] : []);
    const facts = (unrecordedCallables: string[]) => new Facts(graph, { ...ts, idioms: { ...ts.idioms, unrecordedCallables } }, search);
    // Without the idiom, a use on line 7 is module-level code, credited to the module.
    expect(facts([]).answerText([use(7)], 'any')).toEqual([id('src/`cart.ts`/')]);
    expect(facts([]).leavesSitesOut([use(7)], 'any')).toBe(false);
    // With it, that use may be in the operator's body (lines 5 to 20); one above the operator, or after Cart starts, is not.
    expect([7, 20, 4, 22, 31].map((line) => facts([operator]).leavesSitesOut([use(line)], 'any'))).toEqual([true, true, false, false, false]);
  });
});

describe('modules made aliases of others', () => {
  it("lists no members of a module that a file defining it makes an alias of another (OCaml's `module Hashtbl = Hashtbl` in moreLabels.ml)", () => {
    const alias = '^\\s*module\\s+{name}\\s*=\\s*[A-Z][\\w\'.]*\\s*$';
    const module = id('src/`cart.ts`/');
    const listable = (file: string, moduleAliases: string[]) => {
      const line: TextMatch = { file, line: 3, start: 0, end: 13, text: 'module cart.ts = Basket', syntax: 'code' };
      // The hand-made module's id ends in `cart.ts`/: the alias names that last part.
      const search = (q: TextSearchQuery) => (q.mode === 'regex' && q.pattern === fillTemplate(alias, { name: 'cart.ts' }) ? [line] : []);
      return new Facts(handMadeGraph(), { ...ts, idioms: { ...ts.idioms, moduleAliases } }, search).membersListable(module);
    };
    expect(listable('src/cart.ts', [alias])).toBe(false);
    // The same line in a file that defines neither the module nor one around it makes another module of that name an alias.
    expect([listable('src/checkout.ts', [alias]), listable('src/cart.ts', [])]).toEqual([true, true]);
  });
});

describe('members a macro defines', () => {
  it("lists no members of a type a macro invocation names as one it defines members of, nor asks a member it would lack (Rust's `impl_settings! { AppSettings, AppFlags, … }`)", () => {
    const form = '^\\s*[a-z_]\\w*!\\s*[({\\[]\\s*(?:[A-Z]\\w*\\s*,\\s*)*{name}\\s*,';
    const cart = id('src/`cart.ts`/Cart#');
    const invocation: TextMatch = { file: 'src/checkout.ts', line: 2, start: 0, end: 26, text: 'impl_settings! { Cart, Gift,', syntax: 'code' };
    const search = (q: TextSearchQuery) => (q.pattern === fillTemplate(form, { name: 'Cart' }) ? [invocation] : []);
    const language = (macroMembers?: string) => ({ ...ts, idioms: { ...ts.idioms, ...(macroMembers ? { macroMembers } : {}) } });
    const graph = handMadeGraph();
    // A Coupon class whose apply() Cart lacks: a transplant donor.
    const [coupon, apply] = [id('src/`cart.ts`/Coupon#'), id('src/`cart.ts`/Coupon#apply().')];
    graph.symbols.set(coupon, { id: coupon, kind: 'class', name: 'Coupon', display: 'src/`cart.ts`/Coupon#', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [20, 0, 22, 1] });
    graph.symbols.set(apply, { id: apply, kind: 'method', name: 'apply', display: 'src/`cart.ts`/Coupon#apply().', owner: coupon, file: 'src/cart.ts', range: [21, 2, 21, 20] });
    graph.contains.set(coupon, [apply]);
    const facts = (macroMembers?: string) => new Facts(graph, language(macroMembers), search);
    expect([facts(form).membersListable(cart), facts(form).membersListable(id('src/`cart.ts`/GiftCart#')), facts().membersListable(cart)]).toEqual([false, true, true]);
    const transplanted = (macroMembers?: string) => {
      const names = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        for (const sc of generateScenarios(graph, { language: language(macroMembers), seed, budget: 400, search }).scenarios) {
          if (sc.sub_type === 'member_transplant' && sc.query.op === 'lookup') names.add(sc.query.name);
        }
      }
      return [...names].sort();
    };
    expect(transplanted()).toContain(id('src/`cart.ts`/Cart#apply().'));
    expect(transplanted(form)).not.toContain(id('src/`cart.ts`/Cart#apply().'));
  });
});

describe('signatures no index spans', () => {
  it("asks no text question counting a match credited to a type on or below a line where one of its callables without an enclosing range is declared (scip-typescript's `code(…): FastifyReply<…>;`)", () => {
    const graph = handMadeGraph();
    const [cart, add, total] = [id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/Cart#add().'), id('src/`cart.ts`/Cart#total().')];
    graph.symbols.set(cart, { ...graph.symbols.get(cart)!, range: [2, 6, 2, 10], enclosingRange: [2, 0, 12, 1] });
    graph.symbols.set(add, { ...graph.symbols.get(add)!, range: [4, 2, 4, 5] });
    graph.symbols.set(total, { ...graph.symbols.get(total)!, range: [7, 2, 7, 7], enclosingRange: [7, 2, 9, 3] });
    graph.scopes.set('src/cart.ts', [
      { id: cart, enclosingRange: [2, 0, 12, 1] },
      { id: total, enclosingRange: [7, 2, 9, 3] },
    ]);
    const facts = new Facts(graph, ts, noGrep);
    const use = (line: number): TextMatch => ({ file: 'src/cart.ts', line, start: 20, end: 26, text: 'Coupon', syntax: 'code' });
    // Each match is credited as docs/query-semantics.md says: to Cart, except inside total's body.
    expect([5, 6, 3, 9, 11].map((line) => facts.answerText([use(line)], 'any'))).toEqual([[cart], [cart], [cart], [total], [cart]]);
    // On add's line and the next (its signature may go on), Cart is credited with what a reader gives to add; on
    // Cart's header, in total's body and below it, the credit is what a reader gives.
    expect([5, 6, 3, 9, 11].map((line) => facts.leavesSitesOut([use(line)], 'any'))).toEqual([true, true, false, false, false]);
    // A callable with its body's range spans its own signature: nothing is left out.
    graph.symbols.set(add, { ...graph.symbols.get(add)!, enclosingRange: [4, 2, 5, 3] });
    expect([5, 6].map((line) => new Facts(graph, ts, noGrep).leavesSitesOut([use(line)], 'any'))).toEqual([false, false]);
  });
});

describe('member transplants', () => {
  it("never transplants onto a type a member one of its supertypes declares (GiftCart inherits Cart#add)", () => {
    const graph = handMadeGraph();
    const coupon = id('src/`cart.ts`/Coupon#');
    const apply = id('src/`cart.ts`/Coupon#apply().');
    graph.symbols.set(coupon, { id: coupon, kind: 'class', name: 'Coupon', display: 'src/`cart.ts`/Coupon#', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [20, 0, 22, 1] });
    graph.symbols.set(apply, { id: apply, kind: 'method', name: 'apply', display: 'src/`cart.ts`/Coupon#apply().', owner: coupon, file: 'src/cart.ts', range: [21, 2, 21, 20] });
    graph.contains.set(coupon, [apply]);
    const transplants = (idioms: Partial<typeof ts.idioms>) => {
      const names = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        for (const s of generateScenarios(graph, { language: { ...ts, idioms: { ...ts.idioms, ...idioms } }, seed, budget: 400, search: noGrep }).scenarios) {
          if (s.sub_type === 'member_transplant' && s.query.op === 'lookup') names.add(s.query.name);
        }
      }
      return [...names].sort();
    };
    // Coupon lacks add and total; GiftCart inherits both from Cart, and its own total overrides Cart's.
    expect(transplants({})).toEqual([id('src/`cart.ts`/Cart#apply().'), id('src/`cart.ts`/Coupon#add().'), id('src/`cart.ts`/Coupon#total().'), id('src/`cart.ts`/GiftCart#apply().')]);
    // A name every type has from the language's root type is no member any type lacks.
    expect(transplants({ rootMembers: '^add$' })).toEqual([id('src/`cart.ts`/Cart#apply().'), id('src/`cart.ts`/Coupon#total().'), id('src/`cart.ts`/GiftCart#apply().')]);
    // An extension method's name is callable on the types it extends.
    graph.symbols.set(apply, { ...graph.symbols.get(apply)!, signature: 'static apply(this Cart cart)' });
    expect(transplants({ extensionMethods: '\\(\\s*this\\s' })).toEqual([id('src/`cart.ts`/Coupon#add().'), id('src/`cart.ts`/Coupon#total().')]);
    graph.symbols.set(apply, { ...graph.symbols.get(apply)!, signature: undefined });
    // So is a free function declaring one (Kotlin's `fun Coupon.add()`).
    const extension = id('src/`coupons.kt`/add().');
    graph.symbols.set(extension, { id: extension, kind: 'function', name: 'add', display: 'src/`coupons.kt`/add().', file: 'src/coupons.kt', range: [0, 0, 0, 30], signature: 'fun Coupon.add(): Unit' });
    expect(transplants({ extensionMethods: '\\bfun\\s+[A-Za-z_][\\w.]*\\.[A-Za-z_]\\w*\\s*\\(' })).toEqual([id('src/`cart.ts`/Cart#apply().'), id('src/`cart.ts`/Coupon#total().'), id('src/`cart.ts`/GiftCart#apply().')]);
    graph.symbols.delete(extension);
    // Where code outside the corpus may add methods to an outside type, a type descending from one may have any.
    graph.supertypes.set(coupon, ['lmc-test npm ui 1.0.0 Widget#']);
    expect(transplants({ externalTypesOpen: true })).toEqual([id('src/`cart.ts`/Cart#apply().'), id('src/`cart.ts`/GiftCart#apply().')]);
  });
});

describe('kinds the syntax cannot tell', () => {
  /** The hand-made graph with a constant `total` beside the two methods of that name, with the hover text given. */
  const withConstantTotal = (signature?: string) => {
    const graph = handMadeGraph();
    const alias = id('src/`checkout.ts`/total.');
    graph.symbols.set(alias, { id: alias, kind: 'constant', name: 'total', display: 'src/`checkout.ts`/total.', owner: id('src/`checkout.ts`/'), file: 'src/checkout.ts', range: [0, 8, 0, 13], ...(signature ? { signature } : {}) });
    graph.fileSymbols.set('src/checkout.ts', [...graph.fileSymbols.get('src/checkout.ts')!, alias]);
    return graph;
  };

  it("asks no lookup with a kind of a name one of whose symbols is a macro naming another identifier (kindUnknown: C's `#define DeleteFile DeleteFileW`)", () => {
    const graph = withConstantTotal('(constant) #define total cart_total');
    const cLike = { ...ts, idioms: { ...ts.idioms, kindUnknown: '^\\(constant\\) #define\\s+\\w+\\s+[A-Za-z_]\\w*\\s*$' } };
    const kindedLookups = (language: typeof ts) =>
      generateScenarios(graph, { language, seed: 42, budget: 200, search: noGrep }).scenarios.filter((s) => s.query.op === 'lookup' && s.query.name === 'total' && s.query.kind !== undefined);
    expect(kindedLookups(ts).map((s) => s.sub_type)).toContain('disambiguate_by_kind');
    expect(kindedLookups(cLike)).toEqual([]);
    expect(new Facts(graph, cLike).kindUnknownFor('total', 'function')).toBe(true);
    expect(new Facts(graph, cLike).kindUnknownFor('add', 'method')).toBe(false);
  });

  it("reads C's `# define` and a definition continued on the next line as such a macro (languages/c kindUnknown)", () => {
    const form = idiomRegExp(languageOf('c').idioms.kindUnknown!);
    expect(form.test('(constant) # define xclock_gettime xclock_gettime_time64')).toBe(true);
    expect(form.test('(constant) #define test_timespec_equal_or_after_impl \\ test_timespec_equal_or_after_impl_time64')).toBe(true);
    expect(form.test('(constant) #define TIMEOUT 30')).toBe(false);
  });

  it("asks no lookup of a name with a symbol whose kind the text does not settle, with that kind or one it may be (ambiguousKinds: OCaml's `let cat = ( ^ )`)", () => {
    const graph = withConstantTotal();
    const kinds = (ambiguousKinds: Array<{ kind: SymbolKind; mayBe: SymbolKind[] }>) =>
      generateScenarios(graph, { language: { ...ts, idioms: { ...ts.idioms, ambiguousKinds } }, seed: 42, budget: 200, search: noGrep })
        .scenarios.map((s) => (s.query.op === 'lookup' && s.query.name === 'total' ? s.query.kind : undefined))
        .filter((k) => k !== undefined)
        .sort();
    expect(kinds([])).toEqual(['constant', 'method']);
    // The constant may be a method: neither kind is asked.
    expect(kinds([{ kind: 'constant', mayBe: ['method'] }])).toEqual([]);
    // The constant may be a function: it is not asked as a constant; the methods, which it is not, are.
    expect(kinds([{ kind: 'constant', mayBe: ['function'] }])).toEqual(['method']);
    // A method may be a function: no method is asked; the constant, which no method may be, is.
    expect(kinds([{ kind: 'method', mayBe: ['function'] }])).toEqual(['constant']);
  });
});

describe('dead code an index that records only calls cannot see used', () => {
  it("asks no orphans set with a member whose name code writes besides its definitions (a C function passed by name as a callback)", () => {
    const graph = handMadeGraph();
    // checkout() is defined at checkout.ts line 1 (0-based 0), columns 9-17.
    graph.definitionSites.set('src/checkout.ts', [0, 9, 17]);
    const definition = { file: 'src/checkout.ts', line: 1, start: 9, end: 17, text: 'checkout', syntax: 'code' as const };
    const passed = { file: 'src/cart.ts', line: 4, start: 20, end: 28, text: 'checkout', syntax: 'code' as const };
    const inComment = { ...passed, line: 5, syntax: 'comment' as const };
    const asked = (matches: TextMatch[]) => {
      const search = (q: TextSearchQuery) => (q.mode === 'word' && q.pattern === 'checkout' ? matches : []);
      return draftsOf('dead_exports', new Facts(graph, ts, search as never), search).flatMap((d) => (d?.expected.kind === 'exact_set' ? [d.expected.stable_ids] : []));
    };
    expect(asked([definition, inComment])).toEqual([[id('src/`checkout.ts`/checkout().')]]);
    expect(asked([definition, passed])).toEqual([]);
  });
});

describe('subtypes a macro declares', () => {
  it("asks neither the implementors of a type a macro subclasses nor the overrides of its methods (macroSubtypes: Objective-C's `@interface ClassName##Manager : Base`)", () => {
    const objcLike = { ...ts, idioms: { ...ts.idioms, macroSubtypes: '@interface\\s+\\w*##\\w*\\s*:\\s*{name}\\b' } };
    const inMacro = { file: 'src/cart.h', line: 40, start: 0, end: 30, text: '@interface ClassName##Gift : Cart', syntax: 'code' as const };
    const search = (q: TextSearchQuery) => (new RegExp(q.pattern).test(inMacro.text) ? [inMacro] : []);
    const facts = new Facts(handMadeGraph(), objcLike, search as never);
    const [cart, total, gift, giftTotal] = [id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/GiftCart#'), id('src/`cart.ts`/GiftCart#total().')];
    expect([cart, total, gift, giftTotal].map((s) => facts.implementorsKnown(s))).toEqual([false, false, true, true]);
    // A macro subclassing GiftCart leaves Cart's list incomplete too: the expansion is a subtype of both.
    const ofGift = new Facts(handMadeGraph(), objcLike, ((q: TextSearchQuery) => (q.pattern.includes('GiftCart') ? [{ ...inMacro, text: '@interface X##Y : GiftCart' }] : [])) as never);
    expect([cart, total, gift].map((s) => ofGift.implementorsKnown(s))).toEqual([false, false, false]);
    expect([cart, gift].map((s) => new Facts(handMadeGraph(), ts, search as never).implementorsKnown(s))).toEqual([true, true]);
  });

  it("reads Rust's derive as such a macro: `#[derive(Debug, GiftCart)]` implements GiftCart, and so Cart, for a type no index sees", () => {
    const rust = languageOf('rust');
    const derive = { file: 'examples/shop.rs', line: 3, start: 0, end: 26, text: '#[derive(Debug, GiftCart)]', syntax: 'code' as const };
    const search = ((q: TextSearchQuery) => (idiomRegExp(q.pattern).test(derive.text) ? [derive] : [])) as never;
    const facts = new Facts(handMadeGraph(), rust, search);
    expect([id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/GiftCart#'), id('src/`checkout.ts`/checkout().')].map((s) => facts.implementorsKnown(s))).toEqual([false, false, true]);
  });
});

describe('methods of types the index does not define', () => {
  it("asks no overrides of a method whose name a type with members but no definition also has (clap's `impl IntoResettable<ArgAction> for ArgAction` filed under an undefined type)", () => {
    const graph = handMadeGraph();
    graph.undefinedTypes.set(id('src/`checkout.ts`/'), [{ name: 'Ghost', file: 'src/checkout.ts', members: ['total'] }]);
    const facts = new Facts(graph, ts);
    const [cart, total, add] = [id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/Cart#add().')];
    expect([total, add, cart].map((s) => facts.implementorsKnown(s))).toEqual([false, true, true]);
    expect(new Facts(handMadeGraph(), ts).implementorsKnown(total)).toBe(true);
  });

  it("asks no implementors of a type whose method an undefined type named like a corpus type also has (clap's `IntoResettable`, implemented by `ArgAction` in another file); one named like nothing in the corpus (`Box`) is outside it", () => {
    const [cart, gift] = [id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/GiftCart#')];
    const implementorsKnown = (name: string) => {
      const graph = handMadeGraph();
      // `impl Cart for <name>` in checkout.ts, filed under an undefined `checkout.ts/<name>#`.
      graph.undefinedTypes.set(id('src/`checkout.ts`/'), [{ name, file: 'src/checkout.ts', members: ['add'] }]);
      return [cart, gift].map((s) => new Facts(graph, ts).implementorsKnown(s));
    };
    expect([implementorsKnown('GiftCart'), implementorsKnown('Box')]).toEqual([[false, true], [true, true]]);
  });

  it("asks no overrides of a method a subtype holds as a value of its name (OCaml's point-free `let to_seq_keys = to_seq_keys`)", () => {
    const graph = handMadeGraph();
    // GiftCart overrides total(); give Cart a second method, count(), that GiftCart holds as a variable.
    const [cart, gift] = [id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/GiftCart#')];
    const count = id('src/`cart.ts`/Cart#count().');
    const giftCount = id('src/`cart.ts`/GiftCart#count.');
    graph.symbols.set(count, { id: count, kind: 'method', name: 'count', display: 'Cart#count().', owner: cart, file: 'src/cart.ts', range: [3, 2, 3, 7] });
    graph.symbols.set(giftCount, { id: giftCount, kind: 'variable', name: 'count', display: 'GiftCart#count.', owner: gift, file: 'src/cart.ts', range: [14, 2, 14, 7] });
    graph.contains.set(gift, [...graph.contains.get(gift)!, giftCount]);
    const facts = new Facts(graph, ts);
    expect([count, id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/Cart#add().')].map((s) => facts.implementorsKnown(s))).toEqual([false, true, true]);
  });
});

describe('partner test files', () => {
  it("names as a source file's partner only a test file that carries its name, the one whose tests call most into it", () => {
    const graph = handMadeGraph();
    const add = id('src/`cart.ts`/Cart#add().');
    const test = (file: string, name: string): string => {
      const t = id(`${file}/${name}().`);
      graph.symbols.set(t, { id: t, kind: 'function', name, display: `${file}/${name}().`, file, range: [0, 0, 0, 1] });
      return t;
    };
    // Two tests of test/checkout.test.ts build carts; one test of test/cart.test.ts adds to one.
    const [fill, pay, adds] = [test('test/checkout.test.ts', 'fill'), test('test/checkout.test.ts', 'pay'), test('test/cart.test.ts', 'adds')];
    graph.callers.set(add, [adds, fill, pay]);
    graph.calls.set(adds, [add]);
    graph.calls.set(fill, [add]);
    graph.calls.set(pay, [add]);
    const asked = () =>
      draftsOf('partner_file', new Facts(graph, ts)).flatMap((d) => (d && d.query.op === 'file_symbols' ? [[d.query.file_path, d.expected]] : []));
    expect(asked()).toEqual([['test/cart.test.ts', { kind: 'contains', required: [adds] }]]);
    // Without a test file of its name, cart.ts has no partner: checkout's tests only use it.
    graph.callers.set(add, [fill, pay]);
    expect(asked()).toEqual([]);
  });
});

describe('types a parse error kept from the index', () => {
  const ktLike = {
    ...ts,
    idioms: {
      ...ts.idioms,
      outlineTypesDefine: true,
      outline: [
        { kind: 'class' as const, pattern: '^\\s*class\\s+([A-Za-z_]\\w*)' },
        { kind: 'function' as const, pattern: '^\\s*fun\\s+([A-Za-z_]\\w*)' },
      ],
    },
  };
  const at = (file: string, line: number, text: string) => ({ file, line, start: 0, end: text.length, text, syntax: 'code' as const });
  // checkout.ts: `fun checkout` (line 1, indexed), `class Receipt` (line 4, lost, as tree-sitter-kotlin lost LengthPercentage
  // at `dynamic.type`), its `fun printLine` (line 6) and a top-level `fun receipt` (line 9) the index filed under the module.
  const search = (q: TextSearchQuery) =>
    q.pattern === ktLike.idioms.outline[0]!.pattern
      ? [at('src/checkout.ts', 4, 'class Receipt'), at('src/cart.ts', 1, 'class Cart')]
      : q.pattern === ktLike.idioms.outline[1]!.pattern
        ? [at('src/checkout.ts', 1, 'fun checkout'), at('src/checkout.ts', 6, '  fun printLine'), at('src/checkout.ts', 9, 'fun receipt')]
        : [];

  it('takes a type the outline declares at the start of a line and the index defines nowhere in that file as lost, with every name declared or defined after it (outlineTypesDefine)', () => {
    const graph = handMadeGraph();
    // The lost type's `val total`, which the index filed at the top level of checkout.ts (line 5, 0-based).
    const total = id('src/`checkout.ts`/total.');
    graph.symbols.set(total, { id: total, kind: 'variable', name: 'total', display: 'src/`checkout.ts`/total.', owner: id('src/`checkout.ts`/'), file: 'src/checkout.ts', range: [4, 6, 4, 11] });
    graph.fileSymbols.set('src/checkout.ts', [...graph.fileSymbols.get('src/checkout.ts')!, total]);
    const facts = new Facts(graph, ktLike, search as never);
    expect(['Receipt', 'printLine', 'receipt', 'total', 'checkout', 'Cart'].map((n) => facts.declaredButMissing(n))).toEqual([true, true, true, true, false, false]);
    expect([facts.missesDeclarationsIn('src/checkout.ts'), facts.missesDeclarationsIn('src/cart.ts'), facts.membersListable(id('src/`checkout.ts`/'))]).toEqual([true, false, false]);
    // Where a type so written may be defined elsewhere (C's `struct timespec` before a function's name), nothing is lost.
    const plain = new Facts(graph, { ...ktLike, idioms: { ...ktLike.idioms, outlineTypesDefine: false } }, search as never);
    expect(['Receipt', 'printLine', 'receipt', 'total'].map((n) => plain.declaredButMissing(n))).toEqual([false, false, false, false]);
    expect(plain.missesDeclarationsIn('src/checkout.ts')).toBe(false);
  });

  it("asks no implementors or overrides of a type whose name, or a subtype's, the code of a file that lost a type holds (`class Receipt : Cart`)", () => {
    const header = (name: string) => (q: TextSearchQuery) =>
      q.mode === 'word' ? (q.pattern === name ? [at('src/checkout.ts', 4, `class Receipt : ${name}`)] : []) : search(q);
    const known = (name: string) =>
      [id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/GiftCart#')].map((s) => new Facts(handMadeGraph(), ktLike, header(name) as never).implementorsKnown(s));
    // Receipt may implement Cart (and so override its total), or GiftCart (and so Cart too).
    expect(known('Cart')).toEqual([false, false, true]);
    expect(known('GiftCart')).toEqual([false, false, false]);
    expect(known('Other')).toEqual([true, true, true]);
  });

  it('does not name the module of a file that lost a type as the home of a top-level name (disambiguate_by_module_path)', () => {
    const graph = handMadeGraph();
    // A second top-level receipt(), in cart.ts: receipt is defined at the top level of two modules.
    const cartReceipt = id('src/`cart.ts`/receipt().');
    graph.symbols.set(cartReceipt, { id: cartReceipt, kind: 'function', name: 'receipt', display: 'src/`cart.ts`/receipt().', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [0, 0, 0, 1] });
    graph.fileSymbols.set('src/cart.ts', [...graph.fileSymbols.get('src/cart.ts')!, cartReceipt]);
    const asked = (language: typeof ktLike) => {
      return draftsOf('disambiguate_by_module_path', new Facts(graph, language, search as never), search)
        .flatMap((d) => (d?.expected.kind === 'contains' ? d.expected.required : []))
        .sort();
    };
    expect(asked(ktLike)).toEqual([cartReceipt]);
    expect(asked({ ...ktLike, idioms: { ...ktLike.idioms, outlineTypesDefine: false } })).toEqual([cartReceipt, id('src/`checkout.ts`/receipt().')]);
  });
});

describe('calls made by reading a member', () => {
  it("asks neither the callers of a method a member read may run through an __index function (lazyMembers) nor the callees of the body that reads it", () => {
    const graph = handMadeGraph();
    graph.scopes.set('src/checkout.ts', [
      { id: id('src/`checkout.ts`/checkout().'), enclosingRange: [0, 0, 5, 1] },
      { id: id('src/`checkout.ts`/receipt().'), enclosingRange: [6, 0, 10, 1] },
    ]);
    const luaLike = { ...ts, idioms: { ...ts.idioms, lazyMembers: { installed: '__index = function', dispatch: '{name}\\[key\\]', read: '\\.{name}\\b\\s*(?:[^\\s(=]|==|$)' } } };
    // cart.ts installs the __index function, which looks up `Cart[key]`; receipt() reads `cart.total` on its line 8 (1-based).
    const installs = { file: 'src/cart.ts', line: 2, start: 2, end: 20, text: '__index = function', syntax: 'code' as const };
    const dispatches = { file: 'src/cart.ts', line: 3, start: 8, end: 17, text: 'Cart[key]', syntax: 'code' as const };
    const reads = { file: 'src/checkout.ts', line: 8, start: 13, end: 20, text: '.total)', syntax: 'code' as const };
    const search = (installers: TextMatch[], dispatchers: TextMatch[]) => (q: TextSearchQuery) =>
      q.pattern === '__index = function' ? installers : q.pattern === 'Cart\\[key\\]' ? dispatchers : q.pattern === '\\.total\\b\\s*(?:[^\\s(=]|==|$)' ? [reads] : [];
    const facts = new Facts(graph, luaLike, search([installs], [dispatches]));
    const cartTotal = id('src/`cart.ts`/Cart#total().');
    const add = id('src/`cart.ts`/Cart#add().');
    const checkout = id('src/`checkout.ts`/checkout().');
    const receipt = id('src/`checkout.ts`/receipt().');
    expect([cartTotal, add, receipt].map((s) => facts.callersComplete(s))).toEqual([false, true, true]);
    expect([checkout, receipt].map((s) => facts.calleesComplete(s))).toEqual([true, false]);
    // Where no file installs one, or the one installed looks up no table of methods, a member read is only a read.
    for (const plain of [new Facts(graph, luaLike, search([], [dispatches])), new Facts(graph, luaLike, search([installs], []))]) {
      expect([cartTotal, add].map((s) => plain.callersComplete(s))).toEqual([true, true]);
      expect(plain.calleesComplete(receipt)).toBe(true);
    }
  });
});

describe('types the index files under one id', () => {
  it("asks nothing that would mix two types the outline declares in one file under one id (C#'s generic arities)", () => {
    const graph = handMadeGraph();
    graph.scopes.set('src/cart.ts', [
      { id: id('src/`cart.ts`/Cart#'), enclosingRange: [0, 0, 10, 1] },
      { id: id('src/`cart.ts`/Cart#total().'), enclosingRange: [2, 2, 4, 3] },
      { id: id('src/`cart.ts`/GiftCart#'), enclosingRange: [12, 0, 20, 1] },
    ]);
    const csLike = { ...ts, idioms: { ...ts.idioms, typesByArity: true, outline: [{ kind: 'class' as const, pattern: '^\\s*class\\s+([A-Za-z_]\\w*)' }] } };
    const declaration = (line: number, name: string) => ({ file: 'src/cart.ts', line, start: 0, end: 6 + name.length, text: `class ${name}`, syntax: 'code' as const });
    // `class Cart<T>` at line 1 and `class Cart<T, U>` at line 22 (both 1-based); one GiftCart.
    const outline = [declaration(1, 'Cart'), declaration(13, 'GiftCart'), declaration(22, 'Cart')];
    const inBody = { file: 'src/cart.ts', line: 3, start: 4, end: 9, text: 'total', syntax: 'code' as const };
    const outsideBodies = { file: 'src/cart.ts', line: 23, start: 4, end: 9, text: 'total', syntax: 'code' as const };
    const search = (declared: TextMatch[]) => (q: TextSearchQuery) => (q.pattern === csLike.idioms.outline[0]!.pattern ? declared : []);
    const facts = new Facts(graph, csLike, search(outline));
    const [cart, total, gift] = [id('src/`cart.ts`/Cart#'), id('src/`cart.ts`/Cart#total().'), id('src/`cart.ts`/GiftCart#')];
    expect([facts.membersListable(cart), facts.membersListable(id('src/`cart.ts`/')), facts.mergesTypesIn('src/cart.ts'), facts.mergesTypesIn('src/checkout.ts')]).toEqual([false, false, true, false]);
    expect([facts.callersComplete(total), facts.calleesComplete(total), facts.implementorsKnown(cart), facts.declaredButMissing('Cart'), facts.declaredButMissing('GiftCart')]).toEqual([false, false, false, true, false]);
    // GiftCart is declared once: its own questions stay (the override of Cart.total aside).
    expect(facts.implementorsKnown(gift)).toBe(true);
    // A text match inside a callable's body is credited there; one outside every body may belong to the type the index lost.
    expect([facts.leavesSitesOut([inBody], 'code'), facts.leavesSitesOut([outsideBodies], 'code')]).toEqual([false, true]);
    // Declared once each, or in a language whose types' arity does not tell them apart, nothing is merged.
    for (const plain of [new Facts(graph, csLike, search(outline.slice(0, 2))), new Facts(graph, { ...csLike, idioms: { ...csLike.idioms, typesByArity: false } }, search(outline))]) {
      expect([plain.membersListable(cart), plain.callersComplete(total), plain.declaredButMissing('Cart'), plain.leavesSitesOut([outsideBodies], 'code')]).toEqual([true, true, false, false]);
    }
  });

  it("asks no callers of a symbol called from inside a type the index merged with a namesake (unirx's `new ZipObserver<T1>(…)` in a merged `Zip`)", () => {
    const graph = handMadeGraph();
    const [add, receipt, checkout] = [id('src/`cart.ts`/Cart#add().'), id('src/`checkout.ts`/receipt().'), id('src/`checkout.ts`/checkout().')];
    // Cart#add calls receipt(), as checkout() does.
    graph.calls.set(add, [receipt]);
    graph.callers.set(receipt, [add, checkout]);
    graph.scopes.set('src/cart.ts', [{ id: id('src/`cart.ts`/Cart#'), enclosingRange: [0, 0, 10, 1] }]);
    const outline = '^\\s*class\\s+([A-Za-z_]\\w*)';
    const csLike = { ...ts, idioms: { ...ts.idioms, typesByArity: true, outline: [{ kind: 'class' as const, pattern: outline }] } };
    const at = (line: number): TextMatch => ({ file: 'src/cart.ts', line, start: 0, end: 10, text: 'class Cart', syntax: 'code' });
    const complete = (declared: TextMatch[]) => new Facts(graph, csLike, (q: TextSearchQuery) => (q.pattern === outline ? declared : [])).callersComplete(receipt);
    // `class Cart<T>` and `class Cart<T, U>` under one id: add's call may be the other Cart's, bound where both types' names meet.
    expect(complete([at(1), at(22)])).toBe(false);
    expect(complete([at(1)])).toBe(true);
  });

  it("asks no implementors or overrides of a type whose name, or a subtype's, the code of a file that merges types holds (unirx's nested `ZipLatest` classes)", () => {
    const graph = handMadeGraph();
    const base = id('src/`checkout.ts`/Base#');
    graph.symbols.set(base, { id: base, kind: 'class', name: 'Base', display: 'src/`checkout.ts`/Base#', owner: id('src/`checkout.ts`/'), file: 'src/checkout.ts', range: [0, 0, 0, 1] });
    graph.scopes.set('src/cart.ts', [
      { id: id('src/`cart.ts`/Cart#'), enclosingRange: [0, 0, 10, 1] },
      { id: id('src/`cart.ts`/GiftCart#'), enclosingRange: [12, 0, 20, 1] },
    ]);
    const outline = '^\\s*class\\s+([A-Za-z_]\\w*)';
    const csLike = { ...ts, idioms: { ...ts.idioms, typesByArity: true, outline: [{ kind: 'class' as const, pattern: outline }] } };
    const at = (file: string, line: number, text: string): TextMatch => ({ file, line, start: 0, end: text.length, text, syntax: 'code' });
    // `class Cart<T>` at line 1 and `class Cart<T, U> : Base` at line 22 (1-based): the one id keeps the first's supertypes only.
    const declared = [at('src/cart.ts', 1, 'class Cart'), at('src/cart.ts', 13, 'class GiftCart'), at('src/cart.ts', 22, 'class Cart')];
    const known = (written: TextMatch[]) =>
      new Facts(graph, csLike, (q: TextSearchQuery) => (q.pattern === outline ? declared : q.mode === 'word' && q.pattern === 'Base' ? written : [])).implementorsKnown(base);
    expect(known([at('src/cart.ts', 22, 'Base')])).toBe(false);
    // Named only where no types are merged, or nowhere, Base's implementors are what the index says.
    expect([known([at('src/checkout.ts', 3, 'Base')]), known([])]).toEqual([true, true]);
  });
});

describe('callers in other files', () => {
  it("counts a C function's caller by the file of its body, not the header its prototype is filed under", () => {
    const graph = handMadeGraph();
    // receipt() is filed under its header's prototype (src/checkout.h); its body, like checkout()'s, is in src/checkout.ts.
    const receipt = id('src/`checkout.ts`/receipt().');
    graph.symbols.set(receipt, { ...graph.symbols.get(receipt)!, file: 'src/checkout.h' });
    graph.scopes.set('src/checkout.ts', [
      { id: id('src/`checkout.ts`/checkout().'), enclosingRange: [0, 0, 5, 1] },
      { id: receipt, enclosingRange: [6, 0, 10, 1] },
    ]);
    const total = id('src/`cart.ts`/Cart#total().');
    graph.symbols.set(total, { ...graph.symbols.get(total)!, file: 'src/checkout.ts' });
    const cLike = { ...ts, idioms: { ...ts.idioms, declarationFiles: ['\\.h$'] } };
    const drafts = (language: typeof ts) =>
      draftsOf('cross_module_callers', new Facts(graph, language)).filter((d) => d && 'sym_stable_id' in d.query && d.query.sym_stable_id === total);
    // Both callers of Cart.total have their bodies in its own file: no caller elsewhere, so nothing to ask.
    expect(drafts(cLike)).toEqual([]);
    // Read by the header's path, receipt() looked like a caller in another file.
    expect(drafts(ts).map((d) => d!.expected)).toEqual([{ kind: 'contains', required: [receipt] }]);
    // A caller with a second body in another file (clap's `Str#eq`, also in `impl PartialEq<Id> for Str`) is in no one file.
    graph.scopes.set('src/print.ts', [{ id: receipt, enclosingRange: [0, 0, 3, 1] }]);
    expect(drafts(ts)).toEqual([]);
    // With none of its bodies in Cart.total's file (glibc's `do_test` of each test file), it calls from elsewhere.
    graph.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/checkout().'), enclosingRange: [0, 0, 5, 1] }]);
    graph.scopes.set('src/label.ts', [{ id: receipt, enclosingRange: [0, 0, 3, 1] }]);
    expect(drafts(ts).map((d) => d!.expected)).toEqual([{ kind: 'contains', required: [receipt] }]);
  });
});

describe('methods an operator runs', () => {
  it("asks no callers of a method named as the language folder's operatorMethods name them (Lua's __sub), whose calls hide in operators", () => {
    const graph = handMadeGraph();
    const sub = id('src/`cart.ts`/Cart#__sub().');
    graph.symbols.set(sub, { id: sub, kind: 'method', name: '__sub', display: 'Cart#__sub().', owner: id('src/`cart.ts`/Cart#'), file: 'src/cart.ts', range: [4, 2, 4, 7] });
    graph.callers.set(sub, [id('src/`checkout.ts`/receipt().')]);
    const add = id('src/`cart.ts`/Cart#add().');
    const complete = (language: typeof ts) => [sub, add].map((s) => new Facts(graph, language).callersComplete(s));
    expect(complete(languageOf('lua'))).toEqual([false, true]);
    expect(complete(ts)).toEqual([true, true]);
  });
});

describe('a method sharing its name with a method of another type that it does not override', () => {
  const overloading: typeof ts = { ...ts, walker: { ...ts.walker, overloads: 'disambiguate' } };
  const [add, total, receipt, checkout] = [id('src/`cart.ts`/Cart#add().'), id('src/`cart.ts`/Cart#total().'), id('src/`checkout.ts`/receipt().'), id('src/`checkout.ts`/checkout().')];
  const known = (graph: FactGraph, language = overloading) => {
    const facts = new Facts(graph, language);
    return [[add, total, receipt].map((s) => facts.callersComplete(s)), [checkout, receipt].map((s) => facts.calleesComplete(s))];
  };
  const addMethod = (graph: FactGraph, type: string, name: string) => {
    const method = id(`src/\`cart.ts\`/${type}#${name}().`);
    graph.symbols.set(method, { id: method, kind: 'method', name, display: `${type}#${name}().`, owner: id(`src/\`cart.ts\`/${type}#`), file: 'src/cart.ts', range: [9, 2, 9, 5] });
    graph.contains.set(id(`src/\`cart.ts\`/${type}#`), [...(graph.contains.get(id(`src/\`cart.ts\`/${type}#`)) ?? []), method].sort());
    return method;
  };

  it("asks no callers of either, nor callees of a body calling one, where callables overload by signature (a call binds by its arguments' types)", () => {
    const graph = handMadeGraph();
    expect(known(graph)).toEqual([[true, true, true], [true, true]]);
    // GiftCart#total overrides Cart#total, so that name stays bound; add is now either class's.
    const giftAdd = addMethod(graph, 'GiftCart', 'add');
    expect(known(graph)).toEqual([[false, true, true], [false, true]]);
    expect(new Facts(graph, overloading).callersComplete(giftAdd)).toBe(false);
    // Where a same name always overrides (no overloads), the call binds by name alone.
    expect(known(graph, ts)).toEqual([[true, true, true], [true, true]]);
  });

  it("counts, for a type with a supertype outside the corpus, any other type's callable of the name (Kotlin's LayoutShadowNode : ReactShadowNodeImpl())", () => {
    const graph = handMadeGraph();
    const bag = id('src/`cart.ts`/Bag#');
    graph.symbols.set(bag, { id: bag, kind: 'class', name: 'Bag', display: 'Bag#', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [8, 0, 8, 3] });
    const bagTotal = addMethod(graph, 'Bag', 'total');
    expect(known(graph)).toEqual([[true, true, true], [true, true]]);
    graph.supertypes.set(bag, ['scip-typescript npm lib 1.0.0 `base.ts`/Base#']);
    expect(known(graph)).toEqual([[true, false, true], [false, false]]);
    expect(new Facts(graph, overloading).callersComplete(bagTotal)).toBe(false);
  });
});

describe('modules that hand on names defined elsewhere', () => {
  it("asks neither the public surface nor the siblings of an import of a module whose file re-exports (reExports: Python's `from .x import Y as Y`)", () => {
    const entries = { ...ts, idioms: { ...ts.idioms, entryModules: ['cart', 'checkout'], reExports: ['^export \\{'] } };
    const reExport = { file: 'src/cart.ts', line: 1, start: 0, end: 8, text: 'export {', syntax: 'import' as const };
    const asked = (search: (q: TextSearchQuery) => TextMatch[]) => {
      const facts = new Facts(handMadeGraph(), entries, search);
      return ['public_api_surface', 'cross_module_sibling'].map((subType) =>
        draftsOf(subType, facts, search)
          .flatMap((d) => (d && 'sym_stable_id' in d.query ? [d.query.sym_stable_id] : []))
          .sort(),
      );
    };
    const modules = [id('src/`cart.ts`/'), id('src/`checkout.ts`/')];
    expect(asked(() => [])).toEqual([modules, modules]);
    expect(asked((q) => (q.pattern === '^export \\{' && q.in === 'code_or_import' ? [reExport] : []))).toEqual([[modules[1]], [modules[1]]]);
  });
});

describe('a word also written as another name', () => {
  it("is not asked by its word where the language's otherNames find it (Zig's builtin @bitReverse beside an own bitReverse)", () => {
    const zigLike = { ...ts, idioms: { ...ts.idioms, otherNames: ['@{name}\\b'] } };
    const sites: Record<string, TextMatch[]> = {
      checkout: [{ file: 'src/cart.ts', line: 3, start: 4, end: 12, text: 'checkout', syntax: 'code' }],
      '@checkout\\b': [{ file: 'src/cart.ts', line: 3, start: 3, end: 12, text: '@checkout', syntax: 'code' }],
    };
    const graph = withShopError();
    const search = (q: TextSearchQuery) => sites[q.pattern] ?? [];
    const draft = (language: typeof ts) => textDraft(new Facts(graph, language, search), search, wordSearch('checkout', 'any'), { intent: 'x', maxAnswer: 40 });
    expect(draft(ts)?.expected).toEqual({ kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#add().')] });
    expect(draft(zigLike)).toBeUndefined();
  });
});

describe('who raises an error type, where a file imports another type of its name', () => {
  const graph = withShopError();
  // PHP's form: `use Vendor\Errors\ShopError;` imports another ShopError.
  const php = { ...ts, idioms: { ...ts.idioms, importedFrom: '^use ([\\w\\\\`./]+)\\\\{name};' } };
  const asked = (imports: string[]) => {
    const lines: Record<string, TextMatch[]> = {
      'throw new ShopError': [{ file: 'src/cart.ts', line: 3, start: 4, end: 23, text: 'throw new ShopError', syntax: 'code' }],
      ...Object.fromEntries(imports.map((text) => [text, [{ file: 'src/checkout.ts', line: 1, start: 0, end: text.length, text, syntax: 'import' as const }]])),
    };
    const search = (query: TextSearchQuery): TextMatch[] => Object.entries(lines).flatMap(([text, matches]) => (new RegExp(query.pattern, 'u').test(text) ? matches : []));
    return generateScenarios(graph, { language: php, seed: 1, budget: 200, search }).scenarios.filter((s) => s.sub_type === 'exception_raisers').map((s) => s.expected);
  };

  it('is asked where every import of the name is of the corpus type', () => {
    expect(asked([])).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#add().')] }]);
    expect(asked(['use src\\`errors.ts`\\ShopError;'])).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`cart.ts`/Cart#add().')] }]);
  });

  it("is not asked where a file imports another type of that name (its raises there are that type's)", () => {
    expect(asked(['use Vendor\\Errors\\ShopError;'])).toEqual([]);
  });
});

describe("every use of a constant, where another owner's constant of its name may be written", () => {
  // MAX_ITEMS is src/cart.ts's own constant; checkout() reads it as `cart.MAX_ITEMS`, and maybe as `Limits::MAX_ITEMS`.
  const asked = (written: string[], language = ts, declaredLocal = false) => {
    const graph = handMadeGraph();
    const max = id('src/`cart.ts`/MAX_ITEMS.');
    graph.symbols.set(max, { id: max, kind: 'constant', name: 'MAX_ITEMS', display: 'src/`cart.ts`/MAX_ITEMS.', owner: id('src/`cart.ts`/'), file: 'src/cart.ts', range: [0, 6, 0, 15] });
    graph.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/checkout().'), enclosingRange: [3, 0, 9, 1] }]);
    const matches = written.map((text, i): TextMatch => ({ file: 'src/checkout.ts', line: 5 + i, start: 4, end: 4 + text.length, text, syntax: 'code' }));
    const declaration: TextMatch = { file: 'src/cart.ts', line: 1, start: 0, end: 15, text: 'local MAX_ITEMS', syntax: 'code' };
    const search = (query: TextSearchQuery): TextMatch[] =>
      query.mode === 'word'
        ? query.pattern === 'MAX_ITEMS' ? matches.map((m) => ({ ...m, start: m.end - 9, text: 'MAX_ITEMS' })) : []
        : [...matches, ...(declaredLocal ? [declaration] : [])].filter((m) => new RegExp(query.pattern, 'u').test(m.text));
    return generateScenarios(graph, { language, seed: 1, budget: 200, search }).scenarios.filter((s) => s.sub_type === 'config_constant_readers').map((s) => s.expected);
  };

  it('is asked where every qualified use names its own module or the current instance', () => {
    expect(asked(['cart.MAX_ITEMS', 'this.MAX_ITEMS'])).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] }]);
  });

  it('is not asked where one use is qualified by another owner (`Limits::MAX_ITEMS` may be Limits\' own)', () => {
    expect(asked(['cart.MAX_ITEMS', 'Limits::MAX_ITEMS'])).toEqual([]);
  });

  it("is not asked of a constant declared file-local (idioms.fileLocal: Lua's `local`) whose word other files write", () => {
    const localForm = { ...ts, idioms: { ...ts.idioms, fileLocal: '^\\s*local\\s+{name}\\b' } };
    expect(asked(['cart.MAX_ITEMS'], localForm, false)).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] }]);
    expect(asked(['cart.MAX_ITEMS'], localForm, true)).toEqual([]);
  });
});

/** A search over a few written lines, each of one syntax class: a regex reads as JavaScript's, a word as a whole-word fixed string. */
function searchLines(lines: Array<{ file: string; line: number; text: string; syntax: TextMatch['syntax'] }>) {
  return (q: TextSearchQuery): TextMatch[] => {
    const re = new RegExp(q.mode === 'word' ? `\\b${q.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b` : q.pattern, 'gu');
    return lines.flatMap((l) => [...l.text.matchAll(re)].map((m) => ({ file: l.file, line: l.line, start: m.index, end: m.index + m[0].length, text: m[0], syntax: l.syntax })));
  };
}

describe('error messages and build flags', () => {
  const graph = handMadeGraph();
  graph.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/receipt().'), enclosingRange: [6, 0, 20, 1] }]);
  const receipt = id('src/`checkout.ts`/receipt().');
  const language = {
    ...ts,
    idioms: {
      ...ts.idioms,
      errors: { ...ts.idioms.errors, message: '\\bthrow\\s+new\\s+\\w+\\(\\s*"{message}' },
      config: { ...ts.idioms.config, flags: { test: '^\\s*#\\s*(?:if|ifdef|elif)\\b.*\\b{name}\\b', define: '^\\s*#\\s*define\\s+{name}\\b' } },
    },
  };
  const asked = (subType: string, lines: Parameters<typeof searchLines>[0]) => {
    const search = searchLines(lines);
    return draftsOf(subType, new Facts(graph, language, search as never), search).flatMap((d) => (d?.query.op === 'text_search' ? [[d.query.pattern, d.expected]] : []));
  };
  const at = (line: number, text: string, syntax: TextMatch['syntax'] = 'code', file = 'src/checkout.ts') => ({ file, line, text, syntax });

  it("asks who raises a literal message in the language's message form, up to its first interpolation, only where the text is written nowhere else", () => {
    const raise = at(9, '  throw new Error("Cart is empty: %s cannot check out", id)');
    expect(asked('error_message_raisers', [raise])).toEqual([['\\bthrow\\s+new\\s+\\w+\\(\\s*"Cart is empty', { kind: 'exact_set', stable_ids: [receipt] }]]);
    // The same text in a test's expectation (a string) or a comment: "every raise" could not be told from the form alone.
    expect(asked('error_message_raisers', [raise, at(3, 'expect(run).toThrow("Cart is empty")', 'string', 'test/checkout.test.ts')])).toEqual([]);
    // Raised only by test code (a test file's top level, credited to its module): no log of the product shows it.
    const withTests = handMadeGraph();
    const testModule = id('test/`checkout.test.ts`/');
    withTests.symbols.set(testModule, { id: testModule, kind: 'module', name: 'test/checkout.test.ts', display: 'test/`checkout.test.ts`/', file: 'test/checkout.test.ts', range: [0, 0, 0, 1] });
    withTests.fileModules.set('test/checkout.test.ts', testModule);
    const testRaise = searchLines([at(3, '  throw new Error("Cart is empty for this test")', 'code', 'test/checkout.test.ts')]);
    expect(draftsOf('error_message_raisers', new Facts(withTests, language, testRaise as never), testRaise)).toEqual([]);
    // Too short to name one error, or cut by an apostrophe inside its first word (`Can't`): not asked.
    expect(asked('error_message_raisers', [at(9, '  throw new Error("Bad id %s", id)'), at(10, '  throw new Error("Can\'t check out")')])).toEqual([]);
    expect(asked('error_message_raisers', [at(10, '  throw new Error("CART_LOCKED")'), at(11, '  throw new Error("SHOP_CART_LOCKED")')]).map(([p]) => p)).toEqual(['\\bthrow\\s+new\\s+\\w+\\(\\s*"SHOP_CART_LOCKED']);
    expect(asked('error_message_raisers', [at(10, '  throw new Error("Empty shopping cart can\'t check out")')])).toEqual([['\\bthrow\\s+new\\s+\\w+\\(\\s*"Empty shopping cart', { kind: 'exact_set', stable_ids: [receipt] }]]);
  });

  it('asks who tests a build flag the corpus never defines and writes only in conditional lines', () => {
    const test = at(8, '#if defined(SHOP_FAST) && MIN_VERSION(2)');
    expect(asked('feature_flag_usage', [test, at(12, '#endif // SHOP_FAST', 'comment')])).toEqual([['^\\s*#\\s*(?:if|ifdef|elif)\\b.*\\bSHOP_FAST\\b', { kind: 'exact_set', stable_ids: [receipt] }]]);
    // Defined in the corpus (a header guard, a configuration header), or read as a value in code: not asked.
    expect(asked('feature_flag_usage', [test, at(1, '#define SHOP_FAST 1', 'code', 'src/config.h')])).toEqual([]);
    expect(asked('feature_flag_usage', [test, at(14, '  return SHOP_FAST ? 1 : 0;')])).toEqual([]);
    expect(asked('feature_flag_usage', [test, at(14, '  options = "+" SHOP_FAST;', 'string')])).toEqual([]);
    // Named on a conditional line only in a comment (`#if SHOP_LEVEL >= 12 /* SHOP_FAST */`): that line does not test it.
    const commented = { file: 'src/checkout.ts', line: 15, text: '#if SHOP_LEVEL >= 12 /* SHOP_FAST */', syntax: 'code' as const };
    const search = (q: TextSearchQuery) => [...searchLines([test])(q), ...(q.mode === 'word' ? [] : searchLines([commented])(q))];
    expect(draftsOf('feature_flag_usage', new Facts(graph, language, search as never), search).flatMap((d) => (d?.query.op === 'text_search' && d.query.pattern.includes('SHOP_FAST') ? [d] : []))).toEqual([]);
  });
});

describe('a method whose type has a field of the same name', () => {
  it("is not asked as the method (clap's `ArgGroup#multiple()` beside the field `ArgGroup#multiple`), since the lookup answers both", () => {
    const asked = (graph: FactGraph) => draftsOf('method_on_type', new Facts(graph, ts)).flatMap((d) => (d?.query.op === 'lookup' ? [d.query.name] : []));
    const graph = handMadeGraph();
    expect(asked(graph)).toEqual(['Cart#add']);
    const cart = id('src/`cart.ts`/Cart#');
    const field: SymbolFact = { id: id('src/`cart.ts`/Cart#add.'), kind: 'field', name: 'add', display: 'src/`cart.ts`/Cart#add.', owner: cart, file: 'src/cart.ts', range: [1, 2, 1, 5] };
    graph.symbols.set(field.id, field);
    graph.contains.set(cart, [...graph.contains.get(cart)!, field.id].sort());
    graph.fileSymbols.set('src/cart.ts', [...graph.fileSymbols.get('src/cart.ts')!, field.id].sort());
    expect(asked(graph)).toEqual([]);
  });
});

describe("usage examples of a type, where another owner's type of its name may be written", () => {
  const asked = (text: string, language = ts, imports: Array<{ file: string; line: number; text: string; syntax: 'import' }> = []) => {
    const graph = handMadeGraph();
    graph.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/checkout().'), enclosingRange: [3, 0, 9, 1] }]);
    const search = searchLines([{ file: 'src/checkout.ts', line: 5, text, syntax: 'code' }, ...imports]);
    return generateScenarios(graph, { language, seed: 1, budget: 200, search })
      .scenarios.filter((s) => s.sub_type === 'usage_examples' && s.intent.startsWith('About to use src/`cart.ts`/GiftCart#:'))
      .map((s) => s.expected);
  };

  it('is asked where the name is written bare or qualified by its own module', () => {
    expect(asked('const g: GiftCart = new cart.GiftCart();')).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] }]);
  });

  it("is not asked where one use is qualified by another owner (`URI::Parser` is not Rack::Multipart::Parser's)", () => {
    expect(asked('const g = new cart.GiftCart(), v = new vendor.GiftCart();')).toEqual([]);
  });

  it("is not asked where a use is qualified from the top level, of a type that is a member (Ruby's `::Logger` is not Rack::Logger)", () => {
    const rooted = { ...ts, idioms: { ...ts.idioms, qualified: { ...ts.idioms.qualified, root: '(?:^|[^\\w:])::{name}\\b' } } };
    expect(asked('const g = new GiftCart();', rooted)).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] }]);
    expect(asked('const g = ::GiftCart.create();', rooted)).toEqual([]);
  });

  it("reads every separator of an import's path as `/` (Java's `import com.facebook.systrace.Systrace;` is another Systrace than com/facebook/react/bridge/Systrace#)", () => {
    const java = { ...ts, idioms: { ...ts.idioms, importedFrom: languageOf('java').idioms.importedFrom } };
    const systrace: SymbolFact = { id: 'x', kind: 'class', name: 'Systrace', display: 'com/facebook/react/bridge/Systrace#', file: 'Systrace.java', range: [0, 0, 0, 1] };
    const importing = (text: string) => {
      const search = searchLines([{ file: 'B.java', line: 1, text, syntax: 'import' }]);
      return importedFromElsewhere(systrace, new Facts(handMadeGraph(), java, search), search);
    };
    expect([importing('import com.facebook.react.bridge.Systrace;'), importing('import com.facebook.systrace.Systrace;')]).toEqual([false, true]);
  });

  it("reads a Python import's leading dots from the importing file's package (`from .api_key import APIKeyQuery` in fastapi/security/__init__.py is fastapi's own)", () => {
    const python = languageOf('python');
    const query: SymbolFact = { id: 'x', kind: 'class', name: 'APIKeyQuery', display: 'fastapi.security.api_key/APIKeyQuery#', file: 'fastapi/security/api_key.py', range: [0, 0, 0, 1] };
    const importing = (file: string, text: string) => {
      const search = searchLines([{ file, line: 1, text, syntax: 'import' }]);
      return importedFromElsewhere(query, new Facts(handMadeGraph(), python, search), search);
    };
    expect([
      importing('fastapi/security/__init__.py', 'from .api_key import APIKeyQuery as APIKeyQuery'),
      importing('fastapi/security/oauth2.py', 'from .api_key import APIKeyQuery'),
      importing('fastapi/openapi/utils.py', 'from ..security.api_key import APIKeyQuery'),
      importing('src/fastapi/security/__init__.py', 'from .api_key import APIKeyQuery'),
      importing('fastapi/__init__.py', 'from .api_key import APIKeyQuery'),
      importing('fastapi/security/__init__.py', 'from .vendored.api_key import APIKeyQuery'),
    ]).toEqual([false, false, false, false, true, true]);
  });

  it("is not asked where a file imports another type of its name (`from starlette.responses import Response` beside fastapi's own)", () => {
    const python = { ...ts, idioms: { ...ts.idioms, importedFrom: '^from ([\\w./`]+) import {name}$' } };
    const own = { file: 'src/checkout.ts', line: 1, text: 'from src/`cart.ts` import GiftCart', syntax: 'import' as const };
    const other = { file: 'src/checkout.ts', line: 1, text: 'from vendor.carts import GiftCart', syntax: 'import' as const };
    expect(asked('const g = new GiftCart();', python, [own])).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] }]);
    expect(asked('const g = new GiftCart();', python, [other])).toEqual([]);
  });

  it("is not asked where code binds the name as a local (prosody's `local handlers = {}` in another function beside the table handlers)", () => {
    const bound = (local: boolean) => {
      const graph = handMadeGraph();
      graph.scopes.set('src/checkout.ts', [{ id: id('src/`checkout.ts`/checkout().'), enclosingRange: [3, 0, 9, 1] }]);
      // `const GiftCart = pick(carts);` on 0-based line 4: a local's definition occurrence at columns 8-16.
      if (local) graph.localSites.set('src/checkout.ts', [4, 8, 16]);
      const search = searchLines([
        { file: 'src/checkout.ts', line: 5, text: '  const GiftCart = pick(carts);', syntax: 'code' },
        { file: 'src/checkout.ts', line: 6, text: '  GiftCart.total();', syntax: 'code' },
      ]);
      return generateScenarios(graph, { language: ts, seed: 1, budget: 200, search })
        .scenarios.filter((s) => s.sub_type === 'usage_examples' && s.intent.startsWith('About to use src/`cart.ts`/GiftCart#:'))
        .map((s) => s.expected);
    };
    expect(bound(false)).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`checkout.ts`/checkout().')] }]);
    expect(bound(true)).toEqual([]);
  });

  it("reads `->` and `::` as qualification only where the language does (Haskell's `x :: Graph`, OCaml's `int -> lexbuf`, Kotlin's `x -> Foo()`, Swift's `throws -> Frame`)", () => {
    const qualifier = (language: string, name: string, text: string) => new RegExp(fillTemplate(languageOf(language).idioms.qualified.use, { name }), 'u').exec(text)?.[1];
    expect([qualifier('haskell', 'Graph', 'gmap :: Graph gr'), qualifier('haskell', 'Graph', 'Int -> Graph'), qualifier('haskell', 'Graph', 'G.Graph')]).toEqual([undefined, undefined, 'G']);
    expect([qualifier('ocaml', 'lexbuf', 'int -> lexbuf'), qualifier('ocaml', 'lexbuf', 'Lexing.lexbuf')]).toEqual([undefined, 'Lexing']);
    expect([qualifier('kotlin', 'Foo', 'x -> Foo()'), qualifier('kotlin', 'Foo', 'Bar.Foo'), qualifier('java', 'Foo', 'v -> Foo.of(v)'), qualifier('java', 'Foo', 'Bar::Foo')]).toEqual([undefined, 'Bar', undefined, 'Bar']);
    expect([qualifier('swift', 'Frame', 'func f() throws -> Frame'), qualifier('rust', 'Stream', 'atty::Stream::Stdout'), qualifier('cpp', 'next', 'it->next')]).toEqual([undefined, 'atty', 'it']);
  });
});

describe('tests that exercise a method, where a test mocks its type', () => {
  const test = id('test/`cart.test.ts`/addsItem().');
  const asked = (lines: Array<{ line: number; text: string }>) => {
    const graph = handMadeGraph();
    graph.symbols.set(test, { id: test, kind: 'function', name: 'addsItem', display: 'test/`cart.test.ts`/addsItem().', file: 'test/cart.test.ts', range: [2, 9, 2, 17], enclosingRange: [2, 0, 8, 1] });
    graph.files.push('test/cart.test.ts');
    graph.fileSymbols.set('test/cart.test.ts', [test]);
    graph.calls.set(test, [id('src/`cart.ts`/Cart#add().')]);
    graph.callers.set(id('src/`cart.ts`/Cart#add().'), [id('src/`checkout.ts`/checkout().'), test]);
    const language = { ...ts, idioms: { ...ts.idioms, tests: { ...ts.idioms.tests, mockedType: '\\bmock\\(\\s*{name}\\b', mockedStatics: '\\bmockStatic\\(\\s*{name}\\b' } } };
    const search = searchLines(lines.map((l) => ({ file: 'test/cart.test.ts', ...l, syntax: 'code' as const })));
    return generateScenarios(graph, { language, seed: 1, budget: 200, search })
      .scenarios.filter((s) => s.sub_type === 'test_to_code' && s.query.op === 'callers' && s.query.sym_stable_id === id('src/`cart.ts`/Cart#add().'))
      .map((s) => s.expected);
  };

  it('is asked where no test mocks the type, or a mock of it lies outside the calling test', () => {
    const required = [{ kind: 'contains', required: [test] }];
    expect(asked([{ line: 5, text: 'new Cart().add(item)' }])).toEqual(required);
    expect(asked([{ line: 12, text: 'const other = mock(Cart)' }, { line: 5, text: 'new Cart().add(item)' }])).toEqual(required);
  });

  it("is not asked where the calling test mocks the type in its body, or its file mocks the type's statics (`mockStatic(Arguments.class)` in a setUp)", () => {
    expect(asked([{ line: 4, text: 'const cart = mock(Cart)' }, { line: 5, text: 'cart.add(item)' }])).toEqual([]);
    expect(asked([{ line: 20, text: 'mockStatic(Cart)' }, { line: 5, text: 'new Cart().add(item)' }])).toEqual([]);
  });
});

describe('overrides and implementations, where code subclasses the type anonymously', () => {
  const asked = (text: string | undefined) => {
    const language = { ...ts, idioms: { ...ts.idioms, anonymousSubtype: '\\bnew\\s+{name}\\s*\\([^;{]*\\)\\s*\\{' } };
    const search = searchLines(text === undefined ? [] : [{ file: 'src/checkout.ts', line: 5, text, syntax: 'code' }]);
    return generateScenarios(handMadeGraph(), { language, seed: 1, budget: 200, search })
      .scenarios.filter((s) => s.sub_type === 'overrides' && s.query.op === 'implementors' && s.query.sym_stable_id === id('src/`cart.ts`/Cart#total().'))
      .map((s) => s.expected);
  };

  it('is asked where every subtype is a named one', () => {
    expect(asked(undefined)).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`cart.ts`/GiftCart#total().')] }]);
    expect(asked('const c = new Cart(items);')).toEqual([{ kind: 'exact_set', stable_ids: [id('src/`cart.ts`/GiftCart#total().')] }]);
  });

  it("is not asked where code makes an anonymous subtype of the type or of a subtype (Java's `new Event(reactTag) { … }`), whose overrides no index records", () => {
    expect(asked('const c = new Cart(items) {')).toEqual([]);
    expect(asked('const c = new GiftCart() {')).toEqual([]);
  });
});
