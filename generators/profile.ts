import { canonicalJson } from '../core/canonical-json.ts';
import { extensionsOf, type ProtocolProfile, type Scenario } from '../core/contract.ts';
import type { Facts } from './facts.ts';
import { scenarioId, sortScenarios } from './index.ts';

export interface ProfileReport {
  name: ProtocolProfile;
  /** Scenarios of the full file left out, by the first convention each uses. */
  leftOut: Record<string, number>;
  /** Lookups kept by dropping a `kind` that does not change their answer. */
  withoutKind: number;
}

/** Whether `answer` is still right for `expected` (the index's answer without the kind). */
function stillRight(expected: Scenario['expected'], answer: readonly string[]): boolean {
  if (expected.kind === 'exact_set') return answer.length === expected.stable_ids.length && expected.stable_ids.every((id) => answer.includes(id));
  if (expected.kind === 'contains') return expected.required.every((id) => answer.includes(id));
  return false;
}

/**
 * The scenarios a protocol profile keeps: all of them for `lmc`. For `upstream`, those no turn of
 * which uses a convention the upstream reference adapters lack; a single-turn lookup whose only
 * such convention is its `kind` is kept without it when the index gives the same answer without it
 * and no other scenario asks that; the rest are counted by the first convention each uses.
 */
export function inProfile(scenarios: Scenario[], name: ProtocolProfile, facts: Facts): { scenarios: Scenario[]; profile: ProfileReport } {
  if (name === 'lmc') return { scenarios, profile: { name, leftOut: {}, withoutKind: 0 } };
  const leftOut: Record<string, number> = {};
  const kept = scenarios.filter((s) => extensionsOf(s).length === 0);
  const asked = new Set(kept.map((s) => canonicalJson(s.query)));
  let withoutKind = 0;
  for (const s of scenarios) {
    const uses = extensionsOf(s);
    if (uses.length === 0) continue;
    if (uses.length === 1 && uses[0] === 'lookup_kind' && s.query.op === 'lookup' && s.category !== 'Drift' && !s.preceding_query && !s.main_query && !s.queries) {
      const query = { op: 'lookup' as const, name: s.query.name, bare_name: s.query.bare_name };
      const key = canonicalJson(query);
      if (!asked.has(key) && stillRight(s.expected, facts.answer(query)!)) {
        asked.add(key);
        kept.push({ ...s, id: scenarioId(s.sub_type, query), query });
        withoutKind += 1;
        continue;
      }
    }
    leftOut[uses[0]!] = (leftOut[uses[0]!] ?? 0) + 1;
  }
  return { scenarios: sortScenarios(kept), profile: { name, leftOut, withoutKind } };
}
