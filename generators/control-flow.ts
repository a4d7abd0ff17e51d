import { typeKinds, type SymbolKind } from '../core/contract.ts';
import { escapeRegex, fillTemplate, idiomRegExp } from '../core/languages.ts';
import { importedFromElsewhere, onlyWhereForm, regexSearch, textDraft, wordSearch } from './text.ts';
import { candidate, MAX_ANSWER_SET, type SubTypeGenerator } from './types.ts';

export const controlFlowGenerators: SubTypeGenerator[] = [
  {
    category: 'ControlFlow',
    subType: 'exception_raisers',
    goldSource: 'grep_compared',
    rationale: "exception classes no file imports another type of the same name for (the language's `importedFrom`: PHP's `use Psr\\Log\\InvalidArgumentException;`) and no other own type or constant or variable is named like (OCaml's `Queue.Empty` and `Stack.Empty`: one raise form matches both); text_search in code for the language's raise form (`raise X`, `throw new X`, `Err(X…)`, `return &X{…}`), under its own name and every name an import declaration gives it (the language's `errors.renamed`: `use … Error as ClapError`) or an assignment does (`errors.aliased`: Ruby's `ParamsTooDeepError = QueryLimitError`): the symbols that raise or throw it; exact_set",
    needs: 'an exception class that is raised or thrown somewhere',
    idioms: ['errors.raise'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      const { raise, renamed, aliased } = facts.idioms.errors;
      // Whether another own type, or a value that may hold one (Ruby's `InvalidParameterError = QueryParser::InvalidParameterError`), has its name: the raise form cannot tell them apart.
      const sharesName = (s: { id: string; name: string }): boolean =>
        facts.lookupBare(s.name).some((o) => o !== s.id && namesAType(facts.symbol(o)!.kind));
      // The names declarations of this form give a type besides its own (import declarations, or code), each captured by the idiom's one group.
      const namesGiven = (template: string | undefined, where: 'import' | 'code', name: string): string[] => {
        if (!template) return [];
        const pattern = fillTemplate(template, { name });
        const names = search(regexSearch(pattern, 'code_or_import'))
          .filter((m) => m.syntax === where)
          .map((m) => idiomRegExp(pattern).exec(m.text)?.[1])
          .filter((n): n is string => n !== undefined && n !== name);
        return [...new Set(names)].sort();
      };
      return (raise ? facts.targets(new Set(['class'])) : [])
        .filter((s) => facts.isException(s.id))
        .map(
          candidate((s) => {
            if (importedFromElsewhere(s, facts, search) || sharesName(s)) return undefined;
            const imported = namesGiven(renamed, 'import', s.name);
            const assigned = namesGiven(aliased, 'code', s.name).filter((n) => !imported.includes(n));
            const pattern = [s.name, ...imported, ...assigned].map((name) => fillTemplate(raise!, { name })).join('|');
            const also = [alsoAs(imported, 'an import gives'), alsoAs(assigned, 'an assignment gives')].filter(Boolean).join('; ');
            return textDraft(facts, search, regexSearch(pattern, 'code'), {
              intent: `Triaging an error of type ${s.display}: lists every symbol whose code raises or throws it${also ? ` (${also})` : ''}`,
              maxAnswer: MAX_ANSWER_SET,
            });
          }),
        );
    },
  },
  {
    category: 'ControlFlow',
    subType: 'exception_hierarchy',
    goldSource: 'scip_roundtrip',
    rationale: 'exception classes with subclasses; implementors, transitive; exact_set',
    needs: 'an exception class with subclasses',
    asks: { op: 'implementors', expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets(new Set(['class']))
        .filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id) && facts.isException(s.id))
        .map(
          candidate((s) => {
            const subs = facts.implementors(s.id);
            if (subs.length === 0 || subs.length > MAX_ANSWER_SET) return undefined;
            return {
              intent: `Writing an except/catch for ${s.display}: lists every exception class it also catches (its subclasses)`,
              query: { op: 'implementors', sym_stable_id: s.id },
              expected: { kind: 'exact_set', stable_ids: subs },
            };
          }),
        );
    },
  },
  {
    category: 'ControlFlow',
    subType: 'thrown_error_codes',
    goldSource: 'grep_compared',
    rationale: "errors thrown through something other than a corpus class (error-code factories such as `throw new FST_ERR_X()`, or `raise errors.X(...)`: the language's raise-a-call form, found in code); text_search of the name in code; exact_set",
    needs: 'a `throw new X(` or `raise X(` whose X is not a corpus class',
    idioms: ['errors.raiseCall'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      // One search over the corpus finds every candidate name; each is then counted by its own search when drafted.
      const names = new Map<string, string>();
      const raiseCall = facts.idioms.errors.raiseCall;
      for (const hit of raiseCall ? search(regexSearch(raiseCall, 'code')) : []) {
        if (hit.syntax !== 'code') continue;
        const name = /([A-Za-z_$][\w$]*)\($/.exec(hit.text)?.[1];
        if (!name || name.length < 5 || facts.inTestCode(hit) || facts.byName.get(name)?.some((s) => s.kind === 'class')) continue;
        if (!names.has(name)) names.set(name, hit.file);
      }
      return [...names.entries()].sort().map(([name, file]) => ({
        file,
        draft: () =>
          textDraft(facts, search, wordSearch(name, 'code'), {
            intent: `A log shows the error \`${name}\`; lists every symbol whose code mentions it (where it is thrown, wrapped or handled)`,
            maxAnswer: MAX_ANSWER_SET,
          }),
      }));
    },
  },
  {
    category: 'ControlFlow',
    subType: 'error_message_raisers',
    goldSource: 'grep_compared',
    rationale: "literal error messages (12+ characters, with a space or an UPPER_CASE code, up to the first interpolation) raised or reported outside test code in the language's message form (`errors.message`: Lua's `error(\"…\")`, Perl's `die \"…\"`, Go's `errors.New(\"…\")`), whose text appears nowhere else, comments, strings and tests included; text_search in code for that form with the message: the symbols that raise it; exact_set",
    needs: 'an error raised with a literal message',
    idioms: ['errors.message'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      const form = facts.idioms.errors.message;
      if (!form) return [];
      // One search finds every message; each is then asked by its own search when drafted.
      // The message up to its first quote or escape, and an apostrophe's next letter if one follows (`can't`).
      const anyMessage = form.replaceAll('{message}', '([^"\'\\\\]*)(?:\'\\w)?');
      const messages = new Map<string, string>();
      const capture = new RegExp(anyMessage, 'du');
      for (const hit of search(regexSearch(anyMessage, 'code'))) {
        const found = capture.exec(hit.text);
        // A log shows what the product raises: a message only a test raises is no lead.
        if (!found || hit.syntax !== 'code' || facts.inTestCode(hit)) continue;
        const message = literalMessage(found[1]!, hit.text.slice(found.indices![1]![1]));
        if (message && !messages.has(message)) messages.set(message, hit.file);
      }
      return [...messages.entries()].sort().map(([message, file]) => ({
        file,
        draft: () => {
          const raised = regexSearch(fillTemplate(form, { message }), 'code');
          // The intent says every raise: the message written anywhere else (a raise over two lines, a test's expectation) is not asked.
          if (!onlyWhereForm(search, raised, regexSearch(escapeRegex(message), 'any'))) return undefined;
          return textDraft(facts, search, raised, {
            intent: `A log shows an error starting "${message}": lists every symbol whose code raises or reports an error whose message starts so`,
            maxAnswer: MAX_ANSWER_SET,
          });
        },
      }));
    },
  },
];

/**
 * The literal start of a message (up to its first interpolation or escape: `%s`, `$x`, `#{x}`,
 * `\\(x)`, `{0}`), trimmed to whole words (an apostrophe, `can't`, ends the capture inside a word:
 * that word goes too); undefined when that is too short to name one error: under 12 characters, or
 * one word that is no error code (`UNSAFE_RECIPIENT`).
 */
function literalMessage(captured: string, after: string): string | undefined {
  let literal = /^[^%$@#{}`\\]*/.exec(captured)![0];
  if (literal === captured && /^'\w/u.test(after)) literal = literal.replace(/\S*$/, '');
  literal = literal.replace(/[^A-Za-z0-9]+$/, '');
  return /^[A-Za-z]/.test(literal) && literal.length >= 12 && (literal.includes(' ') || /^[A-Z][A-Z0-9_]+$/.test(literal)) ? literal : undefined;
}

/** `also as `A`, `B`, the names an import gives it`: the other names a raise may use, and where they come from. */
function alsoAs(names: string[], source: string): string {
  if (names.length === 0) return '';
  return `also as ${names.map((a) => `\`${a}\``).join(', ')}, the name${names.length > 1 ? 's' : ''} ${source} it`;
}

/** A type, or a value that may hold one (a constant or variable): a raise of its name may raise that type. */
function namesAType(kind: SymbolKind): boolean {
  return typeKinds.has(kind) || kind === 'constant' || kind === 'variable';
}
