import type { TextScope, TextSearchQuery } from '../core/contract.ts';
import { fillTemplate, idiomRegExp } from '../core/languages.ts';
import { inScope } from '../evidence/syntax.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import type { Facts } from './facts.ts';
import type { Draft, TextMatch } from './types.ts';

/** The `text_search` for a whole word: an identifier, an environment variable, a dotted idiom like `pytest.raises`. */
export function wordSearch(word: string, scope: TextScope): TextSearchQuery {
  return { op: 'text_search', pattern: word, mode: 'word', in: scope };
}

/** The `text_search` for a regex in ripgrep's syntax (a call form, a raise form, an import line). */
export function regexSearch(pattern: string, scope: TextScope): TextSearchQuery {
  return { op: 'text_search', pattern, mode: 'regex', in: scope };
}

/**
 * Whether `everywhere` matches (those it `counts`, by default those in its scope) on exactly the lines `form` matches (in its scope): a text
 * written only in that form (an error message only where it is raised, a flag only where a
 * conditional tests it), and in that form only where its text is (a flag named only in a
 * block comment on a conditional line is not tested there), so a question about the form covers
 * every place the text is.
 */
export function onlyWhereForm(
  search: (query: TextSearchQuery) => readonly TextMatch[],
  form: TextSearchQuery,
  everywhere: TextSearchQuery,
  counts: (m: TextMatch) => boolean = (m) => inScope(everywhere.in, m.syntax),
): boolean {
  const linesOf = (matches: readonly TextMatch[]) => new Set(matches.map((m) => `${m.file}:${m.line}`));
  const formLines = linesOf(search(form).filter((m) => inScope(form.in, m.syntax)));
  const textLines = linesOf(search(everywhere).filter(counts));
  return formLines.size > 0 && formLines.size === textLines.size && [...formLines].every((line) => textLines.has(line));
}

/**
 * Whether everything a file declares is filed under it in the index, so `file_symbols` may be asked
 * as an exact_set: no definition of it is filed under another file (a C macro defined in two files, a
 * build-tag copy), the index misses none of the functions the language's outline finds declared in it (a
 * parse error swallowed them), no line of it matches the language folder's `surveyGaps` (a
 * declaration form its indexer does not record) or `unrecordedCallables` (OCaml's `external ( && )`),
 * it declares no type the index gives members
 * but no definition, and no two of its types share one id (C#'s generic arities).
 */
export function surveyable(facts: Facts, file: string): boolean {
  return (
    !facts.holdsDefinitionsFiledElsewhere(file) &&
    !facts.missesDeclarationsIn(file) &&
    !facts.hasSurveyGaps(file) &&
    !facts.declaresUnrecordedIn(file) &&
    !facts.losesTypesIn(file) &&
    !facts.mergesTypesIn(file)
  );
}

/**
 * A grep_compared draft: the answer is whatever the search maps to
 * (docs/query-semantics.md, "text_search"), never a sample; skipped when
 * empty (nothing to ask), too large to be a realistic question, when a
 * counted match is no symbol's (the answer would leave that site out), or
 * when the word is also written as another name (the language's `otherNames`).
 */
export function textDraft(
  facts: Facts,
  search: (query: TextSearchQuery) => readonly TextMatch[],
  query: TextSearchQuery,
  build: { intent: string; maxAnswer: number; minAnswer?: number },
): Draft | undefined {
  // A word also written as another name (Zig's builtin `@bitReverse`) is found in both by its search.
  if (query.mode === 'word' && facts.writtenAsAnotherName(query.pattern)) return undefined;
  const matches = search(query);
  // "Every symbol whose text …" is asked only where every counted match is some symbol's.
  if (facts.leavesSitesOut(matches, query.in)) return undefined;
  const ids = facts.answerText(matches, query.in);
  if (ids.length < (build.minAnswer ?? 1) || ids.length > build.maxAnswer) return undefined;
  return { intent: build.intent, query, expected: { kind: 'exact_set', stable_ids: ids } };
}

/**
 * Whether code writes the symbol's name qualified by something other than its owner (any segment
 * of the owner's display: `config` of `app/config.py`, `Multipart` of `Rack/Multipart/`) or the
 * current type or instance (idioms.qualified), or from the top level where it is a member (`::Logger`
 * beside Rack::Logger): `LogLevel::INFO`, `URI::Parser`. Such a use names another owner's member
 * or type of the same name, so a question about every use of the word would count it as this
 * symbol's.
 */
export function writtenQualifiedByAnother(s: SymbolFact, facts: Facts, search: (query: TextSearchQuery) => readonly TextMatch[]): boolean {
  const { root } = facts.idioms.qualified;
  // `::Logger` is the top level's Logger, not Rack::Logger.
  if (s.owner && root && search(regexSearch(fillTemplate(root, { name: s.name }), 'code')).some((m) => m.syntax === 'code')) return true;
  const pattern = fillTemplate(facts.idioms.qualified.use, { name: s.name });
  const owners = new Set((s.owner ? (facts.symbol(s.owner)?.display ?? '') : '').split(/[^\w$]+/));
  const own = facts.idioms.qualified.own;
  const every = new RegExp(pattern, 'gu');
  return search(regexSearch(pattern, 'code')).some(
    (m) => m.syntax === 'code' && [...m.text.matchAll(every)].some((q) => q[1] !== undefined && !own.includes(q[1]) && !owners.has(q[1])),
  );
}

/**
 * Whether code binds the word as a local variable or parameter somewhere (prosody's `local handlers =
 * {}` in `util/events.new`, beside the table `util/sslconfig/handlers`): a search for the word counts
 * that local's uses as the symbol's.
 */
export function boundAsLocal(word: string, facts: Facts, search: (query: TextSearchQuery) => readonly TextMatch[]): boolean {
  return search(wordSearch(word, 'code')).some((m) => m.syntax === 'code' && facts.onLocalBinding(m));
}

/**
 * Whether some file imports another type under this one's name (idioms.importedFrom: PHP's
 * `use Psr\Log\InvalidArgumentException;`, Python's `from starlette.responses import Response`):
 * the import's path, every separator read as `/`, is not the type's own module or namespace, so
 * that file's raises and mentions of the name are the other type's.
 */
export function importedFromElsewhere(s: SymbolFact, facts: Facts, search: (query: TextSearchQuery) => readonly TextMatch[]): boolean {
  const form = facts.idioms.importedFrom;
  if (!form) return false;
  const pattern = fillTemplate(form, { name: s.name });
  const own = asPath(s.display.slice(0, Math.max(0, s.display.length - s.name.length - 2)));
  return search(regexSearch(pattern, 'code_or_import'))
    .filter((m) => m.syntax === 'import')
    .some((m) => {
      const path = idiomRegExp(pattern).exec(m.text)?.[1] ?? '';
      if (!facts.idioms.dottedRelativeImports || !path.startsWith('.')) return asPath(path) !== own;
      // The tree may hold the package below a source folder (`src/pkg/mod.py` is module `pkg.mod`).
      const resolved = resolveDotted(path, m.file);
      return resolved !== own && !resolved.endsWith(`/${own}`);
    });
}

/** `..models` imported in `pkg/sub/file.py`: the module it names, as a path (`pkg/models`). */
function resolveDotted(path: string, file: string): string {
  const dots = /^\.+/.exec(path)![0].length;
  const segments = file.split('/').slice(0, -1);
  const base = segments.slice(0, Math.max(0, segments.length - (dots - 1)));
  return [...base, ...asPath(path.slice(dots)).split('/').filter(Boolean)].join('/');
}

/** A module or namespace path with every separator (`.`, `\\`, `::`) read as `/`: `com.facebook.systrace` is `com/facebook/systrace`. */
function asPath(path: string): string {
  return path.replace(/\\|::|\./g, '/');
}

