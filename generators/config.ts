import { fillTemplate, idiomRegExp } from '../core/languages.ts';
import { grepDraft, REGEX_ARGS, textRefQuery, textRefSearch } from './grep.ts';
import { candidate, MAX_ANSWER_SET, type Candidate, type SubTypeGenerator } from './types.ts';

export const configGenerators: SubTypeGenerator[] = [
  {
    category: 'Config',
    subType: 'env_var_read_sites',
    goldSource: 'grep_compared',
    rationale: "every environment variable the code reads (the language's env-read forms: os.environ, process.env, os.Getenv, std::env::var, ENV[…], getenv…); lookup kind text_ref of its name, answered by rg; exact_set",
    needs: 'code that reads an environment variable',
    idioms: ['envReads'],
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, grep }) {
      // One search over the corpus finds every variable; each is then counted by its own search when drafted.
      const names = new Map<string, string>();
      const reads = facts.idioms.envReads;
      for (const hit of reads.length ? grep({ args: REGEX_ARGS, pattern: reads.map((r) => `(?:${r})`).join('|') }) : []) {
        const name = /([A-Z][A-Z0-9_]{2,})['"]?$/.exec(hit.text)?.[1];
        if (name && !facts.inTestFile(hit.file) && !names.has(name)) names.set(name, hit.file);
      }
      return [...names.entries()].sort().map(([name, file]) => ({
        file,
        draft: () =>
          grepDraft(facts, grep, textRefSearch(name), {
            intent: `Rotating the ${name} setting: lists every symbol whose code mentions the environment variable ${name}`,
            query: textRefQuery(name),
            maxAnswer: MAX_ANSWER_SET,
          }),
      }));
    },
  },
  {
    category: 'Config',
    subType: 'config_constant_readers',
    goldSource: 'grep_compared',
    rationale: 'top-level UPPER_CASE constants and variables; lookup kind text_ref of the name minus its definition line, answered by rg; exact_set',
    needs: 'an UPPER_CASE top-level constant used somewhere',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, grep }) {
      return facts
        .targets(new Set(['constant', 'variable']))
        .filter((s) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[A-Z]{4,}$/.test(s.name) && facts.byName.get(s.name)!.length === 1)
        .map(
          candidate((s) =>
            grepDraft(facts, grep, textRefSearch(s.name), {
              intent: `Changing the value of ${s.display}: lists every symbol that reads ${s.name}`,
              query: textRefQuery(s.name),
              excludeDefinitionOf: s.id,
              maxAnswer: MAX_ANSWER_SET,
            })),
        );
    },
  },
  {
    category: 'Config',
    subType: 'config_module_importers',
    goldSource: 'grep_compared',
    rationale: "modules named like configuration (the language's config module names); `callers` of the module answered by the import lines rg finds (the language's import form, mapped to the importing symbol); exact_set",
    needs: 'a configuration module that other files import',
    idioms: ['config.importLine'],
    asks: { op: 'callers', expected: 'exact_set' },
    candidates({ facts, grep }) {
      const candidates: Candidate[] = [];
      const { moduleNames, importLine } = facts.idioms.config;
      for (const m of importLine ? facts.targets(new Set(['module'])) : []) {
        const base = m.file.replace(/\.[^./]+$/, '').split('/').pop()!;
        if (!idiomRegExp(moduleNames).test(base)) continue;
        const pattern = fillTemplate(importLine!, { name: m.name, base });
        candidates.push({
          file: m.file,
          draft: () =>
            grepDraft(facts, grep, { args: REGEX_ARGS, pattern }, {
              intent: `Moving a setting out of module ${m.name}: lists every symbol whose file imports it`,
              query: { op: 'callers', sym_stable_id: m.id },
              maxAnswer: MAX_ANSWER_SET,
            }),
        });
      }
      return candidates;
    },
  },
];
