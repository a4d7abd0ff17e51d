/**
 * The two reference adapters as standalone processes speaking the runner protocol on stdio:
 *   node bin/lmc-adapter.js oracle --index FILE --project NAME --tree DIR --language NAME [--spans FILE]
 *   node bin/lmc-adapter.js grep-floor --index FILE --tree DIR --language NAME
 * Each answers from the query, the index and the tree alone. `--spans` only saves the oracle
 * parsing again the files whose comment and string spans the generate stage already found.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GrepFloor } from './grep-floor.ts';
import { Oracle } from './oracle.ts';
import { PipelineError } from '../core/errors.ts';
import { serveStdio, type Answerer } from './protocol.ts';

export type AdapterName = 'oracle' | 'grep-floor';

export interface AdapterInputs {
  indexPath: string;
  treeDir: string;
  /** The corpus's project name (the package field of its symbol ids); the oracle needs it. */
  project: string;
  /** The corpus's language folder: the oracle parses the tree with its grammars to answer `text_search`. */
  language: string;
  /** A spans file of what the generate stage parsed (evidence/syntax.ts, writeSpansFile): the oracle does not parse those files again. */
  spansPath?: string;
}

const entryPoint = fileURLToPath(new URL('../bin/lmc-adapter.js', import.meta.url));

/**
 * The argv that starts an adapter process (run with `process.execPath`) from `entry`: by default
 * bin/lmc-adapter.js, or the same entry bundled (adapters/bundle.ts). `--liftoff-only`: an
 * adapter parses a few hundred files and exits, and V8's optimising tier-up of a grammar's large
 * lexer function then costs seconds of compilation, which the exit waits for, and saves nothing.
 */
export function adapterArgs(name: AdapterName, inputs: AdapterInputs, entry = entryPoint): string[] {
  const args = ['--liftoff-only', entry, name, '--index', inputs.indexPath, '--tree', inputs.treeDir];
  if (name !== 'oracle') return [...args, '--language', inputs.language];
  return [...args, '--project', inputs.project, '--language', inputs.language, ...(inputs.spansPath ? ['--spans', inputs.spansPath] : [])];
}

const usage = `usage: lmc-adapter oracle --index FILE --project NAME --tree DIR --language NAME [--spans FILE]
       lmc-adapter grep-floor --index FILE --tree DIR --language NAME
`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { index: { type: 'string' }, tree: { type: 'string' }, project: { type: 'string' }, language: { type: 'string' }, spans: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`lmc-adapter: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { index, tree, project, language, spans } = values;
  let answer: Answerer;
  try {
    if (name === 'oracle' && index && project && tree && language) {
      const oracle = await Oracle.load(index, project, { treeDir: tree, language, ...(spans ? { spansPath: spans } : {}) });
      answer = (query) => oracle.answer(query);
    } else if (name === 'grep-floor' && index && tree && language) {
      const floor = await GrepFloor.load(index, tree, language);
      answer = (query) => floor.answer(query);
    } else {
      process.stderr.write(usage);
      return 2;
    }
  } catch (error) {
    // A missing or corrupt index: one line, which the runner shows as the adapter's stderr.
    if (!(error instanceof PipelineError)) throw error;
    process.stderr.write(`lmc-adapter ${name}: ${error.describe()}\n`);
    return 1;
  }
  await serveStdio(answer);
  return 0;
}
