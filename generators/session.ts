import { REREAD_TURNS, typeKinds } from '../core/contract.ts';
import { escapeRegex, fillTemplate, type Idioms } from '../core/languages.ts';
import type { SymbolFact } from '../graph/fact-graph.ts';
import { typoOf } from './adversarial.ts';
import { isTypeableName } from './completion.ts';
import type { Facts } from './facts.ts';
import type { Rng } from './sampling.ts';
import { regexSearch, surveyable } from './text.ts';
import { candidate, MAX_ANSWER_SET, withinLimit, type GeneratorContext, type SubTypeGenerator, type TextMatch } from './types.ts';

/**
 * Session-shaped scenarios (the upstream repository's workflow categories). Every turn's answer
 * comes from the index exactly as a single question's would; only the last turn is the scenario's
 * `query`, and it is never a question another scenario of the file asks.
 */

/** A callable whose callers are all known, 1..40 of them, and whose short name no other symbol has: a name lookup finds it alone. */
function followable(facts: Facts, s: SymbolFact): boolean {
  return facts.isCallable(s) && isTypeableName(s.name) && withinLimit(facts.callers(s.id)) && facts.lookupBare(s.name).length === 1 && facts.callersComplete(s.id);
}

/** A near miss of `name` the compiler would name it for: one edit, or (Go) a change of letter case only; undefined when it hits a real name. */
function nearMissOf(facts: Facts, name: string, style: 'typo' | 'case', rng: Rng): string | undefined {
  const near = style === 'case' ? flipFirstCase(name) : typoOf(name, rng);
  if (!near || near === name) return undefined;
  if (style === 'case' ? facts.byName.has(near) : facts.nameTaken(near)) return undefined;
  return near;
}

function flipFirstCase(name: string): string | undefined {
  const first = name[0]!;
  const flipped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  return flipped === first ? undefined : flipped + name.slice(1);
}

/** The type a method belongs to, when it is one. */
function ownerType(facts: Facts, s: SymbolFact): SymbolFact | undefined {
  const owner = s.owner ? facts.symbol(s.owner) : undefined;
  return owner && typeKinds.has(owner.kind) ? owner : undefined;
}

/**
 * Where the agent's slip is rendered: a site written as the language's call of the name, inside a
 * body the index says calls the symbol (so the call there is this symbol's), first in file order.
 */
function callSiteOf(facts: Facts, search: GeneratorContext['search'], s: SymbolFact, site: string): TextMatch | undefined {
  const callers = new Set(facts.callers(s.id));
  const matches = search(regexSearch(fillTemplate(site, { name: s.name }), 'code'));
  return matches.find((m) => m.syntax === 'code' && facts.answerText([m], 'code').some((id) => callers.has(id)));
}

/** The error message an agent would see had it misspelt `s` at `m`, from the language folder's template. */
function renderFeedback(feedback: NonNullable<Idioms['feedback']>, form: 'member' | 'free', s: SymbolFact, owner: SymbolFact | undefined, near: string, m: TextMatch): string | undefined {
  const template = feedback[form]!.message;
  const ownerKind = owner ? feedback.ownerKinds[owner.kind] : undefined;
  if (template.includes('{ownerKind}') && !ownerKind) return undefined;
  const values: Record<string, string> = {
    file: m.file,
    line: String(m.line),
    // Compilers point at the name itself, which the site's text ends with (before its `(`).
    column: String(m.start + m.text.replace(/\s*\($/, '').length - s.name.length + 1),
    near,
    name: s.name,
    owner: owner?.name ?? '',
    ownerKind: ownerKind ?? '',
    call: m.text.replace(/\s*\($/, '').replace(new RegExp(`${escapeRegex(s.name)}$`), near),
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A callable whose callees are all known and 1..40 corpus callables, with a short name no other symbol has. */
function traceable(facts: Facts, s: SymbolFact): boolean {
  return facts.isCallable(s) && isTypeableName(s.name) && facts.calleesComplete(s.id) && withinLimit(facts.callees(s.id)) && facts.lookupBare(s.name).length === 1;
}

/** A file small enough to survey whole: 2..40 symbols. */
function smallFile(facts: Facts, file: string): boolean {
  const n = facts.fileSymbols(file).length;
  return n >= 2 && n <= MAX_ANSWER_SET;
}

/** The follow-ups a session makes about one callable: who calls it, and what it calls. */
const followUps = {
  callers: { ok: followable, answer: (facts: Facts, id: string) => facts.callers(id), asks: 'who calls it', op: 'callers' as const },
  callees: { ok: traceable, answer: (facts: Facts, id: string) => facts.callees(id), asks: 'what it calls by name', op: 'callees' as const },
};

function continuation(kind: keyof typeof followUps): SubTypeGenerator {
  const f = followUps[kind];
  return {
    category: 'ConversationalContinuation',
    subType: `${kind}_of_the_found_symbol`,
    goldSource: 'scip_roundtrip',
    rationale: `a bare-name lookup that finds one callable, then ${f.asks}, naming the id the lookup returned; exact_set on both turns`,
    needs: `a callable with a unique short name and 1..40 ${kind}, all of them known`,
    asks: { op: f.op, expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets()
        .filter((s) => f.ok(facts, s))
        .map(
          candidate((s) => ({
            intent: `Just found ${s.display} by its name; now asks ${f.asks}, naming the id the lookup returned`,
            session: { preceding_query: { op: 'lookup', name: s.name, bare_name: true }, preceding_expected: { kind: 'exact_set', stable_ids: [s.id] } },
            query: { op: f.op, sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: f.answer(facts, s.id) },
          })),
        );
    },
  };
}

function handoff(kind: keyof typeof followUps): SubTypeGenerator {
  const f = followUps[kind];
  return {
    category: 'SubAgentContextHandoff',
    subType: `file_overview_then_${kind}`,
    goldSource: 'scip_roundtrip',
    rationale: `the main agent lists a file's 2..40 symbols; a fresh sub-agent asks ${f.asks} of one callable of it (unique name, every one of its ${kind} known); exact_set on both`,
    needs: `a file with 2..40 symbols defining a callable with 1..40 ${kind}, all of them known`,
    asks: { op: f.op, expected: 'exact_set' },
    candidates({ facts }) {
      return facts
        .targets()
        .filter((s) => f.ok(facts, s) && smallFile(facts, s.file))
        .map(
          candidate((s) => !surveyable(facts, s.file) ? undefined : ({
            intent: `The main agent surveyed ${s.file}; a fresh sub-agent, handed ${s.display} from that survey, asks ${f.asks}`,
            session: { main_query: { op: 'file_symbols', file_path: s.file }, main_expected: { kind: 'exact_set', stable_ids: facts.fileSymbols(s.file) } },
            query: { op: f.op, sym_stable_id: s.id },
            expected: { kind: 'exact_set', stable_ids: f.answer(facts, s.id) },
          })),
        );
    },
  };
}

export const sessionGenerators: SubTypeGenerator[] = [
  continuation('callers'),
  continuation('callees'),
  {
    category: 'RereadCascade',
    subType: 'repeated_file_listing',
    goldSource: 'scip_roundtrip',
    rationale: 'every symbol of a file with 1..40 of them, asked 2..5 times in one session as an agent re-reads a file while it edits; each read exact_set',
    needs: 'a source file with 1..40 symbols',
    asks: { op: 'file_symbols', expected: 'exact_set' },
    candidates({ facts, rng }) {
      return facts.graph.files
        .filter((file) => facts.isTargetFile(file) && withinLimit(facts.fileSymbols(file)))
        .map((file) => ({ file, reads: REREAD_TURNS.min + rng.int(4) }))
        .map(
          candidate(({ file, reads }) => {
            if (!surveyable(facts, file)) return undefined;
            const query = { op: 'file_symbols' as const, file_path: file };
            return {
              intent: `Re-reads what ${file} defines ${reads} times while editing it; every read must give the same full list`,
              session: { queries: Array.from({ length: reads }, () => query) },
              query,
              expected: { kind: 'exact_set', stable_ids: facts.fileSymbols(file) },
            };
          }),
        );
    },
  },
  {
    category: 'RereadCascade',
    subType: 'repeated_name_lookup',
    goldSource: 'scip_roundtrip',
    rationale: 'a bare-name lookup of a type or callable name that 1..40 symbols share, asked 2..5 times in one session; each read exact_set',
    needs: 'a type or callable name',
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, rng }) {
      const seen = new Set<string>();
      const picks: Array<{ file: string; name: string; reads: number }> = [];
      for (const s of facts.targets()) {
        if (seen.has(s.name) || !isTypeableName(s.name) || !(facts.isCallable(s) || typeKinds.has(s.kind))) continue;
        seen.add(s.name);
        if (withinLimit(facts.lookupBare(s.name))) picks.push({ file: s.file, name: s.name, reads: REREAD_TURNS.min + rng.int(4) });
      }
      return picks.map(
        candidate(({ name, reads }) => {
          const query = { op: 'lookup' as const, name, bare_name: true };
          return {
            intent: `Looks up \`${name}\` ${reads} times in one session as it keeps coming back to the code; every read must find the same symbols`,
            session: { queries: Array.from({ length: reads }, () => query) },
            query,
            expected: { kind: 'exact_set', stable_ids: facts.lookupBare(name) },
          };
        }),
      );
    },
  },
  handoff('callers'),
  handoff('callees'),
  {
    category: 'BashFeedbackLoop',
    subType: 'misspelt_call_to_symbol',
    goldSource: 'scip_roundtrip',
    rationale: "a compiler's or interpreter's message about a misspelt call at a real call site, which names the real symbol; a bare-name lookup of that name, which only it has; exact_set",
    needs: 'a callable with a unique short name called where the language folder\'s site pattern finds the call',
    idioms: ['feedback'],
    asks: { op: 'lookup', expected: 'exact_set' },
    candidates({ facts, rng, search }) {
      const feedback = facts.idioms.feedback;
      if (!feedback) return [];
      const slips: Array<{ file: string; s: SymbolFact; owner?: SymbolFact; near: string; form: 'member' | 'free' }> = [];
      for (const s of facts.targets()) {
        if (!followable(facts, s)) continue;
        const owner = ownerType(facts, s);
        const form = owner ? 'member' : s.owner && facts.symbol(s.owner)?.kind !== 'module' ? undefined : 'free';
        if (!form || !feedback[form]) continue;
        const near = nearMissOf(facts, s.name, feedback.nearMiss, rng);
        if (near) slips.push({ file: s.file, s, ...(owner ? { owner } : {}), near, form });
      }
      return slips.map(
        candidate(({ s, owner, near, form }) => {
          const site = callSiteOf(facts, search, s, feedback[form]!.site);
          const stderr = site && renderFeedback(feedback, form, s, owner, near, site);
          if (!stderr) return undefined;
          return {
            intent: `\`${feedback.command}\` failed on a misspelt call; the message names ${s.name}, and the agent looks it up to fix the call`,
            session: { context: { preceding_command: feedback.command, stderr_excerpt: stderr } },
            query: { op: 'lookup', name: s.name, bare_name: true },
            expected: { kind: 'exact_set', stable_ids: [s.id] },
          };
        }),
      );
    },
  },
];
