/**
 * Everything a run checks before it does any work: that its directories can be written, that its
 * outputs would not land on a directory, that the programs it will start are installed (each with
 * the line that installs it), and that no other run is writing the same work or output directory.
 */
import { constants } from 'node:fs';
import { access, link, mkdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { execaSync } from 'execa';
import { trackPath } from '../core/cleanup.ts';
import { PipelineError } from '../core/errors.ts';
import { isAlive, startStamp } from '../core/processes.ts';
import type { Corpus } from '../core/lock.ts';
import { corpusOutputs } from '../emit/publish.ts';
import { maySelectUnder } from '../fetchers/tree.ts';

/** A directory the run writes: created if missing, refused when it is a file or cannot be written. */
export async function writableDir(dir: string, option: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (info && !info.isDirectory()) throw new PipelineError(`${option} ${dir} is a file, not a directory`);
  try {
    await makeDirs(dir);
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new PipelineError(`${option} ${dir} cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/**
 * `mkdir -p`, one level at a time from the nearest existing ancestor (a level another process
 * creates meanwhile is fine). Node's recursive mkdir retries forever where a file system refuses a
 * directory with ENOENT (procfs).
 */
async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = resolve(dir);
  while (!(await stat(at).catch(() => undefined))) {
    missing.unshift(at);
    if (dirname(at) === at) break;
    at = dirname(at);
  }
  for (const level of missing) {
    try {
      await mkdir(level);
    } catch (error) {
      // Another run may create the same directory between the stat and the mkdir.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await stat(level)).isDirectory()) throw error;
    }
  }
}

/** A corpus's published files must be files (or absent): a directory in their place would fail the run only after all its work. */
export async function outputsAreFiles(outDir: string, corpora: readonly Corpus[]): Promise<void> {
  for (const corpus of corpora) {
    for (const file of corpusOutputs(corpus.name)) {
      const info = await stat(join(outDir, file)).catch(() => undefined);
      if (info && !info.isFile()) throw new PipelineError(`${join(outDir, file)} is in the way of corpus ${corpus.name}'s output: it is not a regular file`);
    }
  }
}

/**
 * The run's own directories must lie outside what a local corpus selects: a work directory there would
 * be copied into the tree it builds (into itself, until the path is too long), and an output directory
 * would hand the last run's files to the next as corpus code.
 */
export async function ownDirsOutsideLocalSources(dirs: ReadonlyArray<{ dir: string; option: string }>, corpora: readonly Corpus[], repoRoot: string): Promise<void> {
  for (const corpus of corpora) {
    for (const source of [corpus.source, ...(corpus.drift ? [corpus.drift.source] : [])]) {
      if (source.kind !== 'local') continue;
      const tree = await realpath(resolve(repoRoot, source.path)).catch(() => undefined);
      if (!tree) continue; // the fetch names a missing source
      for (const { dir, option } of dirs) {
        const inside = relative(tree, await realpath(dir));
        if (inside.startsWith('..') || isAbsolute(inside) || !maySelectUnder(inside, corpus.include, corpus.exclude)) continue;
        throw new PipelineError(`${option} ${dir} lies inside corpus ${corpus.name}'s local source ${source.path}, in what its include selects: the run would copy its own files into the corpus; pass a ${option} outside it`);
      }
    }
  }
}

interface Program {
  name: string;
  command: string;
  args: string[];
  install: string;
  why: string;
}

const ripgrep: Program = { name: 'ripgrep (rg)', command: 'rg', args: ['--version'], install: 'apt-get install -y ripgrep', why: 'grep_compared answers and the grep floor search with it' };
const git: Program = { name: 'git', command: 'git', args: ['--version'], install: 'apt-get install -y git', why: 'git sources are fetched with it' };
const apt: Program = { name: 'apt-get', command: 'apt-get', args: ['--version'], install: 'a Debian or Ubuntu machine', why: 'Debian sources are downloaded with it' };

/** The programs a run over these corpora will start. */
export function programsFor(corpora: readonly Corpus[], options: { search: boolean }): Program[] {
  const kinds = new Set(corpora.map((c) => c.source.kind));
  return [...(options.search ? [ripgrep] : []), ...(kinds.has('git') ? [git] : []), ...(kinds.has('debian') ? [apt] : [])];
}

/** Fails in well under a second, naming the first missing program and how to install it. */
export function checkPrograms(programs: readonly Program[]): void {
  for (const p of programs) {
    const result = execaSync(p.command, p.args, { reject: false, stdin: 'ignore', timeout: 10_000 });
    if ((result as { code?: string }).code === 'ENOENT' || result.failed) {
      throw new PipelineError(`${p.name} is not installed (${p.why}); install it with \`${p.install}\`${p.install.startsWith('apt-get') ? ' (as root, or with sudo)' : ''}`);
    }
  }
}

/** One writer per work directory: `<workDir>/lock` (see takeLock). Returns the release. */
export async function lockWorkDir(workDir: string): Promise<() => Promise<void>> {
  return takeLock(join(workDir, 'lock'), (pid) => `the work directory ${workDir} is in use by another lmc run (pid ${pid}); wait for it to finish or pass another --work-dir`);
}

/**
 * One writer per output directory too: two runs with work directories of their own would otherwise
 * publish into one --out at once, and a corpus's files could end up from two runs (a manifest beside
 * the other run's scenarios). The lock is `<outDir>/.lmc-lock`, there only while a run writes.
 */
export async function lockOutDir(outDir: string): Promise<() => Promise<void>> {
  return takeLock(join(outDir, '.lmc-lock'), (pid) => `the output directory ${outDir} is in use by another lmc run (pid ${pid}); wait for it to finish or pass another --out`);
}

/**
 * A lock file holding the pid of the run that owns it and, where /proc tells them, the boot and the
 * process's start time. A second run refuses with one line (`inUse`); a lock whose process is gone,
 * or whose pid now names a process started at another time (the kernel reused it after the run
 * died, or the machine rebooted), is taken over. Returns the release.
 *
 * The lock is hard-linked into place from a file that already holds the pid, so it never exists
 * empty (a run reading it between another's create and write would take it for stale). A stale
 * lock is removed only by the run holding its takeover token, and only after reading it again.
 */
async function takeLock(file: string, inUse: (pid: number) => string): Promise<() => Promise<void>> {
  const mine = `${file}.${process.pid}`;
  const untrackMine = trackPath(mine);
  const stamp = startStamp(process.pid);
  await writeFile(mine, stamp ? `${process.pid} ${stamp}\n` : `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await linked(mine, file)) {
        const untrack = trackPath(file);
        return async () => {
          await rm(file, { force: true });
          untrack();
        };
      }
      const owner = await lockOwner(file);
      if (owner === 'gone') continue;
      if (heldByAnotherLiveRun(owner)) throw new PipelineError(inUse(owner.pid));
      await removeStale(file, owner, mine);
    }
  } finally {
    await rm(mine, { force: true });
    untrackMine();
  }
  throw new PipelineError(`cannot take the lock ${file}`);
}

/** Whether `target` was created as a hard link to `source` (false when it already exists). */
async function linked(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The run a lock or token names. */
interface Owner {
  pid: number;
  /** startStamp(pid) when the lock was taken, where /proc told it. */
  stamp?: string;
}

/** The run a lock file names: 'gone' when there is no file, 'none' when it holds no pid. */
async function lockOwner(file: string): Promise<Owner | 'none' | 'gone'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  const [pidText, stamp] = text.trim().split(' ');
  const pid = Number(pidText);
  return Number.isInteger(pid) && pid > 0 ? { pid, ...(stamp ? { stamp } : {}) } : 'none';
}

function sameOwner(a: Owner | 'none' | 'gone', b: Owner | 'none'): boolean {
  return typeof a === 'object' && typeof b === 'object' ? a.pid === b.pid && a.stamp === b.stamp : a === b;
}

/**
 * Removes `file` if it still names `owner`, a process that is gone. Only the run holding the
 * token `<file>.takeover.<owner>` may: runs that judged the same lock stale take turns, and the
 * later ones find it replaced, so none removes a fresh lock. A token whose holder died while
 * holding it is itself a stale lock, removed the same way.
 */
async function removeStale(file: string, owner: Owner | 'none', mine: string): Promise<void> {
  const token = `${file}.takeover.${owner === 'none' ? 'none' : owner.pid}`;
  if (!(await linked(mine, token))) {
    const holder = await lockOwner(token);
    if (holder === 'gone') return;
    if (heldByAnotherLiveRun(holder)) await new Promise((r) => setTimeout(r, 5));
    else await removeStale(token, holder, mine);
    return;
  }
  const untrack = trackPath(token);
  try {
    if (sameOwner(await lockOwner(file), owner)) await rm(file, { force: true });
  } finally {
    await rm(token, { force: true });
    untrack();
  }
}

/**
 * Whether a lock or token names another process that is still running (this one's own pid is a
 * leftover) and, where both are known, started when the lock says: a pid reused since is no owner.
 */
function heldByAnotherLiveRun(owner: Owner | 'none'): owner is Owner {
  if (owner === 'none' || owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const now = owner.stamp === undefined ? undefined : startStamp(owner.pid);
  return now === undefined || now === owner.stamp;
}
