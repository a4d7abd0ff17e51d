/**
 * `lmc audit`: every scenario file proves itself. The reference oracle (adapters/oracle.ts, an
 * independent reading of index.scip) must score 100% on every scenario, and the grep floor
 * (adapters/grep-floor.ts) shows how much of the file text search alone already answers. The
 * committed outputs, `<corpus>.audit.json` and the dataset card `<corpus>.md`, hold no latencies
 * or paths, so they are byte-stable across runs and machines; per-run results with latencies go
 * under the work directory.
 */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { writeSpansFile, type SpansByFile } from '../evidence/syntax.ts';
import { withBundledAdapters } from '../adapters/bundle.ts';
import { adapterArgs, type AdapterName } from '../adapters/cli.ts';
import { feedsNothing, halfWidth, type Manifest } from '../emit/manifest.ts';
import { categories, categoryWeights, goldSources, isUnweightedCategory, protocolExtensions, upstreamCategoryWeights, type ProtocolExtension, type Scenario } from '../core/contract.ts';
import { passesEveryTurn, runScenarios, writeRun, type Run, type RunOptions, type RunResult } from './runner.ts';
import { PASS_THRESHOLD } from '../core/contract.ts';
import { type Bucket, type ScoreSummary } from './scorer.ts';

/** A category where the floor's mean score is above this is flagged: text search already answers it. */
export const TOO_EASY_ABOVE = 0.6;
/** The paper's grep-baseline weighted accuracy across its 16 corpora, in percent. */
const PAPER_FLOOR_RANGE = '6.3–54.4%';

export interface AuditInputs {
  corpus: string;
  /** The package name of the corpus's symbol ids: what the oracle counts as its own. */
  project: string;
  /** The corpus's language folder, whose grammars the oracle parses the tree with. */
  language: string;
  contentDigest: string;
  /** The scenario file's exact text (the audit records its sha256). */
  scenarioText: string;
  indexPath: string;
  /** The selected tree the scenarios were generated from. */
  treeDir: string;
  /** Where per-run results and audit trails go, e.g. `.lmc/runs/<corpus>`. */
  runDir: string;
  /** The comment, string and import spans the generate stage parsed, if it ran: the oracle does not parse those files again. */
  spans?: SpansByFile;
  runOptions?: RunOptions;
}

interface AdapterScores {
  passed: number;
  errored: number;
  weighted_accuracy: number;
  weighted_accuracy_paper: number;
  weighted_accuracy_upstream: number;
  raw_accuracy: number;
  by_category: Record<string, Bucket>;
  by_gold_source: Record<string, Bucket>;
  by_sub_type: Record<string, Bucket>;
  /** Sessions' turns before their `query` (absent without sessions): scored too, outside every figure above. */
  earlier_turns?: { n: number; passed: number };
}

/** The byte-stable `<corpus>.audit.json`. */
export interface AuditReport {
  format_version: 1;
  corpus: string;
  scenario_file: { path: string; sha256: string; scenarios: number };
  content_digest: string;
  pass_threshold: number;
  too_easy_above: number;
  adapters: { oracle: AdapterScores; 'grep-floor': AdapterScores };
  /** Categories where the floor's mean is above `too_easy_above`. */
  too_easy: string[];
}

/** What an audit finds: the oracle's failures and the report; the dataset card is rendered from it and the manifest (`datasetCard`). */
export interface CorpusAudit {
  corpus: string;
  oracle: RunResult;
  floor: RunResult;
  /** Ids of scenarios the oracle did not pass: each is a generator bug (or an oracle bug). */
  failing: string[];
  report: AuditReport;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function roundBuckets(buckets: Partial<Record<string, Bucket>>): Record<string, Bucket> {
  return Object.fromEntries(Object.entries(buckets).map(([k, b]) => [k, { n: b!.n, mean: round4(b!.mean), pass_rate: round4(b!.pass_rate) }]));
}

function adapterScores(result: RunResult): AdapterScores {
  const s: ScoreSummary = result.scores;
  return {
    passed: result.passed,
    errored: result.errored,
    weighted_accuracy: round4(s.weighted_accuracy),
    weighted_accuracy_paper: round4(s.weighted_accuracy_paper),
    weighted_accuracy_upstream: round4(s.weighted_accuracy_upstream),
    raw_accuracy: round4(s.raw_accuracy),
    by_category: roundBuckets(s.by_category),
    by_gold_source: roundBuckets(s.by_gold_source),
    by_sub_type: roundBuckets(s.by_sub_type),
    ...(result.earlier_turns ? { earlier_turns: result.earlier_turns } : {}),
  };
}

/**
 * Runs the oracle and the grep floor over one corpus's scenarios and builds the audit report.
 * Writes only the per-run results under `runDir`; emit/publish.ts publishes the report and card.
 */
export async function auditCorpus(inputs: AuditInputs, log: (line: string) => void = () => {}): Promise<CorpusAudit> {
  const { corpus } = inputs;
  const scenarios = JSON.parse(inputs.scenarioText) as Scenario[];
  const run = async (name: AdapterName, entry: string, spansPath?: string): Promise<Run> => {
    log(`${corpus}: running ${name} over ${scenarios.length} scenarios…`);
    const adapterInputs = { indexPath: inputs.indexPath, treeDir: inputs.treeDir, project: inputs.project, language: inputs.language, ...(spansPath ? { spansPath } : {}) };
    const done = await runScenarios(corpus, scenarios, { label: name, command: process.execPath, args: adapterArgs(name, adapterInputs, entry), stateless: true }, inputs.runOptions);
    await writeRun(inputs.runDir, done);
    return done;
  };
  // Side by side: on two cores they take little more than the slower one alone.
  const [oracle, floor] = await withBundledAdapters(async (entry) => {
    // Written beside the bundle, so it is removed with it.
    const spansPath = inputs.spans ? join(dirname(entry), 'spans.jsonl') : undefined;
    if (spansPath) await writeSpansFile(spansPath, inputs.spans!);
    return Promise.all([run('oracle', entry, spansPath), run('grep-floor', entry)]);
  });
  const floorByCategory = floor.result.scores.by_category;
  const report: AuditReport = {
    format_version: 1,
    corpus,
    scenario_file: { path: `${corpus}.json`, sha256: createHash('sha256').update(inputs.scenarioText).digest('hex'), scenarios: scenarios.length },
    content_digest: inputs.contentDigest,
    pass_threshold: PASS_THRESHOLD,
    too_easy_above: TOO_EASY_ABOVE,
    adapters: { oracle: adapterScores(oracle.result), 'grep-floor': adapterScores(floor.result) },
    too_easy: categories.filter((c) => (floorByCategory[c]?.mean ?? 0) > TOO_EASY_ABOVE),
  };
  return {
    corpus,
    oracle: oracle.result,
    floor: floor.result,
    failing: oracle.outcomes.filter((o) => !passesEveryTurn(o)).map((o) => o.id),
    report,
  };
}

const percent = (x: number | undefined) => (x === undefined ? '—' : (100 * x).toFixed(1));
const upstreamWeightsText = () => Object.entries(upstreamCategoryWeights).map(([c, w]) => `${c} ${w}`).join(', ');

/** Oracle vs floor per category, then the three accuracies, as a Markdown table (also what the CLI prints). */
export function scoreTable(report: AuditReport): string {
  const { oracle, 'grep-floor': floor } = report.adapters;
  const rows = [
    '| category | weight | n | ±95% (pts) | oracle mean | oracle pass | floor mean | floor pass | |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const c of categories) {
    const o = oracle.by_category[c];
    const f = floor.by_category[c];
    const n = o?.n ?? 0;
    if (isUnweightedCategory(c) && n === 0) continue;
    const flag = report.too_easy.includes(c) ? 'too easy' : '';
    rows.push(`| ${c} | ${categoryWeights[c] || '—'} | ${n} | ${n ? halfWidth(n)!.toFixed(1) : '—'} | ${percent(o?.mean)} | ${percent(o?.pass_rate)} | ${percent(f?.mean)} | ${percent(f?.pass_rate)} | ${flag} |`);
  }
  rows.push(
    `| **weighted** (categories present) | | | | **${percent(oracle.weighted_accuracy)}** | | **${percent(floor.weighted_accuracy)}** | | |`,
    `| weighted, paper's Σ mean×weight / 100 | | | | ${percent(oracle.weighted_accuracy_paper)} | | ${percent(floor.weighted_accuracy_paper)} | | |`,
    `| weighted, upstream runner's six categories (${upstreamWeightsText()}) | | | | ${percent(oracle.weighted_accuracy_upstream)} | | ${percent(floor.weighted_accuracy_upstream)} | | |`,
    `| raw mean over all scenarios | | ${report.scenario_file.scenarios} | | ${percent(oracle.raw_accuracy)} | | ${percent(floor.raw_accuracy)} | | |`,
  );
  if (oracle.earlier_turns && floor.earlier_turns) {
    const share = (t: { n: number; passed: number }) => percent(t.passed / t.n);
    rows.push(`| sessions' earlier turns (pass rate; in no figure above) | | ${oracle.earlier_turns.n} | | | ${share(oracle.earlier_turns)} | | ${share(floor.earlier_turns)} | |`);
  }
  return rows.join('\n');
}

/** What an adapter must speak to be scored on this file, and (upstream profile) what the full file asks that this one leaves out. */
function protocolLine(p: Manifest['protocol']): string {
  const uses = p.uses.length
    ? `its scenarios use ${p.uses.map((e) => protocolExtensions[e].description).join('; ')} (an adapter that lacks one scores 0 on those scenarios)`
    : 'its scenarios use no convention beyond what the upstream reference adapters understand';
  const left = p.left_out && Object.keys(p.left_out).length
    ? `; the upstream profile leaves out ${Object.entries(p.left_out).map(([e, n]) => `${n} scenario(s) using ${protocolExtensions[e as ProtocolExtension].description}`).join(', ')}`
    : '';
  return `${p.version}, profile \`${p.profile}\`; ${uses}${left}`;
}

/** The card's Drift section: the earlier pin, what its questions rest on, and the scores per drift sub-type. */
function driftSection(m: Manifest, report: AuditReport): string[] {
  const drift = m.corpus.drift;
  if (!drift) return [];
  const { oracle, 'grep-floor': floor } = report.adapters;
  const rows = m.sub_types.filter((r) => r.category === 'Drift');
  return [
    '',
    `## Drift: from ${sourceLine(drift.source as Manifest['corpus']['source'])} to this pin`,
    '',
    `The earlier pin's selected tree has content digest \`${drift.content_digest}\`; it is fetched and indexed as this one is. Each Drift question asks about this pin something whose answer was different at the earlier one: a name it no longer defines, a name that came in after it, a name whose symbols moved or changed, a file whose symbols changed. The answer is this pin's index; a question is asked only when the earlier pin's answer, its ids written as this pin's, differs from it, so a memory built from the earlier code and never refreshed answers it wrong.`,
    '',
    '| sub-type | targets | n | oracle mean | floor mean |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| \`${r.sub_type}\` | ${r.targets} | ${oracle.by_sub_type[r.sub_type]?.n ?? 0} | ${percent(oracle.by_sub_type[r.sub_type]?.mean)} | ${percent(floor.by_sub_type[r.sub_type]?.mean)} |`),
  ];
}

function sourceLine(source: Manifest['corpus']['source']): string {
  switch (source.kind) {
    case 'git':
      return `git \`${source.url}\` at commit \`${source.commit}\``;
    case 'npm':
      return `npm \`${source.package}@${source.version}\` (registry integrity \`${source.integrity}\`)`;
    case 'local':
      return `the repository's own \`${source.path}\``;
    case 'debian':
      return `Debian package \`${source.package}=${source.version}\` (.deb sha256 \`${source.sha256}\`), sources under \`${source.path}\``;
  }
}

const codeList = (items: readonly string[]) => (items.length ? items.map((i) => `\`${i}\``).join(', ') : 'nothing');

/** The dataset card `<corpus>.md`: cheap to render, so it is rendered from the manifest on every run and never cached. */
function judgedLine(j: Manifest['judged']): string {
  if (!j) return 'no sample judged yet (`lmc sample` draws one into audits/<corpus>.yaml)';
  if ('problem' in j) return `the sample in ${j.file} no longer fits this file: ${j.problem}`;
  return `${j.n} scenarios sampled across every sub-type and read against the source (${j.file}): ${j.defects} wrong or misleading, ${j.rate}% (95% interval ${j.interval[0]}–${j.interval[1]}%)`;
}

function resolutionLine(r: Manifest['indexer']['call_resolution']): string {
  if (r.rate === null) return 'no calls recorded';
  if (r.unresolved === 0) return `${r.resolved} references to corpus callables, none left unresolved`;
  return `${(100 * r.rate).toFixed(1)}% (${r.resolved} resolved, ${r.unresolved} unresolved, calls of code outside the corpus included); call questions are asked only about names no unresolved call shares`;
}

export function datasetCard(manifest: Manifest, report: AuditReport): string {
  const m = manifest;
  const { oracle, 'grep-floor': floor } = report.adapters;
  const lines: string[] = [
    ...frontMatter(m, report),
    `# Dataset card: ${m.corpus.name}`,
    '',
    `Written by \`lmc audit\` from \`${report.scenario_file.path}\` (sha256 \`${report.scenario_file.sha256}\`). Regenerate it rather than edit it.`,
    '',
    '## The corpus',
    '',
    `- **What:** ${m.corpus.description}`,
    `- **Language:** ${m.corpus.language}`,
    `- **Licences:** the corpus code: \`${m.corpus.license}\`; these scenario files: \`${m.dataset_license}\` (the benchmark's)`,
    `- **Source:** ${sourceLine(m.corpus.source)}`,
    `- **Selection:** include ${codeList(m.corpus.include)}; exclude ${codeList(m.corpus.exclude)}; ${m.corpus.files} files, ${m.corpus.bytes} bytes`,
    `- **Content digest:** \`${m.corpus.content_digest}\``,
    `- **Indexer:** ${m.indexer.name} ${m.indexer.version} (${m.indexer.precision}), project \`${m.indexer.project.name}\` ${m.indexer.project.version}: ${m.indexer.symbols} symbols in ${m.indexer.documents} documents`,
    `- **Call resolution:** ${resolutionLine(m.indexer.call_resolution)}`,
    `- **Judged against the source:** ${judgedLine(m.judged)}`,
    `- **Protocol:** ${protocolLine(m.protocol)}`,
    `- **Generator:** ${m.generator.name} ${m.generator.version}, seed ${m.seed}, budget ${m.budget}`,
    '',
    '## Scenarios and scores',
    '',
    `${report.scenario_file.scenarios} scenarios. The **oracle** re-derives every answer from the index (and each \`text_search\` from the tree: ripgrep, the parse of each file, the index's definitions); it must pass all of them. The **grep floor** answers with \`rg\` and a regex outline of declarations, using the index only to name what it found. A category is flagged *too easy* when the floor's mean is above ${TOO_EASY_ABOVE * 100}%.`,
    '',
    scoreTable(report),
    '',
    `![Mean score per category, reference oracle vs grep floor](${report.corpus}.svg)`,
    '',
    '±95%: worst-case (p = 0.5) half-width of a 95% interval on a pass rate over n scenarios, 1.96·√(0.25/n), in percentage points. Weighted accuracy is normalised over the categories this file asks; the paper\'s sum counts a missing category as 0.',
    '',
    '### By ground-truth source',
    '',
    '| gold source | n | ±95% (pts) | oracle mean | floor mean |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const g of goldSources) {
    const n = oracle.by_gold_source[g]?.n ?? 0;
    lines.push(`| ${g} | ${n} | ${n ? halfWidth(n)!.toFixed(1) : '—'} | ${percent(oracle.by_gold_source[g]?.mean)} | ${percent(floor.by_gold_source[g]?.mean)} |`);
  }
  lines.push('', '### By sub-type', '', '| sub-type | category | gold source | n | oracle mean | floor mean |', '|---|---|---|---:|---:|---:|');
  // Generated sub-types in the registry's order, then the hand-written ones (SafetyNet, gold source manual).
  const generated = new Map(m.sub_types.map((r) => [r.sub_type, r]));
  const present = Object.keys(oracle.by_sub_type);
  for (const name of [...m.sub_types.map((r) => r.sub_type).filter((s) => oracle.by_sub_type[s]), ...present.filter((s) => !generated.has(s)).sort()]) {
    const r = generated.get(name);
    lines.push(`| \`${name}\` | ${r?.category ?? 'SafetyNet'} | ${r?.gold_source ?? 'manual'} | ${oracle.by_sub_type[name]!.n} | ${percent(oracle.by_sub_type[name]!.mean)} | ${percent(floor.by_sub_type[name]?.mean)} |`);
  }
  lines.push(...driftSection(m, report));
  lines.push(
    '',
    '## Running a memory system on it',
    '',
    'A memory system is scored through an adapter: a process that reads one JSON query per line on stdin and answers each with one line `{"results": [...]}` (an error reply is `{"error": "...", "results": []}` and scores 0). With this repository:',
    '',
    '```sh',
    `npx lmc run ${report.scenario_file.path} --adapter "YOUR-ADAPTER-COMMAND"`,
    '```',
    '',
    "It prints the mean and pass rate per category and three labelled weighted figures: the paper's nine categories normalised over those present, the paper's sum over 100, and the upstream runner's six categories. With the upstream runner (CataDef/LongMemCode, `runners/lmc-runner`), which reads this file unchanged:",
    '',
    '```sh',
    `lmc-runner --adapter /path/to/your-adapter --scenarios ${report.scenario_file.path} --corpus-name ${m.corpus.name} --out results.json`,
    '```',
    '',
    `The reference adapters of this file: \`node bin/lmc-adapter.js oracle --index INDEX --project ${m.indexer.project.name} --tree TREE --language ${m.corpus.language}\` and \`node bin/lmc-adapter.js grep-floor --index INDEX --tree TREE --language ${m.corpus.language}\`, where INDEX and TREE are the \`index.scip\` and the selected tree \`lmc generate --corpus ${m.corpus.name}\` builds under \`.lmc/\`.`,
    '',
    '## Citation',
    '',
    'Cite the benchmark (LongMemCode: a benchmark of the retrieval component of memory systems for AI coding agents) and name this file with its pin, so a result can be reproduced:',
    '',
    '```bibtex',
    `@misc{longmemcode_${m.corpus.name.replace(/-/g, '_')},`,
    `  title = {LongMemCode scenarios: ${m.corpus.name} (${m.scenario_file.scenarios} scenarios, seed ${m.seed})},`,
    `  note = {Generated by lmc ${m.generator.version} from ${m.corpus.description}; content digest ${m.corpus.content_digest}; scenario file sha256 ${m.scenario_file.sha256}},`,
    `  howpublished = {Scenario file ${report.scenario_file.path}, dataset licence ${m.dataset_license}},`,
    '}',
    '```',
    '',
    '## Against the paper',
    '',
    `The paper's grep-baseline scores ${PAPER_FLOOR_RANGE} weighted accuracy across its 16 corpora; this file's grep floor scores ${percent(floor.weighted_accuracy)}% (categories present), ${percent(floor.weighted_accuracy_paper)}% by the paper's sum, or ${percent(floor.weighted_accuracy_upstream)}% by the upstream runner's six-category weights. The paper's structural reference scores 99.2–100%; the oracle scores ${percent(oracle.weighted_accuracy)}%.`,
    '',
    '## Known limitations',
    '',
    ...limitations(manifest, report).map((l) => `- ${l}`),
    '',
  );
  return lines.join('\n');
}

/** Hugging Face dataset-card front matter: what the hub reads to list and load the file. */
function frontMatter(m: Manifest, report: AuditReport): string[] {
  const n = report.scenario_file.scenarios;
  return [
    '---',
    `license: ${m.dataset_license.toLowerCase()}`,
    `pretty_name: "LongMemCode scenarios: ${m.corpus.name}"`,
    'language:',
    '  - en',
    'tags:',
    '  - code',
    '  - benchmark',
    '  - code-retrieval',
    '  - agent-memory',
    `  - ${m.corpus.language}`,
    'size_categories:',
    `  - ${n < 1000 ? 'n<1K' : n < 10_000 ? '1K<n<10K' : '10K<n<100K'}`,
    'configs:',
    '  - config_name: default',
    `    data_files: ${report.scenario_file.path}`,
    '---',
    '',
  ];
}

function limitations(m: Manifest, report: AuditReport): string[] {
  const { oracle } = report.adapters;
  const out: string[] = [];
  for (const s of m.shortfalls) out.push(`${s.category} has ${s.n} scenarios${s.n ? ` (±${halfWidth(s.n)!.toFixed(1)} points)` : ''}: ${s.reason}.`);
  for (const s of m.sub_types.filter(feedsNothing)) out.push(`\`${s.sub_type}\` (${s.category}) asks nothing in this corpus: ${s.reason}.`);
  for (const s of m.inexpressible) out.push(`\`${s.sub_type}\` (${s.category}) is never asked: ${s.reason}.`);
  const noSource = goldSources.filter((g) => !oracle.by_gold_source[g]);
  if (noSource.length) out.push(`No ${noSource.join(' or ')} scenarios.`);
  if (report.too_easy.length) out.push(`Text search alone scores above ${TOO_EASY_ABOVE * 100}% on ${report.too_easy.join(', ')}: these categories separate memory systems from grep less than the others.`);
  return out;
}
