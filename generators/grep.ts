import { BASE_RG_ARGS, type GrepHit, type GrepSearch } from '../evidence/ripgrep.ts';
import type { Facts } from './facts.ts';
import type { GrepProvenance, Query } from '../core/contract.ts';
import type { Draft } from './types.ts';

/** A literal word: identifiers, env var names, dotted idioms like `pytest.raises`. */
export const TEXT_REF_ARGS = [...BASE_RG_ARGS, '--fixed-strings', '--word-regexp'];
export const REGEX_ARGS = [...BASE_RG_ARGS];

export function textRefSearch(text: string): GrepSearch {
  return { args: TEXT_REF_ARGS, pattern: text };
}

/** The `lookup` that asks which symbols mention `text` (kind `text_ref`, docs/query-semantics.md). */
export function textRefQuery(text: string): Query {
  return { op: 'lookup', name: text, bare_name: true, kind: 'text_ref' };
}

/**
 * A grep_compared draft: the answer is whatever the recorded search maps to,
 * never a sample; skipped when empty (nothing to ask) or too large to be a
 * realistic question.
 */
export function grepDraft(
  facts: Facts,
  grep: (s: GrepSearch) => GrepHit[],
  search: GrepSearch,
  build: { query: Query; intent: string; excludeDefinitionOf?: string; maxAnswer: number; minAnswer?: number },
): Draft | undefined {
  const ids = facts.mapHits(grep(search), build.excludeDefinitionOf);
  if (ids.length < (build.minAnswer ?? 1) || ids.length > build.maxAnswer) return undefined;
  const provenance: GrepProvenance = {
    pattern: search.pattern,
    args: search.args,
    ...(build.excludeDefinitionOf ? { exclude_definition_of: build.excludeDefinitionOf } : {}),
  };
  return { intent: build.intent, query: build.query, expected: { kind: 'exact_set', stable_ids: ids }, grep: provenance };
}
