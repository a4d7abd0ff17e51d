import { escapeRegex, grepDraft, REGEX_ARGS, textRefQuery, textRefSearch } from './grep.ts';
import { MAX_ANSWER_SET, type Draft, type SubTypeGenerator } from './types.ts';

export const controlFlowGenerators: SubTypeGenerator[] = [
  {
    category: 'ControlFlow',
    subType: 'exception_raisers',
    goldSource: 'grep_compared',
    rationale: 'exception classes; `callers` of the class answered by the symbols around `raise X` / `throw new X` lines found by rg; exact_set',
    needs: 'an exception class that is raised or thrown somewhere',
    asks: { op: 'callers', expected: 'exact_set' },
    drafts({ facts, grep }) {
      const drafts: Draft[] = [];
      for (const s of facts.targets(new Set(['class']))) {
        if (!facts.isException(s.id)) continue;
        const search = { args: REGEX_ARGS, pattern: `\\b(raise|throw)\\s+(new\\s+)?${escapeRegex(s.name)}\\b` };
        const draft = grepDraft(facts, grep, search, {
          file: s.file,
          intent: `Triaging an error of type ${s.display}: lists every symbol that raises or throws it`,
          query: { op: 'callers', sym_stable_id: s.id },
          maxAnswer: MAX_ANSWER_SET,
        });
        if (draft) drafts.push(draft);
      }
      return drafts;
    },
  },
  {
    category: 'ControlFlow',
    subType: 'exception_hierarchy',
    goldSource: 'scip_roundtrip',
    rationale: 'exception classes with subclasses; implementors, transitive; exact_set',
    needs: 'an exception class with subclasses',
    asks: { op: 'implementors', expected: 'exact_set' },
    drafts({ facts }) {
      return facts
        .targets(new Set(['class']))
        .filter((s) => facts.isException(s.id))
        .map((s) => ({ s, subs: facts.implementors(s.id) }))
        .filter(({ subs }) => subs.length > 0 && subs.length <= MAX_ANSWER_SET)
        .map(({ s, subs }) => ({
          file: s.file,
          intent: `Writing an except/catch for ${s.display}: lists every exception class it also catches (its subclasses)`,
          query: { op: 'implementors', sym_stable_id: s.id },
          expected: { kind: 'exact_set', stable_ids: subs },
        }));
    },
  },
  {
    category: 'ControlFlow',
    subType: 'thrown_error_codes',
    goldSource: 'grep_compared',
    rationale: 'errors thrown through something other than a corpus class (error-code factories such as `throw new FST_ERR_X()`, or `raise errors.X(...)`), found by rg; lookup kind text_ref of the name; exact_set',
    needs: 'a `throw new X(` or `raise X(` whose X is not a corpus class',
    asks: { op: 'lookup', expected: 'exact_set' },
    drafts({ facts, grep }) {
      const names = new Map<string, string>();
      for (const hit of grep({ args: REGEX_ARGS, pattern: '\\b(throw\\s+new|raise)\\s+[A-Za-z_$][\\w$.]*\\(' })) {
        const name = /([A-Za-z_$][\w$]*)\($/.exec(hit.text)?.[1];
        if (!name || name.length < 5 || facts.inTestFile(hit.file) || facts.byName.get(name)?.some((s) => s.kind === 'class')) continue;
        if (!names.has(name)) names.set(name, hit.file);
      }
      const drafts: Draft[] = [];
      for (const [name, file] of [...names.entries()].sort()) {
        const draft = grepDraft(facts, grep, textRefSearch(name), {
          file,
          intent: `A log shows the error \`${name}\`; lists every symbol whose code mentions it (where it is defined, thrown or handled)`,
          query: textRefQuery(name),
          maxAnswer: MAX_ANSWER_SET,
        });
        if (draft) drafts.push(draft);
      }
      return drafts;
    },
  },
];
