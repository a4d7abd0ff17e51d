import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { z } from 'zod/v4';
import { PipelineError } from '../core/errors.ts';
import { SortedRanges } from '../core/ranges.ts';
import type { TextScope, TextSearchQuery } from '../core/contract.ts';
import { fileParser, nodeSelector, nodeSpans, selects, type LoadedLanguage } from '../core/grammars.ts';
import type { RgMatch, TextSearcher } from './ripgrep.ts';
import type { TreeText } from './tree-text.ts';

/** Where a text match starts: in code, an import declaration, a comment or a string literal. */
export const syntaxClasses = ['code', 'import', 'comment', 'string'] as const;
export type SyntaxClass = (typeof syntaxClasses)[number];

/** Whether a text search of this scope counts a match that starts there (docs/query-semantics.md, "text_search"). */
export function inScope(scope: TextScope, where: SyntaxClass): boolean {
  if (scope === 'any') return true;
  return where === 'code' || (scope === 'code_or_import' && where === 'import');
}

/** A ripgrep match and where it starts: in code, an import declaration, a comment or a string literal. */
export interface TextMatch extends RgMatch {
  syntax: SyntaxClass;
  /** The first lines (0-based, ascending) of the language's declarations of named values that hold the match's start, if any. */
  declaredFrom?: number[];
  /** The range (0-based rows, UTF-16 columns) of the constructor parameter declaring a member (`syntax.memberParameters`) that holds the match's start, if any. */
  parameter?: [number, number, number, number];
}

/**
 * Comment, string and import nodes of one file as flat [startRow, startCol, endRow, endCol] spans in
 * document order (sorted by start, a node before the nodes inside it); `kinds[i]` says which. The
 * declarations of named values (the language folder's `syntax.declarations`), the constructor
 * parameters that declare members (`syntax.memberParameters`) and the code that runs when a
 * definition is made (`syntax.definitionTime`) likewise, apart.
 */
interface FileSpans {
  spans: number[];
  kinds: SyntaxClass[];
  ranges: SortedRanges;
  declarations: number[];
  declarationRanges: SortedRanges;
  memberParameters: number[];
  parameterRanges: SortedRanges;
  definitionTime: number[];
  definitionTimeRanges: SortedRanges;
}

type ParsedSpans = Pick<FileSpans, 'spans' | 'kinds' | 'declarations' | 'memberParameters' | 'definitionTime'>;

function fileSpans({ spans, kinds, declarations, memberParameters, definitionTime }: ParsedSpans): FileSpans {
  return {
    spans, kinds, ranges: new SortedRanges(spans),
    declarations, declarationRanges: new SortedRanges(declarations),
    memberParameters, parameterRanges: new SortedRanges(memberParameters),
    definitionTime, definitionTimeRanges: new SortedRanges(definitionTime),
  };
}

/**
 * The spans a classifier parsed, per file, each with the sha256 of the text it parsed: another
 * classifier over the same tree (the oracle's, after the generate stage's) adopts a file's spans
 * only when its own text of that file has that hash, and parses every other file itself.
 */
export type SpansByFile = Record<string, { sha256: string } & ParsedSpans>;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Writes spans as a spans file: one JSON line per file, `{"file", "sha256", "spans", "kinds", "declarations", "memberParameters", "definitionTime"}`,
 * streamed, so that a tree of any size never becomes one string.
 */
export async function writeSpansFile(path: string, spans: SpansByFile): Promise<void> {
  const out = createWriteStream(path);
  for (const [file, record] of Object.entries(spans)) {
    if (!out.write(`${JSON.stringify({ file, ...record })}\n`)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

const spansLineSchema = z
  .object({
    file: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    spans: z.array(z.int().nonnegative()),
    kinds: z.array(z.enum(syntaxClasses)),
    declarations: z.array(z.int().nonnegative()).refine((d) => d.length % 4 === 0, 'declarations must hold four numbers per declaration'),
    memberParameters: z.array(z.int().nonnegative()).refine((d) => d.length % 4 === 0, 'memberParameters must hold four numbers per parameter'),
    definitionTime: z.array(z.int().nonnegative()).refine((d) => d.length % 4 === 0, 'definitionTime must hold four numbers per span'),
  })
  .strict()
  .refine((f) => f.spans.length === 4 * f.kinds.length, 'spans must hold four numbers per kind');

/** Reads a spans file line by line; a line that is not one file's spans fails, naming the file and the line. */
export async function* readSpansFile(path: string): AsyncGenerator<SpansByFile> {
  let lineNumber = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    lineNumber += 1;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch (error) {
      throw new PipelineError(`unreadable spans file, line ${lineNumber}: ${(error as Error).message}`, { file: path });
    }
    const parsed = spansLineSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new PipelineError(`malformed spans file, line ${lineNumber}: ${issue.path.join('.') || 'the line'}: ${issue.message}`, { file: path });
    }
    const { file, ...record } = parsed.data;
    yield { [file]: record };
  }
}

/**
 * Tells, for a position in a corpus file, whether it lies in a comment, a string literal, an import
 * declaration or code,
 * by the tree-sitter parse of the file with its language folder's grammar and the node types its
 * `syntax` names (docs/query-semantics.md, "text_search"). A file no grammar of the language reads
 * is all code. Each file is parsed once; only its comment, string and import spans are kept.
 */
export class SyntaxClassifier {
  private readonly files = new Map<string, FileSpans>();
  /** Parses a file with the grammar its name or `#!` line picks, as the walker reads it. */
  private readonly parse: ReturnType<typeof fileParser>;

  constructor(
    /** The tree's text, read once for searching: positions are counted in the same text rg's columns are. */
    private readonly tree: TreeText,
    private readonly loaded: LoadedLanguage,
  ) {
    this.parse = fileParser(loaded);
  }

  /** The spans of every file parsed so far, each with the hash of the text parsed. */
  parsedSpans(): SpansByFile {
    const out: SpansByFile = {};
    for (const [file, { spans, kinds, declarations, memberParameters, definitionTime }] of this.files) {
      out[file] = { sha256: sha256(this.tree.text(file) ?? ''), spans, kinds, declarations, memberParameters, definitionTime };
    }
    return out;
  }

  /** Takes another classifier's spans (parsedSpans) for each file whose text here has the same hash; the others are parsed when asked. */
  adoptSpans(known: SpansByFile): void {
    for (const [file, { sha256: hash, ...parsed }] of Object.entries(known)) {
      const text = this.tree.text(file);
      if (this.files.has(file) || text === undefined || sha256(text) !== hash) continue;
      this.files.set(file, fileSpans(parsed));
    }
  }

  /** `row` and `col` 0-based, `col` in UTF-16 units. */
  classOf(file: string, row: number, col: number): SyntaxClass {
    const { kinds, ranges } = this.spansOf(file);
    // The innermost span that starts at or before the position and still covers it: the first the
    // ranges give, latest start first.
    for (const i of ranges.around(row, col, false)) return kinds[i]!;
    return 'code';
  }

  /** The first rows of the declarations of named values holding (row, col), ascending; `col` in UTF-16 units. */
  declarationStarts(file: string, row: number, col: number): number[] {
    const { declarations, declarationRanges } = this.spansOf(file);
    return [...new Set([...declarationRanges.around(row, col, false)].map((i) => declarations[4 * i]!))].sort((a, b) => a - b);
  }

  /** The range of the constructor parameter declaring a member that holds (row, col), if any; `col` in UTF-16 units. */
  memberParameterAt(file: string, row: number, col: number): [number, number, number, number] | undefined {
    const { memberParameters: p, parameterRanges } = this.spansOf(file);
    for (const i of parameterRanges.around(row, col, false)) return [p[4 * i]!, p[4 * i + 1]!, p[4 * i + 2]!, p[4 * i + 3]!];
    return undefined;
  }

  /** The span of code that runs when a definition is made (`syntax.definitionTime`) holding (row, col), if any; `col` in UTF-16 units. */
  definitionTimeAt(file: string, row: number, col: number): [number, number, number, number] | undefined {
    const { definitionTime: d, definitionTimeRanges } = this.spansOf(file);
    for (const i of definitionTimeRanges.around(row, col, false)) return [d[4 * i]!, d[4 * i + 1]!, d[4 * i + 2]!, d[4 * i + 3]!];
    return undefined;
  }

  private spansOf(file: string): FileSpans {
    const known = this.files.get(file);
    if (known) return known;
    const spans: number[] = [];
    const kinds: SyntaxClass[] = [];
    let declarations: number[] = [];
    let memberParameters: number[] = [];
    let definitionTime: number[] = [];
    const text = this.tree.text(file) ?? '';
    const tree = this.parse(file, text);
    if (tree) {
      const { comments, strings, interpolations, imports } = this.loaded.language.syntax;
      const rules = [
        ...strings.map((t) => [t, 'string'] as const),
        ...comments.map((t) => [t, 'comment'] as const),
        ...interpolations.map((t) => [t, 'code'] as const),
        ...imports.map((t) => [t, 'import'] as const),
      ].map(([entry, syntaxClass]) => ({ ...nodeSelector(entry), syntaxClass }));
      for (const node of tree.rootNode.descendantsOfType([...new Set(rules.map((r) => r.type))])) {
        const rule = node && rules.find((r) => selects(r, node));
        if (!node || !rule) continue;
        spans.push(node.startPosition.row, node.startPosition.column, node.endPosition.row, node.endPosition.column);
        kinds.push(rule.syntaxClass);
      }
      declarations = nodeSpans(tree, this.loaded.language.syntax.declarations);
      memberParameters = nodeSpans(tree, this.loaded.language.syntax.memberParameters);
      definitionTime = nodeSpans(tree, this.loaded.language.syntax.definitionTime);
      tree.delete();
    }
    const parsed = fileSpans({ spans, kinds, declarations, memberParameters, definitionTime });
    this.files.set(file, parsed);
    return parsed;
  }
}

/** A text search's matches, each classified where it starts; memoised per pattern and mode (the scope only filters). */
export function classifiedSearch(searcher: TextSearcher, classifier: SyntaxClassifier): (query: TextSearchQuery) => readonly TextMatch[] {
  const memo = new Map<string, TextMatch[]>();
  return (query) => {
    const key = `${query.mode} ${query.pattern}`;
    let matches = memo.get(key);
    if (!matches) {
      matches = searcher.search(query).map((m) => {
        const declaredFrom = classifier.declarationStarts(m.file, m.line - 1, m.start);
        const parameter = classifier.memberParameterAt(m.file, m.line - 1, m.start);
        return { ...m, syntax: classifier.classOf(m.file, m.line - 1, m.start), ...(declaredFrom.length ? { declaredFrom } : {}), ...(parameter ? { parameter } : {}) };
      });
      memo.set(key, matches);
    }
    return matches;
  };
}
