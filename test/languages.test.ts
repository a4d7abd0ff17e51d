import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { symbolKinds } from '../core/contract.ts';
import { loadGrammars, nodeSelector, nodeSpanReader } from '../core/grammars.ts';
import { fillTemplate, idiomRegExp, idiomsSchema, languageOf, languages } from '../core/languages.ts';
import { buildFactGraph, type FactGraph } from '../graph/fact-graph.ts';
import { indexWithTreeSitter, type TreeSitterIndexResult } from '../indexers/tree-sitter/index.ts';

/**
 * Every language folder carries a hand-written fixture (`fixture/`) and the exact facts the walker
 * must read from it (`fixture.facts.json`), checked here through the fact graph the generators use:
 * every own symbol id and kind, the members of the main types, every resolved call edge and every
 * implementation edge. Ids in the facts file are written without the package header
 * (`lmc-tree-sitter <manager> <project> 1.0.0 `).
 */
const factsSchema = z
  .object({
    project: z.string(),
    calls: z.object({ resolved: z.int(), unresolved: z.int() }).strict(),
    symbols: z.array(z.tuple([z.string(), z.enum(symbolKinds)])),
    contains: z.record(z.string(), z.array(z.string())),
    callEdges: z.array(z.string()),
    implementations: z.array(z.string()),
  })
  .strict();

const cases = languages().map((language) => ({
  language: language.name,
  fixture: join(language.dir, 'fixture'),
  prefix: `lmc-tree-sitter ${language.walker.manager} `,
  ...factsSchema.parse(JSON.parse(readFileSync(join(language.dir, 'fixture.facts.json'), 'utf8'))),
}));

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'lmc-tree-sitter-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/**
 * The fact graph of `files`, written under the scratch directory as `name` and indexed by the walker in
 * `language`; `asThePipeline` reads it as the pipeline does (the language's forms, syntactic precision).
 */
async function walkedGraph(name: string, language: string, project: string, files: Record<string, string>, asThePipeline = false): Promise<FactGraph> {
  const treeDir = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(treeDir, path)), { recursive: true });
    await writeFile(join(treeDir, path), text);
  }
  const outputPath = join(scratch, `${name}.scip`);
  await indexWithTreeSitter({ treeDir, language, project: { name: project, version: '1.0.0' }, outputPath });
  const { constructs, calls, constants, importBindings } = languageOf(language).idioms;
  return buildFactGraph(outputPath, { name: project }, asThePipeline ? { treeDir, constructs, calls, constants, importBindings, precision: 'syntactic' } : undefined);
}

describe.each(cases)('the walker on languages/$language/fixture', (c) => {
  let graph: FactGraph;
  let result: TreeSitterIndexResult;
  const header = `${c.prefix}${c.project} 1.0.0 `;
  const local = (id: string) => (id.startsWith(header) ? id.slice(header.length) : id);

  beforeAll(async () => {
    const outputPath = join(scratch, `${c.language}.scip`);
    result = await indexWithTreeSitter({ treeDir: c.fixture, language: c.language, project: { name: c.project, version: '1.0.0' }, outputPath });
    // As the pipeline reads a walker's index: code that runs when a definition is made calls from the scope around it.
    const { definitionTime } = languageOf(c.language).syntax;
    graph = await buildFactGraph(outputPath, { name: c.project }, definitionTime.length ? { treeDir: c.fixture, constructs: {}, calls: {}, definitionTime: await nodeSpanReader(c.language, definitionTime) } : undefined);
  });

  it("writes the locals bound inside bodies as definitions of locals, never at a definition's own name", () => {
    for (const [file, sites] of graph.localSites) {
      const definitions = graph.definitionSites.get(file) ?? [];
      for (let i = 0; i < sites.length; i += 3) {
        for (let j = 0; j < definitions.length; j += 3) expect([file, sites[i], sites[i + 1]]).not.toEqual([file, definitions[j], definitions[j + 1]]);
      }
    }
    // `local function open(discount)` binds its parameter and its body `store`; `local pricing = require …` is an import, and the top-level `local Store` binds no body's local.
    if (c.language === 'lua') expect(graph.localSites.get('inventory/init.lua')).toEqual([4, 20, 28, 7, 8, 13]);
    // `const item: Item = try self.find(sku);` binds `item`, not its type.
    const onLine = (file: string, line: number) => (graph.localSites.get(file) ?? []).filter((_, k, all) => all[k - (k % 3)] === line);
    if (c.language === 'zig') expect(onLine('store.zig', 28)).toEqual([28, 14, 18]);
  });

  it('defines exactly the expected symbols, with their kinds', () => {
    expect(graph.packagePrefix).toBe(header);
    expect([...graph.symbols.values()].map((s) => [local(s.id), s.kind])).toEqual(c.symbols);
  });

  it('puts members in their types', () => {
    for (const [owner, members] of Object.entries(c.contains)) expect((graph.contains.get(header + owner) ?? []).map(local)).toEqual(members);
  });

  it('records exactly the call edges whose callee resolves, and counts the rest as unresolved', () => {
    const edges = [...graph.calls].flatMap(([from, tos]) => tos.map((to) => `${local(from)} -> ${local(to)}`));
    expect(edges.sort()).toEqual(c.callEdges);
    expect({ resolved: result.resolvedCalls, unresolved: result.unresolvedCalls }).toEqual(c.calls);
  });

  it('states the implementations the syntax states', () => {
    const edges = [...graph.supertypes].flatMap(([from, tos]) => tos.map((to) => `${local(from)} -> ${local(to)}`));
    expect(edges.sort()).toEqual(c.implementations);
  });
});

describe('language folders', () => {
  it.each(languages().map((l) => [l.name, l] as const))('%s: every comment, string, interpolation, import, declaration, member parameter and definition-time node type it names exists in each of its grammars', async (_, language) => {
    const { grammars } = await loadGrammars(language.name);
    const missing = grammars.flatMap((g) =>
      [...language.syntax.comments, ...language.syntax.strings, ...language.syntax.interpolations, ...language.syntax.imports, ...language.syntax.declarations, ...language.syntax.memberParameters, ...language.syntax.definitionTime]
        .filter((entry) => {
          const { type, field } = nodeSelector(entry);
          return !g.grammar.idForNodeType(type, true) || (field !== undefined && !g.grammar.fieldIdForName(field));
        })
        .map((type) => `${g.extensions.join(',')}: ${type}`),
    );
    expect(missing).toEqual([]);
  });

  it("TypeScript's surveyGaps find the parameter properties neither scip-typescript nor the walker records, and no field declaration", () => {
    const gaps = languageOf('typescript').idioms.surveyGaps.map((p) => new RegExp(p, 'u'));
    const gapLine = (line: string) => gaps.some((g) => g.test(line));
    expect(
      [
        '  constructor(sku: string, name: string, readonly priceCents: number, readonly weight: number) {',
        '    private readonly store: Store,',
        '    public name?: string,',
        '  constructor(sku: string, name: string) {',
        '  private items: Item[] = [];',
        '  readonly sku: string;',
        '    store: Store,',
        // An interface's members may be separated by commas: recorded, so no gap.
        '  readonly schema: unknown,',
      ].map(gapLine),
    ).toEqual([true, true, true, false, false, false, false, false]);
  });

  it("Rust's surveyGaps find an item macro whose expansion defines what the walker does not read (clap's `bitflags! { struct Flags: u32 … }`), and no macro definition or expression macro", () => {
    const gaps = languageOf('rust').idioms.surveyGaps.map((p) => new RegExp(p, 'u'));
    const gapLine = (line: string) => gaps.some((g) => g.test(line));
    expect(['bitflags! {', '    pub(crate) bitflags::bitflags! {', 'impl_settings! { ArgSettings, ArgFlags,', 'macro_rules! impl_settings {', '    let v = vec![1, 2];', '    println!("{}", x);'].map(gapLine)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("Objective-C's surveyGaps find React Native's RCT_NOT_IMPLEMENTED stubs, which the walker blanks with the method they declare", () => {
    const gaps = languageOf('objc').idioms.surveyGaps.map((p) => new RegExp(p, 'u'));
    const gapLine = (line: string) => gaps.some((g) => g.test(line));
    expect(['RCT_NOT_IMPLEMENTED(- (instancetype)init)', '  RCT_NOT_IMPLEMENTED (- (instancetype)initWithCoder:(NSCoder *)decoder)', '// RCT_NOT_IMPLEMENTED(- (instancetype)init)', '- (instancetype)init NS_UNAVAILABLE;'].map(gapLine)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(languageOf('objc').walker.ignoredMacros).toContain('RCT_NOT_IMPLEMENTED');
  });
});

describe('forms the indexers do not record (unrecordedCallables, moduleAliases, macroMembers)', () => {
  it("TypeScript's unrecordedCallables find a function assigned to a prototype, which scip-typescript records no symbol for, and no alias of another method", () => {
    const forms = languageOf('typescript').idioms.unrecordedCallables.map((p) => idiomRegExp(p));
    expect(
      ['Reply.prototype.serializeInput = function (input, schema, httpStatus, contentType) {', '  Request.prototype.raw = async function () {', 'Reply.prototype.status = Reply.prototype.code', 'function serializeInput (input) {'].map((line) =>
        forms.some((f) => f.test(line)),
      ),
    ).toEqual([true, true, false, false]);
  });

  it("OCaml's outline finds an interface's top-level `val` (stringLabels.mli's, whose module gets them by `include String`), not one inside a signature", () => {
    const outline = languageOf('ocaml').idioms.outline.map((o) => new RegExp(o.pattern));
    const declares = (line: string) => outline.map((r) => r.exec(line)?.[1]).find((name) => name !== undefined);
    expect(['val make : int -> char -> string', "val init' : int -> (int -> char) -> string", '  val length : t -> int', 'external length : string -> int = "%string_length"'].map(declares)).toEqual(['make', "init'", undefined, undefined]);
  });

  it("OCaml's moduleAliases find `module Hashtbl = Hashtbl`, not a module with a body or another module's alias", () => {
    const form = idiomRegExp(fillTemplate(languageOf('ocaml').idioms.moduleAliases[0]!, { name: 'Hashtbl' }));
    expect(['module Hashtbl = Hashtbl', '  module Hashtbl = Stdlib.Hashtbl', 'module Hashtbl = struct', 'module Map = Map', 'module Hashtbl : sig'].map((line) => form.test(line))).toEqual([true, true, false, false, false]);
  });

  it("Rust's macroMembers find a type among the leading arguments of an item macro (`impl_settings! { AppSettings, AppFlags, … }`), not a use of it in an expression", () => {
    const form = (name: string) => idiomRegExp(fillTemplate(languageOf('rust').idioms.macroMembers!, { name }));
    expect(['impl_settings! { AppSettings, AppFlags,', '    settings!(Other, AppFlags, Third)', 'assert!(AppFlags::empty().is_empty());', 'debug!("AppFlags, {}", x);'].map((line) => form('AppFlags').test(line))).toEqual([true, true, false, false]);
    expect(form('AppSettings').test('impl_settings! { AppSettings, AppFlags,')).toBe(true);
  });
});

describe("names a word search also finds (each folder's otherNames)", () => {
  const writtenAsAnother = (language: string, name: string, lines: string[]) =>
    lines.map((line) => languageOf(language).idioms.otherNames.some((form) => idiomRegExp(fillTemplate(form, { name })).test(line)));

  it("Haskell's primed name is another identifier (`liftM1'` beside `liftM1`), a Haddock link `'liftM1'` is not", () => {
    expect(writtenAsAnother('haskell', 'liftM1', ["insMapNodeM = liftM1' insMapNode", "liftM1'' f c =", "insMapEdgeM = liftM1 insMapEdge", "-- | See 'liftM1'.", "  M.liftM1' f"])).toEqual([true, true, false, false, true]);
  });

  it("Ruby's predicate, bang and instance variable are other names (`bad_request?`, `save!`, `@cache_control`), an inequality is not", () => {
    expect(writtenAsAnother('ruby', 'bad_request', ['def bad_request?; status == 400; end', 'bad_request', 'bad_request != other'])).toEqual([true, false, false]);
    expect(writtenAsAnother('ruby', 'save', ['record.save!', 'record.save'])).toEqual([true, false]);
    expect(writtenAsAnother('ruby', 'cache_control', ['@cache_control = cache_control', 'cache_control(value)'])).toEqual([true, false]);
  });
});
describe('signatures the walker records', () => {
  it("end a Haskell binding without parameters before its `where` (the keyword is the body the queries capture), and a function's before its `=`", async () => {
    const graph = await walkedGraph('haskell-where', 'haskell', 'prices', {
      'Prices.hs': ['module Prices where', '', 'total = sum . map price', '  where price = fst', '', 'double x = twice x', '  where twice = (* 2)', '', 'zero = 0', ''].join('\n'),
    });
    expect([...graph.symbols.values()].filter((s) => s.kind === 'function').map((s) => `${s.name}: ${s.signature}`)).toEqual(['double: double x', 'total: total = sum . map price', 'zero: zero = 0']);
  });
});

describe('text a grammar misreads (walker.misreadText)', () => {
  it("reads a Haskell equation with a tab inside its line as the function's own definition (tree-sitter-haskell reads it as a top-level splice)", async () => {
    const outputPath = join(scratch, 'haskell-tabs.scip');
    await indexWithTreeSitter({ treeDir: join(languageOf('haskell').dir, 'fixture'), language: 'haskell', project: { name: 'inventory', version: '1.0.0' }, outputPath });
    const graph = await buildFactGraph(outputPath, { name: 'inventory' });
    const sites = graph.definitionSites.get('src/Inventory/Pricing.hs')!;
    const lines = sites.filter((_, i) => i % 3 === 0);
    // `taxFor []\t   _\t  = 0` (0-based line 11) is one of taxFor's equations, beside `taxFor region cents = …` (line 12).
    expect(lines.filter((line) => line === 11 || line === 12)).toEqual([11, 12]);
  });
});

describe('names a grammar misreads as keywords (walker.misreadNames)', () => {
  it("reads a Kotlin class whose method names a local `dynamic` (tree-sitter-kotlin's Kotlin/JS type keyword), with its members and the signature as written", async () => {
    const source = [
      'package com.example.bridge',
      '',
      'class Box private constructor() {',
      '  private var value: Int = 0',
      '',
      '  fun read(dynamic: Box): Int {',
      '    return dynamic.value',
      '  }',
      '',
      '  companion object {',
      '    fun create(): Box {',
      '      val dynamic = Box()',
      '      return dynamic',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    const graph = await walkedGraph('kotlin-dynamic', 'kotlin', 'box', { 'bridge/Box.kt': source });
    const prefix = 'lmc-tree-sitter maven box 1.0.0 ';
    expect([...graph.symbols.keys()].map((id) => id.slice(prefix.length)).sort()).toEqual([
      'com/example/bridge/',
      'com/example/bridge/Box#',
      'com/example/bridge/Box#`<constructor>`().',
      'com/example/bridge/Box#create().',
      'com/example/bridge/Box#read().',
      'com/example/bridge/Box#value.',
    ]);
    expect(graph.symbols.get(`${prefix}com/example/bridge/Box#read().`)!.signature).toBe('fun read(dynamic: Box): Int');
    expect(graph.calls.get(`${prefix}com/example/bridge/Box#create().`)).toEqual([`${prefix}com/example/bridge/Box#\`<constructor>\`().`]);
  });
});

describe('text a grammar misreads (walker.misreadText)', () => {
  it("reads Swift's typed `throws(E)` and a line that starts with a binary operator, keeping the signature as written; an empty tuple argument, where the grammar supplies a missing token, does not undo that reading", async () => {
    const source = [
      'enum SizeError: Error {',
      '  case tooLarge',
      '}',
      '',
      'protocol Sized {',
      '  func size(of plane: Int) throws(SizeError) -> Int',
      '}',
      '',
      'struct Plane: Sized {',
      '  func size(of plane: Int) throws(SizeError) -> Int {',
      '    let area = width(plane)',
      '      * height(plane)',
      '    record(value: ())',
      '    return area',
      '  }',
      '  func width(_ plane: Int) -> Int { return plane }',
      '  func height(_ plane: Int) -> Int { return plane }',
      '  func record(value: ()) {}',
      '}',
      '',
    ].join('\n');
    const graph = await walkedGraph('swift-typed-throws', 'swift', 'planes', { 'Plane.swift': source });
    const prefix = 'lmc-tree-sitter swiftpm planes 1.0.0 ';
    expect([...graph.symbols.values()].map((s) => `${s.kind} ${s.id.slice(prefix.length)}`).sort()).toEqual([
      'class Plane#',
      'enum SizeError#',
      'enum_member SizeError#tooLarge.',
      'interface Sized#',
      'method Plane#height().',
      'method Plane#record().',
      'method Plane#size().',
      'method Plane#width().',
      'method Sized#size().',
    ]);
    expect(graph.symbols.get(`${prefix}Plane#size().`)!.signature).toBe('func size(of plane: Int) throws(SizeError) -> Int');
    expect(graph.calls.get(`${prefix}Plane#size().`)).toEqual(['height', 'record', 'width'].map((m) => `${prefix}Plane#${m}().`));
  });
});

describe('top-level values the walker defines', () => {
  it("keeps a Kotlin file's top-level `val` (hover `(property) …`, which of scip-typescript would be a CommonJS require binding)", async () => {
    const graph = await walkedGraph('kotlin-top-level', 'kotlin', 'shadow', {
      'drawable/Shadow.kt': ['package com.example.drawable', '', 'private val ZERO_RADII = floatArrayOf(0f, 0f)', '', 'internal const val MIN_SDK = 29', '', 'fun radii(): FloatArray = ZERO_RADII', ''].join('\n'),
    });
    const prefix = 'lmc-tree-sitter maven shadow 1.0.0 com/example/drawable/';
    expect([...graph.symbols.values()].map((s) => `${s.kind} ${s.id.slice(prefix.length)}`).sort()).toEqual(['constant MIN_SDK.', 'function radii().', 'module ', 'property ZERO_RADII.']);
  });
});

describe('macros only the grammar reads rewritten (walker.ignoredMacros, walker.macroForms)', () => {
  it('keep their text in the signatures the walker records: an Objective-C `__unused` parameter, `NS_REQUIRES_SUPER` and `RCT_EXPORT_METHOD(…)` are quoted as written', async () => {
    const source = [
      '@interface RCTInputManager : NSObject',
      '@end',
      '',
      '@implementation RCTInputManager',
      'RCT_EXPORT_METHOD(focus : (nonnull NSNumber *)viewTag)',
      '{',
      '}',
      '- (void)textViewDidEndEditing:(__unused UITextView *)textView',
      '{',
      '}',
      '- (void)detachNode NS_REQUIRES_SUPER',
      '{',
      '}',
      '@end',
      '',
    ].join('\n');
    const graph = await walkedGraph('objc-macros', 'objc', 'inputs', { 'RCTInputManager.m': source });
    expect([...graph.symbols.values()].filter((s) => s.kind === 'method').map((s) => `${s.name}: ${s.signature}`).sort()).toEqual([
      'detachNode: ```objective-c - (void)detachNode NS_REQUIRES_SUPER ```',
      'focus: ```objective-c RCT_EXPORT_METHOD(focus : (nonnull NSNumber *)viewTag) ```',
      'textViewDidEndEditing: ```objective-c - (void)textViewDidEndEditing:(__unused UITextView *)textView ```',
    ]);
  });
});

describe("Haskell's composition", () => {
  it('applies both operands when it is applied: `heapsort = map fst . toList . build` calls toList and build, not the fst it hands to map', async () => {
    const heap = ['module Heap where', '', 'toList :: [a] -> [a]', 'toList xs = xs', '', 'build :: [a] -> [a]', 'build xs = xs', '', 'fst2 :: (a, b) -> a', 'fst2 (a, _) = a', '', 'heapsort = map fst2 . toList . build', ''];
    const graph = await walkedGraph('haskell-composition', 'haskell', 'heaps', { 'Heap.hs': heap.join('\n') }, true);
    const prefix = 'lmc-tree-sitter hackage heaps 1.0.0 Heap/';
    expect(graph.calls.get(`${prefix}heapsort().`)).toEqual([`${prefix}build().`, `${prefix}toList().`]);
  });
});

describe('calls the walker binds to a value', () => {
  it("leave the callees of the calling body unknown (OCaml's point-free `let of_int = id`), while a value only read does not", async () => {
    const size = ['let to_int n = n', 'let of_int = to_int', 'let limit = 3', 'let twice n = of_int n + of_int n', 'let capped n = to_int n + limit', ''];
    const graph = await walkedGraph('ocaml-point-free', 'ocaml', 'sizes', { 'size.ml': size.join('\n') }, true);
    const prefix = 'lmc-tree-sitter opam sizes 1.0.0 Size/';
    expect(['twice().', 'capped().'].map((d) => [graph.calls.get(prefix + d) ?? [], graph.unresolved.bodies.has(prefix + d)])).toEqual([
      [[], true],
      [[`${prefix}to_int().`], false],
    ]);
  });
});

describe("C's file-level `static` (a pattern's @file_local)", () => {
  it("makes each file's function its own, which only that file's calls reach, a later definition without `static` included; a file including another's `.c` leaves such a call unresolved", async () => {
    const graph = await walkedGraph('c-statics', 'c', 'tests', {
      'tst-a.c': 'static int do_test (void);\nstatic int\ndo_test (void)\n{\n  return check ();\n}\nint check (void) { return 0; }\n',
      'tst-b.c': 'static int do_test (void) { return check (); }\n',
      'tst-c.c': '#include "tst-b.c"\nint run (void) { return do_test (); }\n',
      'util.h': 'static inline int check_twice (void) { return check () + check (); }\n',
      'tst-d.c': 'static int helper (void);\nint helper (void) { return 1; }\nint use (void) { return helper (); }\n',
    });
    const prefix = 'lmc-tree-sitter c tests 1.0.0 ';
    expect([...graph.symbols.values()].filter((s) => s.kind === 'function').map((s) => [s.id.slice(prefix.length), s.file])).toEqual([
      ['check().', 'tst-a.c'],
      ['check_twice().', 'util.h'],
      ['do_test(tst-a_c).', 'tst-a.c'],
      ['do_test(tst-b_c).', 'tst-b.c'],
      ['helper(tst-d_c).', 'tst-d.c'],
      ['run().', 'tst-c.c'],
      ['use().', 'tst-d.c'],
    ]);
    expect(graph.callers.get(`${prefix}check().`)).toEqual([`${prefix}check_twice().`, `${prefix}do_test(tst-a_c).`, `${prefix}do_test(tst-b_c).`]);
    expect([graph.calls.get(`${prefix}run().`), graph.unresolved.names.has('do_test')]).toEqual([undefined, true]);
    expect(graph.calls.get(`${prefix}use().`)).toEqual([`${prefix}helper(tst-d_c).`]);
  });
});

describe("call forms written with explicit type arguments, a scope or by juxtaposition (each folder's callText)", () => {
  const calls = (language: string, name: string, line: string) => idiomRegExp(fillTemplate(languageOf(language).idioms.callText, { name })).test(line);
  it.each([
    ['rust', 'downcast_ref', 'self.inner.downcast_ref::<T>()', true],
    ['rust', 'Vec', 'let v = Vec::<u8>::new();', false],
    ['typescript', 'find', 'const item = store.find<Item>(sku)', true],
    ['typescript', 'count', 'if (count < limit && ok > (min)) {', false],
    ['csharp', 'Create', 'return Observable.Create<T>(observer => {', true],
    ['kotlin', 'emptyList', 'val names = emptyList<String>()', true],
    ['kotlin', 'buildReadableMap', 'val layout = buildReadableMap {', true],
    ['kotlin', 'buildReadableMap', 'val layout = buildReadableMap', false],
    ['cpp', 'make_unique', 'auto t = std::make_unique<Table>(options);', true],
    ['cpp', 'a', 'if (a < b && c > (d)) {', false],
    ['ruby', 'dequote', 'name = Rack::Auth::Digest::Params::dequote(name)', true],
    ['ruby', 'dequote', 'send(:dequote, name)', false],
    ['ruby', 'dequote', 'parse(dequote: true)', false],
    // OCaml and Haskell apply a function by juxtaposition, so a name after another is an argument, not a call.
    ['ocaml', 'open_descriptor_in', '  open_descriptor_in(open_desc name mode perm)', true],
    ['ocaml', 'open_descriptor_in', 'let stdin = open_descriptor_in 0', true],
    ['ocaml', 'open_descriptor_in', 'let open_descriptor_in_bin = 1', false],
    ['ocaml', 'open_descriptor_in', '(* see open_descriptor_in. *)', false],
    ['ocaml', 'find_all', '    else Hashtbl.find_all tbl key', true],
    ['ocaml', 'print_endline', '  List.iter print_endline names', false],
    ['haskell', 'showGraph', 'show g = showGraph(g)', true],
    ['haskell', 'showGraph', "showGraph'", false],
    ['haskell', 'maybePath', '  nearestPath v = maybePath v . gvd', true],
    ['haskell', 'preorder', 'scc g = map preorder (rdff g)', false],
    ['haskell', 'insNodes', 'mkGraph vs es = (insEdges\' . insNodes vs) empty', true],
    ['bash', 'finish_test', `  TIMEOUT="\${2:-}" finish_test ' ✗ %s' "$name"`, true],
    ['bash', 'bats_append_arrays_as_args', 'if bats_append_arrays_as_args positive_filter_tags -- bats_all_in tags &&', true],
    ['bash', 'bats_append_arrays_as_args', '   ! bats_append_arrays_as_args negative_filter_tags -- bats_any_in tags; then', true],
    ['bash', 'bats_sort', 'bats_append_arrays_as_args sorted -- bats_sort tags', false],
    ['bash', 'finish_test', 'echo "finish_test failed" >&2', false],
    // Perl calls a sub without parentheses where its arguments start with a sigil.
    ['perl', 'encode_json', '  return encode_json $data;', true],
    ['perl', 'dirname', 'sub dirname { $_[0]->new(scalar File::Basename::dirname ${$_[0]}) }', true],
    ['perl', 'encode_json', 'my $encode_json = 1;', false],
    ['perl', 'plugin', 'for my $plugin (@{$conf->{plugins}}) {', false],
    ['perl', 'plugin', '  &plugin($app, @args);', true],
    ['perl', 'encode_json', 'use Mojo::JSON qw(decode_json encode_json);', false],
  ])('%s: a call named %s in `%s` is %s', (language, name, line, expected) => {
    expect(calls(language, name, line)).toBe(expected);
  });
  const lookalike = (language: string, name: string, line: string) => idiomRegExp(fillTemplate(languageOf(language).idioms.callLookalike!, { name })).test(line);
  // Text a language's call form matches that names the function without calling it: a word a bash command
  // hands on, a Ruby `alias`/`undef` or a local or parameter of the name, a Swift `#selector`, a Kotlin `fun`
  // declaring it (an override in an anonymous `object :` or an enum entry's body, which the walker records no symbol for),
  // an OCaml or Haskell name before a keyword (`case maybePath of`), a Haskell equation the walker does not record.
  it.each([
    ['bash', 'bats_sort', 'bats_append_arrays_as_args sorted -- bats_sort tags', true],
    ['bash', 'bats_run_test_with_retries', '  bats_semaphore_run "$output_base/$test_number" bats_run_test_with_retries "$test_name"', true],
    ['bash', 'bats_suite_exit_trap', 'trap bats_suite_exit_trap EXIT', true],
    ['bash', 'bats_file_exit_trap', "  trap 'bats_file_exit_trap' EXIT", true],
    ['bash', 'bats_semaphore_release_slot', `  trap "status=$?; bats_semaphore_release_slot '$semaphore_name'; exit $status" EXIT`, true],
    ['bash', 'setup', '  setup | teardown)', true],
    ['bash', 'finish_test', `  TIMEOUT="\${2:-}" finish_test ' ✗ %s' "$name"`, false],
    ['bash', 'bats_sort', 'if bats_sort tags; then', false],
    ['bash', 'finish_file', '  suite_buffer finish_file', true],
    ['bash', 'bats_sort', '  run bats_sort sorted b a', true],
    ['bash', 'read_line', '  while read_line x; do', false],
    ['bash', 'bats_load_safe', '  if ! bats_load_safe "$@"; then', false],
    ['bash', 'bats_sort', '        -- bats_sort tags', true],
    ['bash', 'bats_sort', '        -- bats_sort_all tags', false],
    ['ruby', 'finish', '    alias to_a finish', true],
    ['ruby', 'finish', '    alias finish close', true],
    ['ruby', 'finish', '  undef close, finish', true],
    ['ruby', 'finish', '    res.finish', false],
    ['ruby', 'finish', '    alias_method :to_a, :finish', false],
    ['ruby', 'finish', '    alias to_a finished', false],
    ['ruby', 'cookie', '      cookie = Hash.new', true],
    ['ruby', 'server', '    server ||= Rack::Handler.default', true],
    ['ruby', 'cookie', '      cookies.each { |cookie| parse(cookie) }', true],
    ['ruby', 'cookie', '    set_cookie_header(headers, key, cookie) do |k, cookie|', true],
    ['ruby', 'datetime_format', '      def datetime_format=(datetime_format); end', true],
    ['ruby', 'default', '      def fetch(key, default = Unspecified, &block)', true],
    ['ruby', 'server', '    def run app, server, options = {}', true],
    ['ruby', 'server', '    res = server.name', false],
    ['ruby', 'server', '    self.server = x', false],
    ['ruby', 'server', '    a || server || b', false],
    ['ruby', 'server', '    return server == other', false],
    ['ruby', 'server', '    def server', false],
    ['swift', 'onPinch', '    gestureRecognizer.addTarget(self, action: #selector(onPinch(_:)))', true],
    ['swift', 'onTap', '    button.addTarget(self, action: #selector(Controller.onTap), for: .touchUpInside)', true],
    ['swift', 'onPinch', '    onPinch(recognizer)', false],
    ['swift', 'onPinch', '    #selector(onPinchEnded(_:))', false],
    ['ocaml', 'is_empty', '  if is_empty then 0 else 1', true],
    ['ocaml', 'length', '  let n = length in', true],
    ['ocaml', 'compare_length', '  let c = compare_length xs in', false],
    ['haskell', 'maybePath', '      case maybePath of', true],
    ['haskell', 'integrateDelta', 'integrateDelta []      _ = []', true],
    ['haskell', 'integrateDelta', '    where go = integrateDelta ds', false],
    ['haskell', 'integrateDelta', '  integrateDelta ds (x:xs) == y', false],
    ['kotlin', 'nextKey', '        override fun nextKey(): String = iterator.next().key', true],
    ['kotlin', 'toSpacingType', '    override fun toSpacingType(): Int = Spacing.ALL', true],
    ['kotlin', 'emptyOf', '  fun <T> emptyOf(): List<T> = listOf()', true],
    ['kotlin', 'toPx', '  private fun Float.toPx(): Float = this * density', true],
    ['kotlin', 'nextKey', '      val key = iterator.nextKey()', false],
    ['kotlin', 'nextKey', '      fun nextKeys(): List<String> = keys', false],
    // Objective-C's dot syntax sends the message without the bracketed form: a call the text cannot tell from a struct field's read.
    ['objc', 'effectiveTextAttributes', '  NSDictionary *attributes = _textAttributes.effectiveTextAttributes;', true],
    ['objc', 'effectiveTextAttributes', '  NSDictionary *attributes = [_textAttributes effectiveTextAttributes];', false],
  ])('%s: %s in `%s` is written in a callLookalike form: %s', (language, name, line, expected) => {
    expect(lookalike(language, name, line)).toBe(expected);
  });
});

describe("a language's message form (`errors.message`): where code raises or reports an error with a literal message", () => {
  const raises = (language: string, message: string, line: string) => idiomRegExp(fillTemplate(languageOf(language).idioms.errors.message!, { message })).test(line);
  it.each([
    ['objc', 'Not a value node', '    RCTLogError(@"Not a value node.");', true],
    ['objc', 'must be implemented in subclass', '  RCTAssert(NO, @"must be implemented in subclass.");', true],
    ['objc', 'Invalid argument', '  NSCAssert(x > 0, @"Invalid argument");', true],
    ['objc', 'Bad state', '  [NSException raise:NSInternalInconsistencyException format:@"Bad state"];', true],
    // A warning or a plain log line reports no error.
    ['objc', 'Not a value node', '    RCTLogWarn(@"Not a value node.");', false],
    ['objc', 'Not a value node', '    RCTLogInfo(@"Not a value node.");', false],
    ['objc', 'Not a value node', '    NSLog(@"Not a value node.");', false],
  ])('%s: "%s" in `%s` is raised or reported: %s', (language, message, line, expected) => {
    expect(raises(language, message, line)).toBe(expected);
  });
});

describe("Ruby's class methods beside instance methods of their name (`walker.staticApart`)", () => {
  it('are methods of their own, `start(static).` apart from `start().`, and a call that may reach either is unresolved', async () => {
    const text = ['class Server', '  def self.start(options = nil)', '    new(options).start', '  end', '  class << self', '    def middleware', '      defaults', '    end', '    def defaults', '      1', '    end', '  end', '  def middleware', '    self.class.middleware', '  end', '  def start', '    middleware', '  end', 'end', ''];
    const graph = await walkedGraph('ruby-static-apart', 'ruby', 'srv', { 'lib/server.rb': text.join('\n') }, true);
    const id = (descriptor: string) => `lmc-tree-sitter gem srv 1.0.0 Server#${descriptor}`;
    expect([...graph.symbols.keys()].filter((k) => k.includes('Server#')).sort()).toEqual(
      ['', 'defaults().', 'middleware().', 'middleware(static).', 'start().', 'start(static).'].map(id).sort(),
    );
    expect([...graph.calls]).toEqual([[id('middleware(static).'), [id('defaults().')]]]);
    expect([...graph.unresolved.bodies].sort()).toEqual([id('middleware().'), id('start().'), id('start(static).')]);
  });
});

describe('a constructor handing on to another (`(#set! call "constructor")`)', () => {
  const cases = [
    {
      language: 'java',
      file: 'shop/Item.java',
      text: [
        'package shop;',
        'class Base { Base(int cents) { } Base(int cents, int tax) { } }',
        'class Item extends Base {',
        '  Item(int cents) { super(cents); }',
        '  Item() { this(0); }',
        '}',
        'class Plain extends Unknown { Plain() { super(1); } }',
        '',
      ],
      id: (type: string, n = '') => `lmc-tree-sitter maven shop 1.0.0 shop/${type}#\`<constructor>\`(${n}).`,
    },
    {
      language: 'kotlin',
      file: 'shop/Item.kt',
      text: [
        'package shop',
        'open class Base {',
        '  constructor(cents: Int) { }',
        '  constructor(cents: Int, tax: Int) { }',
        '}',
        'class Item : Base {',
        '  constructor(cents: Int) : super(cents) { }',
        '  constructor() : this(0)',
        '}',
        'class Plain : Unknown {',
        '  constructor() : super(1) { }',
        '}',
        '',
      ],
      id: (type: string, n = '') => `lmc-tree-sitter maven shop 1.0.0 shop/${type}#\`<constructor>\`(${n}).`,
    },
    {
      language: 'csharp',
      file: 'Item.cs',
      text: [
        'namespace Shop {',
        'class Base { public Base(int cents) { } public Base(int cents, int tax) { } }',
        'class Item : Base {',
        '  public Item(int cents) : base(cents) { }',
        '  public Item() : this(0) { }',
        '}',
        'class Plain : Unknown { public Plain() : base(1) { } }',
        '}',
        '',
      ],
      id: (type: string, n = '') => `lmc-tree-sitter nuget shop 1.0.0 Shop/${type}#\`<constructor>\`(${n}).`,
    },
  ];
  it.each(cases)('$language: runs the supertype\'s constructor of that arity, or the type\'s own, and leaves one it cannot name unresolved', async (c) => {
    const graph = await walkedGraph(`delegates-${c.language}`, c.language, 'shop', { [c.file]: c.text.join('\n') }, true);
    const calls = [...graph.calls].filter(([from]) => from.includes('<constructor>')).sort();
    expect(calls).toEqual([
      [c.id('Item'), [c.id('Base')]],
      [c.id('Item', '+1'), [c.id('Item')]],
    ]);
    expect([graph.unresolved.bodies.has(c.id('Plain')), graph.unresolved.bodies.has(c.id('Item'))]).toEqual([true, false]);
  });
});

describe("Bash's words a command hands on (`(#set! call \"if-defined\")`)", () => {
  it("count as an unresolved call where they name a corpus function (a trap's quoted handler too), and as nothing otherwise", async () => {
    const script = ['run_all() { "$@"; }', 'helper() { echo hi; }', 'main() { run_all helper; run_all echo tags; }', 'other() { helper; }', "cleanup() { :; }", "guard() { trap 'cleanup' EXIT; }", ''];
    const graph = await walkedGraph('bash-handed-on', 'bash', 'tool', { 'tool.sh': script.join('\n') }, true);
    const id = (name: string) => `lmc-tree-sitter shell tool 1.0.0 tool/${name}().`;
    expect([graph.calls.get(id('main')), graph.callers.get(id('helper'))]).toEqual([[id('run_all')], [id('other')]]);
    expect([graph.unresolved.bodies.has(id('main')), graph.unresolved.bodies.has(id('other')), graph.unresolved.names.has('helper'), graph.unresolved.names.has('tags')]).toEqual([true, false, true, false]);
    expect([graph.unresolved.bodies.has(id('guard')), graph.unresolved.names.has('cleanup'), graph.callers.get(id('cleanup'))]).toEqual([true, true, undefined]);
  });
});

describe('idioms whose patterns do not compile', () => {
  it('are reported as the field and its rule, never thrown as a raw regex error', () => {
    const go = JSON.parse(readFileSync(join(languageOf('go').dir, 'idioms.json'), 'utf8')) as { errors: object };
    const parsed = idiomsSchema.safeParse({ ...go, errors: { ...go.errors, renamed: 'use ({name}', message: 'die "{message}(' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'errors.renamed: must be a regular expression once {name} is filled in',
      'errors.renamed: must have exactly one capture group, the new name',
      'errors.message: must be a regular expression once {message} is filled in',
      'errors.message: must have no capture group',
    ]);
  });
});
