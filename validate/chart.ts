/**
 * The dataset card's picture, `<corpus>.svg`: per category the file asks, the reference oracle's
 * and the grep floor's mean score as two bars. Plain SVG text built in one pass, byte-stable.
 */
import { categories } from '../core/contract.ts';
import type { AuditReport } from './audit.ts';

const ROW = 34;
const LABEL_WIDTH = 200;
const BAR_WIDTH = 360;
const TOP = 46;
const COLOURS = { oracle: '#2b6cb0', floor: '#c05621' };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One bar and its value, `score` in 0..1. */
function bar(y: number, score: number, colour: string): string {
  const width = Math.round(BAR_WIDTH * score * 10) / 10;
  return `<rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="12" fill="${colour}"/><text x="${LABEL_WIDTH + width + 6}" y="${y + 10}">${(100 * score).toFixed(1)}</text>`;
}

export function categoryChart(report: AuditReport): string {
  const { oracle, 'grep-floor': floor } = report.adapters;
  const asked = categories.filter((c) => (oracle.by_category[c]?.n ?? 0) > 0);
  const height = TOP + asked.length * ROW + 16;
  const width = LABEL_WIDTH + BAR_WIDTH + 60;
  const rows = asked.map((c, i) => {
    const y = TOP + i * ROW;
    const n = oracle.by_category[c]!.n;
    return [
      `<text x="${LABEL_WIDTH - 8}" y="${y + 16}" text-anchor="end">${escapeXml(c)} (n=${n})</text>`,
      bar(y, oracle.by_category[c]!.mean, COLOURS.oracle),
      bar(y + 14, floor.by_category[c]?.mean ?? 0, COLOURS.floor),
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(report.corpus)}: mean score per category, reference oracle vs grep floor</title>`,
    `<text x="8" y="16" font-size="13" font-weight="bold">${escapeXml(report.corpus)}: mean score per category (%)</text>`,
    `<rect x="8" y="26" width="10" height="10" fill="${COLOURS.oracle}"/><text x="22" y="35">reference oracle</text>`,
    `<rect x="130" y="26" width="10" height="10" fill="${COLOURS.floor}"/><text x="144" y="35">grep floor</text>`,
    ...rows,
    '</svg>',
    '',
  ].join('\n');
}
