import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic.ts';
import { PipelineError } from '../core/errors.ts';
import type { NpmSource } from '../core/lock.ts';
import { extractTarGz, type Unpacked } from './archive.ts';

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org';
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** npm's rules for new package names; also keeps the name from adding path segments to the tarball URL. */
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** `${registry}/fastify/-/fastify-5.6.1.tgz`; a scoped `@scope/name` puts only `name` in the file name. */
export function npmTarballUrl(registry: string, name: string, version: string): string {
  const basename = name.slice(name.lastIndexOf('/') + 1);
  return `${registry.replace(/\/+$/, '')}/${name}/-/${basename}-${version}.tgz`;
}

function integrityOf(bytes: Buffer): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

async function download(url: string, fail: (message: string) => PipelineError): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`
        : String((error as { cause?: unknown }).cause ?? error);
    throw fail(`cannot download ${url}: ${reason}`);
  }
  if (!response.ok) throw fail(`GET ${url} failed: HTTP ${response.status} ${response.statusText}`.trimEnd());
  try {
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw fail(`cannot download ${url}: ${String((error as { cause?: unknown }).cause ?? error)}`);
  }
}

/**
 * Downloads the package tarball (or reuses the copy cached in rawDir), verifies it against the lock's integrity
 * before anything is unpacked, and extracts it without the top-level `package/` directory into `<rawDir>/package`,
 * which it returns with the entries it did not create (links, devices, fifos). npm itself never runs, so
 * neither do install scripts.
 */
export async function fetchNpm(
  source: NpmSource,
  rawDir: string,
  log: (line: string) => void,
  registry: string,
): Promise<Unpacked> {
  const { package: name, version, integrity } = source;
  const id = `${name}@${version}`;
  const fail = (message: string) => new PipelineError(message, { stage: 'fetch' });
  if (!PACKAGE_NAME.test(name)) throw fail(`${JSON.stringify(name)} is not a valid npm package name`);

  const url = npmTarballUrl(registry, name, version);
  const cached = join(rawDir, url.slice(url.lastIndexOf('/') + 1));
  let tarball: Buffer | null = await readFile(cached).catch(() => null);
  if (tarball && integrityOf(tarball) !== integrity) {
    log(`npm: cached ${cached} does not match the lock's integrity; downloading again`);
    tarball = null;
  }
  if (tarball) log(`npm: using the cached tarball of ${id}`);
  else {
    log(`npm: downloading ${url}`);
    tarball = await download(url, fail);
    const served = integrityOf(tarball);
    if (served !== integrity) {
      throw fail(`integrity mismatch for ${id}: lock has ${integrity}, registry served ${served}; refusing`);
    }
    await writeFileAtomic(cached, tarball);
  }

  const packageDir = join(rawDir, 'package');
  await rm(packageDir, { recursive: true, force: true });
  try {
    const { skipped } = await extractTarGz(tarball, packageDir, { stripComponents: 1, label: `${id} tarball` });
    return { dir: packageDir, notExtracted: skipped };
  } catch (error) {
    await rm(packageDir, { recursive: true, force: true });
    throw error;
  }
}
