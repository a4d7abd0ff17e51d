import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser, Query } from 'web-tree-sitter';
import { z } from 'zod';
import { PipelineError } from '../../core/errors.ts';

/**
 * A language is data: `languages/<name>/config.json` plus the query files it lists.
 * The walker only interprets capture names (see README.md beside this file), so a
 * new language needs queries and these few settings, not new code.
 */
export const definitionKinds = [
  'namespace',
  'class',
  'struct',
  'interface',
  'trait',
  'enum',
  'type',
  'union',
  'function',
  'method',
  'constructor',
  'field',
  'property',
  'constant',
  'variable',
  'enum_member',
  // An `impl` block (Rust): not a symbol, but a scope whose members belong to the named type.
  'impl',
] as const;
export type DefinitionKind = (typeof definitionKinds)[number];

const hoverTemplate = z.string().refine((t) => t.includes('{name}') || t.includes('{text}'), 'must use {name} or {text}');

const configSchema = z
  .object({
    /** Other names the pipeline may use for this language (e.g. javascript for typescript). */
    aliases: z.array(z.string()).default([]),
    /** SCIP Document.language and the hover's code-fence tag. */
    scipLanguage: z.string().min(1),
    /** The package manager field of our symbol ids: `lmc-tree-sitter <manager> <package> <version> ...`. */
    manager: z.string().regex(/^[A-Za-z0-9_.-]+$/),
    grammars: z
      .array(z.object({ package: z.string().min(1), wasm: z.string().min(1), extensions: z.array(z.string().startsWith('.')).min(1) }).strict())
      .min(1),
    /** Query files in this folder; all are compiled together, once per grammar. */
    queries: z.array(z.string().endsWith('.scm')).min(1),
    modules: z
      .object({
        /** What of a file's path becomes namespaces: the directories and file name, the directories only, or nothing. */
        fromPath: z.enum(['file', 'directory', 'none']),
        /** Keep the file extension in the file's namespace (`config.ts`, as scip-typescript writes it). */
        keepExtension: z.boolean().default(false),
        /** File stems that stand for their directory (`__init__`, `mod`, `lib`). */
        indexFiles: z.array(z.string()).default([]),
        /** Leading directories that are not part of the module path (`src` of a Rust crate). */
        sourceRoots: z.array(z.string()).default([]),
        /** Join the path into one dotted namespace (`inventory.config`), as scip-python does. */
        dotted: z.boolean().default(false),
        /** The module symbol is this meta descriptor inside the namespace (`__init__:`) instead of the namespace itself. */
        marker: z.string().optional(),
        /** Files at the tree's root take their namespace from the package they declare (`package gin`). */
        rootFromPackage: z.boolean().default(false),
      })
      .strict(),
    /** Separators inside declared names (`com.example`, `Rack::Utils`, `A\B`): each part becomes a descriptor. */
    nameSeparators: z.array(z.string().min(1)).default([]),
    imports: z
      .object({
        /** `relative-path`: `./store` resolves against the file; `qualified`: names resolve by namespace path. */
        style: z.enum(['relative-path', 'qualified']),
        separators: z.array(z.string().min(1)).default([]),
        /** Extensions tried for a relative import without one, in order (`.ts`, `/index.js`...). */
        extensions: z.array(z.string()).default([]),
        /** Leading path words with a meaning relative to the importing module. */
        relativeWords: z.record(z.enum(['root', 'current', 'parent'])).default({}),
        /** Leading dots mean the current package, two dots its parent (Python). */
        leadingDots: z.boolean().default(false),
        /** An import path may carry a prefix we cannot know (a Go module path): match the longest known tail. */
        matchSuffix: z.boolean().default(false),
      })
      .strict(),
    /** A bare call inside a type may call the type's own members (Java, C#, C++, Ruby). */
    implicitSelfMembers: z.boolean().default(false),
    /** What calling a type by name means: nothing we record, a reference to the type, or a call of its constructor. */
    typeCall: z.enum(['none', 'type', 'constructor']).default('none'),
    /** Method names that are constructors besides captured `@definition.constructor` ones (`__init__`): they override nothing. */
    constructorNames: z.array(z.string()).default([]),
    /** Same-named callables in one owner: distinct symbols `m().`, `m(+1).` (Java, C#) or one symbol (C++ declaration + definition). */
    overloads: z.enum(['disambiguate', 'merge']).default('merge'),
    /** A pattern removed from the start of `{text}` (visibility words), so the hover starts with the declaring keyword. */
    hoverStrip: z
      .string()
      .refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, 'must be a regular expression')
      .optional(),
    /** Hover text per definition kind; `{text}` is the declaration up to its body, `{name}` the name. */
    hover: z.record(z.enum(definitionKinds), hoverTemplate).default({}),
    /** Files larger than this are generated or minified, not source worth indexing. */
    maxFileBytes: z.number().int().positive().default(1 << 20),
  })
  .strict();
export type LanguageConfig = z.infer<typeof configSchema> & { name: string };

export interface LoadedGrammar {
  extensions: string[];
  language: Language;
  query: Query;
}

export interface LoadedLanguage {
  config: LanguageConfig;
  grammars: LoadedGrammar[];
  /** The installed versions of the grammar packages, for the index's tool info. */
  grammarVersions: string[];
}

const languagesDir = fileURLToPath(new URL('./languages/', import.meta.url));
const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<LoadedLanguage>>();
let parserReady: Promise<void> | undefined;

export function initParser(): Promise<void> {
  parserReady ??= Parser.init();
  return parserReady;
}

/** Names of every language folder, each with its aliases. */
export async function languageNames(): Promise<Array<{ name: string; aliases: string[] }>> {
  const names = (await readdir(languagesDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(names.map(async (name) => ({ name, aliases: (await readConfig(name)).aliases })));
}

async function readConfig(name: string): Promise<LanguageConfig> {
  const file = join(languagesDir, name, 'config.json');
  const parsed = configSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PipelineError(`language config: ${issue.path.join('.')} ${issue.message}`, { file });
  }
  return { ...parsed.data, name };
}

async function resolveLanguageName(language: string): Promise<string> {
  const all = await languageNames();
  const found = all.find((l) => l.name === language || l.aliases.includes(language));
  if (!found) throw new PipelineError(`no tree-sitter language "${language}" (known: ${all.map((l) => l.name).join(', ')})`);
  return found.name;
}

/** Loads a language's grammars and compiles its queries, once per process. */
export function loadLanguage(language: string): Promise<LoadedLanguage> {
  let pending = loaded.get(language);
  if (!pending) {
    pending = loadUncached(language);
    loaded.set(language, pending);
    pending.catch(() => loaded.delete(language));
  }
  return pending;
}

async function loadUncached(language: string): Promise<LoadedLanguage> {
  const name = await resolveLanguageName(language);
  const config = await readConfig(name);
  await initParser();
  const source = (await Promise.all(config.queries.map((q) => readFile(join(languagesDir, name, q), 'utf8')))).join('\n');
  const grammars: LoadedGrammar[] = [];
  const grammarVersions: string[] = [];
  for (const grammar of config.grammars) {
    const manifest = require.resolve(`${grammar.package}/package.json`);
    const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
    grammarVersions.push(`${grammar.package}@${version}`);
    const lang = await Language.load(join(dirname(manifest), grammar.wasm));
    let query: Query;
    try {
      query = new Query(lang, source);
    } catch (error) {
      throw new PipelineError(`queries of ${name} do not compile against ${grammar.wasm}: ${(error as Error).message}`);
    }
    grammars.push({ extensions: grammar.extensions, language: lang, query });
  }
  return { config, grammars, grammarVersions: [...new Set(grammarVersions)] };
}

/** The grammar for a file, by its longest matching extension (`.d.ts` before `.ts`). */
export function grammarFor(lang: LoadedLanguage, path: string): LoadedGrammar | undefined {
  let best: { grammar: LoadedGrammar; length: number } | undefined;
  for (const grammar of lang.grammars) {
    for (const ext of grammar.extensions) {
      if (path.endsWith(ext) && (!best || ext.length > best.length)) best = { grammar, length: ext.length };
    }
  }
  return best?.grammar;
}
