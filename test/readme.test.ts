import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categories } from '../core/contract.ts';
import { repoRoot } from './helpers.ts';

/**
 * The README's per-corpus tables are written by hand from the committed outputs; these tests fail when a
 * row and its corpus's manifest or card disagree, so a regeneration that moves a figure cannot leave the
 * README behind it.
 */
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8').split('\n');
const scenariosDir = join(repoRoot, 'scenarios');
const corpora = readdirSync(scenariosDir)
  .filter((f) => f.endsWith('.manifest.json'))
  .map((f) => f.slice(0, -'.manifest.json'.length))
  .sort();

interface Manifest {
  corpus: { language: string; license: string };
  indexer: { precision: string; call_resolution: { resolved: number; unresolved: number } };
  counts: { total: number; by_category: Record<string, number> };
  judged: { n: number; defects: number };
}
const manifestOf = (corpus: string): Manifest => JSON.parse(readFileSync(join(scenariosDir, `${corpus}.manifest.json`), 'utf8'));

/** The rows of the table whose header line starts with `header`, as arrays of trimmed cells keyed by their first cell. */
function tableRows(header: string): Map<string, string[]> {
  const start = readme.findIndex((line) => line.startsWith(header));
  expect(start, `README has a table starting "${header}"`).toBeGreaterThanOrEqual(0);
  const rows = new Map<string, string[]>();
  for (let i = start + 2; i < readme.length && readme[i]!.startsWith('|'); i++) {
    const cells = readme[i]!.split('|').slice(1, -1).map((c) => c.trim());
    rows.set(cells[0]!, cells);
  }
  return rows;
}

const NINE = categories.slice(0, 9);
const SESSIONS = ['ConversationalContinuation', 'RereadCascade', 'SubAgentContextHandoff', 'BashFeedbackLoop'];
const count = (n: number) => (n === 0 ? '–' : n.toLocaleString('en-US'));

describe("the README's per-corpus tables", () => {
  const perCorpus = tableRows('| corpus | language | licence | index | call resolution |');
  const perCategory = tableRows('| corpus | Completion | BugFix |');

  it('have a row for every committed corpus and none for another', () => {
    expect([...perCorpus.keys()].sort()).toEqual(corpora);
    expect([...perCategory.keys()].filter((k) => k !== '**all**').sort()).toEqual(corpora);
  });

  it.each(corpora)('say what the manifest and card of %s say', (corpus) => {
    const m = manifestOf(corpus);
    const byCategory = (c: string) => m.counts.by_category[c] ?? 0;
    const { resolved, unresolved } = m.indexer.call_resolution;
    const fed = NINE.filter((c) => byCategory(c) > 0).length;
    const sessions = SESSIONS.filter((c) => byCategory(c) > 0).length;
    const card = readFileSync(join(scenariosDir, `${corpus}.md`), 'utf8');
    const floor = /grep floor scores ([\d.]+)% \(categories present\), [\d.]+% by the paper's sum, or ([\d.]+)% by the upstream/.exec(card);
    expect(floor, `${corpus}.md states the grep floor`).not.toBeNull();
    expect(perCorpus.get(corpus)!.slice(1, 11)).toEqual([
      m.corpus.language,
      `\`${m.corpus.license}\``,
      m.indexer.precision,
      `${((100 * resolved) / (resolved + unresolved)).toFixed(1)}%`,
      `${fed}/9${sessions ? ` + ${sessions}/4 sessions` : ''}${byCategory('Drift') ? `, Drift ${byCategory('Drift')}` : ''}`,
      m.counts.total.toLocaleString('en-US'),
      String(byCategory('SafetyNet')),
      String(byCategory('TestGen')),
      `${floor![1]}%`,
      `${floor![2]}%`,
    ]);
    expect(perCorpus.get(corpus)![11]).toMatch(new RegExp(`^${m.judged.defects}/${m.judged.n} \\(`));
    const sessionTotal = SESSIONS.reduce((sum, c) => sum + byCategory(c), 0);
    expect(perCategory.get(corpus)!.slice(1)).toEqual([...NINE.map((c) => count(byCategory(c))), count(sessionTotal), count(byCategory('Drift')), count(m.counts.total)]);
  });
});
