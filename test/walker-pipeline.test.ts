import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../emit/manifest.ts';
import { indexCorpus } from '../indexers/index.ts';
import { PipelineError } from '../core/errors.ts';
import { languages } from '../core/languages.ts';
import { runGenerate } from '../pipeline/generate.ts';
import { parseLock, type Corpus } from '../core/lock.ts';
import { repoRoot, tempDir } from './helpers.ts';

/** The walker's fixtures run through the whole pipeline: the oracle must still pass everything (it is part of generate). */
describe('tree-sitter corpora through the pipeline', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDir('walker');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each(languages().map((l) => l.name))('%s fixture: schema-valid files, a syntactic manifest, oracle 100%%', async (language) => {
    const lock = parseLock(
      `format: 1
corpora:
  - name: walker-${language}
    language: ${language}
    description: the tree-sitter walker's ${language} fixture
    license: MIT
    source: { kind: local, path: languages/${language}/fixture }
    include: [./]
    indexer: { name: tree-sitter, version: 0.27.1 }
    project: { name: demo, version: 1.0.0 }
    seed: 1
    budget: 100
    default: true
`,
      'walker.lock.yaml',
    );
    const paths = { lockFile: join(repoRoot, 'walker.lock.yaml'), repoRoot, outDir: join(root, 'out'), workDir: join(root, 'work') };
    const [outcome] = await runGenerate(lock, undefined, paths, { concurrency: 1, force: false }, () => {});
    expect([outcome!.ok, outcome!.error]).toEqual([true, undefined]);
    const manifest = JSON.parse(await readFile(join(root, 'out', `walker-${language}.manifest.json`), 'utf8')) as Manifest;
    expect(manifest.indexer).toMatchObject({ name: 'tree-sitter', version: '0.27.1', precision: 'syntactic' });
    const audit = JSON.parse(await readFile(join(root, 'out', `walker-${language}.audit.json`), 'utf8'));
    expect(audit.adapters.oracle.raw_accuracy).toBe(1);
  });

  it('a compiler-grade indexer the lock names but this machine lacks fails clearly, with no fallback', async () => {
    const corpus: Corpus = {
      name: 'gin-scip',
      language: 'go',
      description: 'd',
      license: 'MIT',
      source: { kind: 'local', path: 'languages/go/fixture' },
      include: ['./'],
      exclude: [],
      indexer: { name: 'scip-go', version: '0.1.26' },
      seed: 1,
      budget: 10,
      default: false,
    };
    const failure = await indexCorpus(corpus, join(repoRoot, 'languages', 'go', 'fixture'), { name: 'gin', version: '1' }, {
      indexPath: join(root, 'x.scip'),
      logPath: join(root, 'x.log'),
      scratchRoot: join(root, 'scratch'),
    }).catch((error: PipelineError) => error.describe());
    expect(failure).toBe("corpus gin-scip, stage index: the lock names scip-go 0.1.26, which is not installed here (scip-go is not on PATH); install it or change the lock's indexer");
  });
});
