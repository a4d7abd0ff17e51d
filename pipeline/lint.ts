import { lintRules, lintScenarioFile, lintTable, type LintFinding } from '../validate/lint.ts';
import { readScenarioJson } from './scenario-text.ts';

/** How many findings of each file `lmc lint` prints under the table. */
const SHOWN_PER_FILE = 10;

/** `lmc lint FILE…`: the defect table, then the first findings of each file; 1 when any file has one. */
export async function lintFiles(files: string[]): Promise<number> {
  const results: Array<{ file: string; scenarios: number; findings: LintFinding[] }> = [];
  for (const file of files) {
    results.push({ file, ...lintScenarioFile(await readScenarioJson(file)) });
  }
  const lines = [lintTable(results)];
  for (const r of results.filter((x) => x.findings.length)) {
    lines.push('', `${r.file}: ${r.findings.length} finding(s)`);
    for (const f of r.findings.slice(0, SHOWN_PER_FILE)) lines.push(`  ${f.rule} ${f.scenario}: ${f.detail}`);
    if (r.findings.length > SHOWN_PER_FILE) lines.push(`  … ${r.findings.length - SHOWN_PER_FILE} more`);
  }
  lines.push('', 'rules:', ...Object.entries(lintRules).map(([rule, what]) => `  ${rule}: ${what}`));
  process.stdout.write(`${lines.join('\n')}\n`);
  return results.some((r) => r.findings.length) ? 1 : 0;
}
