import { readFile, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { makeScratchDir } from '../core/scratch.ts';

const cliModule = fileURLToPath(new URL('./cli.ts', import.meta.url));

/**
 * Runs `use` with the reference adapters' entry point written as one ES module, in a temporary
 * folder removed afterwards. Through tsx's loader an adapter process spends about 0.3 s resolving
 * and transforming its modules on the loader's thread before it reads a byte of the corpus; from
 * one file it starts in a third of that, and validate starts four such processes per corpus. The
 * file is made by esbuild, the transform tsx itself applies, from this run's sources, and never
 * kept: nothing can serve an earlier build.
 */
export async function withBundledAdapters<T>(use: (entry: string) => Promise<T>): Promise<T> {
  const dir = await makeScratchDir(tmpdir(), 'lmc-adapters-');
  try {
    const entry = join(dir.path, 'lmc-adapter.mjs');
    await writeFile(entry, await bundledEntry());
    return await use(entry);
  } finally {
    await dir.remove();
  }
}

/** The text of the bundle: bin/lmc-adapter.js's `main`, with every module of ours inlined. */
async function bundledEntry(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { main } from ${JSON.stringify(cliModule)};\nprocess.exitCode = await main(process.argv.slice(2));\n`,
      resolveDir: dirname(cliModule),
      sourcefile: 'lmc-adapter-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [ownModuleUrls, packagesInPlace],
  });
  return result.outputFiles[0]!.text;
}

/**
 * Each module keeps its own `import.meta.url` (written in as its file URL), so that it still finds
 * what lies beside it in the repository (language folders, grammars, the SCIP schema) wherever the
 * bundle is.
 */
const ownModuleUrls: Plugin = {
  name: 'own-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: 'ts',
    }));
  },
};

/**
 * Packages are not inlined: each is imported from where npm installed it, by the file esbuild
 * resolves it to under Node's own conditions for an `import`.
 */
const packagesInPlace: Plugin = {
  name: 'packages-in-place',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async ({ path, kind, resolveDir, pluginData }) => {
      if (pluginData === RESOLVING || isBuiltin(path)) return undefined;
      const resolved = await b.resolve(path, { kind, resolveDir, pluginData: RESOLVING });
      if (resolved.errors.length) return { errors: resolved.errors };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

/** Marks the plugin's own resolution, so that it is not intercepted again. */
const RESOLVING = Symbol('resolving');
