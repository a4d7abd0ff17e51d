import { basename } from 'node:path';
import { categories, categoryWeights, upstreamCategoryWeights, type Scenario } from '../core/contract.ts';
import { PipelineError } from '../core/errors.ts';
import { scenarioSchemaProblem } from '../emit/validate.ts';
import { runScenarios, type RunResult, type ScenarioOutcome } from '../validate/runner.ts';
import { readScenarioJson } from './scenario-text.ts';

/** Reads a scenario file as the runner does: JSON, an array, every scenario valid by the published schema (any id form). */
async function readScenarios(file: string): Promise<Scenario[]> {
  const data = await readScenarioJson(file);
  if (!Array.isArray(data) || data.length === 0) throw new PipelineError('not a non-empty array of scenarios', { file });
  data.forEach((s, i) => {
    const problem = scenarioSchemaProblem(s);
    if (problem) throw new PipelineError(`scenario ${i + 1}${typeof s?.id === 'string' ? ` (${s.id})` : ''}: ${problem}`, { file });
  });
  return data as Scenario[];
}

const pct = (x: number | undefined) => (x === undefined ? '-' : `${(100 * x).toFixed(1)}%`);

/** The scores of one run: per category with both weightings, then the three weighted figures, labelled. */
export function formatRun(result: RunResult): string {
  const s = result.scores;
  const rows = [['category', 'weight (paper)', 'weight (upstream)', 'n', 'mean', 'pass']];
  for (const c of categories) {
    const b = s.by_category[c];
    if (!b) continue;
    rows.push([c, categoryWeights[c] ? String(categoryWeights[c]) : '-', String(upstreamCategoryWeights[c] ?? '-'), String(b.n), pct(b.mean), pct(b.pass_rate)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
  const latency = result.latency_ms ? `; latency p50 ${result.latency_ms.p50} ms, p95 ${result.latency_ms.p95} ms` : '';
  return [
    `${result.corpus}, adapter ${result.adapter}: ${result.passed}/${result.scenarios} passed, ${result.errored} errored${latency}`,
    ...lines,
    `weighted, paper's nine categories (normalised over those present): ${pct(s.weighted_accuracy)}`,
    `weighted, paper's sum Σ mean×weight / 100:                        ${pct(s.weighted_accuracy_paper)}`,
    `weighted, upstream runner's six categories:                       ${pct(s.weighted_accuracy_upstream)}`,
    `raw mean over all scenarios:                                      ${pct(s.raw_accuracy)}`,
    ...(result.earlier_turns ? [`sessions' earlier turns (not in the figures above): ${result.earlier_turns.passed}/${result.earlier_turns.n} passed`] : []),
  ].join('\n');
}

/** How many errored scenarios `lmc run` names: enough to show what went wrong, few enough to read. */
const LISTED_ERRORS = 10;

/** Why errored scenarios scored 0, each with its id: the first LISTED_ERRORS of them. */
export function formatErrors(outcomes: readonly ScenarioOutcome[]): string[] {
  const errored = outcomes.filter((o) => o.error);
  if (!errored.length) return [];
  const heading = errored.length > LISTED_ERRORS ? `errored scenarios (the first ${LISTED_ERRORS} of ${errored.length}):` : 'errored scenarios:';
  return [heading, ...errored.slice(0, LISTED_ERRORS).map((o) => `  ${o.id}: ${o.error}`)];
}

/** A runner failure as `lmc run` reports it: naming the scenario file, not a corpus of the lock. */
function inRun(error: PipelineError, file: string): PipelineError {
  const named = new PipelineError(error.message, { file });
  named.stack = error.stack;
  return named;
}

/**
 * `lmc run FILE --adapter CMD`: every scenario of the file through a memory system speaking the
 * adapter protocol (one JSON query per line in, `{"results": [...]}` out), run by `sh -c CMD`.
 */
export async function runFile(file: string, adapterCommand: string): Promise<string> {
  const scenarios = await readScenarios(file);
  const run = await runScenarios(basename(file).replace(/\.json$/, ''), scenarios, { label: 'adapter', command: 'sh', args: ['-c', adapterCommand] }).catch((error: unknown) => {
    throw error instanceof PipelineError ? inRun(error, file) : error;
  });
  return [formatRun(run.result), ...formatErrors(run.outcomes)].join('\n');
}
