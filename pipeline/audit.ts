/**
 * `lmc audit`: re-runs the validate stage on the files a generate run left, corpus by corpus, and
 * publishes each corpus's audit and dataset card (validate/audit.ts does the work).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PipelineError } from '../core/errors.ts';
import type { Lock } from '../core/lock.ts';
import { treeDigest } from '../fetchers/tree.ts';
import type { Manifest } from '../emit/manifest.ts';
import { checkPublishedSet, publishCorpus } from '../emit/publish.ts';
import { auditCorpus, scoreTable, type AuditInputs, type CorpusAudit } from '../validate/audit.ts';
import { asStageError, finishedSet } from './generate.ts';
import { corpusWorkPaths, type RunPaths } from './paths.ts';
import { selectCorpora } from './shard.ts';

/** Failing scenario ids listed before the rest are only counted. */
const LISTED_FAILURES = 20;

/** Finds what `lmc generate` left for a corpus: its published set (whole, or refused), index and selected tree. */
export async function locateAuditInputs(corpus: string, paths: RunPaths): Promise<AuditInputs & { manifest: Manifest }> {
  const firstGenerate = `run \`lmc generate --corpus ${corpus}\` first`;
  const read = async (file: string) => {
    try {
      return await readFile(file, 'utf8');
    } catch {
      throw new PipelineError(`${file} is missing; ${firstGenerate}`, { corpus, stage: 'audit' });
    }
  };
  const scenarioText = await read(join(paths.outDir, `${corpus}.json`));
  const problems = await checkPublishedSet(paths.outDir, corpus);
  if (problems.length) throw new PipelineError(`the published set in ${paths.outDir} is not whole: ${problems.join('; ')}; regenerate it with \`lmc generate --corpus ${corpus}\``, { corpus, stage: 'audit' });
  const manifest = JSON.parse(await read(join(paths.outDir, `${corpus}.manifest.json`))) as Manifest;
  const { indexPath } = corpusWorkPaths(paths, corpus);
  if (!(await stat(indexPath).catch(() => undefined))) throw new PipelineError(`no index at ${indexPath}; ${firstGenerate}`, { corpus, stage: 'audit' });
  return {
    manifest,
    corpus,
    project: manifest.indexer.project.name,
    language: manifest.corpus.language,
    contentDigest: manifest.corpus.content_digest,
    scenarioText,
    indexPath,
    treeDir: await findTree(corpus, paths, manifest.corpus.content_digest, firstGenerate),
    runDir: join(paths.workDir, 'runs', corpus),
  };
}

/** The fetched tree whose content digest is the one the manifest records (grep answers depend on every byte of it). */
async function findTree(corpus: string, paths: RunPaths, digest: string, hint: string): Promise<string> {
  const root = join(paths.workDir, 'trees', corpus);
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = join(root, entry.name);
    if ((await treeDigest(dir)).digest === digest) return dir;
  }
  throw new PipelineError(`no fetched tree under ${root} has the manifest's content digest ${digest}; ${hint}`, { corpus, stage: 'audit' });
}

export interface AuditOutcome {
  corpus: string;
  ok: boolean;
  error?: string;
  audit?: CorpusAudit;
}

/** `lmc audit`: each corpus in turn (so latencies are not shared), one failing corpus never stops the others. */
export async function runAudit(lock: Lock, names: string[] | undefined, paths: RunPaths, log: (line: string) => void): Promise<AuditOutcome[]> {
  const selected = selectCorpora(lock, names, paths.lockFile).map((c) => c.name);
  const outcomes: AuditOutcome[] = [];
  for (const corpus of selected) {
    try {
      const inputs = await locateAuditInputs(corpus, paths);
      const audit = await auditCorpus(inputs, log);
      if (audit.failing.length) {
        const listed = audit.failing.slice(0, LISTED_FAILURES).join(', ');
        const more = audit.failing.length > LISTED_FAILURES ? ` and ${audit.failing.length - LISTED_FAILURES} more` : '';
        outcomes.push({ corpus, ok: false, audit, error: `corpus ${corpus}: the oracle fails ${audit.failing.length} scenario(s): ${listed}${more}` });
        continue;
      }
      // The manifest keeps the floor's scores and the hashes of the files it vouches for: the set is published again whole.
      const { difficulty_floor: _floor, outputs: _outputs, ...draft } = inputs.manifest;
      await publishCorpus(paths.outDir, finishedSet(draft, audit.report, inputs.scenarioText).texts, corpus);
      outcomes.push({ corpus, ok: true, audit });
    } catch (error) {
      outcomes.push({ corpus, ok: false, error: asStageError(error, { corpus, stage: 'audit' }).describe() });
    }
  }
  return outcomes;
}

/** What `lmc audit` prints: each corpus's table, then every failure. */
export function formatAuditOutcomes(outcomes: AuditOutcome[], paths: RunPaths): string {
  const lines: string[] = [];
  for (const o of outcomes) {
    if (!o.audit) continue;
    const { report, oracle, floor } = o.audit;
    lines.push(`${o.corpus}: ${report.scenario_file.scenarios} scenarios; oracle passes ${oracle.passed}, grep floor passes ${floor.passed}`, '', scoreTable(report), '');
    if (o.ok) lines.push(`wrote ${join(paths.outDir, `${o.corpus}.audit.json`)} and ${join(paths.outDir, `${o.corpus}.md`)}; runs with latencies in ${join(paths.workDir, 'runs', o.corpus)}`, '');
  }
  for (const o of outcomes) if (o.error) lines.push(`FAILED ${o.error}`);
  return lines.join('\n');
}
