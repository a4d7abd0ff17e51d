import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRgSearch, searcherOver, type TextSearch } from '../evidence/ripgrep.ts';
import { translateRustRegex } from '../evidence/rust-regex.ts';
import { TreeText } from '../evidence/tree-text.ts';
import { repoRoot } from './helpers.ts';

/** Files whose bytes rg reads in ways a naive in-process search would get wrong. */
const AWKWARD: Record<string, string | Buffer> = {
  'a.js': 'function get(x) { return x }\nget (1); get(get(2))\n',
  'a/b.js': 'const café = get(3)\nconst éget = 1; get_x(); $get(4)\n',
  'crlf.rb': 'def get\r\n  get\r\nend\r\nx = get \r\n',
  'bom.py': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('get = 1\nprint(get)\n')]),
  '.hidden/h.go': 'func get() {}\n\tget()\t// get\n',
  'no-newline.c': 'int get(void);\nget();',
  'tabs.txt': 'foo foo\nfoo(foo)\nxxx8 a\u00a0get\u2003(\n  \n',
  'z/deep/é.txt': 'get\nt.assert.throws(x)\nassert (\n',
  'k/K.java': 'class K extends foo.Base, foo {}\nclass L implements X, foo {}\nextends Bar\nimplements { foo }\n',
};

const PATTERNS: TextSearch[] = [
  ...['get', 'foo', 'café', 'get_x', 't.assert.throws', 'assert (', 'missing'].map((pattern) => ({ mode: 'word' as const, pattern })),
  ...[
    '\\bget\\s*\\(',
    '(?:^|[^\\w$])get\\s*\\(',
    '[A-Za-z_$][\\w$]*\\s*\\(',
    '^\\s*$',
    '^get$',
    'get$',
    '\\S+\\s',
    '[^\\w\\s]+',
    '\\d+',
    '\\D\\d',
    'x{2,}',
    '(get|foo)\\b',
    '(?:\\bextends\\s+(?:[\\w$.]+\\s*,\\s*)*foo\\b)|(?:\\bimplements\\s+[^{]*\\bfoo\\b)',
    '[a-c-]x',
    '\\x28',
    '\\Bx\\B',
    '\\bget\\s*(?:<[\\w\\s,.<>\\[\\]]*>\\s*)?\\(',
    '[\\s(]+\\w',
    '[\\s]\\S',
    '.(',
  ].map((pattern) => ({ mode: 'regex' as const, pattern })),
];

/** Runs `use` on a TreeText of a temporary tree holding `files`, then ends its search thread and removes the tree. */
async function withTree(files: Record<string, string>, use: (tree: TreeText, root: string) => void): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'lmc-tree-text-'));
  try {
    for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text);
    const tree = TreeText.load(root);
    try {
      use(tree, root);
    } finally {
      tree.close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('in-process text search', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lmc-tree-text-'));
    for (const [path, text] of Object.entries(AWKWARD)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    await symlink(join(dir, 'a.js'), join(dir, 'link.js'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers every search with exactly rg’s matches: files, order, lines, UTF-16 columns and texts', () => {
    const tree = TreeText.load(dir);
    for (const search of PATTERNS.filter((s) => s.pattern !== '.(')) {
      expect(tree.search(search), `${search.mode} ${search.pattern}`).toEqual(runRgSearch(dir, search));
    }
    expect(tree.search({ mode: 'word', pattern: 'get' }).map((m) => `${m.file}:${m.line}:${m.start}`)).toEqual([
      '.hidden/h.go:1:5', '.hidden/h.go:2:1', '.hidden/h.go:2:10', 'a/b.js:1:13', 'a/b.js:2:26', 'a.js:1:9', 'a.js:2:0', 'a.js:2:9', 'a.js:2:13',
      'bom.py:1:0', 'bom.py:2:6', 'crlf.rb:1:4', 'crlf.rb:2:2', 'crlf.rb:4:4', 'no-newline.c:1:4', 'no-newline.c:2:0', 'tabs.txt:3:7', 'z/deep/é.txt:1:0',
    ]);
  });

  it('limits a search to the files asked for', () => {
    const tree = TreeText.load(dir);
    const search: TextSearch = { mode: 'regex', pattern: '\\bget\\s*\\(' };
    expect(tree.search(search, new Set(['a.js', 'crlf.rb']))).toEqual(runRgSearch(dir, search, new Set(['a.js', 'crlf.rb'])));
  });

  it("reports the files asked for in rg's walk order, whatever order they are named in, and searches none for an empty set", () => {
    const tree = TreeText.load(dir);
    const search: TextSearch = { mode: 'regex', pattern: '\\bget\\s*\\(' };
    const asked = new Set(['a.js', 'a/b.js']);
    const files = (matches: Array<{ file: string }>) => [...new Set(matches.map((m) => m.file))];
    expect(files(runRgSearch(dir, search, asked))).toEqual(['a/b.js', 'a.js']);
    expect(tree.search(search, asked)).toEqual(runRgSearch(dir, search, asked));
    expect(runRgSearch(dir, search, new Set())).toEqual([]);
    expect(tree.search(search, new Set())).toEqual([]);
  });

  it('leaves a tree with a NUL byte to rg, which reads such files differently', async () => {
    await writeFile(join(dir, 'bin.dat'), Buffer.from('get\0get\nget\n'));
    try {
      const tree = TreeText.load(dir);
      const search: TextSearch = { mode: 'word', pattern: 'get' };
      expect(tree.search(search)).toEqual(runRgSearch(dir, search));
    } finally {
      await rm(join(dir, 'bin.dat'));
    }
  });

  it('loads a tree holding a file whose name is not UTF-8, and leaves its searches to rg, which finds that file too', async () => {
    const odd = Buffer.concat([Buffer.from(join(dir, 'caf')), Buffer.from([0xe9]), Buffer.from('.js')]);
    await writeFile(odd, 'get()\n');
    try {
      const tree = TreeText.load(dir);
      const search: TextSearch = { mode: 'word', pattern: 'get' };
      const found = tree.search(search);
      expect(found).toEqual(runRgSearch(dir, search));
      expect(found.filter((m) => m.file === 'caf\uFFFD.js').map((m) => `${m.line}:${m.start}`)).toEqual(['1:0']);
    } finally {
      await rm(odd);
    }
  });

  it('sets aside files rg reads otherwise, and answers in-process only searches that cannot match in them', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'lmc-tree-text-unreadable-'));
    try {
      // A gettext catalogue (bytes that are not UTF-8, a NUL), latin-1 text naming `foo`, and UTF-16 text naming `missing`.
      const extra = {
        'django.mo': Buffer.from([0xde, 0x12, 0x04, 0x95, 0x00, 0x67, 0x65, 0x74, 0x0a]),
        'latin1.txt': Buffer.from('caf\xe9 foo\n', 'latin1'),
        'utf16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('missing\n', 'utf16le')]),
      };
      const files = { ...AWKWARD, ...extra };
      const writeAll = async (except: string[] = [], empty = false) => {
        for (const [path, text] of Object.entries(files)) {
          if (except.includes(path)) continue;
          await mkdir(dirname(join(copy, path)), { recursive: true });
          await writeFile(join(copy, path), empty ? '' : text);
        }
      };
      // Which searches never start rg: with every file emptied on disk after loading, those still find their matches.
      const foundInProcess = async (pattern: string, tree: TreeText) => {
        await writeAll([], true);
        const found = tree.search({ mode: 'word', pattern }).length;
        await writeAll();
        return found;
      };

      await writeAll(['utf16.txt']);
      let tree = TreeText.load(copy);
      for (const search of PATTERNS.filter((s) => s.pattern !== '.(')) {
        expect(tree.search(search), `${search.mode} ${search.pattern}`).toEqual(runRgSearch(copy, search));
      }
      expect(await foundInProcess('get_x', tree)).toBe(1); // its literal is in neither set-aside file
      expect(await foundInProcess('get', tree)).toBe(0); // the .mo file holds `get`: rg answers, over the emptied files
      expect(await foundInProcess('foo', tree)).toBe(0); // latin1.txt holds `foo`

      // rg reads a UTF-16 file transcoded, so such a file may hold any literal: every search is rg's.
      await rm(join(copy, 'utf16.txt'), { force: true });
      await writeAll();
      tree = TreeText.load(copy);
      for (const search of PATTERNS.filter((s) => s.pattern !== '.(')) {
        expect(tree.search(search), `${search.mode} ${search.pattern}`).toEqual(runRgSearch(copy, search));
      }
      expect(await foundInProcess('get_x', tree)).toBe(0);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('leaves to rg a search that backtracks without end in-process, and gives its matches', async () => {
    // 2^40 ways to split the run of word characters before the `!` into `\w+\s?` groups: V8 tries them all.
    await withTree({ 'a.txt': `${'a'.repeat(40)}!\nab cd\n` }, (tree, root) => {
      const search: TextSearch = { mode: 'regex', pattern: '(\\w+\\s?)+$' };
      const found = tree.search(search);
      expect(found.map((m) => `${m.line}:${m.start}:${m.text}`)).toEqual(['2:0:ab cd']);
      expect(found).toEqual(runRgSearch(root, search));
      // The thread ended with the abandoned search; the next search starts another.
      expect(tree.search({ mode: 'word', pattern: 'cd' }).map((m) => `${m.line}:${m.start}`)).toEqual(['2:3']);
    });
  });

  it('gives each search its own answer, however late the thread wakes its caller for the one before', async () => {
    await withTree({ 'a.txt': 'foo\n', 'b.txt': 'bar\n' }, (tree) => {
      // A wake-up that arrived late once passed for the next search's answer, and every answer after was the one before's.
      const wrong: string[] = [];
      for (let i = 0; i < 20_000 && wrong.length === 0; i++) {
        const word = i % 2 ? 'bar' : 'foo';
        const found = tree.search({ mode: 'word', pattern: word }).map((m) => m.text);
        if (found.length !== 1 || found[0] !== word) wrong.push(`search ${i} for ${word}: ${JSON.stringify(found)}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  it('leaves to rg a search whose regex runs out of backtracking stack, and goes on searching', async () => {
    await withTree({ 'big.txt': `${'a'.repeat(3_000_000)}c\nab c\n` }, (tree, root) => {
      const search: TextSearch = { mode: 'regex', pattern: '^((a)|(b))*c' };
      const found = tree.search(search);
      expect(found.map((m) => `${m.line}:${m.start}:${m.end}`)).toEqual(['1:0:3000001']);
      expect(found).toEqual(runRgSearch(root, search));
      expect(tree.search({ mode: 'word', pattern: 'ab' }).map((m) => `${m.line}:${m.start}`)).toEqual(['2:0']);
    });
  });

  it('reports rg’s own error for a pattern it cannot compile', () => {
    expect(() => TreeText.load(dir).search({ mode: 'regex', pattern: '.(' })).toThrow(/^rg failed for pattern "\.\(": regex parse error/);
  });

  it('translates only the subset it can answer exactly', () => {
    expect(translateRustRegex('\\bfoo\\s*\\(')).toEqual({ source: expect.any(String), required: [['foo', '(']] });
    expect(translateRustRegex('(a|b)c')?.required).toEqual([['c']]);
    expect(translateRustRegex('a|bc')?.required).toEqual([['a'], ['bc']]);
    expect(translateRustRegex('a|b?')?.required).toBeUndefined();
    expect(translateRustRegex('abc?')?.required).toEqual([['ab']]);
    expect(translateRustRegex('(->\\s*run\\b|\\brun\\s*\\()')?.required).toEqual([['->', 'run'], ['run', '(']]);
    // Every literal outside groups is required, not only the longest: a file must hold both.
    expect(translateRustRegex('(?:\\bextends\\s+(?:[\\w$.]+\\s*,\\s*)*Node\\b)|(?:\\bimplements\\s+[^{]*\\bNode\\b)')?.required).toEqual([
      ['extends', 'Node'],
      ['implements', 'Node'],
    ]);
    expect(translateRustRegex('(?:x|y)+')?.required).toBeUndefined();
    for (const unsupported of ['(?P<n>x)', '(?i)x', '\\p{L}', '[[:alpha:]]', '[a&&b]', '\\Bx', 'a\\nb', 'x\\x0Ay', '[a\\x0A]', '[^\\W]', '\\q', '(a']) {
      expect(translateRustRegex(unsupported), unsupported).toBeUndefined();
    }
  });

  it('finds in any ASCII text, with its ASCII form, exactly the matches of its Unicode form', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
    const texts = [...ascii, ...ascii.flatMap((a) => ascii.map((b) => a + b))];
    const matchesOf = (regex: RegExp, text: string) => [...text.matchAll(regex)].map((m) => `${m.index}:${m[0]}`).join(',');
    for (const pattern of ['\\w', '\\W', '\\s', '\\S', '\\d', '\\D', '\\b', '.\\b', '\\b.', '[\\w$]', '[^\\w$]', '[^\\w\\s]', '[\\d-]', '[^\\d]', '[^\\s]', '[\\s]', '[\\w\\s]', '[\\s,-]', '^\\s*$', 'a$']) {
      const [u, a] = (['unicode', 'ascii'] as const).map((charset) => new RegExp(translateRustRegex(pattern, charset)!.source, 'gu'));
      const differing = texts.filter((text) => matchesOf(u!, text) !== matchesOf(a!, text));
      expect(differing.map((t) => JSON.stringify(t)), pattern).toEqual([]);
    }
    // The point of the ASCII form: no Unicode property to resolve when it compiles.
    expect(translateRustRegex('[^\\w\\s]+\\b\\d\\D\\S', 'ascii')!.source).not.toContain('\\p');
  });
});

describe('a memoised searcher', () => {
  it('counts each distinct search once and answers repeats from memory', () => {
    const searcher = searcherOver(TreeText.load(join(repoRoot, 'languages', 'python', 'fixture')));
    const first = searcher.search({ mode: 'word', pattern: 'database_url' });
    expect(searcher.search({ mode: 'word', pattern: 'database_url' })).toBe(first);
    expect(searcher.searches()).toBe(1);
    expect(first.map((h) => `${h.file}:${h.line}:${h.start}`)).toEqual(['inventory/config.py:6:4', 'inventory/store.py:3:29', 'inventory/store.py:10:19']);
  });
});
