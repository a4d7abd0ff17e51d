import { readFile } from 'node:fs/promises';
import { z } from 'zod/v4';
import { PipelineError } from './errors.ts';
import { languageNames, regex } from './languages.ts';
import { readYaml } from './yaml.ts';
import { issueWords } from './zod-issues.ts';

const shaMessage = 'must be a full 40-character lowercase hex commit SHA';
// A short all-digit SHA reads as a YAML number; it gets the same message.
const sha1Hex = z.string({ error: (issue) => (issue.input === undefined ? undefined : shaMessage) }).regex(/^[0-9a-f]{40}$/, shaMessage);
const exactVersion = z
  .string()
  .regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]+)?$/, 'must be an exact version such as 1.2.3 (no ranges, no tags)');
const relPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'must be a relative path that stays inside the tree');

export const gitSource = z
  .object({ kind: z.literal('git'), url: z.string().min(1), commit: sha1Hex })
  .strict();
export const npmSource = z
  .object({
    kind: z.literal('npm'),
    package: z.string().min(1),
    version: exactVersion,
    integrity: z.string().regex(/^sha512-[A-Za-z0-9+/]{86}==$/, 'must be the registry sha512 integrity (sha512-<base64>)'),
  })
  .strict();
export const localSource = z.object({ kind: z.literal('local'), path: relPath }).strict();
export const debianSource = z
  .object({
    kind: z.literal('debian'),
    package: z.string().regex(/^[a-z0-9][a-z0-9+.-]+$/, 'must be a Debian package name'),
    version: z.string().regex(/^([0-9]+:)?[0-9][A-Za-z0-9.+~-]*$/, 'must be an exact Debian version such as 1.8.1-1'),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be the sha256 of the .deb (64 lowercase hex digits)'),
    /** The sources inside the package, e.g. usr/share/gocode/src/github.com/gin-gonic/gin; with `tarballs`, inside the last one. */
    path: relPath,
    /**
     * Source archives the package ships, unpacked in turn (a tar, plain or compressed with gzip, xz or
     * zstd): the first is a file of the package (`usr/src/glibc/glibc-2.36.tar.xz`), each next one a file
     * of what the one before unpacked (ocaml-source's `usr/src/ocaml-source-4.13.1.tar`, then the
     * `ocaml-4.13.1/ocaml_4.13.1.orig.tar.gz` inside it).
     */
    tarballs: z.array(relPath).min(1, 'must name at least one archive (leave it out when the sources are plain files of the package)').optional(),
  })
  .strict();

const sourceKinds = [gitSource, npmSource, localSource, debianSource].map((s) => s.shape.kind.value);
export const sourceSchema = z.discriminatedUnion('kind', [gitSource, npmSource, localSource, debianSource], {
  error: (issue) => (issue.code === 'invalid_union' ? `must be one of ${sourceKinds.map((k) => JSON.stringify(k)).join(', ')}` : undefined),
});
export type Source = z.infer<typeof sourceSchema>;
export type GitSource = z.infer<typeof gitSource>;
export type NpmSource = z.infer<typeof npmSource>;
export type LocalSource = z.infer<typeof localSource>;
export type DebianSource = z.infer<typeof debianSource>;

/**
 * npm-pinned SCIP indexers, our tree-sitter walker, and compiler-grade indexers a maintainer
 * installs (run only when present at the pinned version; never replaced by another).
 */
export const indexerNames = ['scip-typescript', 'scip-python', 'tree-sitter', 'scip-go', 'rust-analyzer', 'scip-java', 'scip-ruby', 'scip-clang'] as const;
export type IndexerName = (typeof indexerNames)[number];

export const corpusSchema = z
  .object({
    // Each corpus's name is the stem of its five output files, so it must fit in a file name with room to spare.
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes').max(64, 'must be at most 64 characters'),
    /** A folder under languages/, or one of its aliases (read when a lock is parsed, not when this module loads). */
    language: z.string().superRefine((value, ctx) => {
      const names = languageNames();
      if (!names.includes(value)) ctx.addIssue({ code: 'custom', message: `must be one of ${names.map((n) => JSON.stringify(n)).join(', ')}` });
    }),
    description: z.string().min(1),
    /** The corpus code's licence as an SPDX expression, as its package states it (`MIT`, `MIT OR Apache-2.0`). */
    license: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9.+-]*( (AND|OR|WITH) [A-Za-z0-9][A-Za-z0-9.+-]*)*$/, 'must be an SPDX licence expression, e.g. MIT or "MIT OR Apache-2.0"'),
    source: sourceSchema,
    /** Repo-relative prefixes (a directory ending in `/`, or a file) copied into the indexed tree. */
    include: z.array(relPath).min(1),
    exclude: z.array(relPath).default([]),
    /**
     * Where this corpus keeps its tests, replacing the language folder's `testFiles` when its layout
     * differs from the language's habits (glibc's tests are `tst-*.c`; its `test-container.c` is a harness).
     */
    test_files: z.array(regex).min(1).optional(),
    indexer: z.object({ name: z.enum(indexerNames), version: exactVersion }).strict(),
    /** Project name and version the indexer writes into symbol ids; defaults to the corpus name and source version. */
    project: z.object({ name: z.string().min(1), version: z.string().min(1) }).strict().optional(),
    seed: z.int().min(0),
    budget: z.int().min(1),
    /**
     * Ask the session-shaped categories too (ConversationalContinuation, RereadCascade,
     * SubAgentContextHandoff, BashFeedbackLoop). Off by default: a corpus gets new sub-types only
     * once a sample of them has been judged against its source (audits/<corpus>.yaml).
     */
    sessions: z.boolean().optional(),
    /**
     * An earlier pin of the same corpus (same language, selection, indexer and project name), for the
     * Drift category: questions whose answer changed between that pin and this one.
     */
    drift: z
      .object({
        source: sourceSchema,
        /** `sha256:<hex>` of the earlier pin's selected tree, as `content_digest` is for this one. */
        content_digest: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256:<64 hex>').optional(),
      })
      .strict()
      .optional(),
    /** `sha256:<hex>` of the selected tree; when present a fetch that yields anything else is refused. */
    content_digest: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256:<64 hex>').optional(),
    /** Part of a plain `lmc generate` run; false for corpora this environment cannot reach (e.g. GitHub pins). */
    default: z.boolean(),
  })
  .strict();
export type Corpus = z.infer<typeof corpusSchema>;

export const lockSchema = z
  .object({
    format: z.literal(1),
    corpora: z.array(corpusSchema).min(1),
  })
  .strict();
export type Lock = z.infer<typeof lockSchema>;

/** A zod issue in words: `corpus "fastify", field source.commit must be …`. */
function describeIssue(raw: unknown, issue: z.core.$ZodIssue): string {
  const { path: issuePath, message } = issueWords(issue);
  const path = [...issuePath];
  let where = '';
  if (path[0] === 'corpora' && typeof path[1] === 'number') {
    const entry = (raw as { corpora?: unknown[] })?.corpora?.[path[1]] as { name?: unknown } | undefined;
    const name = typeof entry?.name === 'string' ? `"${entry.name}"` : `#${path[1] + 1}`;
    where = `corpus ${name}`;
    path.splice(0, 2);
  }
  const field = path.length ? `field ${path.map(String).join('.')} ` : '';
  return [where, `${field}${message}`].filter(Boolean).join(', ');
}

export function parseLock(text: string, file: string): Lock {
  const raw = readYaml(text, file, 'lock');
  const parsed = lockSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new PipelineError(describeIssue(raw, first), { file, stage: 'lock' });
  }
  const seen = new Set<string>();
  for (const corpus of parsed.data.corpora) {
    if (seen.has(corpus.name)) throw new PipelineError(`corpus "${corpus.name}" is listed twice`, { file, stage: 'lock' });
    seen.add(corpus.name);
  }
  return parsed.data;
}

export async function loadLock(file: string): Promise<Lock> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new PipelineError(`cannot read the lock file (${(error as NodeJS.ErrnoException).code ?? String(error)})`, {
      file,
      stage: 'lock',
    });
  }
  return parseLock(text, file);
}

/** The version written into symbol ids and the manifest for a source. */
export function sourceVersion(source: Source): string {
  switch (source.kind) {
    case 'git':
      return source.commit.slice(0, 12);
    case 'npm':
      return source.version;
    case 'local':
      return '0.0.0-local';
    case 'debian':
      return source.version;
  }
}
