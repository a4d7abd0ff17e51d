import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFactGraph, type FactGraph } from '../graph/fact-graph.ts';
import { readScipIndex, SymbolRole, type ScipDocument } from '../graph/scip-reader.ts';
import { languageNames, languageOf } from '../core/languages.ts';
import { Facts } from '../generators/facts.ts';
import { generators } from '../generators/index.ts';
import { createRng } from '../generators/sampling.ts';
import { blankMacros, indexWithTreeSitter } from '../indexers/tree-sitter/index.ts';
import { innermostRegion } from '../indexers/tree-sitter/extract.ts';

const temps: string[] = [];
async function corpus(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lmc-walker-'));
  temps.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, 'tree', path)), { recursive: true });
    await writeFile(join(dir, 'tree', path), content);
  }
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function index(files: Record<string, string>, language: string) {
  const dir = await corpus(files);
  const outputPath = join(dir, 'index.scip');
  const result = await indexWithTreeSitter({ treeDir: join(dir, 'tree'), language, project: { name: 'demo', version: '1.0.0' }, outputPath });
  const documents: ScipDocument[] = [];
  let tool: string | undefined;
  for await (const entry of readScipIndex(outputPath)) {
    if (entry.field === 'metadata') tool = entry.value.toolInfo?.name;
    if (entry.field === 'document') documents.push(entry.value);
  }
  return { result, documents, tool, outputPath };
}

/** The graph's call edges as `caller -> callee`, each id without its scheme, manager, package and version. */
function callEdgesOf(graph: FactGraph): string[] {
  return [...graph.calls].flatMap(([from, tos]) => tos.map((to) => `${from.replace(/^.* /, '')} -> ${to.replace(/^.* /, '')}`));
}

const goContext = `package gin

type Context struct {
	Keys map[string]any
}

// JSON serializes obj.
func (c *Context) JSON(code int, obj any) {
	c.render(code, obj)
}

func (c *Context) render(code int, obj any) {}
`;

describe('the tree-sitter walker', () => {
  it('writes definitions with enclosing ranges, hover text and kinds the fact graph reads', async () => {
    const { result, documents, tool } = await index({ 'context.go': goContext, 'render/render.go': 'package render\n\nfunc Render() {}\n' }, 'go');
    expect(tool).toBe('lmc-tree-sitter');
    expect(result).toEqual({ documents: 2, symbols: 7, files: 2, bytes: expect.any(Number), resolvedCalls: 1, unresolvedCalls: 0 });
    expect(documents.map((d) => [d.relativePath, d.language])).toEqual([['context.go', 'go'], ['render/render.go', 'go']]);

    const doc = documents[0]!;
    const json = doc.occurrences.find((o) => o.symbol === 'lmc-tree-sitter golang demo 1.0.0 gin/Context#JSON().' && o.symbolRoles === SymbolRole.Definition);
    expect(json).toMatchObject({ range: [7, 18, 22], enclosingRange: [7, 0, 9, 1] });
    const info = doc.symbols.find((s) => s.symbol === json!.symbol)!;
    expect(info).toMatchObject({ documentation: ['```go\nfunc (c *Context) JSON(code int, obj any)\n```'], displayName: 'JSON', kind: 26 });
    const type = doc.symbols.find((s) => s.symbol === 'lmc-tree-sitter golang demo 1.0.0 gin/Context#')!;
    expect(type).toMatchObject({ documentation: ['```go\nstruct Context\n```'], kind: 49 });
    // A field is a term: no enclosing range, so nothing is credited to it as a caller.
    const field = doc.occurrences.find((o) => o.symbol.endsWith('Context#Keys.'))!;
    expect(field.enclosingRange).toEqual([]);
    // The call c.render(...) is a reference (no role) at the callee's name.
    const references = doc.occurrences.filter((o) => o.symbolRoles === 0);
    expect(references.map((o) => [o.range, o.symbol])).toEqual([[[8, 3, 9], 'lmc-tree-sitter golang demo 1.0.0 gin/Context#render().']]);
  });

  it('emits no edge for a call it cannot resolve to exactly one callee, only a named unresolved local', async () => {
    const files = {
      'a/a.go': 'package a\n\nfunc Close() {}\n\ntype File struct{}\n\nfunc (f *File) Close() {}\n',
      'b/b.go': 'package b\n\nfunc Close() {}\n\ntype Conn struct{}\n\nfunc (c *Conn) Close() {}\n',
      'c/c.go': [
        'package c',
        '',
        'import "os"',
        '',
        'func Use(x interface{ Close() }, f func()) {',
        '\tx.Close()', // receiver of unknown type: File#Close or Conn#Close
        '\tClose()', // defined in both a and b, neither imported
        '\tf()', // a parameter, not a corpus function
        '\tos.Exit(1)', // another module
        '}',
        '',
      ].join('\n'),
    };
    const { result, documents, outputPath } = await index(files, 'go');
    expect(result).toMatchObject({ resolvedCalls: 0, unresolvedCalls: 4 });
    const c = documents.find((d) => d.relativePath === 'c/c.go')!;
    const references = c.occurrences.filter((o) => !(o.symbolRoles & SymbolRole.Definition));
    expect(references.map((o) => o.symbol)).toEqual(['local unresolved-0', 'local unresolved-0', 'local unresolved-1', 'local unresolved-2']);
    expect(c.symbols.filter((s) => s.symbol.startsWith('local ')).map((s) => [s.symbol, s.displayName])).toEqual([
      ['local unresolved-0', 'Close'],
      ['local unresolved-1', 'f'],
      ['local unresolved-2', 'Exit'],
    ]);
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect(graph.calls.size).toBe(0);
    expect([...graph.unresolved.names].sort()).toEqual(['Close', 'Exit', 'f']);
    expect([...graph.unresolved.bodies]).toEqual(['lmc-tree-sitter golang demo 1.0.0 c/Use().']);
  });

  it("types a Go local by what its call hands back at its position, resolved where the callee is written; a name bound to two types, or from a result list naming two at once, keeps none", async () => {
    const files = {
      'gin/context.go': [
        'package gin',
        '',
        'type Context struct{}',
        'type Engine struct{}',
        '',
        'func (c *Context) Abort() {}',
        'func (e *Engine) Use() {}',
        'func (e *Engine) Group() *Context { return nil }',
        'func New() *Engine { return nil }',
        'func CreateTestContext() (c *Context, r *Engine) { return nil, nil }',
        'func Both() (a, b *Context) { return nil, nil }',
        '',
      ].join('\n'),
      // Another package with a type of the same name: `*Context` in gin's results is gin's, wherever the call is.
      'app/app.go': [
        'package app',
        '',
        'import "demo/gin"',
        '',
        'type Context struct{}',
        '',
        'func (c *Context) Abort() {}',
        '',
        'func Serve() {',
        '\tc, r := gin.CreateTestContext()',
        '\tc.Abort()', // gin/Context#Abort, from the first result
        '\tr.Use()', // gin/Engine#Use, from the second
        '\tg := gin.New().Group()', // a call on a call: Engine#Group, so g is a *Context
        '\tg.Abort()',
        '\te := gin.New()',
        '\th := e.Group()', // typed through e
        '\th.Abort()',
        '\tx, _ := gin.Both()', // `(a, b *Context)`: one type for two positions
        '\tx.Abort()',
        '}',
        '',
        'func Mixed(flag bool) {',
        '\tif flag {',
        '\t\tv := gin.New()',
        '\t\tv.Use()',
        '\t} else {',
        '\t\tv, _ := gin.CreateTestContext()',
        '\t\tv.Abort()',
        '\t}',
        '}',
        '',
      ].join('\n'),
      'go.mod': 'module demo\n',
    };
    const { outputPath } = await index(files, 'go');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const edges = callEdgesOf(graph);
    expect(edges.filter((e) => e.startsWith('app/')).sort()).toEqual([
      'app/Mixed(). -> gin/CreateTestContext().',
      'app/Mixed(). -> gin/New().',
      'app/Serve(). -> gin/Both().',
      'app/Serve(). -> gin/Context#Abort().',
      'app/Serve(). -> gin/CreateTestContext().',
      'app/Serve(). -> gin/Engine#Group().',
      'app/Serve(). -> gin/Engine#Use().',
      'app/Serve(). -> gin/New().',
    ]);
    // Abort is called five times in Serve and Mixed; `c.Abort()`, `g.Abort()` and `h.Abort()` resolve.
    const doc = (await index(files, 'go')).documents.find((d) => d.relativePath === 'app/app.go')!;
    const aborts = doc.occurrences.filter((o) => o.symbolRoles === 0 && o.range[0]! >= 8 && /Abort/.test(o.symbol) && !o.symbol.startsWith('local '));
    expect(aborts.map((o) => o.range[0])).toEqual([10, 13, 16]);
    expect([...graph.unresolved.bodies].sort()).toEqual(['lmc-tree-sitter golang demo 1.0.0 app/Mixed().', 'lmc-tree-sitter golang demo 1.0.0 app/Serve().']);
  });

  it.each([
    ['kotlin', 'store.kt', 'class Store { fun add() {} }\nfun makeStore(): Store = Store()\nfun use() {\n  val s = makeStore()\n  s.add()\n}\n', 'use(). -> Store#add().'],
    ['swift', 'Store.swift', 'class Store { func add() {} }\nfunc makeStore() -> Store { return Store() }\nfunc use() {\n  let s = makeStore()\n  s.add()\n}\n', 'use(). -> Store#add().'],
    ['rust', 'src/lib.rs', 'pub struct Store;\nimpl Store { pub fn add(&mut self) {} }\npub fn make_store() -> Store { Store }\npub fn use_it() {\n    let mut s = make_store();\n    s.add();\n}\n', 'use_it(). -> Store#add().'],
    ['php', 'src/Store.php', '<?php\nclass Store { public function add(): void {} }\nfunction makeStore(): ?Store { return new Store(); }\nfunction useIt(): void {\n  $s = makeStore();\n  $s->add();\n}\n', 'useIt(). -> Store#add().'],
    ['csharp', 'Store.cs', 'class Store { public void Add() {} public static Store Make() { return new Store(); } }\nclass User { void Use() { var s = Store.Make(); s.Add(); } }\n', 'User#Use(). -> Store#Add().'],
  ])('types a %s local by the declared return type of the function it is given', async (language, file, text, edge) => {
    const { outputPath } = await index({ [file]: text }, language);
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const edges = callEdgesOf(graph);
    // The one call of the method, made on the local, resolves; without the type it would be no edge.
    const callee = edge.slice(edge.indexOf(' -> '));
    expect(edges.filter((e) => e.endsWith(callee))).toEqual([edge]);
  });

  it.each([
    ['go', { 'a/a.go': 'package a\n\ntype B struct{}\n\nfunc (b *B) Add() *B { return b }\nfunc (b *B) Done() {}\nfunc New() *B { return nil }\nfunc Use() {\n\tNew().Add().Done()\n}\n' }, ['a/Use(). -> a/B#Add().', 'a/Use(). -> a/B#Done().', 'a/Use(). -> a/New().'], []],
    ['rust', { 'src/lib.rs': 'pub struct B;\nimpl B {\n    pub fn new() -> Self { B }\n    pub fn add(self) -> Self { self }\n    pub fn done(&self) {}\n}\npub fn use_it() {\n    B::new().add().done();\n    let b = B::new();\n    b.done();\n}\n' }, ['use_it(). -> B#add().', 'use_it(). -> B#done().', 'use_it(). -> B#new().'], []],
    ['php', { 'B.php': '<?php\nclass B {\n  public static function make(): static { return new static(); }\n  public function add(): self { return $this; }\n  public function done(): void {}\n}\nfunction useIt(): void {\n  B::make()->add()->done();\n}\n' }, ['useIt(). -> B#add().', 'useIt(). -> B#done().', 'useIt(). -> B#make().'], []],
    // A trait's `-> Self` is whichever type implements it: S's own `go` runs here, not the trait's, so the call stays unresolved.
    ['rust', { 'src/lib.rs': 'pub trait T {\n    fn me(self) -> Self where Self: Sized { self }\n    fn go(&self) {}\n}\npub struct S;\nimpl T for S { fn go(&self) {} }\nimpl S { pub fn make() -> S { S } }\npub fn f() { S::make().me().go(); }\n' }, ['f(). -> S#make().', 'f(). -> T#me().'], ['go']],
    // Nor is a protocol's: the call on it stays unresolved.
    ['swift', { 'B.swift': 'protocol P { func me() -> Self }\nclass B {\n  func add() -> Self { return self }\n  func done() {}\n}\nfunc make() -> B { return B() }\nfunc use(p: P) {\n  make().add().done()\n  p.me().done()\n}\n' }, ['use(). -> B#add().', 'use(). -> B#done().', 'use(). -> P#me().', 'use(). -> make().'], ['done']],
  ])("resolves a %s call on what a call hands back, through the language's own-type name (Self, self, static)", async (language, files, edges, unresolved) => {
    const { outputPath } = await index(files, language);
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect([callEdgesOf(graph).sort(), [...graph.unresolved.names].sort()]).toEqual([edges, unresolved]);
  });

  it('resolves a Rust call on a field of self by the type the field is declared with, and none on a field whose type is not the corpus\'s', async () => {
    const text = [
      'pub struct Command;',
      'impl Command { pub fn build(&mut self) {} }',
      "pub struct Parser<'a> { cmd: &'a mut Command, spare: Option<Command> }",
      "impl<'a> Parser<'a> {",
      '    pub fn run(&mut self) {',
      '        self.cmd.build();',
      '        self.spare.build();',
      '    }',
      '}',
      '',
    ].join('\n');
    const { outputPath } = await index({ 'src/lib.rs': text }, 'rust');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect([callEdgesOf(graph), [...graph.unresolved.names]]).toEqual([['Parser#run(). -> Command#build().'], ['build']]);
  });

  it('resolves a chain of 6,000 calls, each on what the one before hands back, with each call resolved once and no deeper stack', async () => {
    const chain = `New()${'.F()'.repeat(6000)}`;
    const text = `package a\n\ntype B struct{}\n\nfunc (b *B) F() *B { return b }\nfunc New() *B { return nil }\nfunc Use() {\n\t${chain}\n}\n`;
    const { result } = await index({ 'a/a.go': text, 'go.mod': 'module demo\n' }, 'go');
    expect(result).toMatchObject({ resolvedCalls: 6001, unresolvedCalls: 0 });
  });

  it('reaches the method where a type has a field of the same name, in a language whose method calls never call a field (Rust: methodsBeforeFields)', async () => {
    const { outputPath } = await index({ 'src/lib.rs': 'pub struct Cmd { about: u8 }\nimpl Cmd {\n    pub fn new() -> Self { Cmd { about: 0 } }\n    pub fn about(self) -> Self { self }\n}\npub fn f() { Cmd::new().about(); }\n' }, 'rust');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect([callEdgesOf(graph).sort(), [...graph.unresolved.names]]).toEqual([['f(). -> Cmd#about().', 'f(). -> Cmd#new().'], []]);
  });

  it('types no PHP variable that another write rebinds (a caught exception, a destructuring), whatever the call before it hands back', async () => {
    const text = [
      '<?php',
      'class Store { public function add(): void {} }',
      'function makeStore(): Store { return new Store(); }',
      'function caught(): void {',
      '  $s = makeStore();',
      '  try { $s->add(); } catch (\\Exception $s) { $s->add(); }',
      '}',
      'function destructured(): void {',
      '  $t = makeStore();',
      '  [$t] = [1];',
      '  $t->add();',
      '}',
      '',
    ].join('\n');
    const { outputPath } = await index({ 'src/Store.php': text }, 'php');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const edges = callEdgesOf(graph);
    expect(edges.sort()).toEqual(['caught(). -> makeStore().', 'destructured(). -> makeStore().']);
  });

  it('resolves through an import that names the callee, even when the name is defined twice', async () => {
    const files = {
      'a/a.go': 'package a\n\nfunc Close() {}\n',
      'b/b.go': 'package b\n\nfunc Close() {}\n',
      'c/c.go': 'package c\n\nimport "example.com/demo/b"\n\nfunc Use() {\n\tb.Close()\n}\n',
    };
    const { outputPath } = await index(files, 'go');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect(Object.fromEntries(graph.calls)).toEqual({ 'lmc-tree-sitter golang demo 1.0.0 c/Use().': ['lmc-tree-sitter golang demo 1.0.0 b/Close().'] });
  });

  it("resolves an example's `use demo::...` through the crate root's `pub use`, as `crate::` would", async () => {
    const files = {
      'src/lib.rs': ['mod derive;', 'pub use crate::derive::{FromArgs, parse_all};', ''].join('\n'),
      'src/derive.rs': ['pub trait FromArgs { fn from_args() -> Self; }', 'pub fn parse_all() -> u32 { 1 }', ''].join('\n'),
      'examples/hand.rs': [
        'use demo::{FromArgs, parse_all};',
        'use other::Thing;',
        'struct Cli;',
        'impl FromArgs for Cli { fn from_args() -> Self { Cli } }',
        'fn main() { parse_all(); Thing::new(); }',
        '',
      ].join('\n'),
    };
    const { outputPath } = await index(files, 'rust');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const R = graph.packagePrefix;
    expect(graph.supertypes.get(`${R}examples/hand/Cli#`)).toEqual([`${R}derive/FromArgs#`]);
    expect(graph.supertypes.get(`${R}examples/hand/Cli#from_args().`)).toEqual([`${R}derive/FromArgs#from_args().`]);
    expect(graph.callers.get(`${R}derive/parse_all().`)).toEqual([`${R}examples/hand/main().`]);
  });

  it("resolves a Rust `use` path that starts with a child module of the importing one (`pub use action::ArgAction;` in builder/mod.rs), as Rust 2018 does", async () => {
    const files = {
      'src/lib.rs': 'pub mod builder;\n',
      'src/builder/mod.rs': ['mod action;', 'mod resettable;', 'pub use action::ArgAction;', 'pub use resettable::IntoResettable;', ''].join('\n'),
      'src/builder/action.rs': 'pub enum ArgAction { Set }\npub fn make() -> ArgAction { ArgAction::Set }\n',
      'src/builder/resettable.rs': [
        'use crate::builder::ArgAction;',
        'pub trait IntoResettable<T> { fn into_resettable(self) -> T; }',
        'impl IntoResettable<ArgAction> for ArgAction {',
        '    fn into_resettable(self) -> ArgAction { self }',
        '}',
        '',
      ].join('\n'),
      'src/other.rs': 'use crate::builder::action::make;\nuse action::make as nothing;\npub fn run() { make(); }\n',
    };
    const { outputPath } = await index(files, 'rust');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const R = graph.packagePrefix;
    expect(graph.supertypes.get(`${R}builder/action/ArgAction#`)).toEqual([`${R}builder/resettable/IntoResettable#`]);
    expect(graph.undefinedTypes.size).toBe(0);
    // other.rs has no child module `action`: that path names nothing, and the crate path still resolves.
    expect(graph.callers.get(`${R}builder/action/make().`)).toEqual([`${R}other/run().`]);
  });

  it("drops a lifetime from a written Rust type: `impl Default for &'_ Styled` is Styled's", async () => {
    const files = { 'src/lib.rs': ['pub struct Styled;', "impl Default for &'_ Styled { fn default() -> Self { todo!() } }", "impl<'s> IntoIterator for &'s Styled { fn into_iter(self) {} }", ''].join('\n') };
    const { outputPath } = await index(files, 'rust');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const R = graph.packagePrefix;
    expect(graph.contains.get(`${R}Styled#`)).toEqual([`${R}Styled#default().`, `${R}Styled#into_iter().`]);
    expect(graph.undefinedTypes.size).toBe(0);
  });

  it('reads calls inside a Rust macro: a free function resolves, a method stays unresolved, so no call question about it is complete', async () => {
    const files = {
      'src/lib.rs': [
        'pub struct Parser { n: u32 }',
        'fn helper(x: u32) -> u32 { x + 1 }',
        'impl Parser {',
        '    fn resolve_pending(&mut self, x: u32) -> Result<u32, ()> { Ok(helper(x)) }',
        '    pub fn run(&mut self) -> Result<u32, ()> {',
        '        let v = ok!(self.resolve_pending(helper(2)));',
        '        Ok(v)',
        '    }',
        '}',
        '',
      ].join('\n'),
    };
    const { outputPath } = await index(files, 'rust');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    // lib.rs is the crate root, so its items have no module descriptor.
    const R = graph.packagePrefix;
    expect(R).toBe('lmc-tree-sitter cargo demo 1.0.0 ');
    expect(graph.callers.get(`${R}helper().`)).toEqual([`${R}Parser#resolve_pending().`, `${R}Parser#run().`]);
    expect(graph.callers.get(`${R}Parser#resolve_pending().`)).toBeUndefined();
    expect([...graph.unresolved.names].sort()).toEqual(['Ok', 'resolve_pending']);
  });

  it('reads a call on a construction or on a method result of a written type as a call of that type, and one on a value of unknown type as a call of unknown receiver (C#, Java, PHP, Ruby, Kotlin, Rust turbofish)', async () => {
    const cases: Array<[string, Record<string, string>, string[], string[], string]> = [
      ['csharp', { 'a.cs': 'namespace N { class A { public void F() { new B().Run(); x.Select(1).Where(2); } } class B { public void Run() {} } }\n' }, ['N/A#F(). -> N/B#Run().'], ['Select', 'Where'], 'N/A#F().'],
      ['java', { 'A.java': 'class A { void f() { new B().run(); x().y(); z().y(); } B x() { return null; } int z() { return 0; } }\nclass B { void run() {} void y() {} }\n' }, ['A#f(). -> A#x().', 'A#f(). -> A#z().', 'A#f(). -> B#run().', 'A#f(). -> B#y().'], ['y'], 'A#f().'],
      ['php', { 'a.php': '<?php\nclass A { private $d; function f() { $this->d->setOptions([]); $this->g()->h(); (new B())->run(); } function g() { return $this; } function h() {} }\nclass B { function run() {} }\n' }, ['A#f(). -> A#g().', 'A#f(). -> B#run().'], ['h', 'setOptions'], 'A#f().'],
      ['ruby', { 'lib/a.rb': 'class B\n  def run; end\nend\nclass A\n  def f\n    B.new.run\n    x.y\n  end\nend\n' }, ['A#f(). -> B#run().'], ['x', 'y'], 'A#f().'],
      ['kotlin', { 'A.kt': 'class B {\n  fun run() {}\n}\nclass A {\n  fun f() {\n    B().run()\n    x().y()\n  }\n}\n' }, ['A#f(). -> B#run().'], ['x', 'y'], 'A#f().'],
      ['rust', { 'src/lib.rs': 'fn f(m: M) { m.get_many::<u8>(1); }\n' }, [], ['get_many'], 'f().'],
    ];
    for (const [language, files, edges, names, body] of cases) {
      const { outputPath } = await index(files, language);
      const graph = await buildFactGraph(outputPath, { name: 'demo' });
      const unresolved = [[...graph.unresolved.names].sort(), [...graph.unresolved.bodies].map((b) => b.slice(graph.packagePrefix.length))];
      expect([language, callEdgesOf(graph).sort(), ...unresolved]).toEqual([language, edges, names, [body]]);
    }
  });

  it('reads a Kotlin call under a prefix operator, which the grammar applies to the callee ((!f)())', async () => {
    const { outputPath } = await index({ 'T.kt': 'class T {\n  fun f(): Int {\n    if (!ok()) return -size(1)\n    return 0\n  }\n  fun ok(): Boolean = true\n  fun size(n: Int): Int = n\n}\n' }, 'kotlin');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const P = graph.packagePrefix;
    expect(graph.calls.get(`${P}T#f().`)).toEqual([`${P}T#ok().`, `${P}T#size().`]);
  });

  it('makes a C function written inside an Objective-C @implementation the file\'s, not a method of the class', async () => {
    const files = {
      'V.h': '@interface V : NSObject\n- (void)layout;\n@end\n',
      'V.m': '#import "V.h"\n@implementation V\n- (void)layout {\n  measure(1);\n}\nstatic float measure(int n) {\n  return 0;\n}\n@end\n',
    };
    const { outputPath } = await index(files, 'objc');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const P = graph.packagePrefix;
    expect([graph.contains.get(`${P}V#`), graph.symbols.get(`${P}measure().`)?.owner, graph.calls.get(`${P}V#layout().`)]).toEqual([[`${P}V#layout().`], undefined, [`${P}measure().`]]);
  });

  it("makes a Rust trait's associated type one of its members, as an impl's `type X = …` is of the type", async () => {
    const { outputPath } = await index({ 'src/lib.rs': 'pub trait P { type Value: Send; fn parse(&self) -> Self::Value; }\npub struct S;\nimpl P for S { type Value = u8; fn parse(&self) -> u8 { 0 } }\n' }, 'rust');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const P = graph.packagePrefix;
    expect([graph.contains.get(`${P}P#`), graph.contains.get(`${P}S#`)]).toEqual([[`${P}P#Value#`, `${P}P#parse().`], [`${P}S#Value#`, `${P}S#parse().`]]);
  });

  it('takes a call the walker binds to a type for a construction running one of its constructors, which one unknown (a syntactic index)', async () => {
    const files = { 'a.cs': 'namespace N { class A { public void F() { new B(1); } } class B { public B(int x) {} public B(string s) {} } class C { public void G() { new C(); } } }\n' };
    const { outputPath, documents } = await index(files, 'csharp');
    const graph = await buildFactGraph(outputPath, { name: 'demo' }, { treeDir: '', constructs: {}, calls: {}, precision: 'syntactic' });
    const P = graph.packagePrefix;
    expect(documents[0]!.occurrences.some((o) => o.symbol === `${P}N/B#` && !(o.symbolRoles & SymbolRole.Definition))).toBe(true);
    expect([[...graph.unresolved.targets].sort(), [...graph.unresolved.bodies]]).toEqual([[`${P}N/B#\`<constructor>\`().`, `${P}N/B#\`<constructor>\`(+1).`], [`${P}N/A#F().`]]);
    // Without a syntactic precision a reference to a type is a mention, as a compiler-grade index records one.
    const mentions = await buildFactGraph(outputPath, { name: 'demo' });
    expect([mentions.unresolved.targets.size, mentions.unresolved.bodies.size]).toEqual([0, 0]);
  });

  it('makes a Python function defined in a function a symbol under it that makes its own calls, as scip-python does; JavaScript keeps it a local', async () => {
    const python = [
      'def helper(x):',
      '    return x',
      '',
      'def outer(xs):',
      '    def inner(x):',
      '        return helper(x)',
      '    return [inner(x) for x in xs]',
      '',
      'class Router:',
      '    def route(self):',
      '        def decorator(f):',
      '            return helper(f)',
      '        return decorator',
      '',
    ].join('\n');
    const py = await index({ 'app.py': python }, 'python');
    const graph = await buildFactGraph(py.outputPath, { name: 'demo' });
    const P = `${graph.packagePrefix}app/`;
    expect([...graph.symbols.values()].filter((s) => s.kind === 'function' || s.kind === 'method').map((s) => [s.id, s.owner ?? ''])).toEqual([
      [`${P}Router#route().`, `${P}Router#`],
      [`${P}Router#route().decorator().`, `${P}Router#route().`],
      [`${P}helper().`, `${P}__init__:`],
      [`${P}outer().`, `${P}__init__:`],
      [`${P}outer().inner().`, `${P}outer().`],
    ]);
    expect(graph.callers.get(`${P}helper().`)).toEqual([`${P}Router#route().decorator().`, `${P}outer().inner().`]);
    expect(graph.calls.get(`${P}outer().`)).toEqual([`${P}outer().inner().`]);

    const js = await index({ 'app.js': 'function helper (x) { return x }\nfunction outer (xs) {\n  function inner (x) { return helper(x) }\n  return xs.map(inner)\n}\n' }, 'javascript');
    const jsGraph = await buildFactGraph(js.outputPath, { name: 'demo' });
    const J = `${jsGraph.packagePrefix}\`app.js\`/`;
    expect([...jsGraph.symbols.keys()].filter((id) => id.endsWith(').'))).toEqual([`${J}helper().`, `${J}outer().`]);
    expect(jsGraph.callers.get(`${J}helper().`)).toEqual([`${J}outer().`]);
  });

  it('parses JavaScript through the typescript language and follows CommonJS requires', async () => {
    const files = {
      'lib/reply.js': "'use strict'\nfunction send (x) { return x }\nmodule.exports = { send }\n",
      'index.js': "const { send } = require('./lib/reply')\nfunction handler () { send(1) }\n",
    };
    const { outputPath } = await index(files, 'javascript');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect([...graph.symbols.keys()]).toEqual([
      'lmc-tree-sitter npm demo 1.0.0 `index.js`/',
      'lmc-tree-sitter npm demo 1.0.0 `index.js`/handler().',
      'lmc-tree-sitter npm demo 1.0.0 lib/`reply.js`/',
      'lmc-tree-sitter npm demo 1.0.0 lib/`reply.js`/send().',
    ]);
    expect(graph.calls.get('lmc-tree-sitter npm demo 1.0.0 `index.js`/handler().')).toEqual(['lmc-tree-sitter npm demo 1.0.0 lib/`reply.js`/send().']);
  });

  it("ends a declaration's range before the newline it takes, so a use on the next line is not inside it", async () => {
    const source = '#define COPY_TYPE(N) typedef struct { char a[N]; } copy##N\nCOPY_TYPE (2);\n';
    const { documents, outputPath } = await index({ 'inlines.c': source }, 'c');
    const macro = documents[0]!.occurrences.find((o) => o.symbol === 'lmc-tree-sitter c demo 1.0.0 COPY_TYPE().' && o.symbolRoles === SymbolRole.Definition);
    expect(macro?.enclosingRange).toEqual([0, 0, 58]);
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect([...graph.calls]).toEqual([]);
  });

  it('finds the innermost region around each offset, as a scan of every region would', () => {
    // Sorted by start: a file-long package, a function with a closure, a sibling, a region that overlaps
    // without nesting, and two regions with the same start (the later, narrower one is innermost).
    const regions = [
      { start: 0, end: 100 },
      { start: 10, end: 40 },
      { start: 20, end: 30 },
      { start: 50, end: 60 },
      { start: 55, end: 80 },
      { start: 90, end: 99 },
      { start: 90, end: 95 },
    ];
    const at = innermostRegion(regions);
    const offsets = [0, 9, 10, 25, 30, 45, 52, 58, 60, 79, 80, 90, 94, 95, 99, 100, 150];
    expect(offsets.map(at)).toEqual([0, 0, 1, 2, 1, 0, 3, 4, 4, 4, 0, 6, 6, 5, 0, -1, -1]);
    const scan = (offset: number) => regions.reduce((best, r, i) => (r.start <= offset && offset < r.end ? i : best), -1);
    expect(offsets.map(at)).toEqual(offsets.map(scan));
    expect(innermostRegion([])(5)).toBe(-1);
  });

  it('blanks the macros a language lists, with their arguments, keeping every position', () => {
    const source = 'NS_ASSUME_NONNULL_BEGIN\n@interface A : NSObject\n- (id)init NS_SWIFT_NAME(make(a:(int)b));\n@end\nNS_ASSUME_NONNULL_BEGINS x;\n';
    const blanked = blankMacros(source, ['NS_ASSUME_NONNULL_BEGIN', 'NS_SWIFT_NAME']);
    expect(blanked).toBe(`${' '.repeat(23)}\n@interface A : NSObject\n- (id)init ${' '.repeat(29)};\n@end\nNS_ASSUME_NONNULL_BEGINS x;\n`);
    expect(blanked.length).toBe(source.length);
    expect(blankMacros(source, [])).toBe(source);
    // A pattern names a family of macros, matched against whole identifiers only.
    expect(blankMacros('class LEVELDB_EXPORT Env {};\nint MY_EXPORTS = 1;\n', ['[A-Z][A-Z0-9_]*_EXPORT'])).toBe(`class ${' '.repeat(14)} Env {};\nint MY_EXPORTS = 1;\n`);
  });

  it('reads a C++ class whose declaration carries a symbol-visibility macro', async () => {
    const { documents } = await index({ 'env.h': 'namespace db {\nclass DB_EXPORT Env {\n public:\n  virtual int Now();\n};\n}\n' }, 'cpp');
    const defined = documents[0]!.occurrences.filter((o) => o.symbolRoles & SymbolRole.Definition).map((o) => o.symbol);
    expect(defined).toEqual(['lmc-tree-sitter cpp demo 1.0.0 db/', 'lmc-tree-sitter cpp demo 1.0.0 db/Env#', 'lmc-tree-sitter cpp demo 1.0.0 db/Env#Now().']);
  });

  // The symbols a document defines; the locals its bodies bind are definitions too (tested apart, below).
  const definitionsOf = (document: ScipDocument) =>
    document.occurrences
      .filter((o) => o.symbolRoles & SymbolRole.Definition && !o.symbol.startsWith('local '))
      .map((o) => [o.symbol.replace(/^lmc-tree-sitter \S+ demo 1\.0\.0 /, ''), o.range, o.enclosingRange]);

  it('writes what a body binds (parameters, `let ... in`, a nested function) as definitions of locals of its own, one per binding', async () => {
    const { documents } = await index({ 'queue.ml': 'let copy = let rec go x = x in fun q -> go q\n' }, 'ocaml');
    const locals = documents[0]!.occurrences.filter((o) => o.symbolRoles & SymbolRole.Definition && o.symbol.startsWith('local ')).map((o) => [o.symbol, o.range]);
    // `go` (the nested function, no symbol), its parameter `x` and the lambda's `q`: the parameters come first, then what the body defines.
    expect(locals).toEqual([
      ['local binding-2', [0, 19, 21]],
      ['local binding-0', [0, 22, 23]],
      ['local binding-1', [0, 35, 36]],
    ]);
  });

  it("makes an OCaml interface's val one more definition of the implementation's let, and binds nothing for a wildcard or a functor's argument structure", async () => {
    const { documents } = await index(
      {
        'queue.ml': 'let copy = let rec go x = x in fun q -> go q\nlet _ = copy 1\ninclude Make(struct type t = int let equal = (=) end)\n',
        'queue.mli': 'val copy : int -> int\nval missing : int\n',
      },
      'ocaml',
    );
    expect(documents.map((d) => [d.relativePath, definitionsOf(d)])).toEqual([
      ['queue.ml', [['Queue/', [0, 0, 0], [0, 0, 3, 0]], ['Queue/copy.', [0, 4, 8], []]]],
      ['queue.mli', [['Queue/', [0, 0, 0], [0, 0, 2, 0]], ['Queue/copy.', [0, 4, 8], [0, 0, 21]]]],
    ]);
  });

  it("takes the signature of a functor's parameter as no part of the functor: its `type t` is not the functor's record `t` (OCaml)", async () => {
    const { documents } = await index(
      { 'eph.ml': "module MakeSeeded(H: sig type t val equal: t -> t -> bool end) = struct\n  type 'a t = { mutable size: int; data: int }\nend\n" },
      'ocaml',
    );
    expect(definitionsOf(documents[0]!).map(([symbol, range]) => [symbol, range])).toEqual([
      ['Eph/', [0, 0, 0]],
      ['Eph/MakeSeeded/', [0, 7, 17]],
      ['Eph/MakeSeeded/t#', [1, 10, 11]],
      ['Eph/MakeSeeded/t#size.', [1, 24, 28]],
      ['Eph/MakeSeeded/t#data.', [1, 35, 39]],
    ]);
  });

  it("reads a module's own name in its body as the outer module of that name, unless it is `module rec` (OCaml)", async () => {
    const { outputPath } = await index(
      {
        'array.ml': 'let unsafe_set a i x = ()\n',
        'float.ml':
          'module Array = struct\n  let unsafe_set a i x = ()\n  let fill a = Array.unsafe_set a 0 1\nend\n' +
          'module rec Tree = struct\n  let leaf x = x\n  let grow x = Tree.leaf x\nend\n',
      },
      'ocaml',
    );
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const R = graph.packagePrefix;
    expect(Object.fromEntries(graph.calls)).toEqual({
      [`${R}Float/Array/fill().`]: [`${R}Array/unsafe_set().`],
      [`${R}Float/Tree/grow().`]: [`${R}Float/Tree/leaf().`],
    });
  });

  it('makes a top-level Haskell type signature one more definition of the function its equations define', async () => {
    const { documents } = await index({ 'A.hs': 'module A where\ngmap :: Graph gr => gr -> gr\ngmap g = g\n\nx, y :: Int\nx = 1\ny = 2\n' }, 'haskell');
    expect(definitionsOf(documents[0]!)).toEqual([
      ['A/', [0, 0, 0], [0, 0, 7, 0]],
      ['A/gmap().', [1, 0, 4], [1, 0, 28]],
      ['A/gmap().', [2, 0, 4], [2, 0, 10]],
      ['A/x().', [4, 0, 1], [4, 0, 11]],
      ['A/y().', [4, 3, 4], [4, 0, 11]],
      ['A/x().', [5, 0, 1], [5, 0, 5]],
      ['A/y().', [6, 0, 1], [6, 0, 5]],
    ]);
  });

  it("binds nothing for Go's blank identifier, a Zig enum's non-exhaustive marker or a private Zig alias", async () => {
    const go = await index({ 'render.go': 'package render\n\ntype Render interface{ Render() }\n\nvar _ Render = JSON{}\nconst _ = 1\n' }, 'go');
    expect(definitionsOf(go.documents[0]!).map(([id]) => id)).toEqual(['render/', 'render/Render#', 'render/Render#Render().']);
    const reader = await index({ 'compress.zig': 'const std = @import("std");\nconst io = std.io;\npub fn HashedReader(comptime R: type) type {\n    return struct {\n        pub const Error = R.Error;\n        child: R,\n    };\n}\n' }, 'zig');
    // A private alias is no symbol; a public one is a member users name (`HashedReader(R).Error`).
    expect(definitionsOf(reader.documents[0]!).map(([id]) => id)).toEqual(['compress/', 'compress/HashedReader#', 'compress/HashedReader#Error.', 'compress/HashedReader#child.']);
    const zig = await index({ 'xz.zig': 'pub const Check = enum(u4) {\n    none = 0,\n    crc32 = 1,\n    _,\n};\n' }, 'zig');
    expect(definitionsOf(zig.documents[0]!).map(([id]) => id)).toEqual(['xz/', 'xz/Check#', 'xz/Check#none.', 'xz/Check#crc32.']);
  });

  it("reads each attribute of a Perl `has [qw(...)]` list", async () => {
    const { documents } = await index({ 'lib/Res.pm': 'package Res;\nuse Mojo::Base -base;\nhas [qw(code message)];\nhas max => 10;\n1;\n' }, 'perl');
    expect(definitionsOf(documents[0]!).map(([id]) => id)).toEqual(['Res#', 'Res#code.', 'Res#message.', 'Res#max.']);
  });

  it("defines a Bash variable wherever the script's own shell assigns it (a top-level loop's variable and the grammar's `else` after assignments included): not in a function, a subshell, a pipeline or before a command", async () => {
    const script = [
      'MODE=fast',
      'if [[ -n "$1" ]]; then',
      '  case "$1" in',
      '  tap) REPORT="report.tap" ;;',
      '  esac',
      'else',
      '  readonly LIMIT=3',
      'fi',
      'for f in *; do COUNT+=1; done',
      'if true; then',
      '  IFS=, TAGS+=(a)',
      'else',
      '  :',
      'fi',
      '{ GROUPED=1; }',
      'setup() { INNER=1; }',
      '( SUB=1 )',
      'echo | PIPED=1',
      'LANG=C sort',
      'X="$(Y=1; echo)"',
      '',
    ].join('\n');
    const { documents } = await index({ 'bin/run.sh': script }, 'bash');
    expect(definitionsOf(documents[0]!).map(([id]) => id)).toEqual(['bin/run/', 'bin/run/MODE.', 'bin/run/REPORT.', 'bin/run/LIMIT.', 'bin/run/f.', 'bin/run/COUNT.', 'bin/run/IFS.', 'bin/run/TAGS.', 'bin/run/GROUPED.', 'bin/run/setup().', 'bin/run/X.']);
  });

  it('binds no Bash command to a variable of its name: `dirname` is the program, not the script\'s `dirname=…`', async () => {
    const { documents } = await index({ 'bin/run.sh': 'for f in *; do dirname=$f; done\nroot() { dirname "$0"; setup; }\nsetup() { :; }\n' }, 'bash');
    const references = documents[0]!.occurrences.filter((o) => !(o.symbolRoles & SymbolRole.Definition)).map((o) => o.symbol.replace(/^lmc-tree-sitter \S+ demo 1\.0\.0 /, ''));
    // `dirname` and `:` are calls of nothing the corpus defines.
    expect(references).toEqual(['local unresolved-0', 'bin/run/setup().', 'local unresolved-1']);
  });

  it("ends a Perl file's later package with its last statement, so the file's trailing POD is not the helper's; a lone package keeps it", async () => {
    const pod = '\n=head1 NAME\n\nUtil - split_header\n\n=cut\n';
    const two = await index({ 'lib/Util.pm': `package Util;\nsub split_header { 1 }\npackage Util::_Guard;\nsub DESTROY { 1 }\n1;\n${pod}` }, 'perl');
    expect(definitionsOf(two.documents[0]!).filter(([id]) => !String(id).includes('().'))).toEqual([
      ['Util#', [0, 8, 12], [0, 0, 2, 0]],
      ['`Util::_Guard`#', [2, 8, 20], [2, 0, 4, 2]],
    ]);
    const one = await index({ 'lib/Util.pm': `package Util;\nsub split_header { 1 }\n1;\n${pod}` }, 'perl');
    expect(definitionsOf(one.documents[0]!).filter(([id]) => !String(id).includes('().'))).toEqual([['Util#', [0, 8, 12], [0, 0, 9, 0]]]);
  });

  it("gives a computed property's getter (Swift) and a property's accessors (C#) the property as their enclosing definition; a stored property none", async () => {
    const swift = await index({ 'Photo.swift': 'class Depth { init() {} }\nclass Photo {\n  var depth: Depth? {\n    return Depth()\n  }\n  var width = 1\n}\n' }, 'swift');
    expect(definitionsOf(swift.documents[0]!).filter(([id]) => String(id).includes('Photo#'))).toEqual([
      ['Photo#', [1, 6, 11], [1, 0, 6, 1]],
      ['Photo#depth.', [2, 6, 11], [2, 2, 4, 3]],
      ['Photo#width.', [5, 6, 11], []],
    ]);
    const calls = swift.documents[0]!.occurrences.filter((o) => !(o.symbolRoles & SymbolRole.Definition)).map((o) => [o.symbol.replace(/^lmc-tree-sitter \S+ demo 1\.0\.0 /, ''), o.range]);
    expect(calls).toEqual([['Depth#`<constructor>`().', [3, 11, 16]]]);
    const csharp = await index({ 'Subject.cs': 'class Subject {\n  int value;\n  public int Value { get { Check(); return value; } }\n  void Check() {}\n}\n' }, 'csharp');
    expect(definitionsOf(csharp.documents[0]!).find(([id]) => String(id).endsWith('Subject#Value.'))).toEqual(['Subject#Value.', [2, 13, 18], [2, 2, 53]]);
  });

  it("reads a Kotlin constructor property by its name, never by its default value", async () => {
    const { documents } = await index({ 'ColorStop.kt': 'package ui\n\nclass ColorStop(var color: Int? = null, val position: Float)\n' }, 'kotlin');
    expect(definitionsOf(documents[0]!).map(([id]) => id)).toEqual(['ui/', 'ui/ColorStop#', 'ui/ColorStop#`<constructor>`().', 'ui/ColorStop#color.', 'ui/ColorStop#position.']);
  });

  it("marks a Kotlin companion object's functions as static methods, which the fact graph keeps and builder_chain asks as no link", async () => {
    const source = 'package ui\n\nclass Repeat(val x: Int) {\n  fun twice(): Repeat = Repeat(x * 2)\n  companion object {\n    fun parse(s: String): Repeat? = null\n  }\n}\n';
    const { documents, outputPath } = await index({ 'Repeat.kt': source }, 'kotlin');
    const local = (id: string) => id.replace(/^lmc-tree-sitter \S+ demo 1\.0\.0 /, '');
    const kinds = documents[0]!.symbols.filter((s) => s.symbol.endsWith(').')).map((s) => [local(s.symbol), s.kind]);
    // SCIP's Method is 26, StaticMethod 80; the constructor is 9.
    expect(kinds).toEqual([['ui/Repeat#`<constructor>`().', 9], ['ui/Repeat#twice().', 26], ['ui/Repeat#parse().', 80]]);
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect([...graph.symbols.values()].filter((s) => s.static).map((s) => [s.display, s.kind])).toEqual([['ui/Repeat#parse().', 'method']]);
    // Both return their own type; only the instance method is a link of a chain.
    const facts = new Facts(graph, languageOf('kotlin'));
    const builder = generators.find((g) => g.subType === 'builder_chain')!;
    const asked = builder.candidates({ facts, rng: createRng(1, 'builder_chain'), search: () => [] }).map((c) => c.draft()?.query);
    expect(asked).toEqual([{ op: 'lookup', name: 'Repeat#twice', bare_name: true }]);
  });

  it("notes the members of a top-level type the corpus only extends, so no lookup of their names is asked", async () => {
    const files = {
      'Connection+connects.swift': 'import AVFoundation\n\nextension AVCaptureConnection {\n  func isConnectedTo(_ port: Int) -> Bool { return true }\n}\n',
      'Resolved.swift': 'class Resolved {\n  func isConnectedTo(_ port: Int) -> Bool { return false }\n  func only() {}\n}\n',
    };
    const { outputPath } = await index(files, 'swift');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    expect([...graph.undefinedTypes]).toEqual([['', [{ name: 'AVCaptureConnection', file: 'Connection+connects.swift', members: ['isConnectedTo'] }]]]);
    // A bare-name lookup of isConnectedTo would list Resolved's method and not the extension's.
    const facts = new Facts(graph, languageOf('swift'));
    expect(facts.declaredButMissing('isConnectedTo')).toBe(true);
    expect(facts.declaredButMissing('only')).toBe(false);
  });

  it('defines no Lua file-level value for a cached global or a member reached through a require', async () => {
    const { documents } = await index({ 'util/net.lua': 'local pairs = pairs;\nlocal to_ascii = require "util.encodings".idna.to_ascii;\nlocal limit = 10;\nlocal insert = table.insert;\n' }, 'lua');
    expect(definitionsOf(documents[0]!).map(([id]) => id)).toEqual(['util/net/', 'util/net/limit.', 'util/net/insert.']);
  });

  it('indexes a file with syntax errors as far as it parses', async () => {
    const { result, documents } = await index({ 'broken.py': 'def ok():\n    return 1\n\ndef broken(:\n' }, 'python');
    expect(result.files).toBe(1);
    expect(documents[0]!.occurrences.map((o) => o.symbol)).toContain('lmc-tree-sitter python demo 1.0.0 broken/ok().');
  });

  it("resolves a bare Ruby call only in the class or module holding its definition, with what that includes (selfScope: innermost)", async () => {
    const files = {
      'lib/response.rb': [
        'class Response',
        '  def get_header(key); end',
        '  def status; code; end',
        '  def code; 200; end',
        '  module Helpers',
        '    def etag',
        '      get_header(:etag)',
        '    end',
        '    def ok?',
        '      etag',
        '    end',
        '  end',
        '  include Helpers',
        '  def fresh?',
        '    ok?',
        '  end',
        'end',
        'module Tools',
        '  def shout; end',
        'end',
        'class Other',
        '  def call; shout; end',
        'end',
        '',
      ].join('\n'),
    };
    const { outputPath } = await index(files, 'ruby');
    const graph = await buildFactGraph(outputPath, { name: 'demo' });
    const R = graph.packagePrefix;
    expect(Object.fromEntries(graph.calls)).toEqual({
      [`${R}Response#status().`]: [`${R}Response#code().`],
      [`${R}Response#Helpers/\`ok?\`().`]: [`${R}Response#Helpers/etag().`],
      [`${R}Response#\`fresh?\`().`]: [`${R}Response#Helpers/\`ok?\`().`],
    });
    // `self` in Helpers#etag is whatever includes Helpers; `shout` is in a module Other never includes.
    expect([...graph.unresolved.names].sort()).toEqual(['get_header', 'include', 'shout']);
  });

  it('refuses a language no folder defines, naming the ones there are', async () => {
    await expect(index({ 'a.cob': 'IDENTIFICATION DIVISION.' }, 'cobol')).rejects.toThrow(`no language "cobol" (known: ${languageNames().join(', ')}); add a folder under languages/`);
  });
});
