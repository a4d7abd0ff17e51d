import { stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PipelineError } from '../core/errors.ts';
import type { IndexerDefinition } from './types.ts';

/**
 * scip-typescript indexes JavaScript and TypeScript through the TypeScript
 * compiler. We always supply our own tsconfig (allowJs, every file) and a
 * package.json naming the project, so that a corpus's own config can neither
 * point outside the tree nor change which symbol ids come out. TypeScript
 * resolves packages and `@types` in every node_modules above the tree, so
 * the copy must have none above it.
 */
export const scipTypescript: IndexerDefinition = {
  name: 'scip-typescript',
  npmPackage: '@sourcegraph/scip-typescript',
  binPath: 'dist/src/main.js',
  languages: ['typescript', 'javascript'],
  async prepare({ scratchDir, project }) {
    for (let dir = dirname(scratchDir); ; dir = dirname(dir)) {
      const found = join(dir, 'node_modules');
      if (await stat(found).then((s) => s.isDirectory(), () => false)) {
        throw new PipelineError(`${found} lies above the scratch copy of the tree; its packages would leak types into the index (set TMPDIR to a directory with no node_modules above it)`);
      }
      if (dir === dirname(dir)) break;
    }
    const tsconfig = {
      compilerOptions: {
        allowJs: true,
        checkJs: false,
        noEmit: true,
        skipLibCheck: true,
        target: 'es2022',
        module: 'node16',
        moduleResolution: 'node16',
      },
      include: ['**/*'],
      exclude: ['node_modules'],
    };
    await writeFile(join(scratchDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    await writeFile(join(scratchDir, 'package.json'), JSON.stringify({ name: project.name, version: project.version }, null, 2));
  },
  args({ outputFile }) {
    return ['index', '--no-progress-bar', '--output', outputFile];
  },
};
