/** One size of bench/scale.ts, in its own process: graph, generate, validate; prints a JSON row. */
import { checkScenarioFile } from '../emit/validate.ts';
import { languageOf } from '../core/languages.ts';
import { buildFactGraph } from '../graph/fact-graph.ts';
import { generateScenarios } from '../generators/index.ts';
import { SYNTH_PROJECT } from './synthetic-scip.ts';

const path = process.argv[2]!;
const t0 = performance.now();
const graph = await buildFactGraph(path, { name: SYNTH_PROJECT });
const t1 = performance.now();
const { scenarios } = generateScenarios(graph, { language: languageOf('typescript'), seed: 1, budget: 1000, search: () => [] });
const t2 = performance.now();
const problems = checkScenarioFile(JSON.parse(JSON.stringify(scenarios)));
if (problems.length) throw new Error(problems[0]);
const t3 = performance.now();
console.log(
  JSON.stringify({
    symbols: graph.symbols.size,
    graphMs: t1 - t0,
    generateMs: t2 - t1,
    validateMs: t3 - t2,
    totalMs: t3 - t0,
    scenarios: scenarios.length,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
