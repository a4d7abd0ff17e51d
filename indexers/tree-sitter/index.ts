import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser, type Tree } from 'web-tree-sitter';
import { writeFileAtomic } from '../../core/atomic.ts';
import { PipelineError } from '../../core/errors.ts';
import { DocumentType, encodeMetadata, frameField } from '../../graph/scip-reader.ts';
import { listFiles } from '../../fetchers/tree.ts';
import { extractFacts, type FileFacts } from './extract.ts';
import { grammarFor, loadGrammars, mayClaimByInterpreter } from '../../core/grammars.ts';
import { resolveCorpus, SCHEME } from './resolve.ts';

export interface TreeSitterIndexOptions {
  treeDir: string;
  /** A folder under languages/ or one of its aliases (`javascript` is `typescript`). */
  language: string;
  project: { name: string; version: string };
  outputPath: string;
  /** Files read ahead of the parser at once. Parsing itself is one thread. */
  concurrency?: number;
}

export interface TreeSitterIndexResult {
  documents: number;
  /** Distinct symbols defined, module symbols included. */
  symbols: number;
  /** Source files parsed. */
  files: number;
  /** Source bytes parsed. */
  bytes: number;
  unresolvedCalls: number;
  resolvedCalls: number;
}

const UTF16_POSITIONS = 2;

/** A file's first line, for its `#!`. */
function firstLine(raw: Buffer): string {
  const end = raw.indexOf(10);
  return raw.subarray(0, end < 0 ? Math.min(raw.length, 256) : Math.min(end, 256)).toString('utf8');
}

/**
 * The source with every whole-word use of the macros, and the balanced parenthesised arguments right after
 * one, replaced by spaces (newlines kept), so the grammar reads what is left and every position stays put.
 */
export function blankMacros(source: string, macros: readonly string[]): string {
  if (macros.length === 0) return source;
  const word = new RegExp(`(?<![A-Za-z0-9_])(?:${macros.join('|')})(?![A-Za-z0-9_])`, 'g');
  const chars = source.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
  };
  for (const match of source.matchAll(word)) {
    let end = match.index + match[0].length;
    let open = end;
    while (open < source.length && (source[open] === ' ' || source[open] === '\t')) open++;
    const close = source[open] === '(' ? closingParen(source, open) : -1;
    if (close >= 0) end = close + 1;
    blank(match.index, end);
  }
  return chars.join('');
}

/** The index of the `)` balancing the `(` at `open`, or -1 when the source ends first. */
function closingParen(source: string, open: number): number {
  for (let i = open, depth = 0; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * A macro that declares what the grammar would read written out (`RCT_EXPORT_METHOD(focus:(id)x) {…}` is the
 * method `- (void)focus:(id)x {…}`): `NAME(` becomes the form, padded with spaces, and its closing `)` a
 * space, so positions do not move.
 */
export function rewriteMacroForms(source: string, forms: Readonly<Record<string, string>>): string {
  const names = Object.keys(forms);
  if (names.length === 0) return source;
  const call = new RegExp(`(?<![A-Za-z0-9_])(${names.join('|')})[ \\t]*\\(`, 'g');
  const chars = source.split('');
  for (const match of source.matchAll(call)) {
    const close = closingParen(source, match.index + match[0].length - 1);
    if (close < 0) continue;
    const form = forms[match[1]!]!.padEnd(match[0].length, ' ');
    for (let i = 0; i < form.length; i++) chars[match.index + i] = form[i]!;
    chars[close] = ' ';
  }
  return chars.join('');
}

/**
 * Parses a file; one with a parse error is read again with the text the grammar misreads blanked and
 * the names it misreads written as underscores, kept if that reading has no parse error. A token the
 * grammar supplies (tree-sitter-swift's identifier in an empty tuple `value: ()`) is no such error: it
 * is zero-width and moves no node. Only the grammar sees the blanks, underscores and rewritten macros;
 * facts are read from the text as written (Swift's typed `throws(RuntimeError)`, Objective-C's
 * `__unused` and `RCT_EXPORT_METHOD(…)` stay in the signature).
 */
function parseFile(parser: Parser, source: string, misread: { text: string | undefined; names: readonly string[] }): Tree | null {
  const tree = parser.parse(source);
  if (!tree?.rootNode.hasError || (!misread.text && misread.names.length === 0)) return tree;
  // Each UTF-16 unit becomes a space (no `u` on the inner pattern), so no position moves.
  const blanked = misread.text ? source.replace(new RegExp(misread.text, 'gmu'), (text) => text.replace(/[^\r\n]/g, ' ')) : source;
  const parsed = misread.names.length ? blanked.replace(new RegExp(`(?<![A-Za-z0-9_$])(?:${misread.names.join('|')})(?![A-Za-z0-9_$])`, 'gu'), (name) => '_'.repeat(name.length)) : blanked;
  const retried = parser.parse(parsed);
  if (!retried || retried.rootNode.descendantsOfType('ERROR').length > 0) {
    retried?.delete();
    return tree;
  }
  tree.delete();
  return retried;
}

/**
 * Indexes a tree with tree-sitter: every file with one of the language's extensions is parsed once, the
 * language's queries (compiled once) turn it into facts, and the resolved facts are written as a SCIP
 * index with symbols `lmc-tree-sitter <manager> <project> <version> <descriptors>`.
 */
export async function indexWithTreeSitter(options: TreeSitterIndexOptions): Promise<TreeSitterIndexResult> {
  const { treeDir, project, outputPath } = options;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const language = await loadGrammars(options.language);
  const config = language.language.walker;
  // An extension-less file may still be the language's by its `#!` line, read below.
  const paths = (await listFiles(treeDir)).filter((path) => grammarFor(language, path) || mayClaimByInterpreter(language, path));

  const rules = { callsInText: new RegExp(config.callsInText, 'gdu'), writer: config.writer, definitionTime: new Set(language.language.syntax.definitionTime), comments: new Set(language.language.syntax.comments) };
  const parser = new Parser();
  const facts: FileFacts[] = [];
  let bytes = 0;
  try {
    for (let start = 0; start < paths.length; start += concurrency) {
      const batch = paths.slice(start, start + concurrency);
      const sources = await Promise.all(batch.map((path) => readFile(join(treeDir, path))));
      batch.forEach((path, i) => {
        const raw = sources[i]!;
        if (raw.length > config.maxFileBytes) return;
        const grammar = grammarFor(language, path, firstLine(raw));
        if (!grammar) return;
        parser.setLanguage(grammar.grammar);
        const text = raw.toString('utf8');
        const tree = parseFile(parser, rewriteMacroForms(blankMacros(text, config.ignoredMacros), config.macroForms), { text: config.misreadText, names: config.misreadNames });
        if (!tree) throw new PipelineError(`tree-sitter could not parse ${path}`, { stage: 'index' });
        try {
          // Only the grammar reads the rewritten text; every position is kept, so facts read the text as written.
          facts.push(extractFacts(path, text, tree, grammar, rules));
        } finally {
          tree.delete();
        }
        bytes += raw.length;
      });
    }
  } finally {
    parser.delete();
  }

  const resolved = resolveCorpus(facts, config, project);
  const metadata = encodeMetadata({
    version: 0,
    toolInfo: { name: SCHEME, version: language.grammarVersions.join(' '), arguments: [config.name] },
    projectRoot: 'file:///corpus/',
    textDocumentEncoding: 1,
  });
  // Each document is encoded as it is written: the whole encoded index is never in memory at once.
  function* frames(): Generator<Buffer> {
    yield frameField(1, metadata);
    for (const doc of resolved.documents) {
      const message = DocumentType.fromObject({ ...doc, positionEncoding: UTF16_POSITIONS });
      yield frameField(2, DocumentType.encode(message).finish());
    }
  }
  await writeFileAtomic(outputPath, frames());
  return {
    documents: resolved.documents.length,
    symbols: resolved.symbols,
    files: facts.length,
    bytes,
    unresolvedCalls: resolved.unresolvedCalls,
    resolvedCalls: resolved.resolvedCalls,
  };
}
