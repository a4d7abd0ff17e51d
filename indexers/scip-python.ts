import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexerDefinition } from './types.ts';

/**
 * scip-python (Pyright-based). An empty environment file stops it from
 * running pip to list installed packages: the corpus's dependencies are never
 * installed, and what this machine happens to have must not change the index.
 */
export const scipPython: IndexerDefinition = {
  name: 'scip-python',
  npmPackage: '@sourcegraph/scip-python',
  binPath: 'index.js',
  languages: ['python'],
  async prepare({ scratchDir }) {
    await writeFile(join(scratchDir, '.lmc-environment.json'), '[]\n');
  },
  args({ outputFile, project, scratchDir }) {
    return [
      'index',
      '--quiet',
      '--project-name',
      project.name,
      '--project-version',
      project.version,
      '--environment',
      join(scratchDir, '.lmc-environment.json'),
      '--output',
      outputFile,
    ];
  },
};
