import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Language as Grammar, Parser, Query, type Node, type Tree } from 'web-tree-sitter';
import { PipelineError } from './errors.ts';
import { languageOf, type Language } from './languages.ts';

/**
 * A language folder's tree-sitter grammars, loaded from their npm packages (offline), with the
 * folder's queries compiled against each: what the walker parses with, and what tells a text hit
 * in code from one in a comment or string.
 */
export interface LoadedGrammar {
  extensions: string[];
  /** Interpreters whose `#!` line makes an extension-less file its own. */
  interpreters: string[];
  grammar: Grammar;
  /** The folder's queries compiled against this grammar (on first use). */
  readonly query: Query;
}

export interface LoadedLanguage {
  language: Language;
  grammars: LoadedGrammar[];
  /** `package@version` of each grammar package, for the index's tool info. */
  grammarVersions: string[];
}

const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<LoadedLanguage>>();
let parserReady: Promise<void> | undefined;

export function initParser(): Promise<void> {
  parserReady ??= Parser.init();
  return parserReady;
}

/** Loads a language's grammars, once per process. */
export function loadGrammars(name: string): Promise<LoadedLanguage> {
  const language = languageOf(name);
  let pending = loaded.get(language.name);
  if (!pending) {
    pending = loadUncached(language);
    loaded.set(language.name, pending);
    pending.catch(() => loaded.delete(language.name));
  }
  return pending;
}

async function loadUncached(language: Language): Promise<LoadedLanguage> {
  await initParser();
  const source = (await Promise.all(language.walker.queries.map((q) => readFile(join(language.dir, q), 'utf8')))).join('\n');
  const grammars: LoadedGrammar[] = [];
  const grammarVersions: string[] = [];
  for (const entry of language.grammars) {
    const manifest = require.resolve(`${entry.package}/package.json`);
    const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
    grammarVersions.push(`${entry.package}@${version}`);
    const grammar = await Grammar.load(join(dirname(manifest), entry.wasm));
    // Compiled on first use: telling code from comments needs the grammar only, and some languages' queries take a second to compile.
    let query: Query | undefined;
    grammars.push({
      extensions: entry.extensions,
      interpreters: entry.interpreters,
      grammar,
      get query() {
        try {
          return (query ??= new Query(grammar, source));
        } catch (error) {
          throw new PipelineError(`queries of ${language.name} do not compile against ${entry.wasm}: ${(error as Error).message}`, { file: language.dir });
        }
      },
    });
  }
  return { language, grammars, grammarVersions: [...new Set(grammarVersions)] };
}

/**
 * The grammar for a file: by its longest matching extension (`.d.ts` before `.ts`), else, for a
 * file without an extension whose first line is given, by the interpreter its `#!` line names.
 */
export function grammarFor(loadedLanguage: LoadedLanguage, path: string, firstLine?: string): LoadedGrammar | undefined {
  let best: { grammar: LoadedGrammar; length: number } | undefined;
  for (const grammar of loadedLanguage.grammars) {
    for (const ext of grammar.extensions) {
      if (path.endsWith(ext) && (!best || ext.length > best.length)) best = { grammar, length: ext.length };
    }
  }
  if (best) return best.grammar;
  if (firstLine === undefined || !mayClaimByInterpreter(loadedLanguage, path)) return undefined;
  const interpreter = interpreterOf(firstLine);
  return interpreter === undefined ? undefined : loadedLanguage.grammars.find((g) => g.interpreters.includes(interpreter));
}

/** Whether a file's first line could make it one of the language's: it has no extension and some grammar names interpreters. */
export function mayClaimByInterpreter(loadedLanguage: LoadedLanguage, path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return !name.includes('.', 1) && loadedLanguage.grammars.some((g) => g.interpreters.length > 0);
}

/** The interpreter a `#!` line names: `bash` for `#!/bin/bash -e` and for `#!/usr/bin/env bash`. */
export function interpreterOf(firstLine: string): string | undefined {
  const words = /^#!\s*(\S+)(.*)$/.exec(firstLine)?.slice(1);
  if (!words) return undefined;
  const program = words[0]!.slice(words[0]!.lastIndexOf('/') + 1);
  if (program !== 'env') return program;
  return words[1]!.trim().split(/\s+/).find((w) => w && !w.startsWith('-') && !w.includes('='));
}

/**
 * A parser of a language's files: each file is parsed with the grammar its name (or, without an
 * extension, its `#!` line) picks, one parser per grammar; undefined for a file no grammar reads.
 * The caller deletes the tree.
 */
export function fileParser(loadedLanguage: LoadedLanguage): (file: string, text: string) => Tree | undefined {
  const parsers = new Map<LoadedGrammar, Parser>();
  return (file, text) => {
    const newline = text.indexOf('\n');
    const grammar = grammarFor(loadedLanguage, file, newline < 0 ? text : text.slice(0, newline));
    if (!grammar) return undefined;
    let parser = parsers.get(grammar);
    if (!parser) {
      parser = new Parser();
      parser.setLanguage(grammar.grammar);
      parsers.set(grammar, parser);
    }
    return parser.parse(text) ?? undefined;
  };
}

/**
 * A language folder's node type: `type`; `type[field]`, only a node of that type that has that field
 * (`export_statement[source]`, a re-export); or `type[field~regex]`, only one whose field's whole text
 * the regex matches (`variable_declarator[value~require\(…\)]`, a CommonJS import).
 */
export function nodeSelector(entry: string): NodeSelector {
  const m = /^(\w+)\[(\w+)(?:~(.+))?\]$/su.exec(entry);
  if (!m) return { type: entry };
  return { type: m[1]!, field: m[2]!, ...(m[3] !== undefined ? { text: new RegExp(`^(?:${m[3]})$`, 'su') } : {}) };
}
export type NodeSelector = { type: string; field?: string; text?: RegExp };

/** Whether a node is one a selector (nodeSelector) names. */
export function selects(selector: NodeSelector, node: Node): boolean {
  if (node.type !== selector.type) return false;
  if (selector.field === undefined) return true;
  const child = node.childForFieldName(selector.field);
  return child !== null && (selector.text === undefined || selector.text.test(child.text));
}

/** The spans of a tree's nodes of the given types (nodeSelector), flat [startRow, startCol, endRow, endCol] quadruples in document order. */
export function nodeSpans(tree: Tree, types: readonly string[]): number[] {
  const spans: number[] = [];
  const selectors = types.map(nodeSelector);
  for (const node of types.length ? tree.rootNode.descendantsOfType([...new Set(selectors.map((s) => s.type))]) : []) {
    if (node && selectors.some((s) => selects(s, node))) spans.push(node.startPosition.row, node.startPosition.column, node.endPosition.row, node.endPosition.column);
  }
  return spans;
}

/** Reads the spans of a language's nodes of the given types in a file's text (nodeSpans of its fileParser tree); none for a file no grammar reads. */
export async function nodeSpanReader(languageName: string, types: readonly string[]): Promise<(file: string, text: string) => number[]> {
  const parse = fileParser(await loadGrammars(languageName));
  return (file, text) => {
    const tree = types.length ? parse(file, text) : undefined;
    if (!tree) return [];
    const spans = nodeSpans(tree, types);
    tree.delete();
    return spans;
  };
}
