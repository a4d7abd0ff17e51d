import { fillTemplate, idiomRegExp, matchesAny } from '../core/languages.ts';
import { boundAsLocal, onlyWhereForm, regexSearch, textDraft, wordSearch, writtenQualifiedByAnother } from './text.ts';
import { candidate, MAX_ANSWER_SET, type Candidate, type SubTypeGenerator, type TextMatch } from './types.ts';
import type { Facts } from './facts.ts';
import type { TextSearchQuery } from '../core/contract.ts';

/** What fills an env-read form's `{name}` to find every variable the code reads. */
const ENV_NAME = '[A-Z][A-Z0-9_]{2,}';

export const configGenerators: SubTypeGenerator[] = [
  {
    category: 'Config',
    subType: 'env_var_read_sites',
    goldSource: 'grep_compared',
    rationale: "every environment variable the code reads (the language's env-read forms: os.environ, process.env, os.Getenv, std::env::var, ENV[…], getenv…); text_search in code for those forms with its name: the symbols that read it, or set it through the same form (`$ENV{X} = …`, `os.environ['X'] = …`); exact_set",
    needs: 'code that reads an environment variable',
    idioms: ['envReads'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      // One search over the corpus finds every variable; each is then counted by its own search when drafted.
      const names = new Map<string, string>();
      const reads = facts.idioms.envReads;
      const readsOf = (name: string) => regexSearch(reads.map((r) => `(?:${fillTemplate(r, { name })})`).join('|'), 'code');
      const anyRead = regexSearch(reads.map((r) => `(?:${r.replaceAll('{name}', ENV_NAME)})`).join('|'), 'code');
      for (const hit of reads.length ? search(anyRead) : []) {
        const name = /([A-Z][A-Z0-9_]{2,})['"]?$/.exec(hit.text)?.[1];
        if (name && hit.syntax === 'code' && !facts.inTestCode(hit) && !names.has(name)) names.set(name, hit.file);
      }
      return [...names.entries()].sort().map(([name, file]) => ({
        file,
        draft: () =>
          textDraft(facts, search, readsOf(name), {
            intent: `Rotating the ${name} setting: lists every symbol whose code looks up the environment variable ${name} (in the language's read forms; a putenv-style write is not one)`,
            maxAnswer: MAX_ANSWER_SET,
          }),
      }));
    },
  },
  {
    category: 'Config',
    subType: 'config_constant_readers',
    goldSource: 'grep_compared',
    rationale: "UPPER_CASE constants and variables with a unique name, none of whose uses is qualified by another owner (`LogLevel::INFO` may be another's INFO; the language's qualified forms and own receivers, idioms.qualified), none written in another file when it is declared file-local (idioms.fileLocal: Lua's `local`), none declared again where the index records no definition (idioms.valueDeclaration: a Rust `static` inside a function), and none bound as a local variable or parameter (the index's local definitions); text_search of the word in code (its definition is no mention): the symbols that use it; exact_set",
    needs: 'an UPPER_CASE top-level constant used somewhere',
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      return facts
        .targets(new Set(['constant', 'variable']))
        .filter((s) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[A-Z]{4,}$/.test(s.name) && facts.byName.get(s.name)!.length === 1)
        .map(
          candidate((s) => {
            const query = wordSearch(s.name, 'code');
            // `LogLevel::INFO` may be another owner's INFO: a corpus that defines the name once does not say whose it is.
            if (writtenQualifiedByAnother(s, facts, search)) return undefined;
            // A file-local constant (Lua's `local EV_READWRITE`) is used in its own file only: the word elsewhere is another's.
            if (fileLocal(s.name, s.file, facts, search) && search(query).some((m) => m.syntax === 'code' && m.file !== s.file)) return undefined;
            // A declaration of the name that the index does not record (clap's `static EMPTY: [&OsStr; 0] = []` inside a function) is another value.
            if (facts.declaresUnrecorded(s.name)) return undefined;
            // A local variable or parameter of the name (Go's `timeout := …` in a function) is another value.
            if (boundAsLocal(s.name, facts, search)) return undefined;
            return textDraft(facts, search, query, {
              intent: `Changing the value of ${s.display}: lists every symbol whose code uses ${s.name}`,
              maxAnswer: MAX_ANSWER_SET,
            });
          }),
        );
    },
  },
  {
    category: 'Config',
    subType: 'config_module_importers',
    goldSource: 'grep_compared',
    rationale: "modules named like configuration (the language's config module names); text_search in code for the language's import line of that module: the symbols (mostly modules) whose code imports it; exact_set",
    needs: 'a configuration module that other files import',
    idioms: ['config.importLine'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      const candidates: Candidate[] = [];
      const { moduleNames, importLine } = facts.idioms.config;
      for (const m of importLine ? facts.targets(new Set(['module'])) : []) {
        const base = m.file.replace(/\.[^./]+$/, '').split('/').pop()!;
        if (!idiomRegExp(moduleNames).test(base)) continue;
        const query = regexSearch(fillTemplate(importLine!, { name: m.name, base }), 'code_or_import');
        candidates.push({
          file: m.file,
          draft: () =>
            textDraft(facts, search, query, {
              intent: `Moving a setting out of module ${m.name}: lists every symbol whose code imports it`,
              maxAnswer: MAX_ANSWER_SET,
            }),
        });
      }
      return candidates;
    },
  },
  {
    category: 'Config',
    subType: 'feature_flag_usage',
    goldSource: 'grep_compared',
    rationale: "UPPER_CASE build flags a conditional-compilation line tests (the language's `config.flags.test`: `#ifdef _WIN32`, C#'s `#if UNITY_EDITOR`), not followed by `(`, that the corpus never defines (`config.flags.define`: a header guard or a configuration header is the corpus's own) and that the text names nowhere else outside comments (a value in code, a string); text_search in code for that line form with the flag: the symbols (or file modules) whose code tests it; exact_set",
    needs: 'a build flag that conditional compilation tests',
    idioms: ['config.flags'],
    asks: { op: 'text_search', expected: 'exact_set' },
    candidates({ facts, search }) {
      const flags = facts.idioms.config.flags;
      if (!flags) return [];
      // One search finds every conditional line, whole (a name followed by `(` is a macro call, not a flag); each flag it names is then asked by its own search when drafted.
      const names = new Map<string, string>();
      for (const hit of search(regexSearch(`${flags.test.replaceAll('{name}', '[A-Z_][A-Z0-9_]*')}.*`, 'code'))) {
        if (hit.syntax !== 'code') continue;
        for (const [name] of hit.text.matchAll(/\b_*[A-Z][A-Z0-9_]*[A-Z0-9]\b(?!\s*\()/g)) {
          if (name.length >= 3 && !names.has(name)) names.set(name, hit.file);
        }
      }
      return [...names.entries()].sort().map(([name, file]) => ({
        file,
        draft: () => {
          if (search(regexSearch(fillTemplate(flags.define, { name }), 'code')).some((m) => m.syntax === 'code')) return undefined;
          const tested = regexSearch(fillTemplate(flags.test, { name }), 'code');
          // A flag also written outside conditional lines (`#if` continued over lines, a value in code, even one the grammar reads as part of a string: C's `"+" CMDLINE_OPTSTRING`) would make "tests" an understatement.
          if (!onlyWhereForm(search, tested, wordSearch(name, 'any'), (m) => m.syntax !== 'comment')) return undefined;
          return textDraft(facts, search, tested, {
            intent: `Building where ${name} is set differently (the corpus never defines it: it comes from outside, such as the compiler, the build or an including file): lists every symbol whose code tests it in conditional compilation`,
            maxAnswer: MAX_ANSWER_SET,
          });
        },
      }));
    },
  },
];

/**
 * Whether `name` is declared in `file` in the language's file-local form (idioms.fileLocal), `file`
 * being no declaration file: a header's `static` is every includer's own copy, used where included.
 */
function fileLocal(name: string, file: string, facts: Facts, search: (query: TextSearchQuery) => readonly TextMatch[]): boolean {
  const form = facts.idioms.fileLocal;
  if (form === undefined || matchesAny(facts.idioms.declarationFiles, file)) return false;
  return search(regexSearch(fillTemplate(form, { name }), 'code')).some((m) => m.file === file && m.syntax === 'code');
}
