import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleGit, type SimpleGit } from 'simple-git';
import { PipelineError } from '../core/errors.ts';
import type { GitSource } from '../core/lock.ts';

/**
 * Applied to every git command. The fetched repository is untrusted, but it cannot set config; these override
 * what the user's own config could otherwise make a fetch/checkout do: run hooks, templates or an fsmonitor,
 * recurse into submodules, or rewrite line endings (which would make the tree depend on the machine).
 */
const HARDENING = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'init.templateDir=',
  'submodule.recurse=false',
  'core.autocrlf=false',
  // No attributes file of the user's, and no filter driver at all: a corpus's `.gitattributes` naming
  // a filter (LFS or any other) must not make a checkout run a program.
  'core.attributesFile=/dev/null',
  'filter.lfs.smudge=',
  'filter.lfs.process=',
  'filter.lfs.required=false',
  'protocol.ext.allow=never',
  'advice.detachedHead=false',
];

/** Programs git starts for interaction, never needed in a batch fetch; GIT_TEMPLATE_DIR would beat init.templateDir. */
const DROPPED_ENV = new Set([
  'EDITOR',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'PAGER',
  'GIT_PAGER',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_EXTERNAL_DIFF',
  'GIT_TEMPLATE_DIR',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
]);

/** No output for this long means a stuck transfer. */
const STALL_MS = 300_000;

/**
 * https/http/ssh/git/file URLs, scp-style `user@host:path`, or an absolute local path: never something git
 * could read as an option (`--upload-pack=...`) or a remote helper (`ext::...`).
 */
const ACCEPTED_URL = /^(?:(?:https?|ssh|git|file):\/\/[^\s]+|[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[^\s:][^\s]*|\/[^\s]*)$/;

function gitEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || DROPPED_ENV.has(key.toUpperCase()) || /^GIT_CONFIG_(KEY|VALUE)_\d+$/.test(key) || /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ATTR_SOURCE)$/.test(key)) continue;
    env[key] = value;
  }
  env.GIT_TERMINAL_PROMPT = '0';
  // Neither the user's nor the system's git configuration applies: no filter driver, alias or include
  // they define can reach a fetch of untrusted code.
  env.GIT_CONFIG_NOSYSTEM = '1';
  env.GIT_CONFIG_GLOBAL = '/dev/null';
  env.GIT_CONFIG_SYSTEM = '/dev/null';
  return env;
}

function openRepo(dir: string): SimpleGit {
  return simpleGit({
    baseDir: dir,
    config: HARDENING,
    timeout: { block: STALL_MS },
    // simple-git refuses these config keys and inherited variables unless allowed: we set the keys to safe
    // values ourselves, and the variables come from the user's environment, not from the corpus.
    unsafe: {
      allowUnsafeHooksPath: true,
      allowUnsafeFsMonitor: true,
      allowUnsafeTemplateDir: true,
      allowUnsafeConfigPaths: true,
      allowUnsafeConfigEnvCount: true,
      allowUnsafeSshCommand: true,
      allowUnsafeGitProxy: true,
      // We set filter drivers to nothing and forbid the ext protocol; simple-git guards any setting of them.
      allowUnsafeFilter: true,
      allowUnsafeProtocolOverride: true,
    },
  }).env(gitEnv());
}

/**
 * git's own explanation: its first `fatal:` or `error:` line, else its last line. The lines after a
 * `fatal:` may be advice ("Please make sure you have the correct access rights / and the repository
 * exists."), whose last line alone says the opposite of what went wrong.
 */
function gitReason(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.find((l) => /^(?:fatal|error):/.test(l)) ?? lines.pop() ?? 'unknown git error';
}

async function hasCommit(git: SimpleGit, commit: string): Promise<boolean> {
  try {
    await git.raw(['cat-file', '-e', `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

/** What `git init` writes to a new repository's config: nothing a checkout could run. */
const INIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n';

/**
 * A clone kept in the work directory is trusted for its objects only, which the pinned commit's id
 * checks. Its own config and `info/attributes` are not: whoever could write there could define a filter
 * driver and assign it to every path, and a checkout would run it. Both are put back to a new clone's.
 */
async function forgetLocalConfig(rawDir: string): Promise<void> {
  const config = join(rawDir, '.git', 'config');
  // Removed first, so a link planted there is replaced rather than written through.
  await rm(config, { force: true, recursive: true });
  await writeFile(config, INIT_CONFIG, { flag: 'wx' });
  await rm(join(rawDir, '.git', 'info', 'attributes'), { force: true, recursive: true });
}

/**
 * Checks out the pinned commit of source.url into rawDir (a clone kept from an earlier run is reused when it
 * already holds the commit) and returns rawDir. Hooks never run and submodules are never initialised;
 * symlinks in the checkout are left as they are because selectTree does not follow them.
 */
export async function fetchGit(source: GitSource, rawDir: string, log: (line: string) => void): Promise<string> {
  try {
    return await fetchGitUnchecked(source, rawDir, log);
  } catch (error) {
    if (/\bENOENT\b/.test(String((error as Error)?.message))) {
      throw new PipelineError('git is not installed (or not on PATH); the git source kind needs it', { stage: 'fetch' });
    }
    throw error;
  }
}

async function fetchGitUnchecked(source: GitSource, rawDir: string, log: (line: string) => void): Promise<string> {
  const { url, commit } = source;
  const fail = (message: string) => new PipelineError(message, { stage: 'fetch' });
  if (!ACCEPTED_URL.test(url)) {
    throw fail(`git url ${JSON.stringify(url)} is not an https/ssh/git/file URL or an absolute path; refusing`);
  }

  const reusable = (await isDirectory(join(rawDir, '.git'))) && (await hasCommit(openRepo(rawDir), commit));
  if (reusable) {
    log(`git: reusing the clone in ${rawDir}`);
    await forgetLocalConfig(rawDir);
  } else {
    await rm(rawDir, { recursive: true, force: true });
    await mkdir(rawDir, { recursive: true });
  }
  const git = openRepo(rawDir);
  if (!reusable) {
    await git.raw(['init', '--quiet']);
    log(`git: fetching ${commit} from ${url}`);
    try {
      await git.raw(['fetch', '--quiet', '--depth', '1', '--no-tags', '--no-recurse-submodules', url, commit]);
    } catch (error) {
      // Servers that only serve advertised refs refuse a bare SHA; all branches and tags usually contain the pin.
      log(`git: fetching the commit by id was refused (${gitReason(error)}); fetching all branches and tags`);
      try {
        await git.raw([
          'fetch',
          '--quiet',
          '--no-tags',
          '--no-recurse-submodules',
          url,
          '+refs/heads/*:refs/lmc/heads/*',
          '+refs/tags/*:refs/lmc/tags/*',
        ]);
      } catch (fullError) {
        throw fail(`cannot fetch ${url}: ${gitReason(fullError)}`);
      }
    }
    if (!(await hasCommit(git, commit))) throw fail(`commit ${commit} does not exist in ${url}`);
  }

  try {
    await git.raw(['checkout', '--quiet', '--force', '--detach', commit]);
    await git.raw(['clean', '--quiet', '-ffdx']);
  } catch (error) {
    throw fail(`cannot check out ${commit}: ${gitReason(error)}`);
  }
  const head = (await git.revparse(['HEAD'])).trim();
  if (head !== commit) throw fail(`HEAD is ${head}, lock pins ${commit}; refusing`);
  return rawDir;
}
