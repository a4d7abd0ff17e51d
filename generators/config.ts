import { escapeRegex, grepDraft, REGEX_ARGS, textRefQuery, textRefSearch } from './grep.ts';
import { candidate, MAX_ANSWER_SET, type Candidate, type SubTypeGenerator } from './types.ts';

/** How the languages we index read an environment variable; group 2 is the name. */
const ENV_READ = '(os\\.environ(\\.get)?\\s*[\\[(]\\s*|os\\.getenv\\s*\\(\\s*|process\\.env\\[\\s*)[\'"]([A-Z][A-Z0-9_]{2,})[\'"]|process\\.env\\.([A-Z][A-Z0-9_]{2,})';

export const configGenerators: SubTypeGenerator[] = [
  {
    category: 'Config',
    subType: 'env_var_read_sites',
    goldSource: 'grep_compared',
    rationale: 'every environment variable the code reads (os.environ / os.getenv / process.env); lookup kind text_ref of its name, answered by rg; exact_set',
    needs: 'code that reads an environment variable',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, grep }) {
      // One search over the corpus finds every variable; each is then counted by its own search when drafted.
      const names = new Map<string, string>();
      for (const hit of grep({ args: REGEX_ARGS, pattern: ENV_READ })) {
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
    rationale: 'modules named like config/settings/options/env; `callers` of the module answered by the import lines rg finds (mapped to the importing symbol); exact_set',
    needs: 'a configuration module that other files import',
    asks: { op: 'callers', expected: 'exact_set' },
    candidates({ facts, grep }) {
      const candidates: Candidate[] = [];
      for (const m of facts.targets(new Set(['module']))) {
        const base = m.file.replace(/\.[^./]+$/, '').split('/').pop()!;
        if (!/(config|settings|options|env)/i.test(base)) continue;
        const dotted = m.id.endsWith('__init__:') ? m.name : undefined;
        // Python imports name the dotted module; JS/TS import a relative path ending in the file's base name.
        const pattern = dotted
          ? `^\\s*(from\\s+${escapeRegex(dotted)}\\s+import|import\\s+${escapeRegex(dotted)}\\b)`
          : `(from\\s+|require\\(\\s*|import\\(\\s*)['"][^'"]*/${escapeRegex(base)}(\\.[cm]?[jt]s)?['"]`;
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
