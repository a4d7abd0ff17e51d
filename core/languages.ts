/**
 * The language folders: `languages/<name>/` holds everything the pipeline knows about a language.
 *
 * - `language.json`: its names, its grammar packages and file extensions, and the walker's rules
 *   (how paths become modules, how imports and type names are written, hover text).
 * - `idioms.json`: what generators, the fact graph and the adapters need: test files, generated
 *   code, test/mock/assertion idioms, error types and raise forms, environment reads, config and
 *   entry modules, signatures, and the grep floor's declaration outline.
 * - `*.scm`: the tree-sitter queries the walker runs (indexers/tree-sitter/README.md).
 *
 * Adding a language is adding a folder; everything that lists languages (the lock's schema, the
 * tests) reads them from here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/v4';
import { symbolKinds } from './contract.ts';
import { PipelineError } from './errors.ts';
import { issueWords } from './zod-issues.ts';

const languagesDir = fileURLToPath(new URL('../languages/', import.meta.url));

/** What the walker's queries may declare (`@definition.<kind>`). */
export const definitionKinds = [
  'namespace',
  'class',
  'struct',
  'interface',
  'trait',
  // A bundle of members other types take in (a PHP trait): recorded as a class.
  'mixin',
  'enum',
  // A named type defined from another (Go `type Celsius float64`); `alias` is only another name for one.
  'type',
  'alias',
  'union',
  'function',
  'method',
  'constructor',
  'field',
  'property',
  'constant',
  'variable',
  'enum_member',
  // A Solidity event or custom error: declared with a parameter list and overloadable like a
  // function, but emitted or raised, never called, and no method of its contract.
  'event',
  'error',
  // A Solidity modifier: applied in a function's header, where it runs around the body (a call of
  // it), and overridable like a method, but no method of its contract.
  'modifier',
  // An `impl` block (Rust): not a symbol, but a scope whose members belong to the named type.
  'impl',
] as const;
export type DefinitionKind = (typeof definitionKinds)[number];

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
export const regex = z.string().refine(compiles, 'must be a regular expression');
/**
 * How many capture groups a pattern has (an alternative that matches the empty string reports them
 * all); -1 when it does not compile, so a check on its groups fails beside the compile check
 * instead of throwing.
 */
function captureGroups(pattern: string): number {
  return compiles(pattern) ? new RegExp(`${pattern}|`, 'u').exec('')!.length - 1 : -1;
}
/** A regular expression with `{name}` (and `{base}`) where an escaped name goes. */
const placeholders = z.string().refine((t) => compiles(fillTemplate(t, { name: 'x', base: 'x' })), 'must be a regular expression once {name} is filled in');
const template = placeholders.refine((t) => t.includes('{name}'), 'must contain {name}');
/** A regular expression with `{message}` where an escaped message text goes, and no capture group. */
const messageTemplate = z
  .string()
  .refine((t) => t.includes('{message}'), 'must contain {message}')
  .refine((t) => compiles(fillTemplate(t, { message: 'x' })), 'must be a regular expression once {message} is filled in')
  .refine((t) => captureGroups(fillTemplate(t, { message: 'x' })) === 0, 'must have no capture group');
/** A name qualified by `Owner::`, `owner.` or `owner->`, the owner as group 1. */
const QUALIFIED_USE = '([A-Za-z_$][\\w$]*)\\s*(?:::|\\.|->)\\s*\\b{name}\\b';
const hoverTemplate = z.string().refine((t) => t.includes('{name}') || t.includes('{text}'), 'must use {name} or {text}');

const walkerSchema = z
  .object({
    /** SCIP Document.language and the hover's code-fence tag. */
    scipLanguage: z.string().min(1),
    /** The package manager field of our symbol ids: `lmc-tree-sitter <manager> <package> <version> ...`. */
    manager: z.string().regex(/^[A-Za-z0-9_.-]+$/),
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
        /** A file's own namespace is its stem with the first letter upper-cased (OCaml: `list.ml` is module `List`). */
        capitalizeFile: z.boolean().default(false),
      })
      .strict(),
    /** Separators inside declared names (`com.example`, `Rack::Utils`, `A\B`): each part becomes a descriptor. */
    nameSeparators: z.array(z.string().min(1)).default([]),
    imports: z
      .object({
        /** `relative-path`: `./store` resolves against the file; `qualified`: names resolve by namespace path. */
        style: z.enum(['relative-path', 'qualified']),
        separators: z.array(z.string().min(1)).default([]),
        /** `relative-path`: a path without a leading `.` is relative to the file too (Zig's `@import("json/scanner.zig")`); one naming no corpus file is outside it (`std`). */
        bareRelative: z.boolean().default(false),
        /** Extensions tried for a relative import without one, in order (`.ts`, `/index.js`...). */
        extensions: z.array(z.string()).default([]),
        /** Extensions an import may name for a file written in another (ESM TypeScript imports `./config.js` for `config.ts`). */
        compiledExtensions: z.array(z.string()).default([]),
        /** Leading path words with a meaning relative to the importing module. */
        relativeWords: z.record(z.string(), z.enum(['root', 'current', 'parent'])).default({}),
        /** Leading dots mean the current package, two dots its parent (Python). */
        leadingDots: z.boolean().default(false),
        /** A path may start with a module declared under the importing one (Rust 2018: `use action::ArgAction;` in builder/mod.rs names builder/action). */
        childModules: z.boolean().default(false),
        /** An import path may carry a prefix we cannot know (a Go module path): match the longest known tail. */
        matchSuffix: z.boolean().default(false),
        /**
         * The project's own name is its root, as `crate` is, and a module's imports are names it hands
         * on (Rust: an example's `use clap::Command` reaches `pub use crate::builder::Command` in lib.rs).
         */
        ownNameIsRoot: z.boolean().default(false),
      })
      .strict(),
    /** How a written type becomes the name to look up: what to drop around it (`&mut`, `*`, `const`, generics). */
    typeNames: z
      .object({
        /** A pattern matched repeatedly at the start: references, pointers, qualifiers (`&`, `mut`, `*`, `const`). */
        dropPrefix: regex.optional(),
        /** A pattern matched at the end: pointer and nullable marks. */
        dropSuffix: regex.optional(),
        /** Leading path root marks (`::`, `\`). */
        dropRoot: regex.optional(),
        /** Bracket pairs that hold type arguments or array sizes, removed with what they hold. */
        argumentBrackets: z.array(z.enum(['<>', '[]'])).default([]),
      })
      .strict()
      .default({ argumentBrackets: [] }),
    /**
     * A bare name that nothing in scope or imported binds means the one free symbol of that name in the
     * corpus, if there is one; false where every name must be declared or imported in its file: Lua (a
     * file's top-level names are `local`s, other modules are reached only through `require`) and Haskell
     * (a name from outside the corpus would otherwise reach a corpus namesake).
     */
    corpusUniqueNames: z.boolean().default(true),
    /**
     * Whether a bare call may name a variable, constant, field or property (a function held in it:
     * OCaml's point-free `let of_int = id`); false where a call's name never names one (a Bash command
     * `dirname` is the program, not the script's `dirname=…` variable).
     */
    callsReachTerms: z.boolean().default(true),
    /**
     * Whether a definition's body may call it by its own name (`implicit`), or only where a pattern
     * marks it `@recursive` (`declared`: OCaml's `let rec`); where `declared`, a module's body cannot
     * name the module either (`module Array = struct … Array.unsafe_set … end` reaches the outer
     * `Array`), unless it is marked so too (`module rec`).
     */
    recursion: z.enum(['implicit', 'declared']).default('implicit'),
    /** A declared type is also a module imports can name (a Perl `package` is both a class and what `use` loads). */
    typesAreModules: z.boolean().default(false),
    /** A bare call inside a type may call the type's own members (Java, C#, C++, Ruby). */
    implicitSelfMembers: z.boolean().default(false),
    /**
     * Whether a call of a name that is both a method and a field or property of the type reaches the
     * method (Rust, Java, PHP, Kotlin: a field holding a function is called as `(x.f)(…)`, `$x->f->__invoke()`
     * or `x.f.invoke()`). Otherwise the two are one ambiguity, and the call stays unresolved (JavaScript,
     * Python: an own property shadows the method its class defines).
     */
    methodsBeforeFields: z.boolean().default(false),
    /**
     * Which types around a bare call it may reach (with `implicitSelfMembers`): every type it is
     * written in (`lexical`: a Java inner class calls its outer class's methods), or only the class
     * or module that directly holds its definition (`innermost`: Ruby, where `self` in a module's
     * `def` is an instance of whatever class includes the module, never of the class the module is
     * written in).
     */
    selfScope: z.enum(['lexical', 'innermost']).default('lexical'),
    /**
     * How a type comes to implement an interface: by declaring it (`implements`, `: Trait`), or, in
     * `structural` languages (Go), by having every method the interface names, its own or promoted
     * from a type it embeds (`@inherit.super` with `(#set! inherit "embeds")`).
     */
    interfaces: z.enum(['declared', 'structural']).default('declared'),
    /**
     * A function defined in another callable's body: a local of it, whose calls are the outer callable's
     * (`locals`), or a symbol under it whose calls are its own (`symbols`: `outer().inner().`, as
     * scip-python names a nested `def`).
     */
    nestedFunctions: z.enum(['locals', 'symbols']).default('locals'),
    /** What calling a type by name means: nothing we record, a reference to the type, or a call of its constructor. */
    typeCall: z.enum(['none', 'type', 'constructor']).default('none'),
    /** Method names that are constructors besides captured `@definition.constructor` ones (`__init__`): they override nothing. */
    constructorNames: z.array(z.string()).default([]),
    /**
     * Files other files include whole (C headers): a callable a pattern marks `@file_local` there is
     * every includer's, so it stays one symbol shared by name; elsewhere it is its file's own.
     */
    includedFiles: z.array(regex).default([]),
    /**
     * Whether a static method (`@static`) beside an instance method of the same name in the same type
     * and file is a method of its own: `start(static).` apart from `start().` (Ruby's `def self.start`
     * and `def start`, one run on the class and one on its instances). Otherwise both are one symbol.
     */
    staticApart: z.boolean().default(false),
    /** Same-named callables in one owner: distinct symbols `m().`, `m(+1).` (Java, C#) or one symbol (C++ declaration + definition). */
    overloads: z.enum(['disambiguate', 'merge']).default('merge'),
    /** A pattern removed from the start of `{text}` (visibility words), so the hover starts with the declaring keyword. */
    hoverStrip: regex.optional(),
    /** Hover text per definition kind; `{text}` is the declaration up to its body, `{name}` the name. */
    hover: z.partialRecord(z.enum(definitionKinds), hoverTemplate).default({}),
    /**
     * Macros the grammar cannot read (`NS_ASSUME_NONNULL_BEGIN`, `__THROW`), each a name or a regex a whole
     * identifier must match (`[A-Z][A-Z0-9_]*_EXPORT` for a library's symbol-visibility macro): each use, with
     * the parenthesised arguments that follow it, is blanked with spaces before parsing, so positions do not move.
     */
    ignoredMacros: z.array(regex.refine((r) => !new RegExp(`^(?:${r})$`).test(''), 'must not match an empty name')).default([]),
    /**
     * Macros that declare what the grammar would read written out, each with the text that stands for
     * `NAME(` (`RCT_EXPORT_METHOD` → `- (void)`): the form replaces the name and its parenthesis, padded
     * with spaces, and the closing parenthesis is blanked, so positions do not move.
     */
    macroForms: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().min(1))
      .refine((forms) => Object.entries(forms).every(([name, form]) => form.length <= name.length + 1), 'a form must be no longer than its macro name and parenthesis')
      .default({}),
    /**
     * Text the grammar misreads (C#'s `#if` lines inside a class's base list, which it reads only between
     * members; bash's `;` inside a `${…}` expansion, which ends the function around it): a file that does
     * not parse is parsed again with every match blanked (positions kept), and that reading is taken when
     * it parses cleanly. Haskell's tab inside an equation's line (`splitGraphs []\t   _\t  = …`), which
     * tree-sitter-haskell reads as a top-level splice, is blanked the same way.
     */
    misreadText: regex.optional(),
    /**
     * Words the grammar reads as keywords where the code uses them as names (Kotlin's `dynamic`, a type
     * keyword of Kotlin/JS, in `val dynamic = pool.get()` and `dynamic.type`): in that same second
     * reading, every whole-word use is written as underscores of its length, a name that binds nothing
     * the index keeps. The facts still read the file's own text (signatures, strings).
     */
    misreadNames: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).default([]),
    /**
     * Where the grammar's top-level definitions begin and end, for files where a parse error swallows
     * them (tree-sitter-perl reads `sub or {` as an expression and everything after it as one error):
     * `start` matches a definition's first line, `end` its closing line, and
     * `node` is the node such a definition parses as. See parseFile in indexers/tree-sitter/index.ts.
     */
    units: z
      .object({
        start: regex.refine((r) => r.startsWith('^'), 'must start with ^'),
        end: regex.refine((r) => r.startsWith('^'), 'must start with ^'),
        node: z.string().min(1),
      })
      .strict()
      .optional(),
    /**
     * How a call is written, for text the grammar does not read as code (a parse error, what a pattern
     * marks `@unparsed`, such as a macro's definition): each match is a call of the name its first
     * matching group holds, which nothing can bind, so that name's callers and the enclosing body's
     * callees are never taken to be known.
     */
    callsInText: regex.refine((r) => captureGroups(r) >= 1, 'must have a capture group, the callee'),
    /** The method `x.name = v` calls, where a pattern says so (`(#set! call "writer")`): Ruby's `name=`, Objective-C's `setName`. */
    writer: z
      .string()
      .refine((t) => /\{name\}|\{Name\}/.test(t), 'must use {name} or {Name}')
      .default('{name}='),
    /** Files larger than this are generated or minified, not source worth indexing. */
    maxFileBytes: z.int().positive().default(1 << 20),
  })
  .strict();

const languageSchema = z
  .object({
    /** Other names a lock may use for this language (`javascript` for typescript). */
    aliases: z.array(z.string().regex(/^[a-z0-9+#-]+$/)).default([]),
    grammars: z
      .array(
        z
          .object({
            package: z.string().min(1),
            wasm: z.string().min(1),
            extensions: z.array(z.string().startsWith('.')).min(1),
            /** Interpreters a `#!` first line may name (`#!/bin/bash`, `#!/usr/bin/env bash`) to make a file without an extension this grammar's. */
            interpreters: z.array(z.string().regex(/^[\w.+-]+$/)).default([]),
          })
          .strict(),
      )
      .min(1),
    /**
     * Node types of comments and string literals, the nodes inside a string that are code again
     * (`interpolations`: a shell's `"$X"` expands X, so a match there is a use, not text), and the
     * import declarations (`imports`: `use a::B;` names B without using it; `type[field]` takes only
     * the nodes of that type that have that field, TypeScript's re-export `export_statement[source]`,
     * and `type[field~regex]` those whose field's whole text the regex matches, a CommonJS
     * `const B = require('./b')`), and the declarations
     * of named values with what initializes them (`declarations`: a Go `var_spec`, a PHP
     * `property_element`), whose later lines belong to the value declared on their first, and the
     * constructor parameters that declare a member of the type (`memberParameters`: Kotlin's
     * `class_parameter`, whose `val` makes a property), which belong to that member
     * (docs/query-semantics.md, "Crediting"), and the parts of a definition that run when the
     * definition is made rather than when it is called (`definitionTime`: Python's `parameters`,
     * whose default values are evaluated once, at `def`), which call from the scope around the
     * definition (docs/query-semantics.md, "Calls").
     */
    syntax: z
      .object({
        comments: z.array(z.string()).min(1),
        strings: z.array(z.string()).min(1),
        interpolations: z.array(z.string()).default([]),
        imports: z.array(z.string()).default([]),
        declarations: z.array(z.string()).default([]),
        memberParameters: z.array(z.string()).default([]),
        definitionTime: z.array(z.string()).default([]),
      })
      .strict(),
    walker: walkerSchema,
  })
  .strict();

/** What an outline line declares (the grep floor's kinds; `impl` declares nothing but holds a type's members). */
export const outlineKinds = ['class', 'interface', 'enum', 'type_alias', 'type', 'function', 'method', 'property', 'impl'] as const;
export type OutlineKind = (typeof outlineKinds)[number];

export const idiomsSchema = z
  .object({
    /** Repository-relative paths of test code. */
    testFiles: z.array(regex).min(1),
    /**
     * How a named value is declared, `{name}` standing for its name (Rust's `static EMPTY: …`): such a
     * declaration on a line where the index records no definition (one inside a function) is a second
     * value of that name that the index misses.
     */
    valueDeclaration: template.optional(),
    /** Names of modules a source file declares to hold its tests (Rust's `#[cfg(test)] mod tests`). */
    testModules: z.array(regex).default([]),
    /** Names of symbols that are tests wherever they are defined (Zig's `test "name"` blocks, named by their string literal). */
    testSymbols: z.array(regex).default([]),
    /** Paths of generated code (protoc output, testdata). */
    generatedFiles: z.array(regex).default([]),
    /** Paths of example programs, which illustrate the library rather than make it up. */
    exampleFiles: z.array(regex).default([]),
    /**
     * Paths of files that declare what other files define (C and C++ headers, OCaml interfaces): a
     * symbol with a scope there and a body elsewhere is one symbol, not two namesakes.
     */
    declarationFiles: z.array(regex).default([]),
    tests: z
      .object({
        /** Literal mocking and stubbing idioms of the language's test libraries. */
        mocks: z.array(z.string().min(2)).default([]),
        /**
         * A test making a mock or spy of the type `{name}` (Java's `mock(ViewManager.class)`): a call
         * the same test then makes on that type's methods may run the stub, not the corpus's code.
         */
        mockedType: template.optional(),
        /**
         * A test file replacing the static methods of the type `{name}` for every test in it (Java's
         * `mockStatic(Arguments.class)` in a `setUp`): a call any of its tests makes on them may run the stub.
         */
        mockedStatics: template.optional(),
        /** Literal assertion idioms: exception expectations and deep comparisons. */
        assertions: z.array(z.string().min(2)).default([]),
        /** A line right above a test fixture's definition (`@pytest.fixture`), and what it makes the definition. */
        fixtureMarkers: z.array(z.object({ pattern: regex, is: z.string().min(3) }).strict()).default([]),
        /** A line right above a test's definition (Rust's `#[test]`): that function is test code wherever it is defined. */
        markers: z.array(regex).default([]),
      })
      .strict(),
    errors: z
      .object({
        /** Short names of types outside the corpus whose subtypes are exception or error types. */
        baseTypes: regex.optional(),
        /** A method whose presence makes a type an error type: its name and its signature (Go's `Error() string`). */
        errorMethod: z.object({ name: z.string().min(1), signature: regex }).strict().optional(),
        /** Raising the named error type. */
        raise: template.optional(),
        /** Raising anything built by a call; the callee is the last identifier before `(`. */
        raiseCall: regex.optional(),
        /** Wrapping another error in the named type. */
        wrap: template.optional(),
        /** Within an import declaration, giving the named type another name (Rust's `use … Error as ClapError`), captured by the one group: raises under that name count too. */
        renamed: template.refine((t) => captureGroups(fillTemplate(t, { name: 'x' })) === 1, 'must have exactly one capture group, the new name').optional(),
        /** In code, a declaration giving the named type another name (Ruby's `ParamsTooDeepError = QueryLimitError`), captured by the one group: raises under that name count too. */
        aliased: template.refine((t) => captureGroups(fillTemplate(t, { name: 'x' })) === 1, 'must have exactly one capture group, the other name').optional(),
        /**
         * Raising or reporting an error with a literal message, written on one line: `{message}` is
         * where the message's text starts, right after its opening quote (Lua's `error("…")`,
         * Perl's `die "…"`, Go's `errors.New("…")`). No capture groups.
         */
        message: messageTemplate.optional(),
      })
      .strict(),
    /**
     * How the language names a callable that registers what it is given (a registration or DI entry
     * point): `verbs` open the name (`register`, `registerPlugin`, `subscribe_to`); `wholeNames` count
     * only as the whole name (`on`, `use`: `onClick` is a handler, `useState` a hook); an `add` name
     * counts when it ends in one of `adds` (`addListener`, `add_api_route`), not when it inserts data
     * (`addNode`). Absent: the language has no such idiom and no registration question is asked.
     */
    registration: z
      .object({
        verbs: z.array(z.string().regex(/^[A-Za-z]+$/)).min(1),
        wholeNames: z.array(z.string().regex(/^[A-Za-z]+$/)).default([]),
        adds: z.array(z.string().regex(/^[A-Z][a-z]+$/)).default([]),
      })
      .strict()
      .optional(),
    /**
     * Lines that declare a name of a file which the language's indexer records no definition for
     * (scip-python skips a module-level annotated assignment, `limits: Dict[str, str] = {…}`): a
     * file holding one is never asked whole (a `file_symbols` exact_set would miss that name), nor
     * its module's members, nor those of a type the line lies in or names.
     */
    surveyGaps: z.array(regex).default([]),
    /**
     * Lines that declare names the language's indexer records no definition for, the names in the
     * one capture group (Ruby's `attr_reader :body, :status`, `alias to_s public_id`'s `to_s`): they
     * are survey gaps too, and no lookup of such a name is asked, since its answer would miss them.
     */
    undeclaredNames: z.array(regex.refine((p) => captureGroups(p) === 1, 'must have exactly one capture group, the declared names')).default([]),
    /**
     * Lines that define a callable the language's indexer records no definition for (OCaml's
     * operator `let ( ^ ) s1 s2 =`, which the walker does not read): its body runs from there to the
     * next definition the index records, and a text match there, outside every recorded definition,
     * would be credited to the module. No text question counting such a match is asked.
     */
    unrecordedCallables: z.array(regex).default([]),
    /**
     * Forms in which a symbol's name is written as another name (Zig's builtin `@{name}`, Haskell's
     * primed `{name}'`, Ruby's `{name}?` and `@{name}`: each a different identifier from `{name}`):
     * a name written so anywhere is not asked about by its word, since a word search finds both.
     */
    otherNames: z.array(template).default([]),
    /**
     * Member reads that may run a method (Lua's `__index = function (t, key) … methods[key](t) end`):
     * in a file where `installed` matches and a table of methods is indexed by a key there
     * (`dispatch`, `{name}` the table's name: `ip_methods[key]`), reading a member named like one of
     * that table's methods (`read`: `self.toV4mapped`, neither called nor assigned) may call it, and
     * no index records a call there. Those methods' callers, and the callees of a body holding such
     * a read, are not asked.
     */
    lazyMembers: z.object({ installed: regex, dispatch: template, read: template }).strict().optional(),
    /** Reads of an environment variable; the variable is the last UPPER_CASE word of the match. */
    envReads: z.array(template).default([]),
    config: z
      .object({
        /** File or module names of configuration modules. */
        moduleNames: regex,
        /** An import of such a module: `{name}` is its dotted module name, `{base}` its file's base name. */
        importLine: placeholders.optional(),
        /**
         * A conditional-compilation line testing the build flag `{name}` (C's `#ifdef {name}`, C#'s
         * `#if … {name}`), and a line defining it in the source (`#define {name}`): a flag the corpus
         * defines itself (a header guard, a configuration header) is not asked about.
         */
        flags: z.object({ test: template, define: template }).strict().optional(),
      })
      .strict(),
    /**
     * An import declaration of a type by the named type's name, the path it comes from captured by
     * the one group (PHP's `use Psr\\Log\\{name};`, Python's `from starlette.responses import {name}`):
     * where that path, every separator (`.`, `\\`, `::`) read as `/`, is not the corpus type's own module or namespace,
     * that file's uses of the name are another type's, so who raises the corpus type, or what code
     * mentions it, is not asked.
     */
    importedFrom: template.refine((t) => captureGroups(fillTemplate(t, { name: 'x' })) === 1, 'must have exactly one capture group, the path').optional(),
    /**
     * Whether an `importedFrom` path that begins with dots names a module relative to the importing
     * file's package: one dot that package, each further dot one level up (Python's `from .api_key
     * import APIKeyQuery` in `fastapi/security/__init__.py` is `fastapi/security/api_key`).
     */
    dottedRelativeImports: z.boolean().default(false),
    /**
     * How a name is written qualified by an owner (`use`: `{name}` after its qualifier, the
     * qualifier as group 1: `LogLevel::INFO`, `config.TIMEOUT`, `$logger->level`), and the
     * qualifiers that name the current type or instance (`own`: `self`, `static`, `this`). A use
     * qualified by anything else may name another owner's member of the same name, so a question
     * about every use of a constant is not asked where one is. `root`: `{name}` qualified from the
     * top level (Ruby's and C++'s `::Logger`, PHP's `\\DateTime`), which names no member of a type
     * or namespace of the corpus.
     */
    qualified: z
      .object({ use: template.default(QUALIFIED_USE), own: z.array(z.string()).default([]), root: template.optional() })
      .strict()
      .default({ use: QUALIFIED_USE, own: [] }),
    /**
     * A declaration of `{name}` that no other file can use (Lua's `local X = …`, C's `static` outside
     * a declaration file): the same word in another file names something else, so every use of such
     * a constant is asked only where all its uses lie in its own file.
     */
    fileLocal: template.optional(),
    /** File stems of a package's entry modules (`index`, `__init__`, `lib`); the package's own name counts too. */
    entryModules: z.array(z.string()).default([]),
    /**
     * Lines by which a module hands on names defined elsewhere as its own (Python's `from .x import
     * Y as Y` and `__all__`, TypeScript's `export { Y } from`, Rust's `pub use`, OCaml's `include`):
     * what such a module offers is more than what it defines, so neither its public surface nor its
     * siblings of an import are asked as what it defines.
     */
    reExports: z.array(regex).default([]),
    /**
     * A line making module `{name}` another module under a new name (OCaml's `module Hashtbl =
     * Hashtbl` in moreLabels.ml): no index records the alias, so what the module holds is what the
     * aliased module holds, and only the declarations some file also defines under the module's own
     * name (its `.mli` types, not its `val`s) are its members in the index. Where a file defining the
     * module or the module around it holds such a line, its members are not asked as a list.
     */
    moduleAliases: z.array(template).default([]),
    /**
     * Names of the methods an operator runs (Lua's `__sub`, Python's `__eq__`, C++'s `operator==`,
     * PHP's `__toString`): `a - b` calls one with no call written, and no index records it, so who
     * calls such a method is not asked. Constructors are found through constructions and stay asked.
     */
    operatorMethods: regex.optional(),
    /**
     * Names of the members every type has from the language's root type or its standard type
     * classes, written nowhere in the corpus (Kotlin's `hashCode` from `Any`, Java's `toString` from
     * `Object`, Haskell's `show` from a `Show` instance): no question says a type lacks one.
     */
    rootMembers: regex.optional(),
    /**
     * Whether code outside the corpus may add methods to a type outside it (Objective-C's categories:
     * React Native's `UIView (React)` gives every view `didUpdateReactSubviews`): no question says a
     * type descending from one lacks a method.
     */
    externalTypesOpen: z.boolean().default(false),
    /**
     * Code making an anonymous subtype of the type `{name}` (Java's `new Event(tag) { … }`, Kotlin's
     * `object : Callback { … }`): no index records a symbol for that class or its methods, so the
     * implementors of the type and the overrides of its methods would lack them, and are not asked.
     */
    anonymousSubtype: template.optional(),
    /**
     * A signature declaring an extension method (C#'s `Distinct<T>(this IObservable<T> source)`,
     * Kotlin's `fun Int.dpToPx()`),
     * which every type it extends can be called with: no question says a type lacks one of its name.
     */
    extensionMethods: regex.optional(),
    /**
     * Types of one name and different generic arity are different types (C#'s `Subject<T>` and
     * `Subject<T, U>`), which an index naming types by name files under one id: where the outline
     * declares a type in a file more often than the index defines it there, nothing that would mix
     * them is asked.
     */
    typesByArity: z.boolean().default(false),
    /**
     * Whether a type the outline declares at the start of a line is always defined there (Kotlin's
     * `class X`; not C's `struct timespec` written before a function's name, Objective-C's class
     * extensions, Ruby's reopened classes or Perl's packages, which the index names as modules): one
     * the index does not define in that file was lost to a parse error, with the members after it.
     */
    outlineTypesDefine: z.boolean().default(false),
    /**
     * How a macro declares a subtype of `{name}` (Objective-C's `@interface ClassName##Manager :
     * RCTWrapperViewManager` in a `#define`; Rust's `#[derive(Subcommand)]`, whose expansion implements
     * the trait and its supertraits): every expansion is a type no index sees, so neither the
     * implementors of such a type nor the overrides of its methods are asked.
     */
    macroSubtypes: template.optional(),
    /**
     * How a macro invocation names a type whose members its expansion defines (Rust's `impl_settings!
     * { AppSettings, AppFlags, … }`, which gives AppFlags `insert`, `remove`, `is_set` and more): no
     * index sees those members, so neither the type's members as a list nor a member it would lack
     * are asked.
     */
    macroMembers: template.optional(),
    /**
     * Hover texts of definitions whose kind the syntax cannot tell (C's `#define DeleteFile
     * DeleteFileW`, an object-like macro naming another identifier: a function's alias as often as a
     * constant's): no lookup of such a name is asked with a kind.
     */
    kindUnknown: regex.optional(),
    /**
     * Kinds the language's text does not settle, each with the kinds a symbol of it may as well be:
     * OCaml's point-free `let cat = ( ^ )` is a `variable` that holds a function, Ruby's `def` in a
     * module is a `function` that is a method of every class including the module, Zig's `const
     * Error = Reader.Error` is a `constant` naming a type. A name with a symbol of such a kind is
     * not looked up with that kind, nor with one it may be.
     */
    ambiguousKinds: z.array(z.object({ kind: z.enum(symbolKinds), mayBe: z.array(z.enum(symbolKinds)).min(1) }).strict()).default([]),
    /** A text search for calls of `{name}`. */
    callText: template,
    /**
     * Text `callText` matches that is no call (bash's case-arm patterns, `setup | {name} | teardown)`;
     * TypeScript's `function {name} (`, a nested function no index records): where code writes
     * `{name}` so, other than on an own symbol's definition, a text question about its calls is not asked.
     */
    callLookalike: template.optional(),
    /**
     * The grep floor's declaration outline: line patterns a grep agent fluent in the language would
     * search for, each with one capture group, the declared name; in the syntax ripgrep's and
     * JavaScript's regex engines share. A `function` indented inside a class, interface, enum or
     * `impl` body is a method. Empty: the floor finds no declarations in this language.
     */
    outline: z.array(z.object({ kind: z.enum(outlineKinds), pattern: regex.refine((p) => captureGroups(p) === 1, 'must have exactly one capture group, the declared name') }).strict()).default([]),
    /**
     * How the source constructs a class by naming it, for indexers that record only a reference to
     * the class there (scip-python's `Store(...)`): the text just
     * before the name (`before`, anchored at its end) or just after it (`after`, anchored at its
     * start). Such a reference is a call of the class's constructors (docs/query-semantics.md).
     */
    constructs: z.object({ before: regex.optional(), after: regex.optional() }).strict().default({}),
    /**
     * How the source declares a constant, for indexers whose hover text does not say (scip-typescript
     * shows `var x` for `const x`): the text just before a top-level variable's name (`before`,
     * anchored at its end: `const `) or just after it (`after`). A variable defined so is a
     * `constant` (docs/query-semantics.md, "Kinds"), as the walker's queries make it.
     */
    constants: z.object({ before: regex.optional(), after: regex.optional() }).strict().default({}),
    /**
     * How the source binds a name to another module, for indexers that define such a binding with a
     * hover that may look like a declaration's (scip-typescript shows `const keys = require('./symbols')`
     * as `var keys: {…}` when the module exports a `keys`): the text just after a top-level variable's
     * name (`after`, anchored at its start: `= require(`). A binding written so is no definition
     * (docs/query-semantics.md, "Which symbols exist").
     */
    importBindings: z.object({ after: regex.optional() }).strict().default({}),
    /**
     * How the source calls a function or method it names, for indexers that record every reference
     * (scip-python, scip-typescript): the text just before the name (`before`, anchored at its end: a
     * decorator's `@`) or just after it (`after`, anchored at its start: `(`). Only a reference written
     * so is a call; one passed or yielded as a value is not (docs/query-semantics.md).
     */
    calls: z.object({ before: regex.optional(), after: regex.optional() }).strict().default({}),
    /**
     * How the language's compiler or interpreter reports a misspelt name, for BashFeedbackLoop: the
     * command an agent runs, how its near-miss differs from the real name (`typo`: one edit; `case`:
     * letter case only, the one slip Go's compiler names the real member for), and per form (`member`:
     * a method of a type; `free`: a function) a `site` (a call of `{name}` in ripgrep's syntax) and the
     * `message` printed there. A message fills `{file}`, `{line}`, `{column}`, `{near}`, `{name}`,
     * `{owner}` (the method's type), `{ownerKind}` (that type's kind in the compiler's words,
     * `ownerKinds`; an owner of another kind gets no message) and `{call}` (the site's text, misspelt).
     * Absent: the language has no such message and no BashFeedbackLoop scenario is asked.
     */
    feedback: z
      .object({
        command: z.string().min(1),
        nearMiss: z.enum(['typo', 'case']),
        member: z.object({ site: template, message: z.string().includes('{name}') }).strict().optional(),
        free: z.object({ site: template, message: z.string().includes('{name}') }).strict().optional(),
        ownerKinds: z.record(z.string(), z.string()).default({}),
      })
      .strict()
      .optional(),
    signatures: z
      .object({
        /** The return type written in a recorded signature, as the named group `type`. */
        returns: regex.optional(),
        /** Names a method's return type may use for its own type besides the type's name. */
        selfTypes: z.array(z.string()).default([]),
        /** A signature of a method called on an instance (it takes `self`, it is not static): only those link a chain. */
        instance: regex.optional(),
        /** A receiver written as the first parameter (`self`, `&mut self`, `cls`): not an argument the caller passes. */
        receiver: regex.optional(),
        /** The names of the boolean type: a method returning one is a check, not a registration point. */
        booleanTypes: z.array(z.string()).default([]),
      })
      .strict(),
  })
  .strict();

export type WalkerConfig = z.infer<typeof walkerSchema>;
export type Idioms = z.infer<typeof idiomsSchema>;
export interface Language extends Omit<z.infer<typeof languageSchema>, 'walker'> {
  name: string;
  /** The folder, for the query files. */
  dir: string;
  walker: WalkerConfig & { name: string };
  idioms: Idioms;
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PipelineError(`cannot read language file: ${(error as Error).message}`, { file });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const { path, message } = issueWords(parsed.error.issues[0]!);
    throw new PipelineError(`${path.length ? `field ${path.map(String).join('.')} ` : ''}${message}`, { file });
  }
  return parsed.data;
}

let loaded: Language[] | undefined;

/** Every language folder, read and checked once per process, sorted by name. */
export function languages(): readonly Language[] {
  if (!loaded) {
    const names = readdirSync(languagesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    loaded = names.map((name) => {
      const dir = join(languagesDir, name);
      const language = readJson(join(dir, 'language.json'), languageSchema);
      return { ...language, name, dir, walker: { ...language.walker, name }, idioms: readJson(join(dir, 'idioms.json'), idiomsSchema) };
    });
  }
  return loaded;
}

/** Every name a lock may use: each folder's name and its aliases, sorted. */
export function languageNames(): string[] {
  return languages()
    .flatMap((l) => [l.name, ...l.aliases])
    .sort();
}

/** The language a lock's name or alias stands for. */
export function languageOf(name: string): Language {
  const found = languages().find((l) => l.name === name || l.aliases.includes(name));
  if (!found) throw new PipelineError(`no language "${name}" (known: ${languageNames().join(', ')}); add a folder under languages/`);
  return found;
}

/** Whether a callable's name says it registers what it is given, by the language's `registration` idiom. */
export function namedLikeRegistration(registration: Idioms['registration'], name: string): boolean {
  if (!registration) return false;
  const { verbs, adds } = registrationForms(registration);
  return verbs.test(name) || registration.wholeNames.includes(name) || (adds !== undefined && adds.test(name));
}

/** The regexes of a `registration` idiom, compiled once per idiom: generators ask about every callable. */
function registrationForms(registration: NonNullable<Idioms['registration']>): { verbs: RegExp; adds?: RegExp } {
  let forms = compiledRegistrations.get(registration);
  if (!forms) {
    const verbs = new RegExp(`^(?:${registration.verbs.join('|')})(?:[A-Z_]|$)`);
    const adds = registration.adds.length > 0 ? new RegExp(`^add(?:[A-Z_].*)?(?:${registration.adds.join('|')}|_(?:${registration.adds.map((w) => w.toLowerCase()).join('|')}))s?$`) : undefined;
    compiledRegistrations.set(registration, (forms = { verbs, ...(adds ? { adds } : {}) }));
  }
  return forms;
}
const compiledRegistrations = new WeakMap<NonNullable<Idioms['registration']>, { verbs: RegExp; adds?: RegExp }>();

/** Whether a language's idioms hold something at this path (`errors.raise`, `tests.mocks`): a value, or a non-empty list. */
export function hasIdiom(idioms: Idioms, path: string): boolean {
  let value: unknown = idioms;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
}

/** Text as a regular expression that matches exactly it (in JavaScript and in ripgrep alike). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `{name}` (and the like) in a template, filled with the values as regex literals. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? escapeRegex(values[key]!) : whole));
}

const compiled = new Map<string, RegExp>();

/** Whether the name at [start, end) of a source line is written in a language's form (`constructs`, `calls`, `constants`): `before` anchored at its end, `after` at its start. */
export function writtenInForm(line: string, start: number, end: number, form: { before?: string; after?: string }): boolean {
  return (form.before !== undefined && idiomRegExp(form.before).test(line.slice(0, start))) || (form.after !== undefined && idiomRegExp(form.after).test(line.slice(end)));
}

/** An idiom's pattern as a JavaScript regular expression, compiled once. */
export function idiomRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) compiled.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
}

/** Whether any of the patterns matches the text (a path, a name). */
export function matchesAny(patterns: readonly string[], text: string): boolean {
  return patterns.some((p) => idiomRegExp(p).test(text));
}
