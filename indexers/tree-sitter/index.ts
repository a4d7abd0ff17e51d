import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser, type Tree } from 'web-tree-sitter';
import { writeFileAtomic } from '../../core/atomic.ts';
import { PipelineError } from '../../core/errors.ts';
import { DocumentType, encodeMetadata, frameField } from '../../graph/scip-reader.ts';
import { listFiles } from '../../fetchers/tree.ts';
import { extractFacts, type BlankedText, type FileFacts } from './extract.ts';
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

/** The language folder's `units`, compiled: see WalkerConfig in core/languages.ts. */
interface Units {
  start: RegExp;
  end: RegExp;
  node: string;
}

/**
 * Parses a file; one with a parse error is read again with the text the grammar misreads blanked and
 * the names it misreads written as underscores, kept if that reading has no parse error. A token the
 * grammar supplies (tree-sitter-swift's identifier in an empty tuple `value: ()`) is no such error: it
 * is zero-width and moves no node. Only the grammar sees the blanks, underscores and rewritten macros;
 * facts are read from the text as written (Swift's typed `throws(RuntimeError)`, Objective-C's
 * `__unused` and `RCT_EXPORT_METHOD(…)` stay in the signature). When an error still swallows
 * top-level definitions, the file is read unit by unit (repairUnits).
 */
function parseFile(
  parser: Parser,
  source: string,
  misread: { text: string | undefined; names: readonly string[] },
  units: Units | undefined,
): { tree: Tree; blanked: BlankedText[] } | null {
  const tree = parser.parse(source);
  if (!tree?.rootNode.hasError) return tree && { tree, blanked: [] };
  // Each UTF-16 unit becomes a space (no `u` on the inner pattern), so no position moves.
  const blanked = misread.text ? source.replace(new RegExp(misread.text, 'gmu'), blankText) : source;
  const parsed = misread.names.length ? blanked.replace(new RegExp(`(?<![A-Za-z0-9_$])(?:${misread.names.join('|')})(?![A-Za-z0-9_$])`, 'gu'), (name) => '_'.repeat(name.length)) : blanked;
  if (parsed !== source) {
    const retried = parser.parse(parsed);
    if (retried && retried.rootNode.descendantsOfType('ERROR').length === 0) {
      tree.delete();
      return { tree: retried, blanked: [] };
    }
    retried?.delete();
  }
  const repaired = units && repairUnits(parser, parsed, tree, units);
  if (!repaired) return { tree, blanked: [] };
  tree.delete();
  return repaired;
}

function blankText(text: string): string {
  return text.replace(/[^\r\n]/g, ' ');
}

/**
 * A parse error can swallow the definitions after it: tree-sitter-perl reads Test::Mojo's `sub or {`
 * as an expression and the 23 subs after it as one error. Here each unit (from a line `units.start`
 * matches to the next such line; the text before the first is kept as it is) is parsed alone. A unit
 * that fails alone keeps its first line and its last `units.end` line and has the body between them
 * blanked, when that alone parses cleanly as a definition; one not read as a definition even so is
 * blanked whole (`sub or`: lost, but no longer taking the rest with it); any other keeps its own
 * small error. The file is then parsed with those blanks, and that reading is kept
 * when it loses fewer definitions: fewer unit starts where no `units.node` begins. The blanked text is
 * returned so that its calls are read as an error's are.
 */
function repairUnits(parser: Parser, text: string, tree: Tree, units: Units): { tree: Tree; blanked: BlankedText[] } | undefined {
  const starts = [...text.matchAll(units.start)].map((match) => match.index);
  const lostBefore = definitionsLost(tree, starts, units.node);
  if (lostBefore === 0) return undefined;
  const bounds = [0, ...starts, text.length];
  const pieces = [text.slice(0, bounds[1])];
  const blanked: BlankedText[] = [];
  for (let i = 1; i + 1 < bounds.length; i++) {
    const at = bounds[i]!;
    const unit = text.slice(at, bounds[i + 1]);
    const fixed = unitAsParsable(parser, unit, units);
    pieces.push(fixed.text);
    if (fixed.blanked) blanked.push({ startIndex: at + fixed.blanked[0], endIndex: at + fixed.blanked[1] });
  }
  const repaired = parser.parse(pieces.join(''));
  if (repaired && definitionsLost(repaired, starts, units.node) < lostBefore) return { tree: repaired, blanked };
  repaired?.delete();
  return undefined;
}

/** A unit's text as the file's second reading takes it, and the span of it blanked (offsets in the unit). */
function unitAsParsable(parser: Parser, unit: string, units: Units): { text: string; blanked?: [number, number] } {
  const alone = parser.parse(unit);
  try {
    if (!alone || !alone.rootNode.hasError) return { text: unit };
    const newline = unit.indexOf('\n');
    const headEnd = newline < 0 ? unit.length : newline;
    const closing = [...unit.matchAll(units.end)].map((match) => match.index).filter((index) => index > headEnd).at(-1);
    if (closing !== undefined) {
      const bodyBlanked = unit.slice(0, headEnd) + blankText(unit.slice(headEnd, closing)) + unit.slice(closing);
      const reread = parser.parse(bodyBlanked);
      const clean = reread !== null && !reread.rootNode.hasError && beginsDefinition(reread, units.node);
      reread?.delete();
      if (clean) return { text: bodyBlanked, blanked: [headEnd, closing] };
    }
    if (beginsDefinition(alone, units.node)) return { text: unit };
    return { text: blankText(unit), blanked: [0, unit.length] };
  } finally {
    alone?.delete();
  }
}

function beginsDefinition(tree: Tree, node: string): boolean {
  return tree.rootNode.descendantsOfType(node).some((found) => found?.startIndex === 0);
}

/** How many unit starts begin no definition node in `tree`. */
function definitionsLost(tree: Tree, starts: readonly number[], node: string): number {
  const begun = new Set(tree.rootNode.descendantsOfType(node).map((found) => found?.startIndex));
  return starts.filter((start) => !begun.has(start)).length;
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

  const units = config.units && { start: new RegExp(config.units.start, 'gmu'), end: new RegExp(config.units.end, 'gmu'), node: config.units.node };
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
        const parsed = parseFile(parser, rewriteMacroForms(blankMacros(text, config.ignoredMacros), config.macroForms), { text: config.misreadText, names: config.misreadNames }, units);
        if (!parsed) throw new PipelineError(`tree-sitter could not parse ${path}`, { stage: 'index' });
        try {
          // Only the grammar reads the rewritten text; every position is kept, so facts read the text as written.
          facts.push(extractFacts(path, text, parsed.tree, grammar, rules, parsed.blanked));
        } finally {
          parsed.tree.delete();
        }
        bytes += raw.length;
      });
    }
  } finally {
    parser.delete();
  }

  const resolved = resolveCorpus(facts, config, project, language.language.idioms.signatures.selfTypes);
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
