/**
 * Answers judged by reading the source: `audits/<corpus>.yaml` holds a stratified sample of a
 * corpus's scenarios, each with a verdict a person (or a reviewing agent) reached by reading the
 * code the question is about, and a one-line reason. The manifest and the dataset card carry the
 * judged defect rate with its 95% interval; `lmc sample` draws the sample to judge.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod/v4';
import type { Scenario } from '../core/contract.ts';
import { PipelineError } from '../core/errors.ts';
import { issueWords } from '../core/zod-issues.ts';

export const verdicts = ['right', 'defect'] as const;

export const judgedFileSchema = z
  .object({
    corpus: z.string().min(1),
    /** Who judged and how, in a sentence. */
    method: z.string().min(10),
    judged: z
      .array(z.object({ id: z.string().min(1), verdict: z.enum(verdicts), reason: z.string().min(5, 'must say in a line why') }).strict())
      .min(1),
  })
  .strict();
export type JudgedFile = z.infer<typeof judgedFileSchema>;

export interface JudgedSummary {
  file: string;
  n: number;
  defects: number;
  /** Defects / n and its 95% Wilson interval, in percent, one decimal. */
  rate: number;
  interval: [number, number];
}

const round1 = (x: number) => Math.round(10 * x) / 10;

/** The 95% Wilson score interval of a proportion, in percent. */
export function wilson(defects: number, n: number): [number, number] {
  const z2 = 1.96 * 1.96;
  const p = defects / n;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (1.96 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [round1(100 * Math.max(0, centre - half)), round1(100 * Math.min(1, centre + half))];
}

/** Reads an audits file against the scenario file it judges: every judged id must be in the file, and the sample must cover every sub-type the file has. */
export function checkJudged(raw: unknown, file: string, corpus: string, scenarios: readonly Scenario[]): JudgedSummary {
  const parsed = judgedFileSchema.safeParse(raw);
  if (!parsed.success) {
    const { path, message } = issueWords(parsed.error.issues[0]!);
    throw new PipelineError(`${path.length ? `field ${path.map(String).join('.')}: ` : ''}${message}`, { file });
  }
  const data = parsed.data;
  if (data.corpus !== corpus) throw new PipelineError(`judges corpus "${data.corpus}", not "${corpus}"`, { file });
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const seen = new Set<string>();
  for (const [i, j] of data.judged.entries()) {
    if (!byId.has(j.id)) throw new PipelineError(`entry ${i + 1}: ${j.id} is not a scenario of ${corpus}.json (regenerated since it was judged? draw a new sample with \`lmc sample --corpus ${corpus}\`)`, { file });
    if (seen.has(j.id)) throw new PipelineError(`entry ${i + 1}: ${j.id} is judged twice`, { file });
    seen.add(j.id);
  }
  const covered = new Set(data.judged.map((j) => byId.get(j.id)!.sub_type));
  const missing = [...new Set(scenarios.map((s) => s.sub_type))].filter((t) => !covered.has(t)).sort();
  if (missing.length) throw new PipelineError(`the sample judges no scenario of sub-type(s) ${missing.join(', ')}`, { file });
  const defects = data.judged.filter((j) => j.verdict === 'defect').length;
  return { file, n: data.judged.length, defects, rate: round1((100 * defects) / data.judged.length), interval: wilson(defects, data.judged.length) };
}

/**
 * A stratified sample to judge: every sub-type at least once, then the rest spread over sub-types in
 * proportion to their share, each stratum in a fixed pseudo-random order (by the hash of the id), so
 * the same file always gives the same sample.
 */
export function drawSample(scenarios: readonly Scenario[], n: number): Scenario[] {
  const order = (s: Scenario) => createHash('sha256').update(`sample ${s.id}`).digest('hex');
  const strata = new Map<string, Scenario[]>();
  for (const s of scenarios) strata.set(s.sub_type, [...(strata.get(s.sub_type) ?? []), s]);
  for (const list of strata.values()) list.sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const quota = new Map([...strata].map(([t, list]) => [t, Math.min(list.length, Math.max(1, Math.round((n * list.length) / scenarios.length)))]));
  const picked = [...strata].flatMap(([t, list]) => list.slice(0, quota.get(t)));
  return picked.sort((a, b) => (a.sub_type < b.sub_type ? -1 : a.sub_type > b.sub_type ? 1 : a.id < b.id ? -1 : 1));
}
