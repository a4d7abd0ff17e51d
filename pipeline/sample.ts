import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Scenario } from '../core/contract.ts';
import { PipelineError } from '../core/errors.ts';
import { drawSample } from '../validate/judged.ts';

/** How many scenarios a judged sample holds at least (issue: 60 per corpus, every sub-type present). */
export const SAMPLE_SIZE = 60;

/**
 * `lmc sample`: the stratified sample of a published scenario file as an audits/<corpus>.yaml
 * skeleton. Each entry shows what the judge needs (intent, query, expected answer) in comments and
 * leaves the verdict and reason to fill in after reading the source.
 */
export async function sampleSkeleton(corpus: string, outDir: string): Promise<string> {
  const file = join(outDir, `${corpus}.json`);
  let scenarios: Scenario[];
  try {
    scenarios = JSON.parse(await readFile(file, 'utf8')) as Scenario[];
  } catch {
    throw new PipelineError(`cannot read ${file}; run \`lmc generate --corpus ${corpus}\` first`, { corpus });
  }
  const lines = [`corpus: ${corpus}`, 'method: "<who judged, and how: read the source of each question at the pinned tree>"', 'judged:'];
  for (const s of drawSample(scenarios, SAMPLE_SIZE)) {
    const answer = s.expected.kind === 'exact_set' ? s.expected.stable_ids : s.expected.kind === 'contains' ? s.expected.required : [s.expected.stable_id];
    lines.push(
      `  # ${s.sub_type} (${s.category}, ${s.gold_source}): ${s.intent}`,
      ...stringify({ query: s.query, expected: { kind: s.expected.kind, ids: answer } }, { lineWidth: 0 }).trimEnd().split('\n').map((l) => `  #   ${l}`),
      `  - id: ${s.id}`,
      '    verdict: right  # or defect',
      '    reason: ""',
    );
  }
  return `${lines.join('\n')}\n`;
}
