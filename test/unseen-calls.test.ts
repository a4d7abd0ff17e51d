import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFactGraph, type FactGraph } from '../graph/fact-graph.ts';
import { indexWithTreeSitter } from '../indexers/tree-sitter/index.ts';

// Calls the grammar does not parse as calls, or writes under another name: each language folder either
// reads them as the calls they are or makes them count as calls nobody can bind, so no callers or
// callees question is asked as if it were complete.

const temps: string[] = [];
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function graphOf(language: string, files: Record<string, string>): Promise<{ graph: FactGraph; local: (id: string) => string }> {
  const dir = await mkdtemp(join(tmpdir(), 'lmc-unseen-'));
  temps.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, 'tree', path)), { recursive: true });
    await writeFile(join(dir, 'tree', path), content);
  }
  const outputPath = join(dir, 'index.scip');
  await indexWithTreeSitter({ treeDir: join(dir, 'tree'), language, project: { name: 'demo', version: '1.0.0' }, outputPath });
  const graph = await buildFactGraph(outputPath, { name: 'demo' });
  return { graph, local: (id) => id.slice(graph.packagePrefix.length) };
}

function edges(graph: FactGraph, local: (id: string) => string): string[] {
  return [...graph.calls].flatMap(([from, tos]) => tos.map((to) => `${local(from)} -> ${local(to)}`)).sort();
}

const unresolvedBodies = (graph: FactGraph, local: (id: string) => string) => [...graph.unresolved.bodies].map(local).sort();

describe('calls the grammar does not read as calls', () => {
  it('C: a call written in a macro definition counts as an unresolved call of its name, in the macro', async () => {
    const { graph, local } = await graphOf('c', {
      'check.h': '#define TEST_VERIFY(expr) ({ if (expr) ; else verify_impl (__FILE__, #expr); })\nvoid verify_impl (const char *f, const char *e);\n',
      'check.c': '#include "check.h"\nvoid verify_impl (const char *f, const char *e) { report (f); }\nvoid report (const char *f) {}\nint test (void) { TEST_VERIFY (1); return 0; }\n',
    });
    expect(edges(graph, local)).toEqual(['test(). -> TEST_VERIFY().', 'verify_impl(). -> report().']);
    expect(graph.unresolved.names.has('verify_impl')).toBe(true);
    // The macro's text runs where it is used: test() calls verify_impl too, unbound.
    expect(unresolvedBodies(graph, local)).toEqual(['TEST_VERIFY().', 'test().']);
  });

  it('Perl: a call inside a parse error counts as an unresolved call of its name, in its sub', async () => {
    const source = [
      'package Cmds;',
      'sub detect { 1 }',
      'sub _args {',
      "  getopt shift, ['pass_through'],",
      "    'h|help' => \\$ENV{MOJO_HELP}",
      '    unless __PACKAGE__->detect;',
      '}',
      'sub run { my $self = shift; $self->detect(); }',
      '1;',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('perl', { 'Cmds.pm': source });
    expect(edges(graph, local)).toEqual(['Cmds#run(). -> Cmds#detect().']);
    expect(graph.unresolved.names.has('detect')).toBe(true);
    expect(unresolvedBodies(graph, local)).toContain('Cmds#_args().');
  });

  it('Objective-C: a message sent in a macro definition counts as unresolved; `self.value = x` calls the setter', async () => {
    const { graph, local } = await graphOf('objc', {
      'Wrap.h': '#define WRAP_VIEW(name) \\\n- (UIView *)view { return [super view]; }\n',
      'Node.h': '@interface Node : NSObject\n@end\n',
      'Node.m': [
        '@implementation Node',
        '- (void)setValue:(double)v { }',
        '- (void)view { }',
        '- (void)attach { self.value = 3; self.frame = 4; }',
        '@end',
        '',
      ].join('\n'),
    });
    expect(edges(graph, local)).toEqual(['Node#attach(). -> Node#setValue().']);
    expect(graph.unresolved.names.has('view')).toBe(true);
    // `frame` has no setter the corpus writes: an unresolved call, so attach's callees are not known whole.
    expect(graph.unresolved.names.has('setFrame')).toBe(true);
  });

  it('Rust: a call inside a macro_rules! repetition is read, and credits no caller', async () => {
    const source = [
      'pub fn find_words(s: &str) -> usize { s.len() }',
      'pub fn wrap(s: &str) -> usize { find_words(s) }',
      'macro_rules! test_find {',
      '    ($name:ident, $([ $line:expr ]),+) => {',
      '        fn $name() { $( let w = find_words($line); )+ }',
      '    };',
      '}',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('rust', { 'src/lib.rs': source });
    expect(edges(graph, local)).toEqual(['wrap(). -> find_words().']);
    expect([...graph.calledOutsideBodies.keys()].map(local)).toEqual(['find_words().']);
  });

  it('Lua: a function taken into a file-level local under another name counts as an unresolved call of it', async () => {
    const { graph, local } = await graphOf('lua', {
      'util/random.lua': 'local M = {}\nfunction M.bytes(n) return n end\nreturn M\n',
      'util/uuid.lua': 'local random = require "util.random"\nlocal random_bytes = random.bytes\nlocal function get(n) return random_bytes(n) end\nreturn { get = get }\n',
    });
    expect(edges(graph, local)).toEqual([]);
    expect(graph.unresolved.names.has('bytes')).toBe(true);
  });

  it('Lua: a function a table hands on under another key counts as an unresolved call of it', async () => {
    const { graph } = await graphOf('lua', {
      'util/error.lua': 'local function is_error(e) return e end\nlocal function new(e) return is_error(e) end\nreturn { new = new, is_error = is_error, is_err = is_error }\n',
    });
    expect(graph.unresolved.names.has('is_error')).toBe(true);
    expect(graph.unresolved.names.has('new')).toBe(false);
  });

  it('Perl: code run inside a string (`@{[f $x]}`) is read as text', async () => {
    const source = 'package Gen;\nuse Mojo::Util qw(decamelize);\nsub run { my $c = shift; my $f = "x/@{[decamelize $c]}.yml"; }\n1;\n';
    const { graph, local } = await graphOf('perl', { 'Gen.pm': source });
    expect(graph.unresolved.names.has('decamelize')).toBe(true);
    expect(unresolvedBodies(graph, local)).toEqual(['Gen#run().']);
  });

  it('C#: a call that an extension method of its name may take stays unresolved', async () => {
    const source = [
      'namespace UniRx {',
      '  public interface IScheduler { void Schedule(TimeSpan t, Action a); void Now(); }',
      '  public static class Scheduler {',
      '    public static void Schedule(this IScheduler s, DateTimeOffset d, Action a) { }',
      '  }',
      '  public class Use {',
      '    void Run(IScheduler scheduler) { scheduler.Schedule(when, act); scheduler.Now(); }',
      '  }',
      '}',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('csharp', { 'Scheduler.cs': source });
    expect(edges(graph, local)).toEqual(['UniRx/Use#Run(). -> UniRx/IScheduler#Now().']);
    expect(graph.unresolved.names.has('Schedule')).toBe(true);
  });

  it('Haskell: `match = matchGr` calls matchGr; a method of an instance for an outside type credits no caller', async () => {
    const source = [
      'module Tree where',
      'data Gr = Gr Int',
      'matchGr :: Gr -> Int',
      'matchGr (Gr n) = n',
      'showGraph :: Gr -> String',
      'showGraph g = "g"',
      'instance Graph Gr where',
      '  match = matchGr',
      'instance Show (IO Gr) where',
      '  show g = showGraph g',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('haskell', { 'Tree.hs': source });
    expect(edges(graph, local)).toEqual(['Tree/Gr#match(). -> Tree/matchGr().']);
    expect([...graph.calledOutsideBodies].map(([id, files]) => [local(id), files])).toEqual([['Tree/showGraph().', ['Tree.hs']]]);
  });

  it('Ruby: a bare name is a call on self unless a local binds it; a bare `new` constructs the class around it', async () => {
    const source = [
      'class Req',
      '  def self.parse(s)',
      '    new(s)',
      '  end',
      '  def initialize(s); end',
      '  def query_string; end',
      '  def params; end',
      '  def get(env)',
      '    params["x"] + query_string + env',
      '  end',
      '  def again; self.class.new(1); end',
      '  def log(env); ::Logger.new(env); end',
      '  def build(klass); klass.new(1); end',
      '  def shadowed(query_string)',
      '    params = 1',
      '    [query_string, params].each { |e| e }',
      '  end',
      'end',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('ruby', { 'req.rb': source });
    expect(edges(graph, local)).toEqual([
      'Req#again(). -> Req#`<constructor>`().',
      'Req#get(). -> Req#params().',
      'Req#get(). -> Req#query_string().',
      'Req#parse(). -> Req#`<constructor>`().',
    ]);
    // `klass.new` constructs a class nobody can tell, `::Logger` is no Logger of this corpus, and `.each` is unbound.
    expect(unresolvedBodies(graph, local)).toEqual(['Req#build().', 'Req#log().', 'Req#shadowed().']);
  });

  it('Ruby: `::Logger` inside a namespace names the top-level Logger, not the namespace\'s own', async () => {
    const { graph, local } = await graphOf('ruby', {
      'rack/logger.rb': 'module Rack\n  class Logger\n    def initialize(app); end\n    def call(env); ::Logger.new(env); end\n  end\nend\n',
    });
    expect(edges(graph, local)).toEqual([]);
  });

  it('Ruby: a bare name reaches only the class around it; `self.new` constructs it', async () => {
    const source = [
      'module Rack',
      '  module Utils',
      '    def self.param_depth_limit; 1; end',
      '  end',
      '  class QueryParser',
      '    attr_reader :param_depth_limit',
      '    def self.make; self.new(1); end',
      '    def initialize(n); end',
      '    def deeper; param_depth_limit + 1; end',
      '  end',
      'end',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('ruby', { 'query_parser.rb': source });
    expect(edges(graph, local)).toEqual(['Rack/QueryParser#make(). -> Rack/QueryParser#`<constructor>`().']);
    // `param_depth_limit` is the attr_reader's, no method the walker defines; `attr_reader` itself is unbound.
    expect(unresolvedBodies(graph, local)).toEqual(['Rack/QueryParser#', 'Rack/QueryParser#deeper().']);
  });

  it('PHP: `new self` constructs the class around it; `new $class` is a construction nobody can bind', async () => {
    const source = '<?php\nnamespace App;\nclass Style {\n  public function __construct($a) {}\n  public function err() { return new self(1); }\n  public function make($c) { return new $c(1); }\n}\n';
    const { graph, local } = await graphOf('php', { 'Style.php': source });
    expect(edges(graph, local)).toEqual(['App/Style#err(). -> App/Style#`<constructor>`().']);
    expect(unresolvedBodies(graph, local)).toEqual(['App/Style#make().']);
  });

  it('C++: a call on what a call gives is recorded, unresolved; a default argument is no call of the function declaring it', async () => {
    const source = [
      'namespace db {',
      'class Slice { public: Slice() {} };',
      'class Status { public: bool ok() const { return true; } };',
      'class Builder {',
      ' public:',
      '  Status status() const { return Status(); }',
      '  bool ok() const { return status().ok(); }',
      '  static Status Invalid(const Slice& msg, const Slice& msg2 = Slice()) { return Status(); }',
      '};',
      '}',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('cpp', { 'builder.h': source });
    expect(edges(graph, local).filter((e) => e.startsWith('db/Builder#'))).toEqual(['db/Builder#ok(). -> db/Builder#status().']);
    expect(unresolvedBodies(graph, local)).toEqual(['db/Builder#Invalid().', 'db/Builder#ok().']);
    expect(graph.callers.get(`${graph.packagePrefix}db/Slice#\`<constructor>\`().`)).toBeUndefined();
    expect(graph.unresolved.names.has('Slice')).toBe(true);
  });

  it('Perl: a bare built-in is Perl\'s own; a sub the grammar made of a parse error is read as text', async () => {
    const source = [
      'package Coll;',
      'sub join { my $s = shift; return join "", map {"$_"} @$s; }',
      'sub map { 1 }',
      'sub register {',
      '  my $x = sub {',
      '    local *{"${ns}::_C"} = sub {$c};',
      '    Other::_render($c);',
      '  };',
      '}',
      '1;',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('perl', { 'Coll.pm': source });
    expect(edges(graph, local)).toEqual([]);
    expect([...graph.symbols.keys()].map(local).sort()).toEqual(['Coll#', 'Coll#join().', 'Coll#map().', 'Coll#register().']);
    expect(graph.unresolved.names.has('_render')).toBe(true);
  });

  it('Kotlin: a call passing arguments never reaches a callable that takes none', async () => {
    const source = [
      'package demo',
      'class Registry {',
      '  inner class Handler {',
      '    fun getName(): String = getName(this)',
      '  }',
      '  companion object {',
      '    fun getName(h: Any): String = h.toString()',
      '  }',
      '}',
      '',
    ].join('\n');
    const { graph, local } = await graphOf('kotlin', { 'Registry.kt': source });
    expect(edges(graph, local)).toEqual([]);
    // The companion's `h.toString()` is unbound too.
    expect(unresolvedBodies(graph, local)).toEqual(['demo/Registry#Handler#getName().', 'demo/Registry#getName().']);
  });

  it('OCaml: only a `let rec` calls itself by name; `let g = f` calls f outside any body', async () => {
    const { graph, local } = await graphOf('ocaml', {
      'complex.ml': 'let exp x = let e = exp x.re in e\nlet rec fact n = fact (n - 1)\nlet ikfprintf k = k\nlet ikbprintf = ikfprintf\nlet pow a = exp a\n',
    });
    expect(edges(graph, local)).toEqual(['Complex/fact(). -> Complex/fact().', 'Complex/pow(). -> Complex/exp().']);
    expect(graph.unresolved.names.has('exp')).toBe(true);
    expect([...graph.calledOutsideBodies.keys()].map(local)).toEqual(['Complex/ikfprintf().']);
  });

  it('Ruby: code in a string handed to eval is read as text', async () => {
    const source = [
      'module Rack',
      '  class Builder',
      '    def initialize; end',
      '    def self.from_string(s)',
      "      TOPLEVEL_BINDING.eval('Rack::Builder.new.instance_eval { binding }')",
      '    end',
      '    def self.app; new; end',
      '  end',
      'end',
      '',
    ].join('\n');
    const { graph } = await graphOf('ruby', { 'builder.rb': source });
    expect(graph.unresolved.names.has('Builder')).toBe(true);
  });
});

describe('definitions a reading of every member listing found missing', () => {
  const ids = (graph: FactGraph, local: (id: string) => string) => [...graph.symbols.keys()].map(local).sort();

  it('Go: an embedded field is a field named after its type; `path, result string` declares two', async () => {
    const { graph, local } = await graphOf('go', {
      'gin.go': 'package gin\nimport "net/http"\ntype RouterGroup struct{}\ntype Engine struct {\n  RouterGroup\n  http.ResponseWriter\n  path, result string\n}\n',
    });
    expect((graph.contains.get(`${graph.packagePrefix}gin/Engine#`) ?? []).map(local)).toEqual([
      'gin/Engine#ResponseWriter.',
      'gin/Engine#RouterGroup.',
      'gin/Engine#path.',
      'gin/Engine#result.',
    ]);
  });

  it("Perl: `has 'max_keys'` declares the attribute max_keys", async () => {
    const { graph, local } = await graphOf('perl', { 'Cache.pm': "package Cache;\nhas 'max_keys' => 100;\nhas data => sub {1};\n1;\n" });
    expect(ids(graph, local)).toEqual(['Cache#', 'Cache#data.', 'Cache#max_keys.']);
  });

  it('Solidity: receive() and fallback() are functions of their contract', async () => {
    const { graph, local } = await graphOf('solidity', {
      'W.sol': 'contract W {\n  receive() external payable { deposit(); }\n  fallback() external {}\n  function deposit() public {}\n}\n',
    });
    expect((graph.contains.get(`${graph.packagePrefix}\`W.sol\`/W#`) ?? []).map(local)).toEqual(['`W.sol`/W#deposit().', '`W.sol`/W#fallback().', '`W.sol`/W#receive().']);
    expect(edges(graph, local)).toEqual(['`W.sol`/W#receive(). -> `W.sol`/W#deposit().']);
  });

  it('Haskell: an operator holding a dot is one name; one defined in prefix form is defined', async () => {
    const { graph, local } = await graphOf('haskell', {
      'M.hs': 'module M where\n(>>.) :: Int -> Int -> Int\na >>. b = a\n(><) :: Int -> Int -> Int\n(><) a b = b\n',
    });
    expect(ids(graph, local)).toEqual(['M/', 'M/`><`().', 'M/`>>.`().']);
  });

  it('C: a macro defined in two files is filed under the first, and the graph says the second holds it too', async () => {
    const { graph, local } = await graphOf('c', { 'a.c': '#define CHAR char\nint f(void) { return 0; }\n', 'b.c': '#define CHAR wchar_t\n#define WIDE 1\n' });
    expect([...graph.filedElsewhere].map(([file, ids]) => [file, ids.map(local)])).toEqual([['b.c', ['CHAR.']]]);
  });
});

