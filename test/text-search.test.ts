/**
 * text_search, one rule in two readings: the generators' (Facts over the fact graph) and the
 * oracle's (its own reading of index.scip), both over ripgrep's matches and the parse of each file.
 * A Go corpus with a function defined twice (build-tag twins), and mentions in code, a comment, a
 * string, an import declaration and the fields of a struct.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextSearchQuery } from '../core/contract.ts';
import { loadGrammars } from '../core/grammars.ts';
import { languageOf } from '../core/languages.ts';
import { Oracle } from '../adapters/oracle.ts';
import { parseRgJson, searcherOver } from '../evidence/ripgrep.ts';
import { TreeText } from '../evidence/tree-text.ts';
import { classifiedSearch, readSpansFile, SyntaxClassifier, writeSpansFile, type SpansByFile } from '../evidence/syntax.ts';
import { Facts } from '../generators/facts.ts';
import { buildFactGraph } from '../graph/fact-graph.ts';
import { indexWithTreeSitter } from '../indexers/tree-sitter/index.ts';

const FILES: Record<string, string> = {
  'shop/store.go': `package shop

type Store struct{ path string }

// Open opens the store; call Open before Close.
func Open(path string) *Store { return &Store{path: path} }

func Reopen(s *Store) *Store {
	Close(s)
	return Open(s.path)
}

func Describe() string { return "call Open(path) first" }

var (
	Default = Open("/var/shop")
	Spare   = Open("/a")
	Backup  = Open("/b")
)
`,
  'shop/close_linux.go': `//go:build linux

package shop

func Close(s *Store) {}

type Handle struct {
	fd Label
}
`,
  'shop/close_other.go': `//go:build !linux

package shop

func Close(s *Store) { Open("/tmp/other") }

type Handle struct {
	fd Label
}
`,
  'shop/shelf.go': `package shop

type Label string

type Tag struct{ label Label }

type Bin struct {
	label        Label
	spare, extra Label
	count        int
}

func (b *Bin) Relabel(l Label) { b.label = l }

var Catalog = []string{
	Describe(),
}
`,
  'report/report.go': `package report

import (
	shop "example.com/demo/shop"
)

func Print(s *shop.Store) string { return s.path }
`,
};

const P = 'lmc-tree-sitter golang demo 1.0.0 ';
const id = (d: string) => P + d;

/** A corpus of `files` in `language`, indexed by the walker in a temporary directory, read both ways: Facts over the graph and the oracle. */
async function indexedCorpus(files: Record<string, string>, language: string): Promise<{ dir: string; facts: Facts; search: ReturnType<typeof classifiedSearch>; oracle: Oracle }> {
  const dir = await mkdtemp(join(tmpdir(), 'lmc-text-search-'));
  const tree = join(dir, 'tree');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), text);
  }
  const indexPath = join(dir, 'index.scip');
  await indexWithTreeSitter({ treeDir: tree, language, project: { name: 'demo', version: '1.0.0' }, outputPath: indexPath });
  const facts = new Facts(await buildFactGraph(indexPath, { name: 'demo' }), languageOf(language));
  const text = TreeText.load(tree);
  const search = classifiedSearch(searcherOver(text), new SyntaxClassifier(text, await loadGrammars(language)));
  const oracle = await Oracle.load(indexPath, 'demo', { treeDir: tree, language });
  return { dir, facts, search, oracle };
}

describe('text_search', () => {
  let dir: string;
  let facts: Facts;
  let search: ReturnType<typeof classifiedSearch>;
  let oracle: Oracle;
  beforeAll(async () => {
    ({ dir, facts, search, oracle } = await indexedCorpus(FILES, 'go'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const both = (query: TextSearchQuery) => {
    const generated = facts.answerText(search(query), query.in);
    expect(oracle.answer(query)).toEqual(generated);
    return generated;
  };

  it('classifies each match where it starts: code, comment or string', () => {
    expect(search({ op: 'text_search', pattern: 'Open', mode: 'word', in: 'code' }).map((m) => `${m.file}:${m.line}:${m.start} ${m.syntax}`)).toEqual([
      'shop/close_other.go:5:23 code',
      'shop/store.go:5:3 comment',
      'shop/store.go:5:30 comment',
      'shop/store.go:6:5 code',
      'shop/store.go:10:8 code',
      'shop/store.go:13:38 string',
      'shop/store.go:16:11 code',
      'shop/store.go:17:11 code',
      'shop/store.go:18:11 code',
    ]);
  });

  it('counts code only with in: code, and never the name of a definition', () => {
    expect(both({ op: 'text_search', pattern: 'Open', mode: 'word', in: 'code' })).toEqual([id('shop/Backup.'), id('shop/Close().'), id('shop/Default.'), id('shop/Reopen().'), id('shop/Spare.')]);
  });

  it('counts comments and strings with in: any', () => {
    // The comment above Open (store.go:5) lies outside every definition, in a file whose package is filed under another (close_linux.go): it credits nothing.
    expect(both({ op: 'text_search', pattern: 'Open', mode: 'word', in: 'any' })).toEqual([id('shop/Backup.'), id('shop/Close().'), id('shop/Default.'), id('shop/Describe().'), id('shop/Reopen().'), id('shop/Spare.')]);
  });

  it('credits a match in a top-level variable initializer to the variables named on its line', () => {
    expect(both({ op: 'text_search', pattern: '/var/shop', mode: 'word', in: 'any' })).toEqual([id('shop/Default.')]);
    expect(both({ op: 'text_search', pattern: '"/[ab]"', mode: 'regex', in: 'any' })).toEqual([id('shop/Backup.'), id('shop/Spare.')]);
  });

  it("credits a match on a type's member declaration to the fields named on its line, and one on a type's first line to the type", () => {
    // Each build-tag twin of Handle declares fd: the line is fd's in both files (never Handle's), not only where fd is first defined.
    expect(search({ op: 'text_search', pattern: 'fd Label', mode: 'word', in: 'code' }).map((m) => m.file)).toEqual(['shop/close_linux.go', 'shop/close_other.go']);
    expect(both({ op: 'text_search', pattern: 'Label', mode: 'word', in: 'code' })).toEqual([id('shop/Bin#Relabel().'), id('shop/Bin#extra.'), id('shop/Bin#label.'), id('shop/Bin#spare.'), id('shop/Handle#fd.'), id('shop/Tag#')]);
  });

  it("credits a match on a later line of a declaration's initializer to the value it declares (the language folder's syntax.declarations)", () => {
    expect(search({ op: 'text_search', pattern: '\\bDescribe\\s*\\(', mode: 'regex', in: 'code' }).map((m) => `${m.file}:${m.line} ${m.declaredFrom ?? '-'}`)).toEqual(['shop/shelf.go:16 14', 'shop/store.go:13 -']);
    expect(both({ op: 'text_search', pattern: '\\bDescribe\\s*\\(', mode: 'regex', in: 'code' })).toEqual([id('shop/Catalog.')]);
  });

  it("credits a match outside every definition to its file's module: the first module defined there, when the module is filed under that file (a Go package's first file)", () => {
    expect(both({ op: 'text_search', pattern: 'linux', mode: 'word', in: 'any' })).toEqual([id('shop/')]);
  });

  it('drops every definition of a symbol defined twice (build-tag twins), not only the first', () => {
    expect(both({ op: 'text_search', pattern: '\\bClose\\s*\\(', mode: 'regex', in: 'code' })).toEqual([id('shop/Reopen().')]);
  });

  it('counts a match in an import declaration only with in: code_or_import or any (an import names a package without using it)', () => {
    expect(search({ op: 'text_search', pattern: 'shop', mode: 'word', in: 'code' }).filter((m) => m.file === 'report/report.go').map((m) => `${m.line}:${m.start} ${m.syntax}`)).toEqual([
      '4:1 import',
      '4:24 string',
      '7:14 code',
    ]);
    expect(both({ op: 'text_search', pattern: 'shop', mode: 'word', in: 'code' })).toEqual([id('report/Print().'), id('shop/')]);
    expect(both({ op: 'text_search', pattern: 'shop', mode: 'word', in: 'code_or_import' })).toEqual([id('report/'), id('report/Print().'), id('shop/')]);
    expect(both({ op: 'text_search', pattern: 'shop', mode: 'word', in: 'any' })).toEqual([id('report/'), id('report/Print().'), id('shop/'), id('shop/Default.')]);
  });

  it('answers nothing for a pattern found nowhere', () => {
    expect(both({ op: 'text_search', pattern: 'Nowhere', mode: 'word', in: 'any' })).toEqual([]);
  });
});

/** A SyntaxClassifier over a temporary tree holding `files` (path → text), handed to `use`; the tree is removed after. */
async function withClassifier<T>(language: string, files: Record<string, string>, use: (syntax: SyntaxClassifier) => T): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lmc-syntax-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    return use(new SyntaxClassifier(TreeText.load(dir), await loadGrammars(language)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('where a match starts', () => {
  it("takes a Perl attribute's `has name => sub { … }` as a declaration of named values over all its lines (syntax.declarations), so a read inside is the attribute's", async () => {
    await withClassifier('perl', { 'Shop.pm': "package Shop;\nhas backend => sub {\n  my $name = $ENV{SHOP_BACKEND} || 'Poll';\n  return $name;\n};\ndie 'no shop' unless $ENV{SHOP};\n" }, (syntax) => {
      // Line 2 (0-based) is inside the declaration begun on line 1; the top-level `die … unless` on line 5 is in none.
      expect([syntax.declarationStarts('Shop.pm', 2, 14), syntax.declarationStarts('Shop.pm', 5, 25)]).toEqual([[1], []]);
    });
  });

  it('takes a TypeScript re-export (`export … from`) and an export list (`export type { … };`) for an import, and an export of a declaration for code (syntax.imports `export_statement[source]`, `export_clause`)', async () => {
    await withClassifier('typescript', { 'index.ts': "export type { Priced, Shippable } from './models';\nexport * from './store';\nexport const shippable: Shippable[] = [];\nimport { Store } from './store';\nexport type {\n  Store, Priced,\n};\nexport default Store;\n" }, (syntax) => {
      expect([syntax.classOf('index.ts', 0, 22), syntax.classOf('index.ts', 1, 0), syntax.classOf('index.ts', 2, 24), syntax.classOf('index.ts', 3, 9), syntax.classOf('index.ts', 5, 2), syntax.classOf('index.ts', 5, 9), syntax.classOf('index.ts', 7, 15)]).toEqual(['import', 'import', 'code', 'import', 'import', 'import', 'code']);
    });
  });

  it("takes a Haskell module's header, its name and export list, for an import (syntax.imports `header`): it names the module and what it hands on without using them", async () => {
    await withClassifier('haskell', { 'Data/Thread.hs': 'module Data.Thread (Orient(..), mkGraph) where\nimport B (Orient)\nmkGraph = build Orient Thread\n' }, (syntax) => {
      expect([syntax.classOf('Data/Thread.hs', 0, 12), syntax.classOf('Data/Thread.hs', 0, 20), syntax.classOf('Data/Thread.hs', 0, 32), syntax.classOf('Data/Thread.hs', 1, 10), syntax.classOf('Data/Thread.hs', 2, 16), syntax.classOf('Data/Thread.hs', 2, 23)]).toEqual(['import', 'import', 'import', 'import', 'code', 'code']);
    });
  });

  it('reads an extension-less script by its #! line, as the walker does', async () => {
    await withClassifier('bash', { 'bin/tool': '#!/usr/bin/env bash\n# run setup first\nsetup "setup $ROOT/x ${ROOT}"\n', 'bin/notes': 'setup # not a script\n' }, (syntax) => {
      // A shell expands "$ROOT" inside a string: the language folder lists expansions as interpolations, code again.
      expect([syntax.classOf('bin/tool', 1, 6), syntax.classOf('bin/tool', 2, 0), syntax.classOf('bin/tool', 2, 7), syntax.classOf('bin/tool', 2, 14), syntax.classOf('bin/tool', 2, 23), syntax.classOf('bin/tool', 2, 19), syntax.classOf('bin/notes', 0, 10)]).toEqual([
        'comment', 'code', 'string', 'code', 'code', 'string', 'code',
      ]);
    });
  });
});

describe("code inside a string's interpolation (the language folder's syntax.interpolations)", () => {
  // Each line: a string whose interpolation calls `total`; the column of `total` in the interpolation, then of `plain` in the string's text.
  it.each([
    ['typescript', 'a.ts', 'const a = `plain ${total(1)} end`;', 19, 11],
    ['python', 'a.py', 'a = f"plain {total(1)} end"', 13, 6],
    ['ruby', 'a.rb', 'a = "plain #{total(1)} end"', 13, 5],
    ['kotlin', 'a.kt', 'val a = "plain ${total(1)} end"', 17, 9],
    ['swift', 'a.swift', 'let a = "plain \\(total(1)) end"', 17, 9],
    ['csharp', 'a.cs', 'class A { string a = $"plain {total(1)} end"; }', 30, 23],
  ])('%s: a match in the interpolation is code, one in the text around it string', async (language, file, line, inside, text) => {
    await withClassifier(language, { [file]: `${line}\n` }, (syntax) => {
      expect([line.slice(inside, inside + 5), line.slice(text, text + 5)]).toEqual(['total', 'plain']);
      expect([syntax.classOf(file, 0, inside), syntax.classOf(file, 0, text)]).toEqual(['code', 'string']);
    });
  });
});

describe('Rust tests outside a module of tests', () => {
  it("are the functions right under a `#[test]` line in code (the language folder's tests.markers), and a match in their bodies is test code", async () => {
    const { dir, facts: plain, search } = await indexedCorpus(
      {
        'src/lib.rs': [
          'pub fn total() -> u8 {', '    1', '}', '',
          '#[test]', 'fn total_is_one() {', '    assert_eq!(total(), 1);', '}', '',
          '#[test]', '#[should_panic]', 'fn stacked() {}', '',
          '/*', '#[test]', '*/ fn commented() {}', '',
          'fn helper() -> u8 {', '    total()', '}', '',
        ].join('\n'),
      },
      'rust',
    );
    try {
      const facts = new Facts(plain.graph, languageOf('rust'), search);
      const tests = [...plain.graph.symbols.values()].filter((s) => facts.isTest(s)).map((s) => s.id);
      // `stacked` is a test too, but its name is not right under the marker: asking less is the safe side, it stays non-test code.
      expect(tests).toEqual(['lmc-tree-sitter cargo demo 1.0.0 total_is_one().']);
      const calls = search({ op: 'text_search', pattern: '\\btotal\\(', mode: 'regex', in: 'code' });
      expect(calls.map((m) => `${m.line} ${facts.inTestCode(m)}`)).toEqual(['1 false', '7 true', '19 false']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('matches in a definition the index records under something no file defines', () => {
  it("are credited to the module around them, so no text question counting one is asked (prosody's `function parser.load` on a local table)", async () => {
    const { dir, facts: plain, search } = await indexedCorpus(
      {
        'core/config.lua': ['local parser = nil', 'do', '  parser = {}', '  function parser.load(x)', '    softreq("a")', '  end', 'end', 'local function top()', '  softreq("b")', 'end', 'softreq("c")', 'return parser', ''].join('\n'),
      },
      'lua',
    );
    try {
      const facts = new Facts(plain.graph, languageOf('lua'), search);
      expect(plain.graph.unownedBodies.get('core/config.lua')).toEqual([[3, 2, 5, 5]]);
      const asked = (letter: string) => {
        const matches = search({ op: 'text_search', pattern: `softreq\\("${letter}"`, mode: 'regex', in: 'code' });
        return `${facts.answerText(matches, 'code').map((id) => id.slice(id.lastIndexOf(' ') + 1)).join(',')} ${facts.leavesSitesOut(matches, 'code')}`;
      };
      expect(['a', 'b', 'c'].map(asked)).toEqual(['core/config/ true', 'core/config/top(). false', 'core/config/ false']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a definition that swallowed declarations the index lost', () => {
  it("has no signature to quote: tree-sitter-haskell reads the comprehension `[b|…]` as a quasi-quote that runs on over the next definitions", async () => {
    const { dir, facts: plain, search } = await indexedCorpus(
      {
        'Dom.hs': [
          'module Dom where', '',
          'size :: [Int] -> Int', 'size xs = length xs', '',
          'pick :: [Int] -> [(Int,Int)] -> [Int]', 'pick ks ps = [b|(a,b)<-ps,k<-ks,k==a]', '',
          'widen :: [Int] -> [Int]', 'widen ps = ps', '',
          '{-|', 'A documented function.', '-}', 'narrow :: Int -> Int', 'narrow x = x', '',
        ].join('\n'),
      },
      'haskell',
    );
    try {
      const facts = new Facts(plain.graph, languageOf('haskell'), search);
      const signatures = [...plain.graph.symbols.values()].filter((s) => s.kind === 'function').map((s) => [s.name, s.signature?.slice(0, 40), facts.signatureOf(s)]);
      expect(signatures).toEqual([
        ['pick', 'pick ks ps = [b|(a,b)<-ps,k<-ks,k==a] wi', undefined],
        ['size', 'size xs', 'size xs'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a value declared again where the index records no definition', () => {
  it("is found by the language's valueDeclaration (a Rust `static` inside a function), so a constant of that name is not taken for the only one", async () => {
    const { dir, facts: plain, search } = await indexedCorpus(
      {
        'src/lib.rs': [
          'pub const EMPTY: u8 = 0;', 'pub const LIMIT: u8 = 9;', '',
          'pub fn first() -> u8 {', '    EMPTY + LIMIT', '}', '',
          'pub fn none() -> usize {', '    static EMPTY: [u8; 0] = [];', '    EMPTY.len()', '}', '',
        ].join('\n'),
      },
      'rust',
    );
    try {
      const facts = new Facts(plain.graph, languageOf('rust'), search);
      expect([facts.declaresUnrecorded('EMPTY'), facts.declaresUnrecorded('LIMIT')]).toEqual([true, false]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Kotlin declarations whose lines say little', () => {
  it("credits a match in its initializer to the value it declares on a later line (Kotlin's @JvmField), and a supertype after a primary constructor to the class", async () => {
    const { dir, facts, search, oracle } = await indexedCorpus(
      { 'shop/Constants.kt': 'package shop\n\nobject Constants {\n  @JvmField\n  val names: List<String> = listOf(\n      Names.first(),\n  )\n}\n\nobject Names {\n  fun first(): String = "a"\n}\n\nopen class Base\n\nclass Holder\nconstructor(private val a: Int) : Base() {\n}\n' },
      'kotlin',
    );
    try {
      const query: TextSearchQuery = { op: 'text_search', pattern: '\\bfirst\\s*\\(', mode: 'regex', in: 'code' };
      expect([facts.answerText(search(query), 'code'), oracle.answer(query)]).toEqual([['lmc-tree-sitter maven demo 1.0.0 shop/Constants#names.'], ['lmc-tree-sitter maven demo 1.0.0 shop/Constants#names.']]);
      // Past the primary constructor's end on its line, `: Base()` is the class's header: neither the constructor's nor its property a's.
      const base: TextSearchQuery = { op: 'text_search', pattern: 'Base', mode: 'word', in: 'code' };
      expect([facts.answerText(search(base), 'code'), oracle.answer(base)]).toEqual([['lmc-tree-sitter maven demo 1.0.0 shop/Holder#'], ['lmc-tree-sitter maven demo 1.0.0 shop/Holder#']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Kotlin primary constructors', () => {
  it("credits a match in a constructor parameter that declares a property (the language folder's syntax.memberParameters) to that property, and one in a plain parameter to the constructor", async () => {
    const { dir, facts, search, oracle } = await indexedCorpus(
      {
        'shop/Queue.kt':
          'package shop\n\nclass Worker\n\nclass Queue(\n  private val worker: Worker,\n  label: Worker,\n  val spare: Worker, val other: Int\n)\n\nclass Pair(left: Worker, val right: Worker)\n',
      },
      'kotlin',
    );
    try {
      const query: TextSearchQuery = { op: 'text_search', pattern: 'Worker', mode: 'word', in: 'code' };
      const expected = ['Pair#`<constructor>`().', 'Pair#right.', 'Queue#`<constructor>`().', 'Queue#spare.', 'Queue#worker.'].map((d) => `lmc-tree-sitter maven demo 1.0.0 shop/${d}`);
      expect([facts.answerText(search(query), 'code'), oracle.answer(query)]).toEqual([expected, expected]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('spans found once', () => {
  it("adopts another classifier's spans of a file only when its own text of that file has the same hash", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lmc-syntax-'));
    try {
      await writeFile(join(dir, 'a.rb'), '# note\nrun\n');
      await writeFile(join(dir, 'b.rb'), '# note\nrun\n');
      const grammars = await loadGrammars('ruby');
      const first = new SyntaxClassifier(TreeText.load(dir), grammars);
      expect([first.classOf('a.rb', 0, 2), first.classOf('b.rb', 1, 0)]).toEqual(['comment', 'code']);
      const parsed = first.parsedSpans();
      expect(parsed['a.rb']).toEqual({ sha256: '7c790e913a57072291247beb5c46593b89ef94962a550f0e6eb39d8a5262606a', spans: [0, 0, 0, 6], kinds: ['comment'], declarations: [], memberParameters: [], definitionTime: [] });
      // Spans that say the call on line 2 is a comment inside a declaration, of a.rb and of b.rb, whose text then changes.
      const said: SpansByFile = {
        'a.rb': { ...parsed['a.rb']!, spans: [1, 0, 1, 3], kinds: ['comment'], declarations: [1, 0, 1, 3], definitionTime: [1, 0, 1, 2] },
        'b.rb': { ...parsed['b.rb']!, spans: [1, 0, 1, 3], kinds: ['comment'], declarations: [1, 0, 1, 3] },
      };
      // Through a spans file, as the oracle gets them: one line per file, read back whole.
      const spansFile = `${dir}.spans.jsonl`;
      await writeSpansFile(spansFile, said);
      const read: SpansByFile = {};
      for await (const one of readSpansFile(spansFile)) Object.assign(read, one);
      expect(read).toEqual(said);
      await writeFile(join(dir, 'b.rb'), '# note\nrun \n');
      const second = new SyntaxClassifier(TreeText.load(dir), grammars);
      second.adoptSpans(read);
      // a.rb's hash matches, so its spans are used as given; b.rb's does not, so b.rb is parsed.
      expect([second.classOf('a.rb', 1, 0), second.classOf('a.rb', 0, 2), second.classOf('b.rb', 1, 0)]).toEqual(['comment', 'code', 'code']);
      expect([second.declarationStarts('a.rb', 1, 1), second.declarationStarts('b.rb', 1, 1)]).toEqual([[1], []]);
      expect([second.definitionTimeAt('a.rb', 1, 1), second.definitionTimeAt('a.rb', 1, 2), second.definitionTimeAt('b.rb', 1, 1)]).toEqual([[1, 0, 1, 2], undefined, undefined]);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(`${dir}.spans.jsonl`, { force: true });
    }
  });
});

describe('where a match starts, by each language folder', () => {
  it('reads the words of a Ruby %w[] or %i[] array as string text, and an interpolation-free constant as code', async () => {
    await withClassifier('ruby', { 'm.rb': 'HTTP_METHODS = %w[GET PATCH]\nKEYS = %i[patch]\nverb = PATCH\n' }, (syntax) => {
      expect([syntax.classOf('m.rb', 0, 22), syntax.classOf('m.rb', 1, 10), syntax.classOf('m.rb', 2, 7)]).toEqual(['string', 'string', 'code']);
    });
  });

  it("reads a CommonJS require binding as an import (syntax.imports `variable_declarator[value~…]`), and a call of what is required as code", async () => {
    const text = "const SchemaController = require('./lib/schema-controller')\nconst { wrap, Reply } = require(\"./reply\");\nconst app = require('../../')()\nconst Loose = require('./x').Loose\nnew SchemaController(Reply)\n";
    await withClassifier('typescript', { 'f.js': text }, (syntax) => {
      expect([syntax.classOf('f.js', 0, 6), syntax.classOf('f.js', 1, 14), syntax.classOf('f.js', 2, 6), syntax.classOf('f.js', 3, 6), syntax.classOf('f.js', 4, 4)]).toEqual(['import', 'import', 'code', 'code', 'code']);
    });
  });

  it('reads the words of a Perl qw() list as string text (an export list names a constant without reading it), and a bareword use as code', async () => {
    await withClassifier('perl', { 'W.pm': 'package W;\nuse constant {WS_TEXT => 0x1};\nour @EXPORT_OK = qw(WS_TEXT build_frame);\nsub op { WS_TEXT }\n1;\n' }, (syntax) => {
      expect([syntax.classOf('W.pm', 2, 20), syntax.classOf('W.pm', 3, 9)]).toEqual(['string', 'code']);
    });
  });
});

describe("ripgrep's JSON", () => {
  it('gives UTF-16 columns, as SCIP and tree-sitter count them', () => {
    const line = '{"type":"match","data":{"path":{"text":"./a.go"},"lines":{"text":"s := \\"ü€\\" + Open()\\n"},"line_number":3,"absolute_offset":0,"submatches":[{"match":{"text":"Open"},"start":15,"end":19}]}}';
    expect(parseRgJson(line)).toEqual([{ file: 'a.go', line: 3, start: 12, end: 16, text: 'Open' }]);
  });
});
