// core/languages.ts
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z as z2 } from "zod/v4";

// core/contract.ts
import { z } from "zod/v4";
var categories = [
  "Completion",
  "BugFix",
  "Refactor",
  "TestGen",
  "FeatureAdd",
  "ApiDiscovery",
  "ControlFlow",
  "Config",
  "SafetyNet",
  "Drift",
  "ConversationalContinuation",
  "RereadCascade",
  "SubAgentContextHandoff",
  "BashFeedbackLoop"
];
var sessionCategories = ["ConversationalContinuation", "RereadCascade", "SubAgentContextHandoff", "BashFeedbackLoop"];
function isSessionCategory(c) {
  return sessionCategories.includes(c);
}
function isUnweightedCategory(c) {
  return categoryWeights[c] === 0;
}
var categoryWeights = {
  Completion: 28,
  BugFix: 18,
  Refactor: 10,
  TestGen: 8,
  FeatureAdd: 8,
  ApiDiscovery: 15,
  ControlFlow: 5,
  Config: 4,
  SafetyNet: 4,
  Drift: 0,
  ConversationalContinuation: 0,
  RereadCascade: 0,
  SubAgentContextHandoff: 0,
  BashFeedbackLoop: 0
};
var goldSources = ["scip_roundtrip", "adversarial", "grep_compared", "manual"];
var symbolKinds = [
  "module",
  "class",
  "interface",
  "enum",
  "enum_member",
  "type_alias",
  "type",
  "function",
  "method",
  "constructor",
  "field",
  "property",
  "variable",
  "constant",
  "event",
  "error"
];
var callableKinds = /* @__PURE__ */ new Set(["function", "method", "constructor"]);
var typeKinds = /* @__PURE__ */ new Set(["class", "interface", "enum", "type_alias", "type"]);
var termKinds = /* @__PURE__ */ new Set(["field", "property", "variable", "constant"]);
var SCIP_STATIC_METHOD = 80;
var scipKindNames = {
  7: { scip: "Class", kind: "class" },
  8: { scip: "Constant", kind: "constant" },
  9: { scip: "Constructor", kind: "constructor" },
  11: { scip: "Enum", kind: "enum" },
  12: { scip: "EnumMember", kind: "enum_member" },
  13: { scip: "Event", kind: "event" },
  15: { scip: "Field", kind: "field" },
  17: { scip: "Function", kind: "function" },
  21: { scip: "Interface", kind: "interface" },
  26: { scip: "Method", kind: "method" },
  29: { scip: "Module", kind: "module" },
  30: { scip: "Namespace", kind: "module" },
  35: { scip: "Package", kind: "module" },
  41: { scip: "Property", kind: "property" },
  42: { scip: "Protocol", kind: "interface" },
  49: { scip: "Struct", kind: "class" },
  53: { scip: "Trait", kind: "interface" },
  54: { scip: "Type", kind: "type" },
  55: { scip: "TypeAlias", kind: "type_alias" },
  59: { scip: "Union", kind: "class" },
  61: { scip: "Variable", kind: "variable" },
  63: { scip: "Error", kind: "error" },
  66: { scip: "AbstractMethod", kind: "method" },
  [SCIP_STATIC_METHOD]: { scip: "StaticMethod", kind: "method" },
  85: { scip: "Mixin", kind: "class" }
};
var textModes = ["word", "regex"];
var textScopes = ["code", "code_or_import", "any"];
var stableId = z.string().min(1).regex(/^(?!file:)(?!local )\S+ \S+ /, "must be a SCIP symbol id, not a file: or local id").meta({ id: "stableId", description: "A SCIP symbol string of a corpus symbol; never a file: pseudo id or a local symbol." });
var filePath = z.string().min(1).regex(/^(?!\/)(?!file:)(?!.*(^|\/)\.\.(\/|$))/, "must be a repository-relative path").meta({ description: "Repository-relative, as the index names the document." });
function makeQuerySchema(form) {
  const id = form === "files" ? stableId : z.string().min(1);
  const path = form === "files" ? filePath : z.string().min(1);
  const kind = form === "files" ? z.enum(symbolKinds) : z.string().min(1);
  return z.discriminatedUnion("op", [
    z.object({
      op: z.literal("lookup"),
      name: z.string().min(1),
      bare_name: z.boolean(),
      kind: kind.optional()
    }).strict().meta({ description: "`bare_name: true`: every symbol whose short name (or `Type#member` form) is `name`; `false`: `[name]` when a symbol has exactly that id. `kind` restricts either." }),
    z.object({ op: z.enum(["callers", "callees", "contained_by", "implementors"]), sym_stable_id: id }).strict().meta({ description: "`callers`: symbols whose bodies call it; `callees`: what its body calls; `contained_by`: its direct members; `implementors`: what implements, extends or overrides it, transitively." }),
    z.object({ op: z.literal("orphans"), kind }).strict().meta({ description: "Every symbol of this kind that nothing calls." }),
    z.object({ op: z.literal("file_symbols"), file_path: path }).strict().meta({ description: "Every symbol defined in this file, modules excluded." }),
    z.object({ op: z.literal("text_search"), pattern: z.string().min(1), mode: z.enum(textModes), in: z.enum(textScopes) }).strict().meta({ description: "Extension. The symbols whose text matches `pattern` (`mode` word: a whole-word fixed string; regex: ripgrep syntax), counting matches in code outside import declarations (`in: code`), in code or import declarations (`code_or_import`), or anywhere, comments and strings too (`any`); a match on a definition's own name is no mention; each match goes to the innermost definition around its line, else its file's module." })
  ]);
}
var querySchema = makeQuerySchema("files").meta({ id: "query" });
var wireQuerySchema = makeQuerySchema("wire");
var upstreamOps = ["lookup", "callers", "callees", "contained_by", "implementors", "orphans", "file_symbols"];
var extensionOps = ["text_search"];
var queryOps = [...upstreamOps, ...extensionOps];
function uniqueIds(list) {
  return list.refine((ids) => new Set(ids).size === ids.length, "must not repeat an id").meta({ uniqueItems: true });
}
var expectedSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("exact_symbol"), stable_id: stableId }).strict().meta({ description: "1 if the first result equals `stable_id`, else 0." }),
  z.object({ kind: z.literal("in_top_k"), stable_id: stableId, k: z.int().min(1) }).strict().meta({ description: "1 if `stable_id` is among the first `k` results, else 0." }),
  z.object({ kind: z.literal("exact_set"), stable_ids: uniqueIds(z.array(stableId)) }).strict().meta({ description: "F1 of the returned set against `stable_ids`; both empty scores 1 (how an absence is asked)." }),
  z.object({ kind: z.literal("contains"), required: uniqueIds(z.array(stableId).min(1, "must list at least one id (an empty contains cannot fail)")) }).strict().meta({ description: "The fraction of `required` among the results; extras cost nothing. Never empty: the runner scores an empty list 1 for any answer." })
]).meta({ id: "expected" });
var originSchema = z.object({ file: z.string().min(1), entry: z.int().min(1) }).strict().meta({ description: "The overlay or spec file (repository-relative) and 1-based entry a hand-written or contributor scenario came from." });
var subTypeSchema = z.string().regex(/^[a-z0-9_]+$/, "must be lowercase letters, digits and underscores");
var intentSchema = z.string().min(10, "must say in a sentence what the agent is doing");
var REREAD_TURNS = { min: 2, max: 10 };
var sessionFields = {
  preceding_query: querySchema.optional().meta({ description: "ConversationalContinuation: the question asked just before, in the same session; `query` names what its answer found." }),
  preceding_expected: expectedSchema.optional().meta({ description: "ConversationalContinuation: the answer to `preceding_query`." }),
  main_query: querySchema.optional().meta({ description: "SubAgentContextHandoff: the main agent's survey; `query` then goes to a fresh adapter process that never saw it." }),
  main_expected: expectedSchema.optional().meta({ description: "SubAgentContextHandoff: the answer to `main_query`." }),
  context: z.object({
    preceding_command: z.string().min(1).meta({ description: "The command the agent ran." }),
    stderr_excerpt: z.string().min(1).meta({ description: "What it printed: an error message naming the symbol `query` looks up." })
  }).strict().optional().meta({ description: "BashFeedbackLoop: the failing command and its message, rendered from the language folder's templates; never sent to the adapter." }),
  queries: z.array(querySchema).min(REREAD_TURNS.min).max(REREAD_TURNS.max).optional().meta({ description: "RereadCascade: every read of the session, each equal to `query` (the last) and each scored against `expected`." })
};
var sessionShapes = {
  ConversationalContinuation: ["preceding_query", "preceding_expected"],
  RereadCascade: ["queries"],
  SubAgentContextHandoff: ["main_query", "main_expected"],
  BashFeedbackLoop: ["context"]
};
var scenarioFields = {
  id: z.string().regex(/^[a-z0-9_]+-[0-9a-f]{12}$/, "must be <sub_type>-<12 hex>"),
  category: z.enum(categories),
  sub_type: subTypeSchema,
  intent: intentSchema,
  ...sessionFields,
  query: querySchema,
  expected: expectedSchema,
  gold_source: z.enum(goldSources),
  origin: originSchema.optional()
};
function sessionProblem(s) {
  const wanted = isSessionCategory(s.category) ? sessionShapes[s.category] : [];
  for (const field of Object.keys(sessionFields)) {
    const has = s[field] !== void 0;
    if (wanted.includes(field) && !has) return `a ${s.category} scenario must carry \`${field}\``;
    if (!wanted.includes(field) && has) return `only ${categoryCarrying(field)} scenarios carry \`${field}\``;
  }
  if (Array.isArray(s.queries) && s.queries.some((q) => JSON.stringify(q) !== JSON.stringify(s.query))) return "every entry of `queries` repeats `query`";
  return void 0;
}
function categoryCarrying(field) {
  return sessionCategories.find((c) => sessionShapes[c].includes(field));
}
var goldSourceRules = {
  scip_roundtrip: { notOp: "text_search" },
  adversarial: { notOp: "text_search", emptyAnswer: true },
  grep_compared: { op: "text_search" },
  manual: { requires: "origin" }
};
function goldSourceProblem(s) {
  const rule = goldSourceRules[s.gold_source];
  if (rule.op && s.query.op !== rule.op) return `a ${s.gold_source} scenario asks with \`${rule.op}\``;
  if (rule.notOp && s.query.op === rule.notOp) return `only grep_compared and manual scenarios ask with \`${rule.notOp}\``;
  if (rule.requires && s[rule.requires] === void 0) return `a ${s.gold_source} scenario must carry \`${rule.requires}\``;
  if (rule.emptyAnswer && !(s.expected.kind === "exact_set" && s.expected.stable_ids.length === 0)) return "an adversarial scenario expects exact_set []";
  return void 0;
}
var scenarioSchema = z.object(scenarioFields).strict().superRefine((s, ctx) => {
  const problem = goldSourceProblem(s);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["gold_source"] });
  const shape = sessionProblem(s);
  if (shape) ctx.addIssue({ code: "custom", message: shape, path: ["category"] });
}).meta({ id: "scenario" });
var scenarioFileSchema = z.array(scenarioSchema).min(1);

// core/errors.ts
var PipelineError = class extends Error {
  constructor(message, where = {}) {
    super(message);
    this.where = where;
    this.name = "PipelineError";
  }
  where;
  /** One line: `corpus fastify, stage fetch: <message>` */
  describe() {
    const parts = [];
    if (this.where.corpus) parts.push(`corpus ${this.where.corpus}`);
    if (this.where.stage) parts.push(`stage ${this.where.stage}`);
    if (this.where.file) parts.push(this.where.file);
    return parts.length ? `${parts.join(", ")}: ${this.message}` : this.message;
  }
};

// core/zod-issues.ts
function issueWords(issue) {
  return { path: issue.path, message: plainMessage(issue) };
}
function plainMessage(issue) {
  switch (issue.code) {
    case "unrecognized_keys":
      return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    case "invalid_type":
      if (/received undefined$/.test(issue.message)) return "is required";
      if (issue.expected === "number" && /received NaN$/.test(issue.message)) return "must be a number";
      if (issue.expected === "number" && /received number$/.test(issue.message)) return "must be a finite number";
      if (issue.expected === "int" && /received number$/.test(issue.message)) return "must be a whole number";
      return issue.message.replace(/^Invalid input: /, "");
    case "invalid_value":
      if (!issue.message.startsWith("Invalid")) return issue.message;
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "too_small":
      if (!issue.message.startsWith("Too small")) return issue.message;
      if (issue.origin === "array" && Number(issue.minimum) === 1) return "must not be empty";
      if (issue.origin === "number" || issue.origin === "int") return `must be ${issue.inclusive === false ? "greater than" : "at least"} ${String(issue.minimum)}`;
      return issue.message;
    case "too_big":
      if (!issue.message.startsWith("Too big")) return issue.message;
      if (issue.origin === "number" || issue.origin === "int") return `must be ${issue.inclusive === false ? "less than" : "at most"} ${String(issue.maximum)}`;
      return issue.message;
    default:
      return issue.message;
  }
}

// core/languages.ts
var languagesDir = fileURLToPath(new URL("../languages/", import.meta.url));
var definitionKinds = [
  "namespace",
  "class",
  "struct",
  "interface",
  "trait",
  // A bundle of members other types take in (a PHP trait): recorded as a class.
  "mixin",
  "enum",
  // A named type defined from another (Go `type Celsius float64`); `alias` is only another name for one.
  "type",
  "alias",
  "union",
  "function",
  "method",
  "constructor",
  "field",
  "property",
  "constant",
  "variable",
  "enum_member",
  // A Solidity event or custom error: declared with a parameter list and overloadable like a
  // function, but emitted or raised, never called, and no method of its contract.
  "event",
  "error",
  // An `impl` block (Rust): not a symbol, but a scope whose members belong to the named type.
  "impl"
];
function compiles(pattern) {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
var regex = z2.string().refine(compiles, "must be a regular expression");
function captureGroups(pattern) {
  return compiles(pattern) ? new RegExp(`${pattern}|`, "u").exec("").length - 1 : -1;
}
var placeholders = z2.string().refine((t) => compiles(fillTemplate(t, { name: "x", base: "x" })), "must be a regular expression once {name} is filled in");
var template = placeholders.refine((t) => t.includes("{name}"), "must contain {name}");
var messageTemplate = z2.string().refine((t) => t.includes("{message}"), "must contain {message}").refine((t) => compiles(fillTemplate(t, { message: "x" })), "must be a regular expression once {message} is filled in").refine((t) => captureGroups(fillTemplate(t, { message: "x" })) === 0, "must have no capture group");
var QUALIFIED_USE = "([A-Za-z_$][\\w$]*)\\s*(?:::|\\.|->)\\s*\\b{name}\\b";
var hoverTemplate = z2.string().refine((t) => t.includes("{name}") || t.includes("{text}"), "must use {name} or {text}");
var walkerSchema = z2.object({
  /** SCIP Document.language and the hover's code-fence tag. */
  scipLanguage: z2.string().min(1),
  /** The package manager field of our symbol ids: `lmc-tree-sitter <manager> <package> <version> ...`. */
  manager: z2.string().regex(/^[A-Za-z0-9_.-]+$/),
  /** Query files in this folder; all are compiled together, once per grammar. */
  queries: z2.array(z2.string().endsWith(".scm")).min(1),
  modules: z2.object({
    /** What of a file's path becomes namespaces: the directories and file name, the directories only, or nothing. */
    fromPath: z2.enum(["file", "directory", "none"]),
    /** Keep the file extension in the file's namespace (`config.ts`, as scip-typescript writes it). */
    keepExtension: z2.boolean().default(false),
    /** File stems that stand for their directory (`__init__`, `mod`, `lib`). */
    indexFiles: z2.array(z2.string()).default([]),
    /** Leading directories that are not part of the module path (`src` of a Rust crate). */
    sourceRoots: z2.array(z2.string()).default([]),
    /** Join the path into one dotted namespace (`inventory.config`), as scip-python does. */
    dotted: z2.boolean().default(false),
    /** The module symbol is this meta descriptor inside the namespace (`__init__:`) instead of the namespace itself. */
    marker: z2.string().optional(),
    /** Files at the tree's root take their namespace from the package they declare (`package gin`). */
    rootFromPackage: z2.boolean().default(false),
    /** A file's own namespace is its stem with the first letter upper-cased (OCaml: `list.ml` is module `List`). */
    capitalizeFile: z2.boolean().default(false)
  }).strict(),
  /** Separators inside declared names (`com.example`, `Rack::Utils`, `A\B`): each part becomes a descriptor. */
  nameSeparators: z2.array(z2.string().min(1)).default([]),
  imports: z2.object({
    /** `relative-path`: `./store` resolves against the file; `qualified`: names resolve by namespace path. */
    style: z2.enum(["relative-path", "qualified"]),
    separators: z2.array(z2.string().min(1)).default([]),
    /** `relative-path`: a path without a leading `.` is relative to the file too (Zig's `@import("json/scanner.zig")`); one naming no corpus file is outside it (`std`). */
    bareRelative: z2.boolean().default(false),
    /** Extensions tried for a relative import without one, in order (`.ts`, `/index.js`...). */
    extensions: z2.array(z2.string()).default([]),
    /** Extensions an import may name for a file written in another (ESM TypeScript imports `./config.js` for `config.ts`). */
    compiledExtensions: z2.array(z2.string()).default([]),
    /** Leading path words with a meaning relative to the importing module. */
    relativeWords: z2.record(z2.string(), z2.enum(["root", "current", "parent"])).default({}),
    /** Leading dots mean the current package, two dots its parent (Python). */
    leadingDots: z2.boolean().default(false),
    /** A path may start with a module declared under the importing one (Rust 2018: `use action::ArgAction;` in builder/mod.rs names builder/action). */
    childModules: z2.boolean().default(false),
    /** An import path may carry a prefix we cannot know (a Go module path): match the longest known tail. */
    matchSuffix: z2.boolean().default(false),
    /**
     * The project's own name is its root, as `crate` is, and a module's imports are names it hands
     * on (Rust: an example's `use clap::Command` reaches `pub use crate::builder::Command` in lib.rs).
     */
    ownNameIsRoot: z2.boolean().default(false)
  }).strict(),
  /** How a written type becomes the name to look up: what to drop around it (`&mut`, `*`, `const`, generics). */
  typeNames: z2.object({
    /** A pattern matched repeatedly at the start: references, pointers, qualifiers (`&`, `mut`, `*`, `const`). */
    dropPrefix: regex.optional(),
    /** A pattern matched at the end: pointer and nullable marks. */
    dropSuffix: regex.optional(),
    /** Leading path root marks (`::`, `\`). */
    dropRoot: regex.optional(),
    /** Bracket pairs that hold type arguments or array sizes, removed with what they hold. */
    argumentBrackets: z2.array(z2.enum(["<>", "[]"])).default([])
  }).strict().default({ argumentBrackets: [] }),
  /**
   * A bare name that nothing in scope or imported binds means the one free symbol of that name in the
   * corpus, if there is one; false where every name must be declared or imported in its file: Lua (a
   * file's top-level names are `local`s, other modules are reached only through `require`) and Haskell
   * (a name from outside the corpus would otherwise reach a corpus namesake).
   */
  corpusUniqueNames: z2.boolean().default(true),
  /**
   * Whether a bare call may name a variable, constant, field or property (a function held in it:
   * OCaml's point-free `let of_int = id`); false where a call's name never names one (a Bash command
   * `dirname` is the program, not the script's `dirname=…` variable).
   */
  callsReachTerms: z2.boolean().default(true),
  /**
   * Whether a definition's body may call it by its own name (`implicit`), or only where a pattern
   * marks it `@recursive` (`declared`: OCaml's `let rec`); where `declared`, a module's body cannot
   * name the module either (`module Array = struct … Array.unsafe_set … end` reaches the outer
   * `Array`), unless it is marked so too (`module rec`).
   */
  recursion: z2.enum(["implicit", "declared"]).default("implicit"),
  /** A declared type is also a module imports can name (a Perl `package` is both a class and what `use` loads). */
  typesAreModules: z2.boolean().default(false),
  /** A bare call inside a type may call the type's own members (Java, C#, C++, Ruby). */
  implicitSelfMembers: z2.boolean().default(false),
  /**
   * Which types around a bare call it may reach (with `implicitSelfMembers`): every type it is
   * written in (`lexical`: a Java inner class calls its outer class's methods), or only the class
   * or module that directly holds its definition (`innermost`: Ruby, where `self` in a module's
   * `def` is an instance of whatever class includes the module, never of the class the module is
   * written in).
   */
  selfScope: z2.enum(["lexical", "innermost"]).default("lexical"),
  /**
   * How a type comes to implement an interface: by declaring it (`implements`, `: Trait`), or, in
   * `structural` languages (Go), by having every method the interface names, its own or promoted
   * from a type it embeds (`@inherit.super` with `(#set! inherit "embeds")`).
   */
  interfaces: z2.enum(["declared", "structural"]).default("declared"),
  /**
   * A function defined in another callable's body: a local of it, whose calls are the outer callable's
   * (`locals`), or a symbol under it whose calls are its own (`symbols`: `outer().inner().`, as
   * scip-python names a nested `def`).
   */
  nestedFunctions: z2.enum(["locals", "symbols"]).default("locals"),
  /** What calling a type by name means: nothing we record, a reference to the type, or a call of its constructor. */
  typeCall: z2.enum(["none", "type", "constructor"]).default("none"),
  /** Method names that are constructors besides captured `@definition.constructor` ones (`__init__`): they override nothing. */
  constructorNames: z2.array(z2.string()).default([]),
  /**
   * Files other files include whole (C headers): a callable a pattern marks `@file_local` there is
   * every includer's, so it stays one symbol shared by name; elsewhere it is its file's own.
   */
  includedFiles: z2.array(regex).default([]),
  /**
   * Whether a static method (`@static`) beside an instance method of the same name in the same type
   * and file is a method of its own: `start(static).` apart from `start().` (Ruby's `def self.start`
   * and `def start`, one run on the class and one on its instances). Otherwise both are one symbol.
   */
  staticApart: z2.boolean().default(false),
  /** Same-named callables in one owner: distinct symbols `m().`, `m(+1).` (Java, C#) or one symbol (C++ declaration + definition). */
  overloads: z2.enum(["disambiguate", "merge"]).default("merge"),
  /** A pattern removed from the start of `{text}` (visibility words), so the hover starts with the declaring keyword. */
  hoverStrip: regex.optional(),
  /** Hover text per definition kind; `{text}` is the declaration up to its body, `{name}` the name. */
  hover: z2.partialRecord(z2.enum(definitionKinds), hoverTemplate).default({}),
  /**
   * Macros the grammar cannot read (`NS_ASSUME_NONNULL_BEGIN`, `__THROW`), each a name or a regex a whole
   * identifier must match (`[A-Z][A-Z0-9_]*_EXPORT` for a library's symbol-visibility macro): each use, with
   * the parenthesised arguments that follow it, is blanked with spaces before parsing, so positions do not move.
   */
  ignoredMacros: z2.array(regex.refine((r) => !new RegExp(`^(?:${r})$`).test(""), "must not match an empty name")).default([]),
  /**
   * Macros that declare what the grammar would read written out, each with the text that stands for
   * `NAME(` (`RCT_EXPORT_METHOD` → `- (void)`): the form replaces the name and its parenthesis, padded
   * with spaces, and the closing parenthesis is blanked, so positions do not move.
   */
  macroForms: z2.record(z2.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z2.string().min(1)).refine((forms) => Object.entries(forms).every(([name, form]) => form.length <= name.length + 1), "a form must be no longer than its macro name and parenthesis").default({}),
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
  misreadNames: z2.array(z2.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).default([]),
  /**
   * How a call is written, for text the grammar does not read as code (a parse error, what a pattern
   * marks `@unparsed`, such as a macro's definition): each match is a call of the name its first
   * matching group holds, which nothing can bind, so that name's callers and the enclosing body's
   * callees are never taken to be known.
   */
  callsInText: regex.refine((r) => captureGroups(r) >= 1, "must have a capture group, the callee"),
  /** The method `x.name = v` calls, where a pattern says so (`(#set! call "writer")`): Ruby's `name=`, Objective-C's `setName`. */
  writer: z2.string().refine((t) => /\{name\}|\{Name\}/.test(t), "must use {name} or {Name}").default("{name}="),
  /** Files larger than this are generated or minified, not source worth indexing. */
  maxFileBytes: z2.int().positive().default(1 << 20)
}).strict();
var languageSchema = z2.object({
  /** Other names a lock may use for this language (`javascript` for typescript). */
  aliases: z2.array(z2.string().regex(/^[a-z0-9+#-]+$/)).default([]),
  grammars: z2.array(
    z2.object({
      package: z2.string().min(1),
      wasm: z2.string().min(1),
      extensions: z2.array(z2.string().startsWith(".")).min(1),
      /** Interpreters a `#!` first line may name (`#!/bin/bash`, `#!/usr/bin/env bash`) to make a file without an extension this grammar's. */
      interpreters: z2.array(z2.string().regex(/^[\w.+-]+$/)).default([])
    }).strict()
  ).min(1),
  /**
   * Node types of comments and string literals, the nodes inside a string that are code again
   * (`interpolations`: a shell's `"$X"` expands X, so a match there is a use, not text), and the
   * import declarations (`imports`: `use a::B;` names B without using it; `type[field]` takes only
   * the nodes of that type that have that field, TypeScript's re-export `export_statement[source]`), and the declarations
   * of named values with what initializes them (`declarations`: a Go `var_spec`, a PHP
   * `property_element`), whose later lines belong to the value declared on their first, and the
   * constructor parameters that declare a member of the type (`memberParameters`: Kotlin's
   * `class_parameter`, whose `val` makes a property), which belong to that member
   * (docs/query-semantics.md, "Crediting"), and the parts of a definition that run when the
   * definition is made rather than when it is called (`definitionTime`: Python's `parameters`,
   * whose default values are evaluated once, at `def`), which call from the scope around the
   * definition (docs/query-semantics.md, "Calls").
   */
  syntax: z2.object({
    comments: z2.array(z2.string()).min(1),
    strings: z2.array(z2.string()).min(1),
    interpolations: z2.array(z2.string()).default([]),
    imports: z2.array(z2.string()).default([]),
    declarations: z2.array(z2.string()).default([]),
    memberParameters: z2.array(z2.string()).default([]),
    definitionTime: z2.array(z2.string()).default([])
  }).strict(),
  walker: walkerSchema
}).strict();
var outlineKinds = ["class", "interface", "enum", "type_alias", "type", "function", "method", "property", "impl"];
var idiomsSchema = z2.object({
  /** Repository-relative paths of test code. */
  testFiles: z2.array(regex).min(1),
  /**
   * How a named value is declared, `{name}` standing for its name (Rust's `static EMPTY: …`): such a
   * declaration on a line where the index records no definition (one inside a function) is a second
   * value of that name that the index misses.
   */
  valueDeclaration: template.optional(),
  /** Names of modules a source file declares to hold its tests (Rust's `#[cfg(test)] mod tests`). */
  testModules: z2.array(regex).default([]),
  /** Names of symbols that are tests wherever they are defined (Zig's `test "name"` blocks, named by their string literal). */
  testSymbols: z2.array(regex).default([]),
  /** Paths of generated code (protoc output, testdata). */
  generatedFiles: z2.array(regex).default([]),
  /** Paths of example programs, which illustrate the library rather than make it up. */
  exampleFiles: z2.array(regex).default([]),
  /**
   * Paths of files that declare what other files define (C and C++ headers, OCaml interfaces): a
   * symbol with a scope there and a body elsewhere is one symbol, not two namesakes.
   */
  declarationFiles: z2.array(regex).default([]),
  tests: z2.object({
    /** Literal mocking and stubbing idioms of the language's test libraries. */
    mocks: z2.array(z2.string().min(2)).default([]),
    /** Literal assertion idioms: exception expectations and deep comparisons. */
    assertions: z2.array(z2.string().min(2)).default([]),
    /** A line right above a test fixture's definition (`@pytest.fixture`), and what it makes the definition. */
    fixtureMarkers: z2.array(z2.object({ pattern: regex, is: z2.string().min(3) }).strict()).default([]),
    /** A line right above a test's definition (Rust's `#[test]`): that function is test code wherever it is defined. */
    markers: z2.array(regex).default([])
  }).strict(),
  errors: z2.object({
    /** Short names of types outside the corpus whose subtypes are exception or error types. */
    baseTypes: regex.optional(),
    /** A method whose presence makes a type an error type: its name and its signature (Go's `Error() string`). */
    errorMethod: z2.object({ name: z2.string().min(1), signature: regex }).strict().optional(),
    /** Raising the named error type. */
    raise: template.optional(),
    /** Raising anything built by a call; the callee is the last identifier before `(`. */
    raiseCall: regex.optional(),
    /** Wrapping another error in the named type. */
    wrap: template.optional(),
    /** Within an import declaration, giving the named type another name (Rust's `use … Error as ClapError`), captured by the one group: raises under that name count too. */
    renamed: template.refine((t) => captureGroups(fillTemplate(t, { name: "x" })) === 1, "must have exactly one capture group, the new name").optional(),
    /** In code, a declaration giving the named type another name (Ruby's `ParamsTooDeepError = QueryLimitError`), captured by the one group: raises under that name count too. */
    aliased: template.refine((t) => captureGroups(fillTemplate(t, { name: "x" })) === 1, "must have exactly one capture group, the other name").optional(),
    /**
     * An import declaration of a type by the named type's name, the path it comes from captured by
     * the one group (PHP's `use Psr\\Log\\{name};`): where that path, its `\\` and `::` read as `/`,
     * is not the corpus type's own namespace, that file's raises of the name raise another type,
     * and who raises the corpus type is not asked.
     */
    importedFrom: template.refine((t) => captureGroups(fillTemplate(t, { name: "x" })) === 1, "must have exactly one capture group, the path").optional(),
    /**
     * Raising or reporting an error with a literal message, written on one line: `{message}` is
     * where the message's text starts, right after its opening quote (Lua's `error("…")`,
     * Perl's `die "…"`, Go's `errors.New("…")`). No capture groups.
     */
    message: messageTemplate.optional()
  }).strict(),
  /**
   * How the language names a callable that registers what it is given (a registration or DI entry
   * point): `verbs` open the name (`register`, `registerPlugin`, `subscribe_to`); `wholeNames` count
   * only as the whole name (`on`, `use`: `onClick` is a handler, `useState` a hook); an `add` name
   * counts when it ends in one of `adds` (`addListener`, `add_api_route`), not when it inserts data
   * (`addNode`). Absent: the language has no such idiom and no registration question is asked.
   */
  registration: z2.object({
    verbs: z2.array(z2.string().regex(/^[A-Za-z]+$/)).min(1),
    wholeNames: z2.array(z2.string().regex(/^[A-Za-z]+$/)).default([]),
    adds: z2.array(z2.string().regex(/^[A-Z][a-z]+$/)).default([])
  }).strict().optional(),
  /**
   * Lines that declare a name of a file which the language's indexer records no definition for
   * (scip-python skips a module-level annotated assignment, `limits: Dict[str, str] = {…}`): a
   * file holding one is never asked whole (a `file_symbols` exact_set would miss that name), nor
   * its module's members, nor those of a type the line lies in or names.
   */
  surveyGaps: z2.array(regex).default([]),
  /**
   * Lines that declare names the language's indexer records no definition for, the names in the
   * one capture group (Ruby's `attr_reader :body, :status`, `alias to_s public_id`'s `to_s`): they
   * are survey gaps too, and no lookup of such a name is asked, since its answer would miss them.
   */
  undeclaredNames: z2.array(regex.refine((p) => captureGroups(p) === 1, "must have exactly one capture group, the declared names")).default([]),
  /**
   * Lines that define a callable the language's indexer records no definition for (OCaml's
   * operator `let ( ^ ) s1 s2 =`, which the walker does not read): its body runs from there to the
   * next definition the index records, and a text match there, outside every recorded definition,
   * would be credited to the module. No text question counting such a match is asked.
   */
  unrecordedCallables: z2.array(regex).default([]),
  /**
   * Forms in which a symbol's name is written as another name (Zig's builtin `@{name}`, Haskell's
   * primed `{name}'`, Ruby's `{name}?` and `@{name}`: each a different identifier from `{name}`):
   * a name written so anywhere is not asked about by its word, since a word search finds both.
   */
  otherNames: z2.array(template).default([]),
  /**
   * Member reads that may run a method (Lua's `__index = function (t, key) … methods[key](t) end`):
   * in a file where `installed` matches and a table of methods is indexed by a key there
   * (`dispatch`, `{name}` the table's name: `ip_methods[key]`), reading a member named like one of
   * that table's methods (`read`: `self.toV4mapped`, neither called nor assigned) may call it, and
   * no index records a call there. Those methods' callers, and the callees of a body holding such
   * a read, are not asked.
   */
  lazyMembers: z2.object({ installed: regex, dispatch: template, read: template }).strict().optional(),
  /** Reads of an environment variable; the variable is the last UPPER_CASE word of the match. */
  envReads: z2.array(template).default([]),
  config: z2.object({
    /** File or module names of configuration modules. */
    moduleNames: regex,
    /** An import of such a module: `{name}` is its dotted module name, `{base}` its file's base name. */
    importLine: placeholders.optional(),
    /**
     * A conditional-compilation line testing the build flag `{name}` (C's `#ifdef {name}`, C#'s
     * `#if … {name}`), and a line defining it in the source (`#define {name}`): a flag the corpus
     * defines itself (a header guard, a configuration header) is not asked about.
     */
    flags: z2.object({ test: template, define: template }).strict().optional()
  }).strict(),
  /**
   * How a name is written qualified by an owner (`use`: `{name}` after its qualifier, the
   * qualifier as group 1: `LogLevel::INFO`, `config.TIMEOUT`, `$logger->level`), and the
   * qualifiers that name the current type or instance (`own`: `self`, `static`, `this`). A use
   * qualified by anything else may name another owner's member of the same name, so a question
   * about every use of a constant is not asked where one is.
   */
  qualified: z2.object({ use: template.default(QUALIFIED_USE), own: z2.array(z2.string()).default([]) }).strict().default({ use: QUALIFIED_USE, own: [] }),
  /**
   * A declaration of `{name}` that no other file can use (Lua's `local X = …`, C's `static` outside
   * a declaration file): the same word in another file names something else, so every use of such
   * a constant is asked only where all its uses lie in its own file.
   */
  fileLocal: template.optional(),
  /** File stems of a package's entry modules (`index`, `__init__`, `lib`); the package's own name counts too. */
  entryModules: z2.array(z2.string()).default([]),
  /**
   * Lines by which a module hands on names defined elsewhere as its own (Python's `from .x import
   * Y as Y` and `__all__`, TypeScript's `export { Y } from`, Rust's `pub use`, OCaml's `include`):
   * what such a module offers is more than what it defines, so neither its public surface nor its
   * siblings of an import are asked as what it defines.
   */
  reExports: z2.array(regex).default([]),
  /**
   * A line making module `{name}` another module under a new name (OCaml's `module Hashtbl =
   * Hashtbl` in moreLabels.ml): no index records the alias, so what the module holds is what the
   * aliased module holds, and only the declarations some file also defines under the module's own
   * name (its `.mli` types, not its `val`s) are its members in the index. Where a file defining the
   * module or the module around it holds such a line, its members are not asked as a list.
   */
  moduleAliases: z2.array(template).default([]),
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
  externalTypesOpen: z2.boolean().default(false),
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
  typesByArity: z2.boolean().default(false),
  /**
   * Whether a type the outline declares at the start of a line is always defined there (Kotlin's
   * `class X`; not C's `struct timespec` written before a function's name, Objective-C's class
   * extensions, Ruby's reopened classes or Perl's packages, which the index names as modules): one
   * the index does not define in that file was lost to a parse error, with the members after it.
   */
  outlineTypesDefine: z2.boolean().default(false),
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
  ambiguousKinds: z2.array(z2.object({ kind: z2.enum(symbolKinds), mayBe: z2.array(z2.enum(symbolKinds)).min(1) }).strict()).default([]),
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
  outline: z2.array(z2.object({ kind: z2.enum(outlineKinds), pattern: regex.refine((p) => captureGroups(p) === 1, "must have exactly one capture group, the declared name") }).strict()).default([]),
  /**
   * How the source constructs a class by naming it, for indexers that record only a reference to
   * the class there (scip-python's `Store(...)`): the text just
   * before the name (`before`, anchored at its end) or just after it (`after`, anchored at its
   * start). Such a reference is a call of the class's constructors (docs/query-semantics.md).
   */
  constructs: z2.object({ before: regex.optional(), after: regex.optional() }).strict().default({}),
  /**
   * How the source declares a constant, for indexers whose hover text does not say (scip-typescript
   * shows `var x` for `const x`): the text just before a top-level variable's name (`before`,
   * anchored at its end: `const `) or just after it (`after`). A variable defined so is a
   * `constant` (docs/query-semantics.md, "Kinds"), as the walker's queries make it.
   */
  constants: z2.object({ before: regex.optional(), after: regex.optional() }).strict().default({}),
  /**
   * How the source binds a name to another module, for indexers that define such a binding with a
   * hover that may look like a declaration's (scip-typescript shows `const keys = require('./symbols')`
   * as `var keys: {…}` when the module exports a `keys`): the text just after a top-level variable's
   * name (`after`, anchored at its start: `= require(`). A binding written so is no definition
   * (docs/query-semantics.md, "Which symbols exist").
   */
  importBindings: z2.object({ after: regex.optional() }).strict().default({}),
  /**
   * How the source calls a function or method it names, for indexers that record every reference
   * (scip-python, scip-typescript): the text just before the name (`before`, anchored at its end: a
   * decorator's `@`) or just after it (`after`, anchored at its start: `(`). Only a reference written
   * so is a call; one passed or yielded as a value is not (docs/query-semantics.md).
   */
  calls: z2.object({ before: regex.optional(), after: regex.optional() }).strict().default({}),
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
  feedback: z2.object({
    command: z2.string().min(1),
    nearMiss: z2.enum(["typo", "case"]),
    member: z2.object({ site: template, message: z2.string().includes("{name}") }).strict().optional(),
    free: z2.object({ site: template, message: z2.string().includes("{name}") }).strict().optional(),
    ownerKinds: z2.record(z2.string(), z2.string()).default({})
  }).strict().optional(),
  signatures: z2.object({
    /** The return type written in a recorded signature, as the named group `type`. */
    returns: regex.optional(),
    /** Names a method's return type may use for its own type besides the type's name. */
    selfTypes: z2.array(z2.string()).default([]),
    /** A signature of a method called on an instance (it takes `self`, it is not static): only those link a chain. */
    instance: regex.optional(),
    /** A receiver written as the first parameter (`self`, `&mut self`, `cls`): not an argument the caller passes. */
    receiver: regex.optional(),
    /** The names of the boolean type: a method returning one is a check, not a registration point. */
    booleanTypes: z2.array(z2.string()).default([])
  }).strict()
}).strict();
function readJson(file, schema) {
  let raw;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new PipelineError(`cannot read language file: ${error.message}`, { file });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const { path, message } = issueWords(parsed.error.issues[0]);
    throw new PipelineError(`${path.length ? `field ${path.map(String).join(".")} ` : ""}${message}`, { file });
  }
  return parsed.data;
}
var loaded;
function languages() {
  if (!loaded) {
    const names = readdirSync(languagesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    loaded = names.map((name) => {
      const dir = join(languagesDir, name);
      const language = readJson(join(dir, "language.json"), languageSchema);
      return { ...language, name, dir, walker: { ...language.walker, name }, idioms: readJson(join(dir, "idioms.json"), idiomsSchema) };
    });
  }
  return loaded;
}
function languageNames() {
  return languages().flatMap((l) => [l.name, ...l.aliases]).sort();
}
function languageOf(name) {
  const found = languages().find((l) => l.name === name || l.aliases.includes(name));
  if (!found) throw new PipelineError(`no language "${name}" (known: ${languageNames().join(", ")}); add a folder under languages/`);
  return found;
}
function namedLikeRegistration(registration, name) {
  if (!registration) return false;
  const { verbs, adds } = registrationForms(registration);
  return verbs.test(name) || registration.wholeNames.includes(name) || adds !== void 0 && adds.test(name);
}
function registrationForms(registration) {
  let forms = compiledRegistrations.get(registration);
  if (!forms) {
    const verbs = new RegExp(`^(?:${registration.verbs.join("|")})(?:[A-Z_]|$)`);
    const adds = registration.adds.length > 0 ? new RegExp(`^add(?:[A-Z_].*)?(?:${registration.adds.join("|")}|_(?:${registration.adds.map((w) => w.toLowerCase()).join("|")}))s?$`) : void 0;
    compiledRegistrations.set(registration, forms = { verbs, ...adds ? { adds } : {} });
  }
  return forms;
}
var compiledRegistrations = /* @__PURE__ */ new WeakMap();
function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function fillTemplate(template2, values) {
  return template2.replace(/\{(\w+)\}/g, (whole, key) => key in values ? escapeRegex(values[key]) : whole);
}
var compiled = /* @__PURE__ */ new Map();
function writtenInForm(line, start, end, form) {
  return form.before !== void 0 && idiomRegExp(form.before).test(line.slice(0, start)) || form.after !== void 0 && idiomRegExp(form.after).test(line.slice(end));
}
function idiomRegExp(pattern) {
  let re = compiled.get(pattern);
  if (!re) compiled.set(pattern, re = new RegExp(pattern, "u"));
  return re;
}
function matchesAny(patterns, text) {
  return patterns.some((p) => idiomRegExp(p).test(text));
}

// graph/fact-graph.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { join as join2 } from "node:path";

// graph/symbols.ts
var simpleChar = /[A-Za-z0-9_+$-]/;
function isLocalSymbol(symbol) {
  return symbol.startsWith("local ");
}
function parseSymbol(symbol) {
  if (isLocalSymbol(symbol)) return void 0;
  const header = [];
  let i = 0;
  while (header.length < 4) {
    let token = "";
    while (i < symbol.length) {
      if (symbol[i] === " ") {
        if (symbol[i + 1] === " ") {
          token += " ";
          i += 2;
          continue;
        }
        break;
      }
      token += symbol[i];
      i += 1;
    }
    if (symbol[i] !== " ") return void 0;
    header.push(token === "." ? "" : token);
    i += 1;
  }
  const descriptors = [];
  const descriptorOffsets = [];
  while (i < symbol.length) {
    descriptorOffsets.push(i);
    if (symbol[i] === "[" || symbol[i] === "(") {
      const close = symbol[i] === "[" ? "]" : ")";
      const read2 = readName(symbol, i + 1);
      if (!read2 || symbol[read2.end] !== close) return void 0;
      descriptors.push({ name: read2.name, suffix: close === "]" ? "type_parameter" : "parameter" });
      i = read2.end + 1;
      continue;
    }
    const read = readName(symbol, i);
    if (!read) return void 0;
    i = read.end;
    const c = symbol[i];
    if (c === "/") descriptors.push({ name: read.name, suffix: "namespace" });
    else if (c === "#") descriptors.push({ name: read.name, suffix: "type" });
    else if (c === ".") descriptors.push({ name: read.name, suffix: "term" });
    else if (c === ":") descriptors.push({ name: read.name, suffix: "meta" });
    else if (c === "!") descriptors.push({ name: read.name, suffix: "macro" });
    else if (c === "(") {
      const close = symbol.indexOf(")", i);
      if (close < 0 || symbol[close + 1] !== ".") return void 0;
      const disambiguator = symbol.slice(i + 1, close);
      descriptors.push({ name: read.name, suffix: "method", ...disambiguator ? { disambiguator } : {} });
      i = close + 1;
    } else return void 0;
    i += 1;
  }
  if (descriptors.length === 0) return void 0;
  return {
    scheme: header[0],
    manager: header[1],
    packageName: header[2],
    version: header[3],
    descriptors,
    descriptorOffsets
  };
}
function readName(s, start) {
  if (s[start] === "`") {
    let name = "";
    let i2 = start + 1;
    while (i2 < s.length) {
      if (s[i2] === "`") {
        if (s[i2 + 1] === "`") {
          name += "`";
          i2 += 2;
          continue;
        }
        return { name, end: i2 + 1 };
      }
      name += s[i2];
      i2 += 1;
    }
    return void 0;
  }
  let i = start;
  while (i < s.length && simpleChar.test(s[i])) i += 1;
  return { name: s.slice(start, i), end: i };
}
function ownerSymbol(symbol, parsed) {
  if (parsed.descriptors.length < 2) return void 0;
  return symbol.slice(0, parsed.descriptorOffsets[parsed.descriptors.length - 1]);
}
function escapeName(name) {
  return /^[A-Za-z0-9_+$-]+$/.test(name) ? name : "`" + name.replace(/`/g, "``") + "`";
}

// graph/scip-reader.ts
import { createReadStream } from "node:fs";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import protobuf from "protobufjs";
var protoPath = fileURLToPath2(new URL("../schemas/scip.proto", import.meta.url));
var root = protobuf.loadSync(protoPath);
var IndexType = root.lookupType("lmc.scip.Index");
var MetadataType = root.lookupType("lmc.scip.Metadata");
var DocumentType = root.lookupType("lmc.scip.Document");
var SymbolRole = { Definition: 1, Import: 2, WriteAccess: 4, ReadAccess: 8, Generated: 16, Test: 32 };
var toObjectOptions = { defaults: true, arrays: true, enums: Number, longs: Number };
async function* readCompactDocuments(path, table) {
  const decode = (fieldNumber, bytes, offset) => {
    if (fieldNumber !== 2) {
      decodeField(fieldNumber, bytes, path, offset);
      return void 0;
    }
    try {
      return decodeCompactDocument(bytes, table);
    } catch (error) {
      throw new PipelineError(`corrupt SCIP document at offset ${offset}: ${error.message}`, { file: path });
    }
  };
  for await (const doc of readScipFields(path, decode)) if (doc) yield doc;
}
async function* readScipFields(path, decode) {
  let pending = Buffer.alloc(0);
  let offset = 0;
  let sawAny = false;
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (; ; ) {
        const field = nextField(pending, path, offset);
        if (!field) break;
        yield decode(field.fieldNumber, pending.subarray(field.start, field.end), offset);
        sawAny = true;
        offset += field.end;
        pending = pending.subarray(field.end);
      }
    }
  } catch (error) {
    if (error.code === "ENOENT") throw new PipelineError("SCIP index not found", { file: path });
    throw error;
  }
  if (pending.length) {
    throw new PipelineError(`truncated SCIP index: ${pending.length} trailing bytes at offset ${offset} do not form a whole field`, {
      file: path
    });
  }
  if (!sawAny) throw new PipelineError("empty SCIP index", { file: path });
}
function readVarint(buf, pos) {
  let value = 0;
  let shift = 0;
  for (let i = pos; i < buf.length && i < pos + 10; i++) {
    const b = buf[i];
    value += (b & 127) * 2 ** shift;
    shift += 7;
    if ((b & 128) === 0) return { value, next: i + 1 };
  }
  if (buf.length - pos >= 10) throw new Error("varint longer than 10 bytes");
  return void 0;
}
function nextField(buf, path, offset) {
  let tag, length;
  try {
    tag = readVarint(buf, 0);
    if (!tag) return void 0;
    const wireType = tag.value % 8;
    if (wireType !== 2) throw new Error(`wire type ${wireType} where the Index has only length-delimited fields`);
    length = readVarint(buf, tag.next);
  } catch (error) {
    throw new PipelineError(`not a SCIP index: ${error.message} at offset ${offset}`, { file: path });
  }
  if (!length) return void 0;
  const fieldNumber = Math.floor(tag.value / 8);
  const end = length.next + length.value;
  if (buf.length < end) return void 0;
  return { fieldNumber, start: length.next, end };
}
function decodeField(fieldNumber, bytes, path, offset) {
  try {
    if (fieldNumber === 1) {
      return { field: "metadata", bytes, value: MetadataType.toObject(MetadataType.decode(bytes), toObjectOptions) };
    }
    if (fieldNumber === 2) {
      return { field: "document", bytes, value: DocumentType.toObject(DocumentType.decode(bytes), toObjectOptions) };
    }
  } catch (error) {
    throw new PipelineError(`corrupt SCIP ${fieldNumber === 1 ? "metadata" : "document"} at offset ${offset}: ${error.message}`, {
      file: path
    });
  }
  return { field: "other", bytes, fieldNumber };
}
var WireReader = class {
  constructor(buf, start, end) {
    this.buf = buf;
    this.end = end;
    this.pos = start;
  }
  buf;
  end;
  pos;
  varint() {
    let b = this.byte();
    if (b < 128) return b;
    let value = b & 127;
    let shift = 7;
    for (; ; ) {
      b = this.byte();
      if (shift < 32) value |= (b & 127) << shift;
      if (b < 128) return shift < 28 ? value : value | 0;
      shift += 7;
      if (shift > 63) throw new Error(`varint longer than 10 bytes at offset ${this.pos}`);
    }
  }
  byte() {
    if (this.pos >= this.end) throw new Error("index out of range");
    return this.buf[this.pos++];
  }
  /** A length-delimited field's end offset; the reader is left at its start. */
  delimited() {
    const length = this.varint();
    const end = this.pos + length;
    if (length < 0 || end > this.end) throw new Error("index out of range");
    return end;
  }
  /** A string field as a handle in `table`, without making a string for a symbol already seen. */
  handle(table) {
    const end = this.delimited();
    const handle = table.intern(this.buf, this.pos, end);
    this.pos = end;
    return handle;
  }
  string() {
    const end = this.delimited();
    const text = this.buf.toString("utf8", this.pos, end);
    this.pos = end;
    return text;
  }
  /** A repeated int32, packed or not. */
  int32s(wireType, into) {
    if (wireType !== 0 && wireType !== 2) throw new Error(`invalid wire type ${wireType} for a repeated int32 at offset ${this.pos}`);
    if (wireType === 0) {
      into.push(this.varint() | 0);
      return;
    }
    const end = this.delimited();
    while (this.pos < end) into.push(this.varint() | 0);
    if (this.pos !== end) throw new Error("index out of range");
  }
  skip(wireType) {
    switch (wireType) {
      case 0:
        this.varint();
        return;
      case 1:
        this.advance(8);
        return;
      case 2:
        this.pos = this.delimited();
        return;
      case 5:
        this.advance(4);
        return;
      default:
        throw new Error(`invalid wire type ${wireType} at offset ${this.pos}`);
    }
  }
  advance(n) {
    if (this.pos + n > this.end) throw new Error("index out of range");
    this.pos += n;
  }
};
function decodeCompactDocument(buf, table) {
  const r = new WireReader(buf, 0, buf.length);
  const doc = { relativePath: "", symbol: [], roles: [], range: [], rangeLength: [], enclosingRange: [], enclosingLength: [], infos: [] };
  while (r.pos < r.end) {
    const tag = r.varint();
    if (tag === (1 << 3 | 2)) doc.relativePath = r.string();
    else if (tag === (2 << 3 | 2)) decodeCompactOccurrence(r, table, doc);
    else if (tag === (3 << 3 | 2)) doc.infos.push(decodeCompactSymbolInformation(r, table));
    else r.skip(tag & 7);
  }
  return doc;
}
var scratch = [];
function decodeCompactOccurrence(r, table, doc) {
  const end = r.delimited();
  let symbol = -1;
  let roles = 0;
  const at = doc.symbol.length * 4;
  doc.range.push(0, 0, 0, 0);
  doc.enclosingRange.push(0, 0, 0, 0);
  let rangeLength = 0;
  let enclosingLength = 0;
  while (r.pos < end) {
    const tag = r.varint();
    const field = tag >>> 3;
    if (field === 1 || field === 7) {
      scratch.length = 0;
      r.int32s(tag & 7, scratch);
      const into = field === 1 ? doc.range : doc.enclosingRange;
      const already = field === 1 ? rangeLength : enclosingLength;
      for (let k = 0; k < scratch.length && already + k < 4; k++) into[at + already + k] = scratch[k];
      if (field === 1) rangeLength += scratch.length;
      else enclosingLength += scratch.length;
    } else if (tag === (2 << 3 | 2)) symbol = r.handle(table);
    else if (tag === 3 << 3) roles = r.varint() | 0;
    else r.skip(tag & 7);
  }
  if (r.pos !== end) throw new Error("index out of range");
  if (symbol < 0) symbol = table.intern(Buffer.alloc(0), 0, 0);
  doc.symbol.push(symbol);
  doc.roles.push(roles);
  doc.rangeLength.push(rangeLength);
  doc.enclosingLength.push(enclosingLength);
}
function decodeCompactSymbolInformation(r, table) {
  const end = r.delimited();
  const info = { symbol: -1, displayName: "", kind: 0, implements: [] };
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === (1 << 3 | 2)) info.symbol = r.handle(table);
    else if (tag === (3 << 3 | 2)) {
      const text = r.string();
      info.documentation ??= text;
    } else if (tag === (4 << 3 | 2)) {
      const rel = decodeRelationshipHandle(r, table);
      if (rel.isImplementation) info.implements.push(rel.symbol);
    } else if (tag === 5 << 3) info.kind = r.varint() | 0;
    else if (tag === (6 << 3 | 2)) info.displayName = r.string();
    else r.skip(tag & 7);
  }
  if (r.pos !== end) throw new Error("index out of range");
  if (info.symbol < 0) info.symbol = table.intern(Buffer.alloc(0), 0, 0);
  return info;
}
function decodeRelationshipHandle(r, table) {
  const end = r.delimited();
  let symbol = -1;
  let isImplementation = false;
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === (1 << 3 | 2)) symbol = r.handle(table);
    else if (tag === 3 << 3) isImplementation = r.varint() !== 0;
    else r.skip(tag & 7);
  }
  if (r.pos !== end) throw new Error("index out of range");
  if (symbol < 0) symbol = table.intern(Buffer.alloc(0), 0, 0);
  return { symbol, isImplementation };
}

// graph/symbol-table.ts
var SymbolTable = class {
  /** Handle → symbol string. */
  strings = [];
  starts = [];
  lengths = [];
  arena = Buffer.alloc(1 << 20);
  arenaUsed = 0;
  /**
   * Open addressing, linear probing, two ints per slot: handle + 1 (0 when
   * empty) and the symbol's hash, side by side so a probe touches one place.
   */
  slots = new Int32Array(2 << 16);
  get size() {
    return this.strings.length;
  }
  intern(buf, start, end) {
    let hash = 2166136261;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ buf[i], 16777619);
    const length = end - start;
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = hash & mask; ; slot = slot + 1 & mask) {
      const entry = slots[2 * slot];
      if (entry === 0) return this.insert(slot, hash, buf, start, end);
      if (slots[2 * slot + 1] === hash && this.lengths[entry - 1] === length && this.sameBytes(this.starts[entry - 1], buf, start, length)) return entry - 1;
    }
  }
  sameBytes(at, buf, start, length) {
    const arena = this.arena;
    for (let i = 0; i < length; i++) if (arena[at + i] !== buf[start + i]) return false;
    return true;
  }
  insert(slot, hash, buf, start, end) {
    const length = end - start;
    if (this.arenaUsed + length > this.arena.length) {
      const grown = Buffer.alloc(Math.max(this.arena.length * 2, this.arenaUsed + length));
      this.arena.copy(grown, 0, 0, this.arenaUsed);
      this.arena = grown;
    }
    buf.copy(this.arena, this.arenaUsed, start, end);
    const handle = this.strings.length;
    this.strings.push(buf.toString("utf8", start, end));
    this.starts.push(this.arenaUsed);
    this.lengths.push(length);
    this.arenaUsed += length;
    this.slots[2 * slot] = handle + 1;
    this.slots[2 * slot + 1] = hash;
    if (this.strings.length * 4 > this.slots.length) this.grow();
    return handle;
  }
  grow() {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let k = 0; k < old.length; k += 2) {
      if (old[k] === 0) continue;
      let slot = old[k + 1] & mask;
      while (slots[2 * slot] !== 0) slot = slot + 1 & mask;
      slots[2 * slot] = old[k];
      slots[2 * slot + 1] = old[k + 1];
    }
    this.slots = slots;
  }
};

// core/collections.ts
function pushTo(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
function pushUnique(map, key, value) {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
function addTo(map, key, value) {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, /* @__PURE__ */ new Set([value]));
}
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function sortedUnique(values) {
  return [...new Set(values)].sort(compareStrings);
}
var IntList = class {
  data = new Int32Array(1024);
  length = 0;
  push(value) {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  get(i) {
    return this.data[i];
  }
};

// core/ranges.ts
function before(line, char, otherLine, otherChar) {
  return line < otherLine || line === otherLine && char < otherChar;
}
var SortedRanges = class {
  constructor(flat) {
    this.flat = flat;
    for (let i = 0; 4 * i < flat.length; i++) {
      const last = i > 0 ? this.reach[i - 1] : i;
      this.reach.push(i > 0 && before(flat[4 * i + 2], flat[4 * i + 3], flat[4 * last + 2], flat[4 * last + 3]) ? last : i);
    }
  }
  flat;
  reach = [];
  /**
   * The indexes of the ranges holding (line, char), latest start first. A range holds a position
   * from its start (after its start, with `strictStart`) to before its end.
   */
  *around(line, char, strictStart) {
    const flat = this.flat;
    const startsAfter = (i) => strictStart ? !before(flat[4 * i], flat[4 * i + 1], line, char) : before(line, char, flat[4 * i], flat[4 * i + 1]);
    let lo = 0;
    let hi = this.reach.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (startsAfter(mid)) hi = mid;
      else lo = mid + 1;
    }
    for (let i = lo - 1; i >= 0; i--) {
      const last = this.reach[i];
      if (!before(line, char, flat[4 * last + 2], flat[4 * last + 3])) return;
      if (before(line, char, flat[4 * i + 2], flat[4 * i + 3])) yield i;
    }
  }
};

// graph/fact-graph.ts
var TOP_LEVEL = "";
function rangeAt(flat, length, i) {
  if (length !== 3 && length !== 4) return void 0;
  const at = 4 * i;
  return length === 3 ? [flat[at], flat[at + 1], flat[at], flat[at + 2]] : [flat[at], flat[at + 1], flat[at + 2], flat[at + 3]];
}
function signatureOf(doc) {
  if (!doc) return void 0;
  const fenced = /^```[A-Za-z]*\n([\s\S]*?)\n```/.exec(doc);
  const text = (fenced ? fenced[1] : doc).replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")").trim();
  return text || void 0;
}
function kindOf(parsed, signature, ownerKind, scipKind) {
  const given = scipKindNames[scipKind ?? 0]?.kind;
  const inferred = inferKind(parsed, signature, ownerKind, given !== void 0);
  return inferred && (given ?? inferred);
}
function inferKind(parsed, signature, ownerKind, kindGiven) {
  const last = parsed.descriptors[parsed.descriptors.length - 1];
  const ownerIsType = parsed.descriptors.length > 1 && parsed.descriptors[parsed.descriptors.length - 2].suffix === "type";
  const lead = signature?.split(/[\s(<:]/)[0] ?? "";
  switch (last.suffix) {
    case "namespace":
      return "module";
    case "meta":
      return last.name === "__init__" && parsed.descriptors.length === 2 ? "module" : void 0;
    case "type":
      if (lead === "interface") return "interface";
      if (lead === "enum") return "enum";
      if (lead === "type") return "type_alias";
      return "class";
    case "method":
      if (last.name === "<constructor>" || ownerIsType && last.name === "__init__") return "constructor";
      return ownerIsType ? "method" : "function";
    case "term":
      if (ownerKind === "enum") return "enum_member";
      if (ownerIsType) return lead === "function" || lead === "def" ? "method" : signature?.startsWith("(property)") ? "property" : "field";
      if (!kindGiven && signature && (/^[A-Za-z_$][\w$]*\??: /.test(signature) || lead === "function" || lead === "class" || signature.startsWith("(property)"))) return void 0;
      if (lead === "const" || signature?.startsWith("(constant)")) return "constant";
      return "variable";
    default:
      return void 0;
  }
}
function displayOf(parsed) {
  return parsed.descriptors.map((d) => {
    switch (d.suffix) {
      case "namespace":
        return `${d.name}/`;
      case "type":
        return `${d.name}#`;
      case "method":
        return `${d.name}(${d.disambiguator ?? ""}).`;
      case "meta":
        return `${d.name}:`;
      default:
        return `${d.name}.`;
    }
  }).join("");
}
function positionWithin(line, char, r) {
  return (line > r[0] || line === r[0] && char >= r[1]) && (line < r[2] || line === r[2] && char <= r[3]);
}
async function buildFactGraph(indexPath, project, source) {
  const constructs = source && (source.constructs.before || source.constructs.after) ? source.constructs : void 0;
  const constantForm = source?.constants && (source.constants.before || source.constants.after) ? source.constants : void 0;
  const importForm = source?.importBindings?.after ? source.importBindings : void 0;
  const callForm = source && (source.calls.before || source.calls.after) ? source.calls : void 0;
  const textCallForm = source?.precision === "compiler" && source.calls.after ? source.calls.after : void 0;
  const callsOnly = source?.precision === "syntactic";
  const compilerGrade = source?.precision === "compiler";
  const unresolvedAssignments = /* @__PURE__ */ new Set();
  const writtenCalls = [];
  const aliases = [];
  const table = new SymbolTable();
  const strings = table.strings;
  let symbolBits = new Uint8Array(1 << 16);
  const KNOWN = 128;
  const ENDS_METHOD = 4;
  const ENDS_TYPE = 8;
  const LOCAL = 1;
  const OWN_PACKAGE = 2;
  const bitsOf = (handle) => {
    if (handle >= symbolBits.length) {
      const grown = new Uint8Array(Math.max(2 * symbolBits.length, handle + 1));
      grown.set(symbolBits);
      symbolBits = grown;
    }
    const known = symbolBits[handle];
    if (known & KNOWN) return known;
    const symbol = strings[handle];
    let c;
    if (isLocalSymbol(symbol)) c = LOCAL;
    else if (packagePrefix && symbol.startsWith(packagePrefix)) c = OWN_PACKAGE;
    else {
      const parsed = parseSymbol(symbol);
      if (parsed?.packageName === project.name) {
        packagePrefix ||= symbol.slice(0, parsed.descriptorOffsets[0]);
        c = OWN_PACKAGE;
      } else c = 0;
    }
    const bits = KNOWN | c | (symbol.endsWith(").") ? ENDS_METHOD : 0) | (symbol.endsWith("#") ? ENDS_TYPE : 0);
    symbolBits[handle] = bits;
    return bits;
  };
  const classOf = (handle) => bitsOf(handle) & 3;
  const candidates = [];
  const definitionOrder = [];
  const hover = [];
  const scipKinds = [];
  const implemented = [];
  const referenceFrom = new IntList();
  const referenceTo = new IntList();
  const scopeCandidates = [];
  const siteCandidates = /* @__PURE__ */ new Map();
  const unresolvedNames = /* @__PURE__ */ new Set();
  const namedOutside = /* @__PURE__ */ new Set();
  const calledOutside = /* @__PURE__ */ new Map();
  const unresolvedBodies = /* @__PURE__ */ new Set();
  let unresolvedSites = 0;
  const typeCallFrom = [];
  const typeCallTo = [];
  const constructFrom = [];
  const constructTo = [];
  const files = [];
  let packagePrefix = "";
  for await (const doc of readCompactDocuments(indexPath, table)) {
    files.push(doc.relativePath);
    for (const info of doc.infos) {
      if (classOf(info.symbol) === LOCAL) continue;
      hover[info.symbol] = info.documentation;
      scipKinds[info.symbol] = info.kind;
      const supers = info.implements.filter((h) => h !== info.symbol && classOf(h) !== LOCAL);
      implemented[info.symbol] = supers.length ? supers : void 0;
    }
    const occurrences = doc.symbol.length;
    const scopes = [];
    const refs = [];
    const definedLocals = /* @__PURE__ */ new Set();
    for (let i = 0; i < occurrences; i++) {
      const handle = doc.symbol[i];
      const symbolClassHere = classOf(handle);
      if (!(doc.roles[i] & SymbolRole.Definition)) {
        if (!(doc.roles[i] & SymbolRole.Import) && doc.rangeLength[i] >= 3) refs.push(i);
        else if (symbolClassHere === OWN_PACKAGE) namedOutside.add(handle);
        continue;
      }
      if (symbolClassHere === LOCAL) {
        definedLocals.add(handle);
        continue;
      }
      if (symbolClassHere !== OWN_PACKAGE) continue;
      const range = rangeAt(doc.range, doc.rangeLength[i], i);
      if (!range) continue;
      const enclosingRange = rangeAt(doc.enclosingRange, doc.enclosingLength[i], i);
      let sites = siteCandidates.get(doc.relativePath);
      if (!sites) siteCandidates.set(doc.relativePath, sites = []);
      sites.push(handle, range[0], range[1], range[2] === range[0] ? range[3] : Number.MAX_SAFE_INTEGER);
      const id = strings[handle];
      const candidate2 = { id, handle, file: doc.relativePath, range, ...enclosingRange ? { enclosingRange } : {} };
      if (enclosingRange && !isModuleSymbol(id)) scopes.push(candidate2);
      const previous = candidates[handle];
      if (!previous) definitionOrder.push(handle);
      if (!previous || compareStrings(doc.relativePath, previous.file) < 0) candidates[handle] = candidate2;
    }
    scopes.sort((a, b) => a.enclosingRange[0] - b.enclosingRange[0] || a.enclosingRange[1] - b.enclosingRange[1] || b.enclosingRange[2] - a.enclosingRange[2] || b.enclosingRange[3] - a.enclosingRange[3]);
    for (const d of scopes) scopeCandidates.push({ file: doc.relativePath, id: d.id, handle: d.handle, enclosingRange: d.enclosingRange });
    const unresolvedHere = /* @__PURE__ */ new Map();
    for (const info of doc.infos) if (classOf(info.symbol) === LOCAL && info.displayName && !definedLocals.has(info.symbol)) unresolvedHere.set(info.symbol, info.displayName);
    const position = doc.range;
    const byPosition = (a, b) => position[4 * a] - position[4 * b] || position[4 * a + 1] - position[4 * b + 1];
    if (!refs.every((r, k) => k === 0 || byPosition(refs[k - 1], r) <= 0)) refs.sort(byPosition);
    const scopeAt = innermostScopes(scopes);
    let lines;
    const linesOf = () => lines ??= readFileSync2(join2(source.treeDir, doc.relativePath), "utf8").split("\n");
    const madeAt = definitionTimeSpans(source?.definitionTime, doc.relativePath, () => linesOf().join("\n"));
    for (const i of refs) {
      const handle = doc.symbol[i];
      const local = classOf(handle) === LOCAL;
      const unresolvedName = local ? unresolvedHere.get(handle) : void 0;
      const undefinedLocal = local && compilerGrade && !definedLocals.has(handle);
      if (local && unresolvedName === void 0 && !undefinedLocal) continue;
      const line = position[4 * i];
      const char = position[4 * i + 1];
      const end = position[4 * i + (doc.rangeLength[i] === 3 ? 2 : 3)];
      const innermost = scopeAt(line, char);
      if (undefinedLocal && innermost && assignsMember(linesOf()[line] ?? "", char, end)) unresolvedAssignments.add(innermost.id);
      if (unresolvedName !== void 0) {
        unresolvedSites += 1;
        unresolvedNames.add(unresolvedName);
        if (innermost) unresolvedBodies.add(innermost.id);
        continue;
      }
      if (local) continue;
      const bits = bitsOf(handle);
      if ((bits & 3) !== OWN_PACKAGE) continue;
      const endsType = (bits & ENDS_TYPE) !== 0;
      const endsMethod = (bits & ENDS_METHOD) !== 0;
      const constructed = !!constructs && endsType && writtenInForm(linesOf()[line] ?? "", char, end, constructs);
      const mayCall = endsMethod || constructed || callsOnly && endsType;
      const scope = innermost && mayCall ? scopeAt(line, char, madeAt(line, char)) : innermost;
      if (!scope) {
        namedOutside.add(handle);
        if (!callForm || writtenInForm(linesOf()[line] ?? "", char, end, callForm)) addTo(calledOutside, handle, doc.relativePath);
        continue;
      }
      if (callForm && endsMethod) {
        if (!writtenInForm(linesOf()[line] ?? "", char, end, callForm)) {
          namedOutside.add(handle);
          continue;
        }
      }
      referenceFrom.push(scope.handle);
      referenceTo.push(handle);
      if (callsOnly && endsType) {
        typeCallFrom.push(scope.handle);
        typeCallTo.push(handle);
      }
      if (constructed) {
        constructFrom.push(scope.handle);
        constructTo.push(handle);
      }
    }
    if (textCallForm) {
      for (const site of callsWrittenIn(linesOf(), textCallForm, doc, scopes)) writtenCalls.push(site);
      for (const alias of aliasesIn(linesOf(), textCallForm, doc, (h) => classOf(h) === OWN_PACKAGE)) aliases.push(alias);
    }
  }
  const sourceLines = /* @__PURE__ */ new Map();
  const writtenInFormAt = (c, form) => {
    let lines = sourceLines.get(c.file);
    if (!lines) sourceLines.set(c.file, lines = readFileSync2(join2(source.treeDir, c.file), "utf8").replace(/^\uFEFF/, "").split("\n"));
    const text = lines[c.range[0]] ?? "";
    return writtenInForm(text, c.range[1], c.range[2] === c.range[0] ? c.range[3] : text.length, form);
  };
  const namespaceToModule = /* @__PURE__ */ new Map();
  const noteUndefinedType = (owner, file, member) => {
    const parsedOwner = parseSymbol(owner);
    const last = parsedOwner?.descriptors[parsedOwner.descriptors.length - 1];
    if (!parsedOwner || last?.suffix !== "type") return;
    let container = parsedOwner.descriptors.length === 1 ? TOP_LEVEL : ownerSymbol(owner, parsedOwner);
    if (container && namespaceToModule.has(container)) container = namespaceToModule.get(container);
    if (container === void 0 || container !== TOP_LEVEL && !unordered.has(container)) return;
    const list = undefinedTypes.get(container) ?? [];
    let entry = list.find((t) => t.name === last.name && t.file === file);
    if (!entry) list.push(entry = { name: last.name, file, members: [] });
    if (!entry.members.includes(member)) entry.members.push(member);
    undefinedTypes.set(container, list);
  };
  const byDepth = [];
  for (const handle of definitionOrder) {
    const c = candidates[handle];
    const parsed = parseSymbol(c.id);
    const depth = parsed.descriptors.length * 2 + (isModuleDescriptor(parsed) ? 0 : 1);
    (byDepth[depth] ??= []).push({ c, handle, parsed });
    if (isModuleDescriptor(parsed) && parsed.descriptors[parsed.descriptors.length - 1].suffix === "meta") {
      namespaceToModule.set(c.id.slice(0, parsed.descriptorOffsets[parsed.descriptors.length - 1]), c.id);
    }
  }
  const unordered = /* @__PURE__ */ new Map();
  const unowned = /* @__PURE__ */ new Set();
  const undefinedTypes = /* @__PURE__ */ new Map();
  for (const group of byDepth) {
    for (const { c, handle, parsed } of group ?? []) {
      const signature = signatureOf(hover[handle]);
      let owner = ownerSymbol(c.id, parsed);
      if (owner && namespaceToModule.has(owner) && namespaceToModule.get(owner) !== c.id) owner = namespaceToModule.get(owner);
      const ownerFact = owner ? unordered.get(owner)?.fact : void 0;
      let kind = kindOf(parsed, signature, ownerFact?.kind, scipKinds[handle]);
      if (!kind) continue;
      if ((kind === "variable" || kind === "constant") && ownerFact?.kind === "module" && importForm && writtenInFormAt(c, importForm)) continue;
      if (kind === "variable" && constantForm && !scipKinds[handle] && writtenInFormAt(c, constantForm)) kind = "constant";
      if (owner && !ownerFact && kind !== "module") {
        noteUndefinedType(owner, c.file, parsed.descriptors[parsed.descriptors.length - 1].name);
        unowned.add(handle);
        continue;
      }
      const name = kind === "module" ? moduleName(parsed) : parsed.descriptors[parsed.descriptors.length - 1].name;
      if (!name) continue;
      const fact = {
        id: c.id,
        kind,
        name,
        display: displayOf(parsed),
        ...ownerFact ? { owner: ownerFact.id } : {},
        file: c.file,
        range: c.range,
        ...c.enclosingRange ? { enclosingRange: c.enclosingRange } : {},
        ...signature ? { signature } : {},
        ...scipKinds[handle] === SCIP_STATIC_METHOD ? { static: true } : {}
      };
      unordered.set(c.id, { fact, handle });
    }
  }
  for (const list of undefinedTypes.values()) {
    list.sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.file, b.file));
    for (const t of list) t.members.sort(compareStrings);
  }
  candidates.length = 0;
  hover.length = 0;
  scipKinds.length = 0;
  const ids = [...unordered.keys()].sort();
  const symbols = /* @__PURE__ */ new Map();
  const contains = /* @__PURE__ */ new Map();
  const fileSymbols = /* @__PURE__ */ new Map();
  const supertypes = /* @__PURE__ */ new Map();
  const rankOfHandle = new Int32Array(strings.length).fill(-1);
  const callable = new Uint8Array(strings.length);
  const factOfRank = [];
  ids.forEach((id, rank) => {
    const { fact: s, handle } = unordered.get(id);
    symbols.set(id, s);
    factOfRank.push(s);
    rankOfHandle[handle] = rank;
    if (callableKinds.has(s.kind)) callable[handle] = 1;
    if (s.owner) push(contains, s.owner, s.id);
    if (s.kind !== "module") push(fileSymbols, s.file, s.id);
    const supers = implemented[handle];
    if (supers) supertypes.set(s.id, sortedUnique(supers.map((h) => strings[h])));
  });
  for (let i = 0; i < constructFrom.length; i++) {
    const type = symbols.get(strings[constructTo[i]]);
    if (type?.kind !== "class") continue;
    for (const member of contains.get(type.id) ?? []) {
      const m = unordered.get(member);
      if (m.fact.kind !== "constructor") continue;
      referenceFrom.push(constructFrom[i]);
      referenceTo.push(m.handle);
    }
  }
  const unresolvedTargets = /* @__PURE__ */ new Set();
  for (let i = 0; i < typeCallFrom.length; i++) {
    const type = symbols.get(strings[typeCallTo[i]]);
    const constructors = type ? (contains.get(type.id) ?? []).filter((m) => unordered.get(m).fact.kind === "constructor") : [];
    if (constructors.length === 0) continue;
    for (const c of constructors) unresolvedTargets.add(c);
    unresolvedBodies.add(strings[typeCallFrom[i]]);
  }
  unordered.clear();
  const definitionSites = /* @__PURE__ */ new Map();
  const filedElsewhere = /* @__PURE__ */ new Map();
  const termLines = /* @__PURE__ */ new Map();
  const fileModules = /* @__PURE__ */ new Map();
  for (const [file, raw] of siteCandidates) {
    const triples = [];
    let first;
    for (let i = 0; i < raw.length; i += 4) {
      const rank = rankOfHandle[raw[i]];
      const symbol = rank >= 0 ? factOfRank[rank] : void 0;
      if (symbol?.kind === "module" && (!first || raw[i + 1] < first.line || raw[i + 1] === first.line && raw[i + 2] < first.char)) {
        first = { line: raw[i + 1], char: raw[i + 2], module: symbol };
      }
      if (!symbol || symbol.kind === "module") continue;
      triples.push([raw[i + 1], raw[i + 2], raw[i + 3]]);
      if (symbol.file !== file) pushUnique(filedElsewhere, file, symbol.id);
      if (termKinds.has(symbol.kind)) {
        let lines = termLines.get(file);
        if (!lines) termLines.set(file, lines = /* @__PURE__ */ new Map());
        pushUnique(lines, raw[i + 1], symbol.id);
      }
    }
    if (first?.module.file === file) fileModules.set(file, first.module.id);
    triples.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    if (triples.length) definitionSites.set(file, triples.flat());
  }
  siteCandidates.clear();
  for (const lines of termLines.values()) for (const ids2 of lines.values()) ids2.sort(compareStrings);
  const { calls, callers, edges } = callEdges(referenceFrom, referenceTo, rankOfHandle, callable, ids);
  if (callsOnly) {
    for (let i = 0; i < referenceFrom.length; i++) {
      const from = rankOfHandle[referenceFrom.get(i)];
      const to = rankOfHandle[referenceTo.get(i)];
      if (from >= 0 && to >= 0 && termKinds.has(factOfRank[to].kind)) unresolvedBodies.add(factOfRank[from].id);
    }
  }
  let fileOfScope;
  for (let i = 0; i < referenceFrom.length; i++) {
    const to = referenceTo.get(i);
    if (rankOfHandle[referenceFrom.get(i)] >= 0 || rankOfHandle[to] < 0 || !callable[to]) continue;
    fileOfScope ??= new Map(scopeCandidates.map((c) => [c.handle, c.file]));
    addTo(calledOutside, to, fileOfScope.get(referenceFrom.get(i)));
  }
  if (writtenCalls.length) {
    const ownCallableNames = new Set([...symbols.values()].filter((s) => callableKinds.has(s.kind)).map((s) => s.name));
    const standsFor = /* @__PURE__ */ new Map();
    for (const { name, handle } of aliases) {
      const target = callable[handle] === 1 ? symbols.get(strings[handle]) : void 0;
      if (target) (standsFor.get(name) ?? standsFor.set(name, /* @__PURE__ */ new Set()).get(name)).add(target.name);
    }
    const known = (site) => site.handles.some((h) => classOf(h) === 0 || site.body !== void 0 && classOf(h) === OWN_PACKAGE && callable[h] === 1);
    for (const site of writtenCalls) {
      const names = [site.name, ...standsFor.get(site.name) ?? []].filter((n) => ownCallableNames.has(n));
      if (names.length === 0 || known(site)) continue;
      unresolvedSites += 1;
      for (const name of names) unresolvedNames.add(name);
      if (site.body) unresolvedBodies.add(site.body);
    }
  }
  const scopesByFile = /* @__PURE__ */ new Map();
  const unownedBodies = /* @__PURE__ */ new Map();
  for (const c of scopeCandidates) {
    if (unowned.has(c.handle)) pushTo(unownedBodies, c.file, c.enclosingRange);
    if (rankOfHandle[c.handle] < 0) continue;
    const list = scopesByFile.get(c.file);
    if (list) list.push({ id: c.id, enclosingRange: c.enclosingRange });
    else scopesByFile.set(c.file, [{ id: c.id, enclosingRange: c.enclosingRange }]);
  }
  return {
    packagePrefix,
    symbols,
    contains,
    calls,
    callers,
    supertypes,
    fileSymbols,
    files: sortedUnique(files),
    scopes: scopesByFile,
    definitionSites,
    filedElsewhere,
    termLines,
    fileModules,
    undefinedTypes,
    unownedBodies,
    unresolved: {
      names: unresolvedNames,
      bodies: new Set([...unresolvedBodies].filter((id) => symbols.has(id))),
      targets: unresolvedTargets,
      assignments: new Set([...unresolvedAssignments].filter((id) => symbols.has(id)))
    },
    callSites: { resolved: edges, unresolved: unresolvedSites },
    namedNotCalled: new Set([...namedOutside].map((h) => strings[h]).filter((id) => symbols.has(id))),
    calledOutsideBodies: new Map(
      [...calledOutside].filter(([h]) => callable[h] === 1).map(([h, files2]) => [strings[h], [...files2].sort(compareStrings)]).sort((a, b) => compareStrings(a[0], b[0]))
    )
  };
}
var IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/gu;
var ASSIGNED = /^\s*(?::[^=]*)?=(?![=>])/;
function assignsMember(line, start, end) {
  return line[start - 1] === "." && ASSIGNED.test(line.slice(end));
}
function callsWrittenIn(lines, after, doc, scopes) {
  const form = idiomRegExp(after);
  const at = /* @__PURE__ */ new Map();
  const definedAt = /* @__PURE__ */ new Set();
  for (let i = 0; i < doc.symbol.length; i++) {
    const key = doc.range[4 * i] * 1e6 + doc.range[4 * i + 1];
    if (doc.roles[i] & SymbolRole.Definition) definedAt.add(key);
    const list = at.get(key);
    if (list) list.push(doc.symbol[i]);
    else at.set(key, [doc.symbol[i]]);
  }
  const sites = [];
  const scopeAt = innermostScopes(scopes);
  lines.forEach((text, line) => {
    for (const m of text.matchAll(IDENTIFIER)) {
      const end = m.index + m[0].length;
      if (definedAt.has(line * 1e6 + m.index) || !form.test(text.slice(end))) continue;
      const body = scopeAt(line, m.index);
      sites.push({ name: m[0], handles: at.get(line * 1e6 + m.index) ?? [], ...body ? { body: body.id } : {} });
    }
  });
  return sites;
}
function aliasesIn(lines, after, doc, own) {
  const form = idiomRegExp(after);
  const keys = /* @__PURE__ */ new Map();
  const values = /* @__PURE__ */ new Map();
  for (let i = 0; i < doc.symbol.length; i++) {
    const handle = doc.symbol[i];
    if (!own(handle) || doc.rangeLength[i] !== 3) continue;
    const [line, start, end] = [doc.range[4 * i], doc.range[4 * i + 1], doc.range[4 * i + 2]];
    const text = lines[line] ?? "";
    if (doc.roles[i] & SymbolRole.Definition) pushTo(keys, line, text.slice(start, end));
    else if (!form.test(text.slice(end))) pushTo(values, line, handle);
  }
  const out = [];
  for (const [line, names] of keys) for (const handle of values.get(line) ?? []) for (const name of names) out.push({ name, handle });
  return out;
}
function callEdges(referenceFrom, referenceTo, rankOfHandle, callable, ids) {
  const from = new Int32Array(referenceFrom.length);
  const to = new Int32Array(referenceFrom.length);
  let edges = 0;
  for (let i = 0; i < referenceFrom.length; i++) {
    const f = rankOfHandle[referenceFrom.get(i)];
    const t = rankOfHandle[referenceTo.get(i)];
    if (f < 0 || t < 0 || !callable[referenceTo.get(i)]) continue;
    from[edges] = f;
    to[edges] = t;
    edges += 1;
  }
  return { calls: adjacency(from, to, edges, ids), callers: adjacency(to, from, edges, ids), edges };
}
function adjacency(heads, tails, count, ids) {
  const start = new Int32Array(ids.length + 1);
  for (let i = 0; i < count; i++) start[heads[i] + 1] += 1;
  for (let h = 0; h < ids.length; h++) start[h + 1] += start[h];
  const cursor = start.slice(0, ids.length);
  const grouped = new Int32Array(count);
  for (let i = 0; i < count; i++) grouped[cursor[heads[i]]++] = tails[i];
  const out = /* @__PURE__ */ new Map();
  for (let h = 0; h < ids.length; h++) {
    if (start[h] === start[h + 1]) continue;
    const segment = grouped.subarray(start[h], start[h + 1]).sort();
    const list = [];
    for (let j = 0; j < segment.length; j++) if (j === 0 || segment[j] !== segment[j - 1]) list.push(ids[segment[j]]);
    out.set(ids[h], list);
  }
  return out;
}
function push(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
function innermostScopes(scopes) {
  const stack = [];
  let next = 0;
  return (line, char, madeAt) => {
    while (next < scopes.length && !isAfter(scopes[next].enclosingRange, line, char)) stack.push(scopes[next++]);
    while (stack.length && !positionWithin(line, char, stack[stack.length - 1].enclosingRange)) stack.pop();
    let made = madeAt ? stack.length - 1 : -1;
    while (made >= 0 && !positionWithin(madeAt[0], madeAt[1], stack[made].enclosingRange)) made--;
    if (made >= 0) {
      for (let k = made - 1; k >= 0; k--) if (positionWithin(line, char, stack[k].enclosingRange)) return stack[k];
      return void 0;
    }
    return stack[stack.length - 1];
  };
}
function definitionTimeSpans(read, file, text) {
  let ranges;
  return (line, char) => {
    if (!read) return void 0;
    if (!ranges) {
      const flat = read(file, text());
      ranges = { flat, sorted: new SortedRanges(flat) };
    }
    for (const i of ranges.sorted.around(line, char, false)) return [ranges.flat[4 * i], ranges.flat[4 * i + 1], ranges.flat[4 * i + 2], ranges.flat[4 * i + 3]];
    return void 0;
  };
}
function isAfter(r, line, char) {
  return r[0] > line || r[0] === line && r[1] > char;
}
function isModuleSymbol(symbol) {
  if (symbol.endsWith("/")) return true;
  if (!symbol.endsWith("__init__:")) return false;
  const parsed = parseSymbol(symbol);
  return !!parsed && isModuleDescriptor(parsed);
}
function isModuleDescriptor(parsed) {
  const last = parsed.descriptors[parsed.descriptors.length - 1];
  return last.suffix === "namespace" || last.suffix === "meta" && last.name === "__init__" && parsed.descriptors.length === 2;
}
function moduleName(parsed) {
  return parsed.descriptors.filter((d) => d.suffix === "namespace" || d.suffix === "type").map((d) => d.name).join("/");
}

// generators/index.ts
import { createHash as createHash2 } from "node:crypto";

// core/canonical-json.ts
function canonicalJson(value) {
  const out = [];
  const todo = [{ value }];
  while (todo.length) {
    const next = todo.pop();
    if (typeof next === "string") out.push(next);
    else if (Array.isArray(next.value)) {
      out.push("[");
      todo.push("]");
      for (let i = next.value.length - 1; i >= 0; i--) todo.push({ value: next.value[i] }, ...i > 0 ? [","] : []);
    } else if (next.value && typeof next.value === "object") {
      const entries = Object.entries(next.value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
      out.push("{");
      todo.push("}");
      for (let i = entries.length - 1; i >= 0; i--) todo.push({ value: entries[i][1] }, `${i > 0 ? "," : ""}${JSON.stringify(entries[i][0])}:`);
    } else out.push(JSON.stringify(next.value) ?? "");
  }
  return out.join("");
}

// evidence/syntax.ts
import { z as z3 } from "zod/v4";

// core/grammars.ts
import { createRequire } from "node:module";
import { Language as Grammar, Parser, Query } from "web-tree-sitter";
var require2 = createRequire(import.meta.url);

// evidence/syntax.ts
var syntaxClasses = ["code", "import", "comment", "string"];
function inScope(scope, where) {
  if (scope === "any") return true;
  return where === "code" || scope === "code_or_import" && where === "import";
}
var spansLineSchema = z3.object({
  file: z3.string().min(1),
  sha256: z3.string().regex(/^[0-9a-f]{64}$/),
  spans: z3.array(z3.int().nonnegative()),
  kinds: z3.array(z3.enum(syntaxClasses)),
  declarations: z3.array(z3.int().nonnegative()).refine((d) => d.length % 4 === 0, "declarations must hold four numbers per declaration"),
  memberParameters: z3.array(z3.int().nonnegative()).refine((d) => d.length % 4 === 0, "memberParameters must hold four numbers per parameter"),
  definitionTime: z3.array(z3.int().nonnegative()).refine((d) => d.length % 4 === 0, "definitionTime must hold four numbers per span")
}).strict().refine((f) => f.spans.length === 4 * f.kinds.length, "spans must hold four numbers per kind");

// generators/facts.ts
var Facts = class {
  constructor(graph2, language, search) {
    this.graph = graph2;
    this.language = language;
    this.search = search;
    this.idioms = language.idioms;
    for (const s of graph2.symbols.values()) {
      if (s.kind === "module") continue;
      const list = this.byName.get(s.name);
      if (list) list.push(s);
      else this.byName.set(s.name, [s]);
    }
    for (const [sub, supers] of graph2.supertypes) {
      for (const sup of supers) {
        const list = this.subtypes.get(sup);
        if (list) list.push(sub);
        else this.subtypes.set(sup, [sub]);
      }
    }
  }
  graph;
  language;
  search;
  byName = /* @__PURE__ */ new Map();
  subtypes = /* @__PURE__ */ new Map();
  /** What the corpus's language folder says about tests, errors, environment reads and the like. */
  idioms;
  /**
   * docs/query-semantics.md, "Crediting": a match on the 1-based `line` of `file`, inside a
   * constructor parameter declaring a member (its range `parameter`), goes to the member declared
   * there; inside the
   * declarations of named values that begin on the lines `declaredFrom` (0-based, ascending), it goes
   * to the innermost definition covering it unless that is a type past its first line, or nothing
   * covers it: then to the terms of that type (or of no type) declared by the outermost such
   * declaration that begins past the type's first line (on the first of its lines up to the match's
   * that names some), else on the match's own line; else to the type, else to the file's module.
   */
  creditedAt(m) {
    const zero = m.line - 1;
    let best;
    let pastAnEnd = false;
    for (const s of this.graph.scopes.get(m.file) ?? []) {
      const r = s.enclosingRange;
      if (zero === r[2] && r[3] <= m.start) pastAnEnd = true;
      const ends = zero < r[2] || zero === r[2] && m.start < r[3];
      if (r[0] <= zero && ends && (!best || r[0] > best.enclosingRange[0] || r[0] === best.enclosingRange[0] && r[1] > best.enclosingRange[1])) best = s;
    }
    const memberOf = best && m.parameter ? this.typeOfParameters(best.id) : void 0;
    if (memberOf !== void 0) {
      const declared = this.termsDeclaredIn(m.file, m.parameter, memberOf);
      if (declared.length) return declared;
    }
    if (best && (!typeKinds.has(this.graph.symbols.get(best.id).kind) || best.enclosingRange[0] === zero)) return [best.id];
    const header = best ? best.enclosingRange[0] : -1;
    for (const from of [...(m.declaredFrom ?? []).filter((l) => l > header), ...pastAnEnd ? [] : [zero]]) {
      for (let line = from; line <= zero; line++) {
        const terms = this.termsOn(m.file, line, best?.id);
        if (terms) return terms;
      }
    }
    if (best) return [best.id];
    const module = this.graph.fileModules.get(m.file);
    return module ? [module] : [];
  }
  /** The members of `type` whose definition (filed in `file`) starts inside `range` ([row, col, row, col], 0-based). */
  termsDeclaredIn(file, range, type) {
    const [fromRow, fromCol, toRow, toCol] = range;
    const out = /* @__PURE__ */ new Set();
    for (let line = fromRow; line <= toRow; line++) {
      for (const id of this.termsOn(file, line, type) ?? []) {
        const s = this.graph.symbols.get(id);
        const [row, col] = s.range;
        const inside = (row > fromRow || row === fromRow && col >= fromCol) && (row < toRow || row === toRow && col < toCol);
        if (s.file === file && inside) out.add(id);
      }
    }
    return [...out].sort(compareStrings);
  }
  /** The type whose members a constructor's parameters may declare: the constructor's owner, or the type itself (its header). */
  typeOfParameters(id) {
    const symbol = this.graph.symbols.get(id);
    if (symbol.kind === "constructor") return symbol.owner;
    return typeKinds.has(symbol.kind) ? id : void 0;
  }
  /**
   * The variables, constants, fields and properties some definition occurrence names on the 0-based
   * `line` of `file` that are members of `type` (without one: of no type, their owner none or a module).
   */
  termsOn(file, line, type) {
    const terms = this.graph.termLines.get(file)?.get(line)?.filter((id) => {
      const owner = this.graph.symbols.get(id).owner;
      const ownerKind = owner === void 0 ? void 0 : this.graph.symbols.get(owner)?.kind;
      return type === void 0 ? ownerKind === void 0 || ownerKind === "module" : owner === type;
    });
    return terms?.length ? terms : void 0;
  }
  /**
   * A text search's matches → its answer (docs/query-semantics.md, "text_search"): matches the scope
   * does not count dropped, matches on a definition's own name dropped, each other
   * match credited to the symbol around its line; sorted.
   */
  answerText(matches, scope) {
    const out = /* @__PURE__ */ new Set();
    for (const m of matches) {
      if (!inScope(scope, m.syntax)) continue;
      if (this.onDefinitionName(m)) continue;
      for (const id of this.creditedAt(m)) out.add(id);
    }
    return [...out].sort();
  }
  /**
   * Whether some counted match lies where nothing is credited (an OCaml `.mli`, a Go file without a
   * module symbol), or may lie in the body of a callable the index does not record, in the body of a
   * definition it records under something no file defines, or in the signature of one it gives no
   * range: an answer of symbols would leave that site out, or credit it to the module or type around it.
   */
  leavesSitesOut(matches, scope) {
    return matches.some((m) => {
      if (!inScope(scope, m.syntax) || this.onDefinitionName(m)) return false;
      const credited = this.creditedAt(m);
      return credited.length === 0 || this.inSwallowedCode(m.file, m.line) || this.inUnrecordedBody(m) || this.inUnownedBody(m) || this.inSpanlessSignature(m, credited) || this.mergesTypesIn(m.file) && !this.callablesOf(m.file).anyAround(m.line - 1, m.start, () => true);
    });
  }
  /**
   * Whether a match credited to a type, past its first line, may lie in the signature of one of its
   * callables that the index gives no enclosing range (scip-typescript's interface method
   * signatures, `code(…): FastifyReply<…>;`): the type's nearest member definition at or above the
   * match, in its file, is such a callable's. Crediting gives the match to the type; a reader would
   * give it to the method.
   */
  inSpanlessSignature(m, credited) {
    const type = credited.length === 1 ? this.graph.symbols.get(credited[0]) : void 0;
    if (!type || !typeKinds.has(type.kind) || !type.enclosingRange || type.enclosingRange[0] === m.line - 1) return false;
    let nearest = -1;
    let spanless = false;
    for (const id of this.graph.contains.get(type.id) ?? []) {
      const member = this.graph.symbols.get(id);
      const line = member.range[0];
      if (member.file !== m.file || line > m.line - 1 || line < nearest) continue;
      const isSpanless = callableKinds.has(member.kind) && !member.enclosingRange;
      spanless = line === nearest ? spanless || isSpanless : isSpanless;
      nearest = line;
    }
    return spanless;
  }
  /**
   * Whether a match may lie in the body of a callable the index does not record: a line of the
   * language's `unrecordedCallables` is at or above it in its file, and no definition the index
   * records starts between them (one around both, such as a Swift type holding an operator `func`,
   * does not end that body).
   */
  inUnrecordedBody(m) {
    const from = (this.unrecordedCallableLines().get(m.file) ?? []).filter((line) => line <= m.line - 1).pop();
    if (from === void 0) return false;
    const zero = m.line - 1;
    return !(this.graph.scopes.get(m.file) ?? []).some(({ enclosingRange: r }) => r[0] > from && (r[0] < zero || r[0] === zero && r[1] <= m.start));
  }
  /** Whether a match lies in the body of a definition the index records under something no file defines (graph.unownedBodies). */
  inUnownedBody(m) {
    const zero = m.line - 1;
    return (this.graph.unownedBodies.get(m.file) ?? []).some(([sl, sc, el, ec]) => (sl < zero || sl === zero && sc <= m.start) && (el > zero || el === zero && ec > m.start));
  }
  /** Per file, the 0-based code lines of the language's `unrecordedCallables`, ascending. */
  unrecordedCallableLines() {
    if (!this.unrecordedLines) {
      this.unrecordedLines = /* @__PURE__ */ new Map();
      for (const pattern of this.search ? this.idioms.unrecordedCallables : []) {
        for (const m of this.search({ op: "text_search", pattern, mode: "regex", in: "code" })) if (inScope("code", m.syntax)) pushTo(this.unrecordedLines, m.file, m.line - 1);
      }
      for (const lines of this.unrecordedLines.values()) lines.sort((a, b) => a - b);
    }
    return this.unrecordedLines;
  }
  unrecordedLines;
  /** Whether code in the file defines a callable the indexer records no symbol for (idioms.unrecordedCallables: OCaml's `external ( && )`), which a list of what the file or its types define would lack. */
  declaresUnrecordedIn(file) {
    return this.unrecordedCallableLines().has(file);
  }
  /**
   * Whether the language's outline finds `name` declared in some file whose index misses it, a line
   * of the language's `undeclaredNames` declares it (Ruby's `alias to_s public_id`), or it names a
   * type the index lost (lostTypes) or one of that type's members, or a member of a type the index
   * gives members but no definition (clap's `clone_any` in `impl<T, P> AnyValueParser for P`, filed
   * under the type parameter `P`): a lookup of it cannot be answered whole.
   */
  declaredButMissing(name) {
    this.missingDeclarations();
    return this.missingNames.has(name) || this.undeclared().has(name) || this.lostTypes().some((t) => t.name === name || t.members.includes(name)) || [...this.mergedTypes().values()].some((names) => names.has(name)) || this.undefinedMembers().has(name);
  }
  missingNames = /* @__PURE__ */ new Set();
  /**
   * Per file, the 0-based lines where the language's outline declares, at the start of a line, a
   * function or a type the index defines nowhere in that file: a parse error made the definition
   * before it swallow it (tree-sitter-perl reads `$/` in `/…(.+)$/;` as a variable, and warmup() runs
   * on to the end of Mojolicious/Static.pm), or kept the type from being read at all (tree-sitter-kotlin
   * read `dynamic.type` as a type and lost LengthPercentage.kt's data class, before `walker.misreadNames`), so what follows is
   * credited to the wrong symbol or to none. After a lost type, every name the outline declares in
   * that file, or the index defines there, may be one of its members the index lost or misplaced.
   */
  missingDeclarations() {
    if (this.missingMemo) return this.missingMemo;
    const missing = /* @__PURE__ */ new Map();
    const declaredAt = /* @__PURE__ */ new Map();
    const lostTypeAt = /* @__PURE__ */ new Map();
    for (const { kind, pattern } of this.search ? this.idioms.outline : []) {
      const callable = kind === "function" || kind === "method";
      if (kind === "impl" || !callable && !this.idioms.outlineTypesDefine) continue;
      const type = !callable && kind !== "property";
      const declared = idiomRegExp(pattern);
      for (const m of this.search({ op: "text_search", pattern, mode: "regex", in: "code" })) {
        const name = inScope("code", m.syntax) ? declared.exec(m.text)?.[1] : void 0;
        if (!name) continue;
        pushTo(declaredAt, m.file, { line: m.line - 1, name });
        if (kind === "property" || /^\s/u.test(m.text) || this.declaresNothing(name) || this.definedInFile(m.file).has(name)) continue;
        pushTo(missing, m.file, m.line - 1);
        this.missingNames.add(name);
        if (type) lostTypeAt.set(m.file, Math.min(lostTypeAt.get(m.file) ?? Infinity, m.line - 1));
      }
    }
    this.lostTypeFiles = new Set(lostTypeAt.keys());
    for (const [file, from] of lostTypeAt) {
      for (const { line, name } of declaredAt.get(file) ?? []) if (line > from) this.missingNames.add(name);
      for (const id of this.graph.fileSymbols.get(file) ?? []) {
        const symbol = this.graph.symbols.get(id);
        if (symbol && symbol.range[0] > from) this.missingNames.add(symbol.name);
      }
      for (const id of this.graph.filedElsewhere.get(file) ?? []) {
        const name = this.graph.symbols.get(id)?.name;
        if (name) this.missingNames.add(name);
      }
    }
    for (const lines of missing.values()) lines.sort((a, b) => a - b);
    return this.missingMemo = missing;
  }
  missingMemo;
  /** Files where the outline declares a type the index does not define there (missingDeclarations). */
  lostTypeFiles = /* @__PURE__ */ new Set();
  /** A name the outline may catch that declares nothing: `_`, or a macro the walker blanks (`__attribute__`). */
  declaresNothing(name) {
    return /^_+$/u.test(name) || this.language.walker.ignoredMacros.some((macro) => idiomRegExp(`^(?:${macro})$`).test(name));
  }
  /** Names of the own symbols with a definition in the file (those filed under another file too). */
  definedInFile(file) {
    let names = this.namesByFile.get(file);
    if (!names) {
      const ids = [...this.graph.fileSymbols.get(file) ?? [], ...this.graph.filedElsewhere.get(file) ?? [], ...(this.graph.scopes.get(file) ?? []).map((s) => s.id)];
      names = new Set(ids.map((id) => this.graph.symbols.get(id)?.name).filter((n) => n !== void 0));
      this.namesByFile.set(file, names);
    }
    return names;
  }
  namesByFile = /* @__PURE__ */ new Map();
  /** Whether a 1-based line lies in swallowed code (below): it is credited to the definition that swallowed it. */
  inSwallowedCode(file, line) {
    return (this.swallowing().regions.get(file) ?? []).some(([from, to]) => from <= line - 1 && line - 1 <= to);
  }
  /** Whether the name is written in code a parse error swallowed, where no call was read (`$path->leading_slash`). */
  namedInSwallowedCode(name) {
    if (this.swallowing().regions.size === 0 || !this.search) return false;
    return this.search({ op: "text_search", pattern: name, mode: "word", in: "any" }).some((m) => this.inSwallowedCode(m.file, m.line));
  }
  /**
   * Whether `contained_by` of this type or module may be asked as an exact set: no file it or its
   * members are defined in misses a declaration the language's outline finds there (a parse error
   * swallowed the rest of Test/Mojo.pm, and its subs with it).
   */
  membersListable(id) {
    if (this.aliasedModule(id) || this.membersMadeByMacro(id)) return false;
    const symbol = this.graph.symbols.get(id);
    if (symbol && typeKinds.has(symbol.kind) && this.members(id).some((m) => this.graph.unresolved.assignments.has(m))) return false;
    const files = new Set([id, ...this.members(id)].map((m) => this.graph.symbols.get(m)?.file).filter((f) => f !== void 0));
    const splitFrom = this.lostTypes().some((t) => t.name === symbol?.name && t.file === symbol.file);
    return [...files].every((file) => !this.missesDeclarationsIn(file) && !this.mergesTypesIn(file) && !this.declaresUnrecordedIn(file) && !this.gapsIn(file).some((gap) => this.mayDeclareMemberOf(id, gap))) && this.typesLostUnder(id).length === 0 && !splitFrom;
  }
  /** Whether a macro invocation names this type as one whose members its expansion defines (idioms.macroMembers). */
  membersMadeByMacro(id) {
    const form = this.idioms.macroMembers;
    const name = this.graph.symbols.get(id)?.name;
    if (form === void 0 || name === void 0 || !this.search) return false;
    return this.search({ op: "text_search", pattern: fillTemplate(form, { name }), mode: "regex", in: "code" }).some((m) => inScope("code", m.syntax));
  }
  /** Whether a file defining this module, or the module around it, makes it an alias of another (idioms.moduleAliases). */
  aliasedModule(id) {
    const symbol = this.graph.symbols.get(id);
    if (symbol?.kind !== "module" || this.idioms.moduleAliases.length === 0 || !this.search) return false;
    const name = parseSymbol(id)?.descriptors.at(-1)?.name;
    const files = /* @__PURE__ */ new Set([symbol.file, ...symbol.owner ? [this.graph.symbols.get(symbol.owner)?.file] : []]);
    return name !== void 0 && this.idioms.moduleAliases.some(
      (form) => this.search({ op: "text_search", pattern: fillTemplate(form, { name }), mode: "regex", in: "code" }).some((m) => inScope("code", m.syntax) && files.has(m.file))
    );
  }
  /**
   * Whether a declaration the indexer does not record may be a member of this module or type: any
   * in its file may be a module's; a type's, when it names the type (Lua's `interface_mt.clientport =
   * interface_mt.port`, outside the table's braces), or lies inside the type's range in the type's
   * file, or, in another file, next to a definition of the type or of one of its members (an
   * Objective-C `@implementation` in the `.m` beside the `.h` that declares the class).
   */
  mayDeclareMemberOf(id, gap) {
    const symbol = this.graph.symbols.get(id);
    if (symbol.kind === "module") return true;
    if (new RegExp(`(?<![\\p{L}\\p{N}_$])${escapeRegex(symbol.name)}(?![\\p{L}\\p{N}_$])`, "u").test(gap.text)) return true;
    const r = symbol.enclosingRange;
    if (symbol.file === gap.file) return r !== void 0 && r[0] <= gap.line - 1 && gap.line - 1 <= r[2];
    const scopes = this.graph.scopes.get(gap.file) ?? [];
    const after = scopes.findIndex((s) => s.enclosingRange[0] > gap.line - 1);
    const neighbours = after < 0 ? scopes.slice(-1) : scopes.slice(Math.max(0, after - 1), after + 1);
    return neighbours.some((s) => s.id === id || this.graph.symbols.get(s.id)?.owner === id);
  }
  /** Whether the name is written somewhere in a form that makes it another name (the language's `otherNames`: Zig's `@{name}`). */
  writtenAsAnotherName(name) {
    return this.idioms.otherNames.some((form) => (this.search?.({ op: "text_search", pattern: fillTemplate(form, { name }), mode: "regex", in: "any" }) ?? []).length > 0);
  }
  /** Whether a line of the file's code matches the language folder's `surveyGaps`: a declaration form its indexer does not record. */
  hasSurveyGaps(file) {
    return this.gapsIn(file).length > 0;
  }
  gapsIn(file) {
    return this.gapLines().byFile.get(file) ?? [];
  }
  /** The names lines of the language's `undeclaredNames` declare in code (Ruby's `attr_reader :body, :status`). */
  undeclared() {
    return this.gapLines().undeclared;
  }
  /** The code lines of the language's `surveyGaps` and `undeclaredNames`, by file, and the names the latter declare; one search per pattern. */
  gapLines() {
    if (!this.gaps) {
      const gaps = this.gaps = { byFile: /* @__PURE__ */ new Map(), undeclared: /* @__PURE__ */ new Set() };
      const patterns = [...this.idioms.surveyGaps.map((pattern) => ({ pattern, declares: false })), ...this.idioms.undeclaredNames.map((pattern) => ({ pattern, declares: true }))];
      for (const { pattern, declares } of this.search ? patterns : []) {
        for (const m of this.search({ op: "text_search", pattern, mode: "regex", in: "code" })) {
          if (!inScope("code", m.syntax)) continue;
          pushTo(gaps.byFile, m.file, m);
          const names = declares ? idiomRegExp(pattern).exec(m.text)?.[1] : void 0;
          for (const name of names?.match(/[A-Za-z_]\w*[?!=]?/gu) ?? []) gaps.undeclared.add(name);
        }
      }
    }
    return this.gaps;
  }
  gaps;
  /**
   * The files where a type directly under this module or type is declared in the text (the language's
   * outline finds it, at any depth) while the index gives it members but no definition
   * (graph.undefinedTypes): its member list would miss that type, and those files' lists too.
   */
  typesLostUnder(id) {
    return sortedUnique(this.lostTypes().filter((t) => t.container === id).map((t) => t.file));
  }
  /** "<file>\n<name>" of every type the language's outline finds declared, at any depth. */
  declaredTypes() {
    if (this.typeDeclarations) return this.typeDeclarations;
    const declared = /* @__PURE__ */ new Set();
    for (const { kind, pattern } of this.search && this.graph.undefinedTypes.size ? this.idioms.outline : []) {
      if (kind === "function" || kind === "method" || kind === "property" || kind === "impl") continue;
      const re = idiomRegExp(pattern);
      for (const m of this.search({ op: "text_search", pattern, mode: "regex", in: "code" })) {
        const name = re.exec(m.text)?.[1];
        if (name && inScope("code", m.syntax)) declared.add(`${m.file}
${name}`);
      }
    }
    return this.typeDeclarations = declared;
  }
  typeDeclarations;
  /** The types the text declares that the index gives members but no definition (graph.undefinedTypes), each with its container, its file and those members' names. */
  lostTypes() {
    this.lostMemo ??= [...this.graph.undefinedTypes].flatMap(([container, types]) => types.map((t) => ({ container, ...t }))).filter((t) => this.declaredTypes().has(`${t.file}
${t.name}`));
    return this.lostMemo;
  }
  lostMemo;
  /** Whether some module or type loses a type declared in this file (typesLostUnder): the file's own list would miss it. */
  losesTypesIn(file) {
    return this.lostTypes().some((t) => t.file === file);
  }
  /** Whether the index is missing a declaration the file's text makes (a file not to survey whole). */
  missesDeclarationsIn(file) {
    return this.missingDeclarations().has(file);
  }
  /**
   * The signature the index recorded, unless the definition's body runs over a declaration the index
   * is missing: then the hover may hold the code it swallowed (tree-sitter-haskell read fgl's
   * `getdomv vs ds = [z|(w,_,z)<-ds,…]` as a quasi-quote and gave it the next 20 lines). Nor a
   * callable's hover that names a type (scip-typescript shows fastify's `function Parser (…)`, whose
   * prototype it extends, as `class Parser`): that is not how the code writes it.
   */
  signatureOf(s) {
    if (this.swallowing().bodies.has(s.id)) return void 0;
    if (s.signature && callableKinds.has(s.kind) && /^(?:class|interface|enum)\b/.test(s.signature)) return void 0;
    return s.signature;
  }
  /**
   * Definitions whose body runs over a declaration the index is missing (the definition that
   * swallowed it), every callable they are said to call (their callees, and the callers of those,
   * mix two functions' calls), and per file the swallowed lines, from the missing declaration to the
   * end of the body that holds it (0-based, inclusive).
   */
  swallowing() {
    if (this.swallowMemo) return this.swallowMemo;
    const bodies = /* @__PURE__ */ new Set();
    const callees = /* @__PURE__ */ new Set();
    const regions = /* @__PURE__ */ new Map();
    for (const [file, lines] of this.missingDeclarations()) {
      for (const { id, enclosingRange: r } of this.graph.scopes.get(file) ?? []) {
        const swallowed = lines.filter((line) => r[0] < line && line <= r[2]);
        if (swallowed.length === 0) continue;
        bodies.add(id);
        for (const callee of this.graph.calls.get(id) ?? []) callees.add(callee);
        pushTo(regions, file, [swallowed[0], r[2]]);
      }
    }
    return this.swallowMemo = { bodies, callees, regions };
  }
  swallowMemo;
  /**
   * Whether the text declares a value of this name on a line where the index records no definition
   * (the language's `valueDeclaration`: a Rust `static EMPTY: [&OsStr; 0] = []` inside a function):
   * a second value of that name that the index misses.
   */
  declaresUnrecorded(name) {
    const form = this.idioms.valueDeclaration;
    if (!form || !this.search) return false;
    return this.search({ op: "text_search", pattern: fillTemplate(form, { name }), mode: "regex", in: "code" }).some((m) => inScope("code", m.syntax) && !this.definesOnLine(m.file, m.line - 1));
  }
  /** Whether the index records the name of some own definition on this 0-based line of the file. */
  definesOnLine(file, line) {
    const sites = this.graph.definitionSites.get(file) ?? [];
    return sites[firstSiteOn(sites, line)] === line;
  }
  /** Whether a match overlaps the name of any definition of an own symbol (every one of a symbol defined twice). */
  onDefinitionName(m) {
    const sites = this.graph.definitionSites.get(m.file) ?? [];
    const line = m.line - 1;
    for (let i = firstSiteOn(sites, line); i < sites.length && sites[i] === line; i += 3) {
      if (sites[i + 1] < m.end && m.start < sites[i + 2]) return true;
    }
    return false;
  }
  /**
   * Whether a file holds a definition of a symbol filed under another file: C's same-named statics
   * and macros in two files share one id, and a header's prototype is the function its source file
   * defines, so `file_symbols` of the file leaves its own copy out.
   */
  holdsDefinitionsFiledElsewhere(file) {
    return this.graph.filedElsewhere.has(file);
  }
  symbol(id) {
    return this.graph.symbols.get(id);
  }
  /**
   * Symbols a question may be about: the corpus's own, outside test code, outside generated code
   * and example programs unless those make up most of the corpus, and not declared inside a function's
   * body (answers still include all of them). Memoised per kind set.
   */
  targets(kinds) {
    const key = `targets ${kinds ? [...kinds].sort().join(" ") : "*"}`;
    let list = this.kindMemo.get(key);
    if (!list) {
      list = kinds ? this.targets().filter((s) => kinds.has(s.kind)) : this.all().filter((s) => this.isTargetFile(s.file) && !this.isTest(s) && !this.insideCallable(s));
      this.kindMemo.set(key, list);
    }
    return list;
  }
  /**
   * Whether an id is one the index files under the wrong parent: a function or type declared inside
   * the body of a function its id does not descend from (below). Its id says `FastAPI#redoc_html()`,
   * a method, for a route handler nested in `FastAPI.setup()`; no question names it.
   */
  misfiled(id) {
    const s = this.graph.symbols.get(id);
    return s !== void 0 && this.insideCallable(s);
  }
  /**
   * A function or type declared inside the body of a function its id does not descend from: a route
   * handler nested in `setup()` that scip-python files as a method of the class is reachable from
   * nowhere but that body. (An attribute set in `__init__` is the type's, wherever it is assigned.)
   */
  insideCallable(s) {
    if (!callableKinds.has(s.kind) && !typeKinds.has(s.kind)) return false;
    if (this.nestedElsewhere().has(s.id)) return true;
    let inside = this.insideCallableMemo.get(s.id);
    if (inside === void 0) {
      const [line, char] = s.range;
      const own = s.enclosingRange;
      inside = this.callablesOf(s.file).anyAround(line, char, (id, r) => !s.id.startsWith(id) && !(own && r.every((v, i) => v === own[i])));
      this.insideCallableMemo.set(s.id, inside);
    }
    return inside;
  }
  insideCallableMemo = /* @__PURE__ */ new Map();
  /**
   * Symbols with any definition occurrence inside the body of a callable they do not descend from:
   * scip-python gives a function nested in `setup()` and named like a method (`async def openapi`)
   * the symbol of the class's own `openapi`, so its answers would mix the two.
   */
  nestedElsewhere() {
    if (this.nestedMemo) return this.nestedMemo;
    const nested = /* @__PURE__ */ new Set();
    for (const [file, entries] of this.graph.scopes) {
      const callables = this.callablesOf(file);
      for (const { id, enclosingRange: e } of entries) {
        if (callables.anyAround(e[0], e[1], (outer) => !id.startsWith(outer))) nested.add(id);
      }
    }
    this.nestedMemo = nested;
    return nested;
  }
  nestedMemo;
  /** The enclosing ranges of a file's own callables, made on first use. */
  callablesOf(file) {
    let intervals = this.callableIntervals.get(file);
    if (!intervals) {
      const entries = (this.graph.scopes.get(file) ?? []).filter(({ id }) => callableKinds.has(this.graph.symbols.get(id)?.kind));
      this.callableIntervals.set(file, intervals = new Intervals(entries));
    }
    return intervals;
  }
  callableIntervals = /* @__PURE__ */ new Map();
  /** Test code by the language's conventions (its idioms' testFiles), once per file: generators ask it for every symbol. */
  inTestFile(file) {
    let test = this.testFiles.get(file);
    if (test === void 0) {
      test = matchesAny(this.idioms.testFiles, file);
      this.testFiles.set(file, test);
    }
    return test;
  }
  testFiles = /* @__PURE__ */ new Map();
  /**
   * Test code: a symbol of a test file, a test by its name wherever it is defined (Zig's `test "…"`
   * blocks, idioms.testSymbols), a function right under a test marker (Rust's `#[test]`,
   * idioms.tests.markers), or one inside a module of tests (Rust's `mod tests`, idioms.testModules).
   */
  isTest(s) {
    if (this.inTestFile(s.file) || matchesAny(this.idioms.testSymbols, s.name) || this.markedTests().has(s.id)) return true;
    for (let owner = s.owner && this.graph.symbols.get(s.owner); owner; owner = owner.owner && this.graph.symbols.get(owner.owner)) {
      if (owner.kind === "module" && matchesAny(this.idioms.testModules, owner.name)) return true;
    }
    return false;
  }
  /** Functions whose name is on the line right under a test marker in code (idioms.tests.markers), found once: isTest asks for every symbol. */
  markedTests() {
    if (!this.testMarked) {
      this.testMarked = /* @__PURE__ */ new Set();
      for (const pattern of this.search ? this.idioms.tests.markers : []) {
        for (const m of this.search({ op: "text_search", pattern, mode: "regex", in: "code" })) {
          if (!inScope("code", m.syntax)) continue;
          for (const id of this.graph.fileSymbols.get(m.file) ?? []) {
            const s = this.graph.symbols.get(id);
            if (s.range[0] === m.line && callableKinds.has(s.kind)) this.testMarked.add(id);
          }
        }
      }
    }
    return this.testMarked;
  }
  testMarked;
  /** Whether a text match lies in test code: a test file, or the body of a test symbol. */
  inTestCode(m) {
    return this.inTestFile(m.file) || this.creditedAt(m).some((id) => this.isTest(this.graph.symbols.get(id)));
  }
  /** A file questions may be about: not test code, and not generated or an example unless most of the corpus is. */
  isTargetFile(file) {
    return !this.inTestFile(file) && !this.peripheral().has(file);
  }
  /** Generated files and example programs (by the language's idioms), when they are less than half the corpus's files. */
  peripheral() {
    if (!this.peripheralFiles) {
      const patterns = [...this.idioms.generatedFiles, ...this.idioms.exampleFiles];
      const files = this.graph.files.filter((f) => matchesAny(patterns, f));
      this.peripheralFiles = new Set(2 * files.length < this.graph.files.length ? files : []);
    }
    return this.peripheralFiles;
  }
  peripheralFiles;
  /** Every own symbol of these kinds (all kinds when none given), in id order. Memoised per kind set: each sub-type asks. */
  all(kinds) {
    const key = `all ${kinds ? [...kinds].sort().join(" ") : "*"}`;
    let list = this.kindMemo.get(key);
    if (!list) {
      list = [];
      for (const s of this.graph.symbols.values()) if (!kinds || kinds.has(s.kind)) list.push(s);
      this.kindMemo.set(key, list);
    }
    return list;
  }
  kindMemo = /* @__PURE__ */ new Map();
  /** `Type#member` → the members of types with that short name that carry that name; built on first use. */
  byMemberForm() {
    if (!this.memberForms) {
      this.memberForms = /* @__PURE__ */ new Map();
      for (const s of this.graph.symbols.values()) {
        const owner = s.owner ? this.symbol(s.owner) : void 0;
        if (!owner || !typeKinds.has(owner.kind)) continue;
        const key = `${owner.name}#${s.name}`;
        const list = this.memberForms.get(key);
        if (list) list.push(s);
        else this.memberForms.set(key, [s]);
      }
    }
    return this.memberForms;
  }
  memberForms;
  /** `lookup` with `bare_name: true`: short name, or `Type#member` for a member of a type with that short name. */
  lookupBare(name, kind) {
    const hash = name.indexOf("#");
    let hits;
    if (hash > 0) {
      hits = this.byMemberForm().get(name) ?? [];
    } else {
      hits = this.byName.get(name) ?? [];
    }
    return hits.filter((s) => !kind || s.kind === kind).map((s) => s.id).sort();
  }
  /** `lookup` with `bare_name: false`: the symbol with exactly this id, if it is the corpus's own. */
  lookupExact(id, kind) {
    const s = this.symbol(id);
    return s && (!kind || s.kind === kind) ? [id] : [];
  }
  /** The types that declare a member with this short name (memoised: names like `get` are shared by thousands). */
  typeOwnersOf(name) {
    let owners = this.ownersMemo.get(name);
    if (!owners) {
      owners = /* @__PURE__ */ new Set();
      for (const o of this.byName.get(name) ?? []) if (o.owner && typeKinds.has(this.symbol(o.owner).kind)) owners.add(o.owner);
      this.ownersMemo.set(name, owners);
    }
    return owners;
  }
  ownersMemo = /* @__PURE__ */ new Map();
  /** The files that define a symbol with this short name, sorted (memoised). */
  filesOf(name) {
    let files = this.filesMemo.get(name);
    if (!files) {
      files = sortedUnique((this.byName.get(name) ?? []).map((o) => o.file));
      this.filesMemo.set(name, files);
    }
    return files;
  }
  filesMemo = /* @__PURE__ */ new Map();
  /** Is any symbol's short name (modules included) equal to this one, ignoring case? Adversarial names must fail this. */
  nameTaken(name) {
    if (!this.lowerNames) {
      this.lowerNames = /* @__PURE__ */ new Set();
      for (const s of this.graph.symbols.values()) this.lowerNames.add(s.name.toLowerCase());
    }
    return this.lowerNames.has(name.toLowerCase());
  }
  lowerNames;
  members(id) {
    return this.graph.contains.get(id) ?? [];
  }
  /**
   * Is every call to this symbol resolved, to it alone, and credited to a caller? No call of its
   * name may be unresolved (graph.unresolved: of a compiler-grade index, the calls written in the
   * text that it leaves unbound), its id must not name bodies in several files, and no call of it may lie outside every own
   * body (a script's top level, a Lua handler registered at module level, a Zig `test` block) nor
   * in code that is no function's (a field initializer, a class body's `init { }` or superclass
   * call, Perl's package-level code: the index credits the type, and no function is the caller).
   * Nor may it override or implement another method: a call through that method (an interface, a
   * base class's `$this->describe…()`) reaches it, and no index here follows one; nor be a
   * constructor of a type with subtypes, which constructing one of them may run; nor be a method
   * a member read may run (idioms.lazyMembers), nor one an operator runs (idioms.operatorMethods);
   * nor be called from inside a type the index merged with a namesake (withinMergedType).
   */
  callersComplete(id) {
    const s = this.symbol(id);
    return !!s && !this.graph.unresolved.names.has(s.name) && !this.constructedUnresolved(s) && !this.graph.unresolved.targets.has(id) && !this.bodiedInSeveralFiles().has(id) && !this.calledOutsideBodies(id) && !this.swallowing().callees.has(id) && !this.calledByNonCallables().has(id) && !this.overridesAnother(s) && !this.runsForSubtypes(s) && !this.lazyMemberCalls().methods.has(id) && !this.runByOperators(s) && !this.ofMergedType(s) && !this.calledFromMergedType(id) && !this.overloadsAcrossTypes().has(id) && // Last: a text search of the name, where a file misses declarations.
    !this.namedInSwallowedCode(s.name);
  }
  /** A method an operator runs (idioms.operatorMethods: Lua's `__sub`, C++'s `operator==`), which `a - b` calls with no call written. */
  runByOperators(s) {
    const names = this.idioms.operatorMethods;
    return names !== void 0 && s.kind !== "constructor" && this.isCallable(s) && idiomRegExp(names).test(s.name);
  }
  /** Symbols some caller of which is no callable (made once: a hot callee has thousands of callers). */
  calledByNonCallables() {
    if (!this.calledByNonCallable) {
      this.calledByNonCallable = /* @__PURE__ */ new Set();
      for (const [caller, callees] of this.graph.calls) {
        if (!this.isCallable(this.symbol(caller))) for (const callee of callees) this.calledByNonCallable.add(callee);
      }
    }
    return this.calledByNonCallable;
  }
  calledByNonCallable;
  /** A constructor of a type whose name some unresolved call is written with (`Slice()`, `new Take_(…)` the walker could not bind). */
  constructedUnresolved(s) {
    const owner = s.kind === "constructor" && s.owner !== void 0 ? this.symbol(s.owner) : void 0;
    return !!owner && this.graph.unresolved.names.has(owner.name);
  }
  /** A constructor of a type with subtypes: constructing one of them (`new self()`, a subclass without a constructor, `super(…)`) may run it. */
  runsForSubtypes(s) {
    return s.kind === "constructor" && s.owner !== void 0 && (this.subtypes.get(s.owner) ?? []).length > 0;
  }
  /** A method that overrides or implements a method of a supertype (the index's implementation relation). */
  overridesAnother(s) {
    return callableKinds.has(s.kind) && (this.graph.supertypes.get(s.id) ?? []).length > 0;
  }
  /** Whether some call of it lies in no own body (graph.calledOutsideBodies), declaration files aside. */
  calledOutsideBodies(id) {
    return (this.graph.calledOutsideBodies.get(id) ?? []).some((file) => !matchesAny(this.idioms.declarationFiles, file));
  }
  /** Is every call inside this symbol's body resolved, and is it one body? */
  calleesComplete(id) {
    const s = this.symbol(id);
    return !this.graph.unresolved.bodies.has(id) && !this.bodiedInSeveralFiles().has(id) && !this.swallowing().bodies.has(id) && !this.lazyMemberCalls().bodies.has(id) && !(s && this.ofMergedType(s)) && !(this.graph.calls.get(id) ?? []).some((callee) => this.overloadsAcrossTypes().has(callee));
  }
  /**
   * Where callables overload by signature (the folder's `walker.overloads`: Kotlin, Java, C#, Swift,
   * Solidity), callables sharing a name with a callable of another type that neither overrides, and
   * that a call inside the first one's type may reach instead: one of a supertype, or, where the type
   * has a supertype outside the corpus, one of any other type, which that supertype may pass on
   * (react-native's `LayoutShadowNode : ReactShadowNodeImpl()`, whose `setRowGap(rowGap: Dynamic)`
   * calls `setRowGap(value)` with a Float, reaching the external class's `setRowGap(rowGap: Float)`
   * that implements the corpus's `ReactShadowNode.setRowGap`). Which one a call reaches depends on its
   * arguments' types, which a syntactic index does not know, so it binds the call to the nearest.
   * Both sides are in the set.
   */
  overloadsAcrossTypes() {
    if (this.acrossMemo) return this.acrossMemo;
    const clashing = /* @__PURE__ */ new Set();
    if (this.language.walker.overloads !== "disambiguate") return this.acrossMemo = clashing;
    const byName = /* @__PURE__ */ new Map();
    for (const s of this.graph.symbols.values()) {
      const owner = s.owner === void 0 ? void 0 : this.graph.symbols.get(s.owner);
      if (callableKinds.has(s.kind) && s.kind !== "constructor" && owner && typeKinds.has(owner.kind)) pushTo(byName, s.name, s);
    }
    const lineage = /* @__PURE__ */ new Map();
    const lineageOf = (type) => {
      let known = lineage.get(type);
      if (!known) {
        const ancestors = this.ancestors(type);
        known = { own: new Set(ancestors.filter((a) => this.graph.symbols.has(a))), external: ancestors.some((a) => !this.graph.symbols.has(a)) };
        lineage.set(type, known);
      }
      return known;
    };
    for (const named of byName.values()) {
      if (named.length < 2) continue;
      for (const s of named) {
        if (this.overridesAnother(s)) continue;
        const { own, external } = lineageOf(s.owner);
        for (const other of named) {
          if (other.owner === s.owner || !(own.has(other.owner) || external)) continue;
          clashing.add(s.id);
          clashing.add(other.id);
        }
      }
    }
    return this.acrossMemo = clashing;
  }
  acrossMemo;
  /**
   * The methods a member read may call, and the bodies holding such reads (idioms.lazyMembers: where
   * a Lua file installs an `__index` function that looks up `ip_methods[key]`, `self.toV4mapped`
   * runs `ip_methods:toV4mapped()`). Reads in any file count: the tables that function serves travel.
   */
  lazyMemberCalls() {
    if (this.lazyMemo) return this.lazyMemo;
    const methods = /* @__PURE__ */ new Set();
    const bodies = /* @__PURE__ */ new Set();
    const lazy = this.idioms.lazyMembers;
    if (lazy && this.search) {
      const installers = new Set(this.search({ op: "text_search", pattern: lazy.installed, mode: "regex", in: "code" }).map((m) => m.file));
      const byOwner = /* @__PURE__ */ new Map();
      for (const s of this.graph.symbols.values()) if (s.kind === "method" && s.owner !== void 0 && installers.has(s.file)) pushTo(byOwner, s.owner, s);
      const byName = /* @__PURE__ */ new Map();
      for (const [owner, members] of byOwner) {
        const table = this.symbol(owner);
        const pattern = table && fillTemplate(lazy.dispatch, { name: table.name });
        if (!pattern || !this.search({ op: "text_search", pattern, mode: "regex", in: "code" }).some((m) => m.file === table.file)) continue;
        for (const s of members) pushTo(byName, s.name, s.id);
      }
      for (const [name, ids] of byName) {
        const reads = this.search({ op: "text_search", pattern: fillTemplate(lazy.read, { name }), mode: "regex", in: "code" });
        if (!reads.length) continue;
        for (const id of ids) methods.add(id);
        for (const m of reads) {
          const body = this.innermostScopeAt(m.file, m.line - 1, m.start);
          if (body) bodies.add(body);
        }
      }
    }
    return this.lazyMemo = { methods, bodies };
  }
  lazyMemo;
  /**
   * Whether a file hands on names defined elsewhere as its module's own (idioms.reExports: Python's
   * `from .x import Y as Y`, Rust's `pub use`): its module offers more than it defines. Without
   * text searches (a hand-made graph) no file is known to.
   */
  reExportsIn(file) {
    this.reExporters ??= new Set(this.idioms.reExports.flatMap((pattern) => this.search?.({ op: "text_search", pattern, mode: "regex", in: "code_or_import" }) ?? []).map((m) => m.file));
    return this.reExporters.has(file);
  }
  reExporters;
  /** The own definition whose enclosing range holds (line, char) and starts last, if any. */
  innermostScopeAt(file, line, char) {
    let best;
    for (const scope of this.graph.scopes.get(file) ?? []) {
      const [l0, c0, l1, c1] = scope.enclosingRange;
      const holds = (line > l0 || line === l0 && char >= c0) && (line < l1 || line === l1 && char < c1);
      if (holds && (!best || l0 > best.enclosingRange[0] || l0 === best.enclosingRange[0] && c0 > best.enclosingRange[1])) best = scope;
    }
    return best?.id;
  }
  /**
   * The file holding a symbol's body, where a declaration file (idioms.declarationFiles: a C
   * header's prototype) is the file it is filed under; else that file. None for an id with bodies
   * in several files (bodiedInSeveralFiles: clap's `Str#eq` of builder/str.rs and of the
   * `impl PartialEq<Id> for Str` in util/id.rs), whose calls no one file holds.
   */
  bodyFile(id) {
    const files = this.bodyFiles(id);
    return files.length === 1 ? files[0] : void 0;
  }
  /** Every file holding a body of the symbol (bodyFile), several for an id the index gives two functions. */
  bodyFiles(id) {
    const s = this.symbol(id);
    if (!s) return [];
    if (!this.bodiedInSeveralFiles().has(id) && !matchesAny(this.idioms.declarationFiles, s.file)) return [s.file];
    return this.bodies().files.get(id) ?? [s.file];
  }
  /**
   * Per file, the names of the types the language's outline declares there more often than the
   * index defines a type of that name there, where a type's generic arity tells types of one name
   * apart (idioms.typesByArity): C#'s `AggregateObservable<T>` and `AggregateObservable<T, U>` are
   * two types the walker files under one id, with the members of both. Without text searches (a
   * hand-made graph) no file is known to.
   */
  mergedTypes() {
    if (this.mergedMemo) return this.mergedMemo;
    const declared = /* @__PURE__ */ new Map();
    for (const { kind, pattern } of this.search && this.idioms.typesByArity ? this.idioms.outline : []) {
      if (!typeKinds.has(kind)) continue;
      const form = idiomRegExp(pattern);
      for (const m of this.search({ op: "text_search", pattern, mode: "regex", in: "code" })) {
        const name = form.exec(m.text)?.[1];
        if (!name || !inScope("code", m.syntax)) continue;
        let lines = declared.get(m.file);
        if (!lines) declared.set(m.file, lines = /* @__PURE__ */ new Map());
        addTo(lines, name, m.line);
      }
    }
    const merged = /* @__PURE__ */ new Map();
    for (const [file, counts] of declared) {
      const indexed = /* @__PURE__ */ new Map();
      for (const { id } of this.graph.scopes.get(file) ?? []) {
        const t = this.graph.symbols.get(id);
        if (t && typeKinds.has(t.kind)) indexed.set(t.name, (indexed.get(t.name) ?? 0) + 1);
      }
      for (const [name, lines] of counts) if (lines.size > (indexed.get(name) ?? 0) && indexed.has(name)) addTo(merged, file, name);
    }
    return this.mergedMemo = merged;
  }
  mergedMemo;
  /** Whether the index files two of a file's types under one id (mergedTypes). */
  mergesTypesIn(file) {
    return this.mergedTypes().has(file);
  }
  /** A type the index merged with a namesake of its file, or a member of one: its members, callers and callees mix two types'. */
  ofMergedType(s) {
    const type = typeKinds.has(s.kind) ? s : s.owner !== void 0 ? this.symbol(s.owner) : void 0;
    return !!type && typeKinds.has(type.kind) && !!this.mergedTypes().get(type.file)?.has(type.name);
  }
  /**
   * Whether a symbol lies inside a type the index merged with a namesake, at any depth: its calls were
   * resolved where the names of several types' members meet (unirx's `new ZipObserver<T1>(…)` in a
   * merged `Zip` class binds to the nested `ZipObserver` of another arity's `Zip`).
   */
  withinMergedType(id) {
    for (let s = this.symbol(id); s; s = s.owner === void 0 ? void 0 : this.symbol(s.owner)) if (this.ofMergedType(s)) return true;
    return false;
  }
  /** Whether some caller of this symbol lies inside a merged type; where no file merges types (most corpora), no caller is walked. */
  calledFromMergedType(id) {
    return this.mergedTypes().size > 0 && this.callers(id).some((caller) => this.withinMergedType(caller));
  }
  /**
   * Ids with bodies in more than one file, declaration files (idioms.declarationFiles: a header, an
   * OCaml interface) aside. A file-blind syntactic index gives C's same-named `static` functions of
   * two files one id (glibc's tests each define `do_test`; linux's fs/inode.c and fs/bfs/inode.c each
   * a `find_inode`), and binds every call of that name to it: its callers and callees mix two
   * functions. Go's build-tag variants of one function are such ids too.
   */
  bodiedInSeveralFiles() {
    return this.bodies().several;
  }
  /** Per id, the files holding a body of it in the order the graph gives files, declaration files aside; and the ids with bodies in several files. */
  bodies() {
    if (!this.bodiesMemo) {
      const files = /* @__PURE__ */ new Map();
      const several = /* @__PURE__ */ new Set();
      for (const [file, scopes] of this.graph.scopes) {
        if (matchesAny(this.idioms.declarationFiles, file)) continue;
        for (const { id } of scopes) {
          const seen = files.get(id);
          if (seen === void 0) files.set(id, [file]);
          else if (!seen.includes(file)) {
            seen.push(file);
            several.add(id);
          }
        }
      }
      this.bodiesMemo = { files, several };
    }
    return this.bodiesMemo;
  }
  bodiesMemo;
  /** Named by an import, by module-level code or as a value: uncalled, yet maybe used. */
  namedNotCalled(id) {
    return this.graph.namedNotCalled.has(id);
  }
  /**
   * Whether the symbol's name is written in code other than on a definition's name: an index that
   * records only calls (the walker) leaves out a function passed by name
   * (`YGNodeSetMeasureFunc(node, RCTTextShadowViewMeasure)`) and a macro used where the grammar
   * reads no call, and either may be its only use.
   */
  writtenBesidesDefinitions(id) {
    const name = this.graph.symbols.get(id)?.name;
    if (!name || !this.search) return false;
    return this.search({ op: "text_search", pattern: name, mode: "word", in: "code" }).some((m) => inScope("code", m.syntax) && !this.onDefinitionName(m));
  }
  callers(id) {
    return this.graph.callers.get(id) ?? [];
  }
  callees(id) {
    return this.graph.calls.get(id) ?? [];
  }
  /** Symbols some test-code symbol calls directly (built on first use): a cheap check before walking callers. */
  calledFromTests() {
    if (!this.testCallees) {
      this.testCallees = /* @__PURE__ */ new Set();
      for (const s of this.graph.symbols.values()) {
        if (this.isTest(s)) for (const callee of this.callees(s.id)) this.testCallees.add(callee);
      }
    }
    return this.testCallees;
  }
  testCallees;
  /** Does anything implement, extend or override this one directly? A cheap check before the transitive walk. */
  hasSubtypes(id) {
    return this.subtypes.has(id);
  }
  /**
   * Whether the index can list everything that implements this type (or the type of this method):
   * where the language's interfaces are satisfied structurally (Go), only when every interface it
   * extends is the corpus's own, since a type may satisfy the methods of one from outside unseen.
   */
  implementorsKnown(id) {
    const s = this.graph.symbols.get(id);
    if (this.hasSameNamedOverloads(id) || this.subtypeFileMissesDeclarations(id) || this.subtypedByMacro(id) || this.subtypeMayBeLost(id)) return false;
    if (s && (this.ofMergedType(s) || this.memberOfUndefinedType(s) || this.heldAsValueBySubtype(s))) return false;
    if (s && !callableKinds.has(s.kind) && this.mayBeImplementedByUndefinedType(id)) return false;
    if (s && typeKinds.has(s.kind) && this.namedByUnlinkedType(s)) return false;
    if (this.language.walker.interfaces !== "structural") return true;
    return this.ancestors(this.typeOfMember(id)).every((a) => this.graph.symbols.has(a));
  }
  /**
   * Whether the type's name is written in code on the line defining another own type that the index
   * does not record as implementing it: scip-python gave fastapi's `class Header(ParameterBase): pass`
   * a definition but no SymbolInformation, so no relationship says it extends ParameterBase, and the
   * implementors would leave it out. A line naming the type for another reason (`class Box<T extends
   * Base>`) asks nothing either: the safe side.
   */
  namedByUnlinkedType(base) {
    if (!this.search) return false;
    const linked = /* @__PURE__ */ new Set([base.id, ...this.implementors(base.id)]);
    return this.search({ op: "text_search", pattern: base.name, mode: "word", in: "code" }).some(
      (m) => inScope("code", m.syntax) && (this.typesDefinedOn().get(`${m.file}:${m.line - 1}`) ?? []).some((id) => !linked.has(id))
    );
  }
  /** `file:line` (0-based) → the own types whose definition starts there. */
  typesDefinedOn() {
    if (!this.typeLines) {
      this.typeLines = /* @__PURE__ */ new Map();
      for (const t of this.graph.symbols.values()) if (typeKinds.has(t.kind)) pushTo(this.typeLines, `${t.file}:${t.range[0]}`, t.id);
    }
    return this.typeLines;
  }
  typeLines;
  /**
   * Whether a method's name is also a member of a type the index gives members but no definition
   * (graph.undefinedTypes): that type's methods have no implementation edge, and may override or
   * implement this one, and implement its type (clap's `impl IntoResettable<ArgAction> for ArgAction`
   * in resettable.rs, filed under an undefined `resettable/ArgAction#`).
   */
  memberOfUndefinedType(s) {
    return callableKinds.has(s.kind) && this.undefinedMembers().has(s.name);
  }
  /** Names of the members of types the index gives members but no definition (graph.undefinedTypes: clap's blanket `impl<P> AnyValueParser for P`). */
  undefinedMembers() {
    this.undefinedMemberNames ??= new Set([...this.graph.undefinedTypes.values()].flatMap((types) => types.flatMap((t) => t.members)));
    return this.undefinedMemberNames;
  }
  undefinedMemberNames;
  /**
   * Whether a type some of whose methods an undefined type also has, that undefined type named like a
   * corpus type, may be implemented by that corpus type with no edge (clap's `IntoResettable` by
   * `ArgAction`). An undefined type no corpus type is named like is outside the corpus (`impl Args for
   * Box<T>`), and implements nothing a question about the corpus's implementors lists.
   */
  mayBeImplementedByUndefinedType(id) {
    this.ownNamedUndefinedMembers ??= new Set(
      [...this.graph.undefinedTypes.values()].flatMap((types) => types.filter((t) => this.lookupBare(t.name).some((o) => typeKinds.has(this.graph.symbols.get(o).kind))).flatMap((t) => t.members))
    );
    return this.members(id).some((m) => callableKinds.has(this.graph.symbols.get(m).kind) && this.ownNamedUndefinedMembers.has(this.graph.symbols.get(m).name));
  }
  ownNamedUndefinedMembers;
  /**
   * Whether a subtype of a method's type holds a value of the method's name (OCaml's point-free
   * `let to_seq_keys = to_seq_keys` in Hashtbl.MakeSeeded, a variable to the index): it implements
   * the method with no implementation edge.
   */
  heldAsValueBySubtype(s) {
    if (!callableKinds.has(s.kind) || !s.owner) return false;
    return this.implementors(s.owner).some(
      (sub) => this.members(sub).some((m) => {
        const member = this.graph.symbols.get(m);
        return member !== void 0 && member.name === s.name && !callableKinds.has(member.kind);
      })
    );
  }
  /**
   * Whether a lookup of this name with this kind rests on a kind the syntax cannot tell: a symbol of
   * the name has a definition the language marks so (idioms.kindUnknown: C's `#define DeleteFile
   * DeleteFileW`), or one has a kind the text does not settle that is, or may be, the asked one
   * (idioms.ambiguousKinds: OCaml's variable `let cat = ( ^ )`, asked as a variable or a function).
   */
  kindUnknownFor(name, kind) {
    const symbols = this.byName.get(name) ?? [];
    const form = this.idioms.kindUnknown;
    if (form) {
      const re = idiomRegExp(form);
      if (symbols.some((s) => s.signature !== void 0 && re.test(s.signature))) return true;
    }
    return symbols.some((s) => this.idioms.ambiguousKinds.some((a) => a.kind === s.kind && (s.kind === kind || a.mayBe.some((k) => k === kind))));
  }
  /** Whether a macro declares a subtype of this type (or of a method's type) or of one of its subtypes: its expansions are subtypes no index sees. */
  subtypedByMacro(id) {
    const form = this.idioms.macroSubtypes;
    if (!form || !this.graph.symbols.has(id) || !this.search) return false;
    return this.typeAndSubtypeNames(id).some((name) => this.search({ op: "text_search", pattern: fillTemplate(form, { name }), mode: "regex", in: "any" }).length > 0);
  }
  /** The type a question about this symbol concerns: a method's owner, else the symbol itself. */
  typeOfMember(id) {
    const s = this.graph.symbols.get(id);
    return s && callableKinds.has(s.kind) && s.owner ? s.owner : id;
  }
  /** The names of that type (typeOfMember) and of every own type implementing or extending it. */
  typeAndSubtypeNames(id) {
    const type = this.typeOfMember(id);
    return [type, ...this.implementors(type)].flatMap((t) => this.graph.symbols.get(t)?.name ?? []);
  }
  /** Whether a subtype of this type (or of a method's type) is defined in a file that misses declarations, whose overrides may be among them. */
  subtypeFileMissesDeclarations(id) {
    return this.implementors(this.typeOfMember(id)).some((sub) => {
      const file = this.graph.symbols.get(sub)?.file;
      return file !== void 0 && this.missesDeclarationsIn(file);
    });
  }
  /**
   * Whether the code of a file where the index lost a type, or merged two, names this type (or a
   * method's type), or one of its subtypes: the lost type may implement it (react-native-kotlin's
   * `internal class DynamicFromArray private constructor() : Dynamic`, which tree-sitter-kotlin does
   * not read as a class), and a merged id keeps the supertypes of one of its types only (unirx's
   * seven nested `ZipLatest` classes, six of them extending `NthZipLatestObserverBase<TR>`).
   */
  subtypeMayBeLost(id) {
    this.missingDeclarations();
    if (this.lostTypeFiles.size === 0 && this.mergedTypes().size === 0 || !this.search) return false;
    return this.typeAndSubtypeNames(id).some(
      (name) => this.search({ op: "text_search", pattern: name, mode: "word", in: "code" }).some((m) => inScope("code", m.syntax) && (this.lostTypeFiles.has(m.file) || this.mergesTypesIn(m.file)))
    );
  }
  /**
   * A method with a same-named overload in its type where the walker tells overloads apart
   * (`walker.overloads: disambiguate`): it matches an override by name and arity only, so Java's
   * `reject(Throwable)` is taken to override `reject(String)` too.
   */
  hasSameNamedOverloads(id) {
    const s = this.graph.symbols.get(id);
    if (this.language.walker.overloads !== "disambiguate" || !s?.owner || !callableKinds.has(s.kind)) return false;
    return (this.graph.contains.get(s.owner) ?? []).some((m) => m !== id && this.graph.symbols.get(m)?.name === s.name);
  }
  /** `implementors`: every own type or method that implements, extends or overrides this one, directly or through others. */
  implementors(id) {
    const seen = /* @__PURE__ */ new Set();
    const queue = [id];
    while (queue.length) {
      for (const sub of this.subtypes.get(queue.pop()) ?? []) {
        if (seen.has(sub) || sub === id) continue;
        seen.add(sub);
        queue.push(sub);
      }
    }
    return [...seen].filter((s) => this.graph.symbols.has(s)).sort();
  }
  /** Every supertype, own or external, transitively. */
  ancestors(id) {
    const seen = /* @__PURE__ */ new Set();
    const queue = [id];
    while (queue.length) {
      for (const sup of this.graph.supertypes.get(queue.pop()) ?? []) {
        if (!seen.has(sup)) {
          seen.add(sup);
          queue.push(sup);
        }
      }
    }
    return [...seen].sort();
  }
  /**
   * An exception or error type by the language's idioms: some ancestor outside the corpus is one
   * of its base error types (`Exception`, `StandardError`, `std::error::Error`), or the type
   * declares the error method (Go's `Error`).
   */
  isException(id) {
    const { baseTypes, errorMethod } = this.idioms.errors;
    if (errorMethod && this.members(id).some((m) => isErrorMethod(this.symbol(m), errorMethod))) return true;
    if (!baseTypes) return false;
    return this.ancestors(id).some((a) => {
      if (this.graph.symbols.has(a)) return false;
      const last = parseSymbol(a)?.descriptors.at(-1);
      return last?.suffix === "type" && matchesAny([baseTypes], last.name);
    });
  }
  /** `orphans`: own symbols of this kind that nothing in the corpus calls. */
  orphans(kind) {
    return this.all().filter((s) => s.kind === kind && this.callers(s.id).length === 0).map((s) => s.id);
  }
  /**
   * The answer the index gives to a query, per docs/query-semantics.md; undefined
   * for `text_search`, which a search of the tree answers (answerText).
   */
  answer(query) {
    switch (query.op) {
      case "lookup":
        return query.bare_name ? this.lookupBare(query.name, query.kind) : this.lookupExact(query.name, query.kind);
      case "callers":
        return this.callers(query.sym_stable_id);
      case "callees":
        return this.callees(query.sym_stable_id);
      case "contained_by":
        return this.members(query.sym_stable_id);
      case "implementors":
        return this.implementors(query.sym_stable_id);
      case "orphans":
        return this.orphans(query.kind);
      case "file_symbols":
        return this.fileSymbols(query.file_path);
      case "text_search":
        return void 0;
    }
  }
  fileSymbols(file) {
    return this.graph.fileSymbols.get(file) ?? [];
  }
  isCallable(s) {
    return callableKinds.has(s.kind);
  }
  /** `Type#member` when the owner is a type, else the short name: how an agent writes it. */
  memberForm(s) {
    const owner = s.owner ? this.symbol(s.owner) : void 0;
    return owner && typeKinds.has(owner.kind) ? `${owner.name}#${s.name}` : s.name;
  }
};
function isErrorMethod(s, method) {
  return s.name === method.name && callableKinds.has(s.kind) && s.signature !== void 0 && matchesAny([method.signature], s.signature);
}
function identifierWords(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(/[^A-Za-z0-9]+/).filter(Boolean);
}
var Intervals = class {
  entries;
  ranges;
  constructor(entries) {
    this.entries = [...entries].sort((a, b) => a.enclosingRange[0] - b.enclosingRange[0] || a.enclosingRange[1] - b.enclosingRange[1]);
    this.ranges = new SortedRanges(this.entries.flatMap((e) => e.enclosingRange));
  }
  /** Whether some range holding (`line`, `char`) strictly inside it is one `accept` takes. */
  anyAround(line, char, accept) {
    for (const i of this.ranges.around(line, char, true)) {
      const { id, enclosingRange } = this.entries[i];
      if (accept(id, enclosingRange)) return true;
    }
    return false;
  }
};
function firstSiteOn(sites, line) {
  let lo = 0;
  let hi = sites.length / 3;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (sites[3 * mid] < line) lo = mid + 1;
    else hi = mid;
  }
  return 3 * lo;
}

// generators/adversarial.ts
function typoOf(name, rng) {
  const i = 1 + rng.int(Math.max(1, name.length - 2));
  const vowels = "aeiou";
  switch (rng.int(4)) {
    case 0:
      return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
    case 1:
      return name.slice(0, i) + name.slice(i + 1);
    case 2:
      return name.slice(0, i) + name[i] + name.slice(i);
    default: {
      const at = [...name].findIndex((c2, k) => k >= i && vowels.includes(c2.toLowerCase()));
      if (at < 0) return name.slice(0, i) + name.slice(i + 1);
      const c = name[at];
      const others = vowels.replace(c.toLowerCase(), "");
      const repl = others[rng.int(others.length)];
      return name.slice(0, at) + (c === c.toUpperCase() ? repl.toUpperCase() : repl) + name.slice(at + 1);
    }
  }
}
function compoundOf(a, b) {
  const wa = identifierWords(a);
  const wb = identifierWords(b);
  if (wa.length === 0 || wb.length === 0) return void 0;
  const headWords = wa.slice(0, Math.max(1, wa.length - 1));
  const tail = wb[wb.length - 1];
  if (headWords.some((w) => w.toLowerCase() === tail.toLowerCase())) return void 0;
  const head = headWords.join("");
  const name = head + tail.charAt(0).toUpperCase() + tail.slice(1);
  return name === a || name === b ? void 0 : name;
}

// generators/text.ts
function wordSearch(word, scope) {
  return { op: "text_search", pattern: word, mode: "word", in: scope };
}
function regexSearch(pattern, scope) {
  return { op: "text_search", pattern, mode: "regex", in: scope };
}
function onlyWhereForm(search, form, everywhere, counts = (m) => inScope(everywhere.in, m.syntax)) {
  const linesOf = (matches) => new Set(matches.map((m) => `${m.file}:${m.line}`));
  const formLines = linesOf(search(form).filter((m) => inScope(form.in, m.syntax)));
  const textLines = linesOf(search(everywhere).filter(counts));
  return formLines.size > 0 && formLines.size === textLines.size && [...formLines].every((line) => textLines.has(line));
}
function surveyable(facts, file) {
  return !facts.holdsDefinitionsFiledElsewhere(file) && !facts.missesDeclarationsIn(file) && !facts.hasSurveyGaps(file) && !facts.declaresUnrecordedIn(file) && !facts.losesTypesIn(file) && !facts.mergesTypesIn(file);
}
function textDraft(facts, search, query, build) {
  if (query.mode === "word" && facts.writtenAsAnotherName(query.pattern)) return void 0;
  const matches = search(query);
  if (facts.leavesSitesOut(matches, query.in)) return void 0;
  const ids = facts.answerText(matches, query.in);
  if (ids.length < (build.minAnswer ?? 1) || ids.length > build.maxAnswer) return void 0;
  return { intent: build.intent, query, expected: { kind: "exact_set", stable_ids: ids } };
}

// generators/types.ts
var TargetCandidate = class {
  constructor(target, make) {
    this.target = target;
    this.make = make;
    this.file = target.file;
  }
  target;
  make;
  file;
  draft() {
    return this.make(this.target);
  }
};
function candidate(draft) {
  return (target) => new TargetCandidate(target, draft);
}
var MAX_ANSWER_SET = 40;
function withinLimit(ids) {
  return ids.length > 0 && ids.length <= MAX_ANSWER_SET;
}
var MAX_MEMBER_SET = 300;
var UNWEIGHTED_QUOTA = 30;
var CATEGORY_MINIMUM = 100;

// generators/completion.ts
function isTypeableName(name) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !/^__.*__$/.test(name);
}
function hasSearchableName(facts, s, minLength) {
  return s.name.length >= minLength && isTypeableName(s.name) && facts.byName.get(s.name).length === 1;
}
var completionGenerators = [
  {
    category: "Completion",
    subType: "builder_chain",
    goldSource: "scip_roundtrip",
    rationale: "instance methods (by the language's signature idioms: taking `self`, not static; nor marked static by the index, as a Kotlin companion's) whose recorded signature returns their own type (the class name, or the language's self types: `this`, `Self`, `static`): the links of a fluent chain; lookup `Type#method`; exact_set",
    needs: "a method whose signature returns its own type",
    idioms: ["signatures.returns"],
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      const candidates = [];
      const { returns: returnPattern, selfTypes, instance } = facts.idioms.signatures;
      for (const s of returnPattern ? facts.targets(/* @__PURE__ */ new Set(["method"])) : []) {
        const owner = s.owner ? facts.symbol(s.owner) : void 0;
        const signature = facts.signatureOf(s);
        if (!owner || !signature || s.static || !isTypeableName(s.name) || instance && !idiomRegExp(instance).test(signature)) continue;
        const returns = idiomRegExp(returnPattern).exec(signature)?.groups?.type;
        if (!returns || ![...selfTypes, owner.name].includes(returns)) continue;
        candidates.push({
          file: s.file,
          draft: () => {
            const form = `${owner.name}#${s.name}`;
            const sameName = facts.lookupBare(form);
            const methods = facts.lookupBare(form, "method");
            return {
              intent: `Chaining calls on ${owner.display}: \`${s.name}\` returns the same type (\`${signature}\`); needs its canonical id`,
              query: { op: "lookup", name: form, bare_name: true, ...methods.length < sameName.length ? { kind: "method" } : {} },
              expected: { kind: "exact_set", stable_ids: methods }
            };
          }
        });
      }
      return candidates;
    }
  },
  {
    category: "Completion",
    subType: "class_by_short_name",
    goldSource: "scip_roundtrip",
    rationale: "every type-like symbol except exception classes; exact_set over all symbols of that kind and short name, so a shared name expects every candidate",
    needs: "a non-exception class, interface, enum or type alias outside test code",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      const seen = /* @__PURE__ */ new Set();
      return facts.targets(typeKinds).filter((s) => {
        const key = `${s.kind} ${s.name}`;
        if (seen.has(key) || !isTypeableName(s.name) || facts.isException(s.id)) return false;
        seen.add(key);
        return true;
      }).map(
        candidate((s) => {
          const ids = facts.lookupBare(s.name, s.kind);
          return {
            intent: `Importing the ${s.kind} \`${s.name}\` (${s.display}) and needs its canonical id${ids.length > 1 ? `; ${ids.length} ${pluralOfKind(s.kind)} share that name, so all are expected` : ""}`,
            query: { op: "lookup", name: s.name, bare_name: true, kind: s.kind },
            expected: { kind: "exact_set", stable_ids: ids }
          };
        })
      );
    }
  },
  {
    category: "Completion",
    subType: "method_on_type",
    goldSource: "scip_roundtrip",
    rationale: "methods whose short name no other type uses (shared names go to disambiguate_by_enclosing_type) and no field or property of their type shares; exact_set over every `Type#method` match",
    needs: "a method whose name no other type uses",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["method"])).filter((s) => {
        if (!isTypeableName(s.name)) return false;
        const owners = facts.typeOwnersOf(s.name);
        return owners.size <= 1 && (!s.owner || owners.has(s.owner)) && facts.memberForm(s).includes("#");
      }).map(
        candidate((s) => {
          const form = facts.memberForm(s);
          const ids = facts.lookupBare(form);
          if (!ids.every((m) => facts.isCallable(facts.symbol(m)))) return void 0;
          return {
            // Overloads share the form: the intent names them all, not the one the question was drawn from.
            intent: ids.length > 1 ? `Calling \`${form}\` and needs the canonical ids of the method; its ${ids.length} overloads share that name, so all are expected` : `Calling \`${form}\` and needs the canonical id of the method ${s.display}`,
            query: { op: "lookup", name: form, bare_name: true },
            expected: { kind: "exact_set", stable_ids: ids }
          };
        })
      );
    }
  },
  {
    category: "Completion",
    subType: "signature_recall",
    goldSource: "scip_roundtrip",
    rationale: "functions and methods whose indexer recorded a signature (none whose body runs over a declaration the index lost: its hover may hold the swallowed code) and whose short name no other symbol of that kind has (with several, the remembered signature would pick one that a name-and-kind lookup cannot), remembered by short name and kind only (the signature is in the intent, not the query); exact_set with that one id, so the adapter must resolve the name",
    needs: "a function or method with a recorded signature and a name unique for its kind",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      const seen = /* @__PURE__ */ new Set();
      return facts.targets(/* @__PURE__ */ new Set(["function", "method"])).filter((s) => {
        const key = `${s.kind} ${s.name}`;
        if (!facts.signatureOf(s) || !isTypeableName(s.name) || seen.has(key)) return false;
        seen.add(key);
        return true;
      }).map(
        candidate((s) => {
          const ids = facts.lookupBare(s.name, s.kind);
          if (ids.length !== 1) return void 0;
          return {
            intent: `Remembers a ${s.kind} \`${s.name}\` written \`${facts.signatureOf(s)}\` and needs its id`,
            query: { op: "lookup", name: s.name, bare_name: true, kind: s.kind },
            expected: { kind: "exact_set", stable_ids: ids }
          };
        })
      );
    }
  },
  {
    category: "Completion",
    subType: "defining_file",
    goldSource: "scip_roundtrip",
    rationale: "one top-level symbol per file, not test code (importable or not: a Lua local and a Go unexported name live there too); contains with that one required id, since the agent only checks the file defines it",
    needs: "a non-test file with a top-level symbol",
    asks: { op: "file_symbols", expected: "contains" },
    candidates({ facts, rng }) {
      return facts.graph.files.filter((file) => facts.isTargetFile(file) && facts.fileSymbols(file).length > 0).map((file) => ({
        file,
        draft: () => {
          const topLevel = facts.fileSymbols(file).map((id) => facts.symbol(id)).filter((s) => s.owner && facts.symbol(s.owner)?.kind === "module" && isTypeableName(s.name) && !facts.isTest(s));
          if (!topLevel.length) return void 0;
          const pick = topLevel[rng.int(topLevel.length)];
          return {
            intent: `Recalls that \`${pick.name}\` lives in \`${file}\` and checks that file defines ${pick.display}`,
            query: { op: "file_symbols", file_path: file },
            expected: { kind: "contains", required: [pick.id] }
          };
        }
      }));
    }
  },
  {
    category: "Completion",
    subType: "cross_module_sibling",
    goldSource: "scip_roundtrip",
    rationale: "modules with 2..40 direct members, one of them outside test code and not a submodule (the one already imported), whose file re-exports no name defined elsewhere (the language's `reExports`: what such a module offers to import is more than it defines); exact_set over all of them (the full sibling list, never a sample, the imported one and test code included)",
    needs: "a module with 2..40 top-level symbols, one outside test code and not a submodule",
    asks: { op: "contained_by", expected: "exact_set" },
    candidates({ facts, rng }) {
      const testCode = (id) => {
        const s = facts.symbol(id);
        return facts.isTest(s) || s.kind === "module" && matchesAny(facts.idioms.testModules, s.name);
      };
      const importable = (id) => !testCode(id) && facts.symbol(id).kind !== "module";
      return facts.targets(/* @__PURE__ */ new Set(["module"])).filter((m) => facts.members(m.id).length >= 2 && facts.members(m.id).length <= MAX_ANSWER_SET && facts.members(m.id).some(importable) && facts.membersListable(m.id) && !facts.reExportsIn(m.file)).map(
        candidate((m) => {
          const members = facts.members(m.id);
          const importables = members.filter(importable);
          const known = facts.symbol(importables[rng.int(importables.length)]);
          const tests = members.some(testCode) ? ", its test code included" : "";
          return {
            intent: `Already imports \`${known.name}\` from module ${m.name}; lists every top-level symbol that module defines (\`${known.name}\` among them${tests})`,
            query: { op: "contained_by", sym_stable_id: m.id },
            expected: { kind: "exact_set", stable_ids: members }
          };
        })
      );
    }
  },
  {
    category: "Completion",
    subType: "usage_examples",
    goldSource: "grep_compared",
    rationale: "types with a unique name of 5+ letters; text_search of the word in code, imports not counted (its definition is no mention), unless the type itself is among the symbols mentioning it: existing code to copy a construction from; exact_set",
    needs: "a uniquely named type mentioned elsewhere",
    asks: { op: "text_search", expected: "exact_set" },
    weight: 2,
    candidates({ facts, search }) {
      return facts.targets(typeKinds).filter((s) => hasSearchableName(facts, s, 5)).map(
        candidate((s) => {
          const intent = (ownMembers) => `About to use ${s.display}: lists every symbol whose code (not its comments, strings or imports) already mentions \`${s.name}\`${ownMembers ? " (its own members among them, where they name it)" : ""}, to copy how it is used`;
          const draft = textDraft(facts, search, wordSearch(s.name, "code"), { intent: intent(false), maxAnswer: MAX_ANSWER_SET });
          if (!draft || draft.expected.kind === "exact_set" && draft.expected.stable_ids.includes(s.id)) return void 0;
          const own = new Set(facts.members(s.id));
          const ownMethods = draft.expected.kind === "exact_set" && draft.expected.stable_ids.some((id) => own.has(id));
          return ownMethods ? { ...draft, intent: intent(true) } : draft;
        })
      );
    }
  }
];
function pluralOfKind(kind) {
  const words = kind.replace(/_/g, " ");
  return /(?:s|x|ch|sh)$/.test(words) ? `${words}es` : `${words}s`;
}

// generators/api-discovery.ts
var nonCallableKinds = /* @__PURE__ */ new Set(["class", "interface", "enum", "type_alias", "enum_member", "field", "property", "variable", "constant", "event", "error"]);
var apiDiscoveryGenerators = [
  {
    category: "ApiDiscovery",
    subType: "exact_exists",
    goldSource: "scip_roundtrip",
    rationale: "types, fields and variables (callables go to signature_recall) looked up by full id; exact_set of that one id",
    needs: "a type, field or variable outside test code",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(nonCallableKinds).filter((s) => isTypeableName(s.name)).map(
        candidate((s) => ({
          intent: `Has the id of ${s.display} from an earlier session; checks that the ${s.kind} still exists`,
          query: { op: "lookup", name: s.id, bare_name: false },
          expected: { kind: "exact_set", stable_ids: [s.id] }
        }))
      );
    }
  },
  {
    category: "ApiDiscovery",
    subType: "member_transplant",
    goldSource: "adversarial",
    weight: 2,
    rationale: "member transplant: a real method name under a real type that lacks it, by full id; checked absent, exact_set []",
    needs: "a class with members and a method name it lacks",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, rng }) {
      const methods = facts.targets(/* @__PURE__ */ new Set(["method"])).filter((m) => isTypeableName(m.name));
      if (!methods.length) return [];
      const root2 = facts.idioms.rootMembers;
      const extension = facts.idioms.extensionMethods;
      const extensionNames = new Set(
        extension === void 0 ? [] : facts.targets(/* @__PURE__ */ new Set(["function", "method"])).filter((m) => m.signature !== void 0 && idiomRegExp(extension).test(m.signature)).map((m) => m.name)
      );
      const anyTypeMayHave = (m) => facts.overridesAnother(m) || root2 !== void 0 && idiomRegExp(root2).test(m.name) || extensionNames.has(m.name);
      return facts.targets(/* @__PURE__ */ new Set(["class", "interface"])).filter((t) => facts.members(t.id).length > 0 && !(facts.idioms.externalTypesOpen && facts.ancestors(t.id).some((a) => !facts.symbol(a)))).map(
        candidate((type) => {
          const own = new Set([type.id, ...facts.ancestors(type.id)].flatMap((t) => facts.members(t)).map((id2) => facts.symbol(id2).name));
          let donor;
          for (let attempt = 0; attempt < 8 && !donor; attempt++) {
            const candidate2 = methods[rng.int(methods.length)];
            if (candidate2.owner !== type.id && !own.has(candidate2.name) && !anyTypeMayHave(candidate2)) donor = candidate2;
          }
          if (!donor || facts.membersMadeByMacro(type.id)) return void 0;
          const id = `${type.id}${escapeName(donor.name)}().`;
          if (facts.symbol(id) || facts.lookupBare(`${type.name}#${donor.name}`).length) return void 0;
          return {
            intent: `Assumes ${type.display} has a method \`${donor.name}\` (it exists on ${facts.symbol(donor.owner)?.display ?? "another type"}, not here); the id must not resolve`,
            query: { op: "lookup", name: id, bare_name: false },
            expected: { kind: "exact_set", stable_ids: [] }
          };
        })
      );
    }
  },
  {
    category: "ApiDiscovery",
    subType: "plausible_compound",
    goldSource: "adversarial",
    weight: 2,
    rationale: "plausible compounds of two real type names (head of one, tail of the other), checked absent ignoring case; exact_set []",
    needs: "two class names to blend into an absent one",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, rng }) {
      const names = [...new Set(facts.targets(/* @__PURE__ */ new Set(["class", "interface"])).map((t) => t.name))].filter(isTypeableName).sort();
      const candidates = [];
      const seen = /* @__PURE__ */ new Set();
      for (const a of names) {
        const b = names[rng.int(names.length)];
        const invented = b === a ? void 0 : compoundOf(a, b);
        if (!invented || seen.has(invented) || facts.nameTaken(invented)) continue;
        seen.add(invented);
        const source = facts.lookupBare(a)[0];
        candidates.push({
          file: facts.symbol(source).file,
          draft: () => ({
            intent: `Recalls a class \`${invented}\`, blending the real ${a} and ${b}; no such class exists`,
            query: { op: "lookup", name: invented, bare_name: true, kind: "class" },
            expected: { kind: "exact_set", stable_ids: [] }
          })
        });
      }
      return candidates;
    }
  },
  {
    category: "ApiDiscovery",
    subType: "typo",
    goldSource: "adversarial",
    weight: 2,
    rationale: "one edit away from a real type or function name (5+ letters), checked absent ignoring case; exact_set []",
    needs: "a type or function name of 5+ letters",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, rng }) {
      const slips = [];
      const seen = /* @__PURE__ */ new Set();
      for (const s of facts.targets(/* @__PURE__ */ new Set(["class", "interface", "function", "method"]))) {
        if (s.name.length < 5 || !isTypeableName(s.name) || seen.has(s.name)) continue;
        seen.add(s.name);
        const typo = typoOf(s.name, rng);
        if (typo === s.name || !isTypeableName(typo) || facts.nameTaken(typo)) continue;
        slips.push({ file: s.file, s, typo });
      }
      return slips.map(
        candidate(({ s, typo }) => ({
          intent: `Types \`${typo}\`, a slip for ${s.display}; the misspelt name must match nothing`,
          query: { op: "lookup", name: typo, bare_name: true },
          expected: { kind: "exact_set", stable_ids: [] }
        }))
      );
    }
  },
  {
    category: "ApiDiscovery",
    subType: "bare_name_collision",
    goldSource: "scip_roundtrip",
    rationale: "short names shared by 2..40 symbols; exact_set over all of them, never one arbitrary pick",
    needs: "a short name shared by 2..40 symbols",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      const candidates = [];
      for (const [name, symbols] of [...facts.byName.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
        if (!isTypeableName(name) || symbols.length < 2 || symbols.length > MAX_ANSWER_SET || symbols.every((s) => facts.isTest(s))) continue;
        candidates.push({
          file: symbols[0].file,
          draft: () => ({
            intent: `Sees \`${name}\` used and must resolve it; ${symbols.length} symbols share the name (for instance ${symbols[0].display}), so all are expected`,
            query: { op: "lookup", name, bare_name: true },
            expected: { kind: "exact_set", stable_ids: facts.lookupBare(name) }
          })
        });
      }
      return candidates;
    }
  },
  {
    category: "ApiDiscovery",
    subType: "disambiguate_by_kind",
    goldSource: "scip_roundtrip",
    rationale: "short names used by symbols of 2+ kinds, asked with one kind; exact_set over the symbols of that kind",
    needs: "a short name used by symbols of two kinds",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      const candidates = [];
      for (const [name, symbols] of [...facts.byName.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
        if (!isTypeableName(name)) continue;
        const kinds = [...new Set(symbols.map((s) => s.kind))].sort();
        if (kinds.length < 2 || symbols.every((s) => facts.isTest(s))) continue;
        for (const kind of kinds) {
          const ofKind = symbols.filter((s) => s.kind === kind);
          if (ofKind.length > MAX_ANSWER_SET) continue;
          const example = ofKind.reduce((a, b) => b.id < a.id ? b : a);
          candidates.push({
            file: example.file,
            draft: () => ({
              intent: `Wants the ${kind} \`${name}\` (such as ${example.display}), not the ${kinds.filter((k) => k !== kind).join("/")} of the same name`,
              query: { op: "lookup", name, bare_name: true, kind },
              expected: { kind: "exact_set", stable_ids: facts.lookupBare(name, kind) }
            })
          });
        }
      }
      return candidates;
    }
  },
  {
    category: "ApiDiscovery",
    subType: "disambiguate_by_enclosing_type",
    goldSource: "scip_roundtrip",
    rationale: "member names that 2+ types declare, asked as `Type#member` where no other type of that short name declares it; exact_set over that type's member(s)",
    needs: "a member name declared by two types",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets().filter((s) => {
        const owner = s.owner ? facts.symbol(s.owner) : void 0;
        if (!owner || !typeKinds.has(owner.kind) || !isTypeableName(s.name) || facts.typeOwnersOf(s.name).size < 2) return false;
        return facts.lookupBare(`${owner.name}#${s.name}`).every((id) => facts.symbol(id)?.owner === s.owner);
      }).map(
        candidate((s) => {
          const owner = facts.symbol(s.owner);
          const others = facts.typeOwnersOf(s.name).size - 1;
          const form = `${owner.name}#${s.name}`;
          return {
            intent: `Means \`${s.name}\` on ${owner.display} (${others} other type${others > 1 ? "s" : ""} declare the same member)`,
            query: { op: "lookup", name: form, bare_name: true },
            expected: { kind: "exact_set", stable_ids: facts.lookupBare(form) }
          };
        })
      );
    }
  },
  {
    category: "ApiDiscovery",
    subType: "naming_convention",
    goldSource: "adversarial",
    weight: 2,
    rationale: "a real function or method name rewritten in the other convention (snake_case <-> camelCase), checked absent ignoring case; exact_set []",
    needs: "a multi-word function or method name",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      const respelt = [];
      const seen = /* @__PURE__ */ new Set();
      for (const s of facts.targets(/* @__PURE__ */ new Set(["function", "method"]))) {
        const words = identifierWords(s.name);
        if (words.length < 2 || !isTypeableName(s.name)) continue;
        const snake = s.name.includes("_");
        const other = snake ? words.map((w, i) => i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join("") : words.map((w) => w.toLowerCase()).join("_");
        if (other === s.name || seen.has(other) || facts.nameTaken(other)) continue;
        seen.add(other);
        respelt.push({ file: s.file, s, other });
      }
      return respelt.map(
        candidate(({ s, other }) => ({
          intent: `Writes \`${other}\` out of habit, but the corpus spells it ${s.display}; the other convention must match nothing`,
          query: { op: "lookup", name: other, bare_name: true },
          expected: { kind: "exact_set", stable_ids: [] }
        }))
      );
    }
  },
  {
    category: "ApiDiscovery",
    subType: "wrong_module",
    goldSource: "adversarial",
    weight: 2,
    rationale: "a real top-level name placed under another real module, by full id; checked absent; exact_set []",
    needs: "two modules with top-level symbols",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, rng }) {
      const modules = facts.targets(/* @__PURE__ */ new Set(["module"])).filter((m) => facts.members(m.id).length > 0);
      if (modules.length < 2) return [];
      return modules.map(
        candidate((home) => {
          const members = facts.members(home.id).map((id2) => facts.symbol(id2)).filter((x) => isTypeableName(x.name));
          if (!members.length) return void 0;
          const moved = members[rng.int(members.length)];
          const target = modules[rng.int(modules.length)];
          if (target.id === home.id) return void 0;
          const suffix = moved.id.slice(home.id.endsWith("__init__:") ? home.id.length - "__init__:".length : home.id.length);
          const base = target.id.endsWith("__init__:") ? target.id.slice(0, -"__init__:".length) : target.id;
          const id = base + suffix;
          if (facts.symbol(id)) return void 0;
          return {
            intent: `Imports \`${moved.name}\` from ${target.name}, but it lives in ${home.name} (${moved.display}); the misplaced id must not resolve`,
            query: { op: "lookup", name: id, bare_name: false },
            expected: { kind: "exact_set", stable_ids: [] }
          };
        })
      );
    }
  },
  {
    category: "ApiDiscovery",
    subType: "disambiguate_by_module_path",
    goldSource: "scip_roundtrip",
    rationale: "short names defined at the top level of 2+ modules; contained_by the module meant; contains that module's symbol of the name, so the adapter must find it among the module's members",
    needs: "a short name defined at the top level of two modules",
    asks: { op: "contained_by", expected: "contains" },
    candidates({ facts }) {
      const twinOf = (s) => facts.filesOf(s.name).find((f) => f !== s.file);
      return facts.targets().filter((s) => s.kind !== "module" && isTypeableName(s.name) && s.owner !== void 0 && facts.symbol(s.owner)?.kind === "module" && twinOf(s) !== void 0 && !facts.missesDeclarationsIn(s.file)).map(
        candidate((s) => {
          const module = facts.symbol(s.owner);
          return {
            intent: `Means the \`${s.name}\` of module ${module.name}, not the one in ${twinOf(s)}; lists what ${module.name} defines to find it`,
            query: { op: "contained_by", sym_stable_id: module.id },
            expected: { kind: "contains", required: [s.id] }
          };
        })
      );
    }
  },
  {
    category: "ApiDiscovery",
    subType: "scope_restricted_lookup",
    goldSource: "scip_roundtrip",
    rationale: "a short name defined in several files, looked for within one file; file_symbols of that file; contains over the symbols of that name there",
    needs: "a short name defined in two files",
    asks: { op: "file_symbols", expected: "contains" },
    candidates({ facts, rng }) {
      const candidates = [];
      for (const file of facts.graph.files) {
        if (!facts.isTargetFile(file) || !facts.fileSymbols(file).length) continue;
        candidates.push({
          file,
          draft: () => {
            const shared = facts.fileSymbols(file).map((id) => facts.symbol(id)).filter((s) => isTypeableName(s.name) && facts.filesOf(s.name).length > 1);
            if (!shared.length) return void 0;
            const pick = shared[rng.int(shared.length)];
            const here = shared.filter((s) => s.name === pick.name).map((s) => s.id).sort();
            return {
              intent: `Looks for \`${pick.name}\` only within ${file} (other files define the same name): expects ${pick.display} among that file's symbols`,
              query: { op: "file_symbols", file_path: file },
              expected: { kind: "contains", required: here }
            };
          }
        });
      }
      return candidates;
    }
  }
];

// generators/bugfix.ts
var bugfixGenerators = [
  {
    category: "BugFix",
    subType: "callers",
    goldSource: "scip_roundtrip",
    rationale: "functions and constructors with 1..40 callers (methods go to Refactor call_sites); exact_set over every caller",
    needs: "a function or constructor with 1..40 callers",
    asks: { op: "callers", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["function", "constructor"])).filter((s) => withinLimit(facts.callers(s.id)) && facts.callersComplete(s.id)).map(
        candidate((s) => ({
          intent: `Suspects a bug in ${s.display}; lists every symbol whose body calls it`,
          query: { op: "callers", sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: facts.callers(s.id) }
        }))
      );
    }
  },
  {
    category: "BugFix",
    subType: "callees",
    goldSource: "scip_roundtrip",
    rationale: "callables that call 1..40 corpus callables; exact_set over every callee",
    needs: "a callable that calls 1..40 corpus callables",
    asks: { op: "callees", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets().filter((s) => facts.isCallable(s) && facts.calleesComplete(s.id) && withinLimit(facts.callees(s.id))).map(
        candidate((s) => ({
          intent: `Tracing a wrong result out of ${s.display}; lists every corpus function or method it calls by name (an operator is no call)`,
          query: { op: "callees", sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: facts.callees(s.id) }
        }))
      );
    }
  },
  {
    category: "BugFix",
    subType: "overrides",
    goldSource: "scip_roundtrip",
    rationale: "methods that 1..40 methods override (transitively); exact_set over every override",
    needs: "an overridden method",
    asks: { op: "implementors", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["method"])).filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id)).map(
        candidate((s) => {
          const overrides = facts.implementors(s.id);
          if (!withinLimit(overrides)) return void 0;
          return {
            intent: `Fixing ${s.display}: lists every method that overrides or implements it, which may carry the same bug`,
            query: { op: "implementors", sym_stable_id: s.id },
            expected: { kind: "exact_set", stable_ids: overrides }
          };
        })
      );
    }
  },
  {
    category: "BugFix",
    subType: "depth2_impact",
    goldSource: "scip_roundtrip",
    rationale: "the second hop of an impact walk: callers of a direct caller of the suspect; exact_set over every such caller",
    needs: "a caller that is itself called",
    asks: { op: "callers", expected: "exact_set" },
    candidates({ facts }) {
      const suspectOf = (via) => facts.callees(via.id).find((id) => id !== via.id && facts.isCallable(facts.symbol(id)) && !facts.isTest(facts.symbol(id)));
      return facts.all().filter((via) => withinLimit(facts.callers(via.id)) && facts.callersComplete(via.id) && suspectOf(via) !== void 0).map(
        candidate((via) => ({
          intent: `Changing ${facts.symbol(suspectOf(via)).display} affects its caller ${via.display}; lists the callers of that caller (second hop of the impact)`,
          query: { op: "callers", sym_stable_id: via.id },
          expected: { kind: "exact_set", stable_ids: facts.callers(via.id) }
        }))
      );
    }
  },
  {
    category: "BugFix",
    subType: "exception_type",
    goldSource: "scip_roundtrip",
    rationale: "exception classes (an ancestor is the language base error), looked up by the short name a traceback shows; exact_set over every class of that name",
    needs: "an exception class (one whose ancestors include the language base error)",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["class"])).filter((s) => facts.isException(s.id)).map(
        candidate((s) => ({
          intent: `A traceback names \`${s.name}\`; looks up the exception class ${s.display}`,
          query: { op: "lookup", name: s.name, bare_name: true, kind: "class" },
          expected: { kind: "exact_set", stable_ids: facts.lookupBare(s.name, "class") }
        }))
      );
    }
  },
  {
    category: "BugFix",
    subType: "call_sites_grep",
    goldSource: "grep_compared",
    weight: 2,
    rationale: "functions and methods whose short name (6+ letters) is unique in the corpus and that code writes in no form the language's `callLookalike` names (a bash case arm, a nested JavaScript `function name (` no index records, a Ruby `alias`, `undef` or local variable or parameter of that name, which a call without parentheses reads like, a Swift `#selector`, a Kotlin `fun` no index records, an OCaml or Haskell name before a keyword, `case x of`, or a Haskell equation no index records), its own definitions aside; text_search in code for the language's call form (`name(`, Ruby's call without parentheses, OCaml's and Haskell's application where the name heads an expression, not `map name xs`): the symbols whose code writes such a call on any receiver, resolved or not, unless the suspect itself is the only one; exact_set. A text question beside `callers`, which is the index's",
    needs: "a function or method with a unique name that is called",
    idioms: ["callText"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      return facts.targets().filter((s) => facts.isCallable(s) && hasSearchableName(facts, s, 6)).map(
        candidate((s) => {
          const lookalike = facts.idioms.callLookalike;
          if (lookalike && search(regexSearch(fillTemplate(lookalike, { name: s.name }), "code")).some((m) => inScope("code", m.syntax) && !facts.onDefinitionName(nameWithin(m, s.name)))) return void 0;
          const draft = textDraft(facts, search, regexSearch(fillTemplate(facts.idioms.callText, { name: s.name }), "code"), {
            intent: `Suspects ${s.display}; lists every symbol whose code writes a call named \`${s.name}\`, on any receiver (comments and strings aside)`,
            maxAnswer: MAX_ANSWER_SET
          });
          return draft?.expected.kind === "exact_set" && draft.expected.stable_ids.every((id) => id === s.id) ? void 0 : draft;
        })
      );
    }
  },
  {
    category: "BugFix",
    subType: "error_wrapping",
    goldSource: "grep_compared",
    rationale: "exception classes used to wrap another error; text_search in code for the language's wrap form (`raise X(...) from e`, `new X(..., { cause })`): the symbols that wrap an error in it; exact_set",
    needs: "code that wraps one error in another",
    idioms: ["errors.wrap"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      const wrap = facts.idioms.errors.wrap;
      return (wrap ? facts.targets(/* @__PURE__ */ new Set(["class"])) : []).filter((s) => facts.isException(s.id)).map(
        candidate((s) => {
          return textDraft(facts, search, regexSearch(fillTemplate(wrap, { name: s.name }), "code"), {
            intent: `Tracing where a low-level failure is re-raised as ${s.display}: lists every symbol whose code wraps an error in it`,
            maxAnswer: MAX_ANSWER_SET
          });
        })
      );
    }
  }
];
function nameWithin(m, name) {
  const words = [...m.text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}_$])${escapeRegex(name)}(?![\\p{L}\\p{N}_$])`, "gu"))];
  const last = words[words.length - 1];
  return last ? { ...m, start: m.start + last.index, end: m.start + last.index + name.length, text: name } : m;
}

// generators/config.ts
var ENV_NAME = "[A-Z][A-Z0-9_]{2,}";
var configGenerators = [
  {
    category: "Config",
    subType: "env_var_read_sites",
    goldSource: "grep_compared",
    rationale: "every environment variable the code reads (the language's env-read forms: os.environ, process.env, os.Getenv, std::env::var, ENV[\u2026], getenv\u2026); text_search in code for those forms with its name: the symbols that read it, or set it through the same form (`$ENV{X} = \u2026`, `os.environ['X'] = \u2026`); exact_set",
    needs: "code that reads an environment variable",
    idioms: ["envReads"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      const names = /* @__PURE__ */ new Map();
      const reads = facts.idioms.envReads;
      const readsOf = (name) => regexSearch(reads.map((r) => `(?:${fillTemplate(r, { name })})`).join("|"), "code");
      const anyRead = regexSearch(reads.map((r) => `(?:${r.replaceAll("{name}", ENV_NAME)})`).join("|"), "code");
      for (const hit of reads.length ? search(anyRead) : []) {
        const name = /([A-Z][A-Z0-9_]{2,})['"]?$/.exec(hit.text)?.[1];
        if (name && hit.syntax === "code" && !facts.inTestCode(hit) && !names.has(name)) names.set(name, hit.file);
      }
      return [...names.entries()].sort().map(([name, file]) => ({
        file,
        draft: () => textDraft(facts, search, readsOf(name), {
          intent: `Rotating the ${name} setting: lists every symbol whose code looks up the environment variable ${name} (in the language's read forms; a putenv-style write is not one)`,
          maxAnswer: MAX_ANSWER_SET
        })
      }));
    }
  },
  {
    category: "Config",
    subType: "config_constant_readers",
    goldSource: "grep_compared",
    rationale: "UPPER_CASE constants and variables with a unique name, none of whose uses is qualified by another owner (`LogLevel::INFO` may be another's INFO; the language's qualified forms and own receivers, idioms.qualified), none written in another file when it is declared file-local (idioms.fileLocal: Lua's `local`), and none declared again where the index records no definition (idioms.valueDeclaration: a Rust `static` inside a function); text_search of the word in code (its definition is no mention): the symbols that use it; exact_set",
    needs: "an UPPER_CASE top-level constant used somewhere",
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      return facts.targets(/* @__PURE__ */ new Set(["constant", "variable"])).filter((s) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[A-Z]{4,}$/.test(s.name) && facts.byName.get(s.name).length === 1).map(
        candidate((s) => {
          const query = wordSearch(s.name, "code");
          const qualifiedUse = regexSearch(fillTemplate(facts.idioms.qualified.use, { name: s.name }), "code");
          if (search(qualifiedUse).some((m) => m.syntax === "code" && qualifiedByAnother(m, qualifiedUse.pattern, s.owner ? facts.symbol(s.owner)?.display : void 0, facts))) return void 0;
          if (fileLocal(s.name, s.file, facts, search) && search(query).some((m) => m.syntax === "code" && m.file !== s.file)) return void 0;
          if (facts.declaresUnrecorded(s.name)) return void 0;
          return textDraft(facts, search, query, {
            intent: `Changing the value of ${s.display}: lists every symbol whose code uses ${s.name}`,
            maxAnswer: MAX_ANSWER_SET
          });
        })
      );
    }
  },
  {
    category: "Config",
    subType: "config_module_importers",
    goldSource: "grep_compared",
    rationale: "modules named like configuration (the language's config module names); text_search in code for the language's import line of that module: the symbols (mostly modules) whose code imports it; exact_set",
    needs: "a configuration module that other files import",
    idioms: ["config.importLine"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      const candidates = [];
      const { moduleNames, importLine } = facts.idioms.config;
      for (const m of importLine ? facts.targets(/* @__PURE__ */ new Set(["module"])) : []) {
        const base = m.file.replace(/\.[^./]+$/, "").split("/").pop();
        if (!idiomRegExp(moduleNames).test(base)) continue;
        const query = regexSearch(fillTemplate(importLine, { name: m.name, base }), "code_or_import");
        candidates.push({
          file: m.file,
          draft: () => textDraft(facts, search, query, {
            intent: `Moving a setting out of module ${m.name}: lists every symbol whose code imports it`,
            maxAnswer: MAX_ANSWER_SET
          })
        });
      }
      return candidates;
    }
  },
  {
    category: "Config",
    subType: "feature_flag_usage",
    goldSource: "grep_compared",
    rationale: "UPPER_CASE build flags a conditional-compilation line tests (the language's `config.flags.test`: `#ifdef _WIN32`, C#'s `#if UNITY_EDITOR`), not followed by `(`, that the corpus never defines (`config.flags.define`: a header guard or a configuration header is the corpus's own) and that the text names nowhere else outside comments (a value in code, a string); text_search in code for that line form with the flag: the symbols (or file modules) whose code tests it; exact_set",
    needs: "a build flag that conditional compilation tests",
    idioms: ["config.flags"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      const flags = facts.idioms.config.flags;
      if (!flags) return [];
      const names = /* @__PURE__ */ new Map();
      for (const hit of search(regexSearch(`${flags.test.replaceAll("{name}", "[A-Z_][A-Z0-9_]*")}.*`, "code"))) {
        if (hit.syntax !== "code") continue;
        for (const [name] of hit.text.matchAll(/\b_*[A-Z][A-Z0-9_]*[A-Z0-9]\b(?!\s*\()/g)) {
          if (name.length >= 3 && !names.has(name)) names.set(name, hit.file);
        }
      }
      return [...names.entries()].sort().map(([name, file]) => ({
        file,
        draft: () => {
          if (search(regexSearch(fillTemplate(flags.define, { name }), "code")).some((m) => m.syntax === "code")) return void 0;
          const tested = regexSearch(fillTemplate(flags.test, { name }), "code");
          if (!onlyWhereForm(search, tested, wordSearch(name, "any"), (m) => m.syntax !== "comment")) return void 0;
          return textDraft(facts, search, tested, {
            intent: `Building where ${name} is set differently (the corpus never defines it: it comes from outside, such as the compiler, the build or an including file): lists every symbol whose code tests it in conditional compilation`,
            maxAnswer: MAX_ANSWER_SET
          });
        }
      }));
    }
  }
];
function qualifiedByAnother(m, pattern, ownerDisplay, facts) {
  const qualifier = idiomRegExp(pattern).exec(m.text)?.[1];
  if (qualifier === void 0 || facts.idioms.qualified.own.includes(qualifier)) return false;
  return !(ownerDisplay ?? "").split(/[^\w$]+/).includes(qualifier);
}
function fileLocal(name, file, facts, search) {
  const form = facts.idioms.fileLocal;
  if (form === void 0 || matchesAny(facts.idioms.declarationFiles, file)) return false;
  return search(regexSearch(fillTemplate(form, { name }), "code")).some((m) => m.file === file && m.syntax === "code");
}

// generators/control-flow.ts
var controlFlowGenerators = [
  {
    category: "ControlFlow",
    subType: "exception_raisers",
    goldSource: "grep_compared",
    rationale: "exception classes no file imports another type of the same name for (the language's `errors.importedFrom`: PHP's `use Psr\\Log\\InvalidArgumentException;`) and no other own type or constant or variable is named like (OCaml's `Queue.Empty` and `Stack.Empty`: one raise form matches both); text_search in code for the language's raise form (`raise X`, `throw new X`, `Err(X\u2026)`, `return &X{\u2026}`), under its own name and every name an import declaration gives it (the language's `errors.renamed`: `use \u2026 Error as ClapError`) or an assignment does (`errors.aliased`: Ruby's `ParamsTooDeepError = QueryLimitError`): the symbols that raise or throw it; exact_set",
    needs: "an exception class that is raised or thrown somewhere",
    idioms: ["errors.raise"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      const { raise, renamed, aliased, importedFrom } = facts.idioms.errors;
      const shadowed = (s) => {
        if (!importedFrom) return false;
        const pattern = fillTemplate(importedFrom, { name: s.name });
        const own = s.display.slice(0, Math.max(0, s.display.length - s.name.length - 2));
        return search(regexSearch(pattern, "code_or_import")).filter((m) => m.syntax === "import").some((m) => (idiomRegExp(pattern).exec(m.text)?.[1] ?? "").replace(/\\|::/g, "/") !== own);
      };
      const sharesName = (s) => facts.lookupBare(s.name).some((o) => o !== s.id && namesAType(facts.symbol(o).kind));
      const namesGiven = (template2, where, name) => {
        if (!template2) return [];
        const pattern = fillTemplate(template2, { name });
        const names = search(regexSearch(pattern, "code_or_import")).filter((m) => m.syntax === where).map((m) => idiomRegExp(pattern).exec(m.text)?.[1]).filter((n) => n !== void 0 && n !== name);
        return [...new Set(names)].sort();
      };
      return (raise ? facts.targets(/* @__PURE__ */ new Set(["class"])) : []).filter((s) => facts.isException(s.id)).map(
        candidate((s) => {
          if (shadowed(s) || sharesName(s)) return void 0;
          const imported = namesGiven(renamed, "import", s.name);
          const assigned = namesGiven(aliased, "code", s.name).filter((n) => !imported.includes(n));
          const pattern = [s.name, ...imported, ...assigned].map((name) => fillTemplate(raise, { name })).join("|");
          const also = [alsoAs(imported, "an import gives"), alsoAs(assigned, "an assignment gives")].filter(Boolean).join("; ");
          return textDraft(facts, search, regexSearch(pattern, "code"), {
            intent: `Triaging an error of type ${s.display}: lists every symbol whose code raises or throws it${also ? ` (${also})` : ""}`,
            maxAnswer: MAX_ANSWER_SET
          });
        })
      );
    }
  },
  {
    category: "ControlFlow",
    subType: "exception_hierarchy",
    goldSource: "scip_roundtrip",
    rationale: "exception classes with subclasses; implementors, transitive; exact_set",
    needs: "an exception class with subclasses",
    asks: { op: "implementors", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["class"])).filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id) && facts.isException(s.id)).map(
        candidate((s) => {
          const subs = facts.implementors(s.id);
          if (subs.length === 0 || subs.length > MAX_ANSWER_SET) return void 0;
          return {
            intent: `Writing an except/catch for ${s.display}: lists every exception class it also catches (its subclasses)`,
            query: { op: "implementors", sym_stable_id: s.id },
            expected: { kind: "exact_set", stable_ids: subs }
          };
        })
      );
    }
  },
  {
    category: "ControlFlow",
    subType: "thrown_error_codes",
    goldSource: "grep_compared",
    rationale: "errors thrown through something other than a corpus class (error-code factories such as `throw new FST_ERR_X()`, or `raise errors.X(...)`: the language's raise-a-call form, found in code); text_search of the name in code; exact_set",
    needs: "a `throw new X(` or `raise X(` whose X is not a corpus class",
    idioms: ["errors.raiseCall"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      const names = /* @__PURE__ */ new Map();
      const raiseCall = facts.idioms.errors.raiseCall;
      for (const hit of raiseCall ? search(regexSearch(raiseCall, "code")) : []) {
        if (hit.syntax !== "code") continue;
        const name = /([A-Za-z_$][\w$]*)\($/.exec(hit.text)?.[1];
        if (!name || name.length < 5 || facts.inTestCode(hit) || facts.byName.get(name)?.some((s) => s.kind === "class")) continue;
        if (!names.has(name)) names.set(name, hit.file);
      }
      return [...names.entries()].sort().map(([name, file]) => ({
        file,
        draft: () => textDraft(facts, search, wordSearch(name, "code"), {
          intent: `A log shows the error \`${name}\`; lists every symbol whose code mentions it (where it is thrown, wrapped or handled)`,
          maxAnswer: MAX_ANSWER_SET
        })
      }));
    }
  },
  {
    category: "ControlFlow",
    subType: "error_message_raisers",
    goldSource: "grep_compared",
    rationale: 'literal error messages (12+ characters, with a space or an UPPER_CASE code, up to the first interpolation) raised or reported outside test code in the language\'s message form (`errors.message`: Lua\'s `error("\u2026")`, Perl\'s `die "\u2026"`, Go\'s `errors.New("\u2026")`), whose text appears nowhere else, comments, strings and tests included; text_search in code for that form with the message: the symbols that raise it; exact_set',
    needs: "an error raised with a literal message",
    idioms: ["errors.message"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates({ facts, search }) {
      const form = facts.idioms.errors.message;
      if (!form) return [];
      const anyMessage = form.replaceAll("{message}", `([^"'\\\\]*)(?:'\\w)?`);
      const messages = /* @__PURE__ */ new Map();
      const capture = new RegExp(anyMessage, "du");
      for (const hit of search(regexSearch(anyMessage, "code"))) {
        const found = capture.exec(hit.text);
        if (!found || hit.syntax !== "code" || facts.inTestCode(hit)) continue;
        const message = literalMessage(found[1], hit.text.slice(found.indices[1][1]));
        if (message && !messages.has(message)) messages.set(message, hit.file);
      }
      return [...messages.entries()].sort().map(([message, file]) => ({
        file,
        draft: () => {
          const raised = regexSearch(fillTemplate(form, { message }), "code");
          if (!onlyWhereForm(search, raised, regexSearch(escapeRegex(message), "any"))) return void 0;
          return textDraft(facts, search, raised, {
            intent: `A log shows an error starting "${message}": lists every symbol whose code raises or reports an error whose message starts so`,
            maxAnswer: MAX_ANSWER_SET
          });
        }
      }));
    }
  }
];
function literalMessage(captured, after) {
  let literal = /^[^%$@#{}`\\]*/.exec(captured)[0];
  if (literal === captured && /^'\w/u.test(after)) literal = literal.replace(/\S*$/, "");
  literal = literal.replace(/[^A-Za-z0-9]+$/, "");
  return /^[A-Za-z]/.test(literal) && literal.length >= 12 && (literal.includes(" ") || /^[A-Z][A-Z0-9_]+$/.test(literal)) ? literal : void 0;
}
function alsoAs(names, source) {
  if (names.length === 0) return "";
  return `also as ${names.map((a) => `\`${a}\``).join(", ")}, the name${names.length > 1 ? "s" : ""} ${source} it`;
}
function namesAType(kind) {
  return typeKinds.has(kind) || kind === "constant" || kind === "variable";
}

// generators/drift.ts
function lookupable(facts, s) {
  return isTypeableName(s.name) && (facts.isCallable(s) || typeKinds.has(s.kind));
}
function staleLookup(drift, name) {
  return sortedUnique(drift.facts.lookupBare(name).map((id) => drift.asCurrent(id)));
}
function onePerName(symbols, keep) {
  const names = /* @__PURE__ */ new Map();
  for (const s of symbols) if (!names.has(s.name) && keep(s)) names.set(s.name, s);
  return [...names.values()];
}
function differs(a, b) {
  return a.length !== b.length || a.some((x, i) => x !== b[i]);
}
var driftGenerators = [
  {
    category: "Drift",
    subType: "removed_since_earlier_pin",
    goldSource: "scip_roundtrip",
    rationale: "a callable or type name the earlier pin defined and the current one does not; exact_set [] (a memory of the earlier code still finds it)",
    needs: "an earlier pin (the lock's `drift`) defining a name the current pin no longer has",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return onePerName(drift.facts.targets(), (s) => lookupable(drift.facts, s) && !facts.byName.has(s.name)).map(
        candidate((s) => ({
          intent: `Upgraded from ${drift.from}, whose ${s.display} it remembers; looks it up in the current code, where nothing has that name any more`,
          query: { op: "lookup", name: s.name, bare_name: true },
          expected: { kind: "exact_set", stable_ids: [] }
        }))
      );
    }
  },
  {
    category: "Drift",
    subType: "added_since_earlier_pin",
    goldSource: "scip_roundtrip",
    rationale: "a callable or type name 1..40 symbols of the current pin have and the earlier pin had none of; exact_set over them",
    needs: "an earlier pin (the lock's `drift`) lacking a name the current pin defines",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return onePerName(facts.targets(), (s) => lookupable(facts, s) && !drift.facts.byName.has(s.name)).map(
        candidate((s) => {
          const ids = facts.lookupBare(s.name);
          if (!withinLimit(ids)) return void 0;
          return {
            intent: `Knows the code as of ${drift.from}; looks up \`${s.name}\`, which came in after it`,
            query: { op: "lookup", name: s.name, bare_name: true },
            expected: { kind: "exact_set", stable_ids: ids }
          };
        })
      );
    }
  },
  {
    category: "Drift",
    subType: "moved_since_earlier_pin",
    goldSource: "scip_roundtrip",
    rationale: "a name both pins define whose symbols changed (moved to another file or type, or one of several removed or added); exact_set over the current ones",
    needs: "an earlier pin (the lock's `drift`) where a name the current pin keeps belonged to other symbols",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return onePerName(facts.targets(), (s) => lookupable(facts, s) && drift.facts.byName.has(s.name)).map(
        candidate((s) => {
          const ids = facts.lookupBare(s.name);
          const stale = staleLookup(drift, s.name);
          if (!withinLimit(ids) || !differs(ids, stale)) return void 0;
          return {
            intent: `Remembers \`${s.name}\` from ${drift.from}, where its definitions were elsewhere or others; looks it up again in the current code`,
            query: { op: "lookup", name: s.name, bare_name: true },
            expected: { kind: "exact_set", stable_ids: ids }
          };
        })
      );
    }
  },
  {
    category: "Drift",
    subType: "earlier_id_gone",
    goldSource: "scip_roundtrip",
    rationale: "the id, written for the current pin, of a symbol the earlier pin had under a name some symbol of the current pin still has (it moved or changed kind, or the name is now another symbol's); exact lookup, exact_set []: an old id must not resolve",
    needs: "an earlier pin (the lock's `drift`) with a symbol whose id is gone while its name lives on",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return drift.facts.targets().filter((s) => lookupable(drift.facts, s) && facts.byName.has(s.name) && !facts.symbol(drift.asCurrent(s.id))).map(
        candidate((s) => ({
          intent: `Kept the id of ${s.display} from ${drift.from}; the current code still names a symbol \`${s.name}\`, but none under that id, which must resolve to nothing now`,
          query: { op: "lookup", name: drift.asCurrent(s.id), bare_name: false },
          expected: { kind: "exact_set", stable_ids: [] }
        }))
      );
    }
  },
  {
    category: "Drift",
    subType: "moved_symbol_id",
    goldSource: "scip_roundtrip",
    rationale: "the current id of a symbol whose name one symbol has at each pin, under another id at the earlier pin (it moved); exact lookup of the current id, exact_set [it]: the new id must resolve",
    needs: "an earlier pin (the lock's `drift`) where the one symbol of a name had another id",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, drift }) {
      if (!drift) return [];
      return facts.targets().filter((s) => {
        if (!lookupable(facts, s) || facts.lookupBare(s.name).length !== 1) return false;
        const before2 = drift.facts.lookupBare(s.name);
        return before2.length === 1 && drift.asCurrent(before2[0]) !== s.id;
      }).map(
        candidate((s) => ({
          intent: `\`${s.name}\` moved after ${drift.from}; the agent has its new id, ${s.display}, which must resolve`,
          query: { op: "lookup", name: s.id, bare_name: false },
          expected: { kind: "exact_set", stable_ids: [s.id] }
        }))
      );
    }
  },
  {
    category: "Drift",
    subType: "changed_file",
    goldSource: "scip_roundtrip",
    rationale: "a file both pins have whose 1..40 symbols are not the earlier pin's: what it defines now; exact_set",
    needs: "an earlier pin (the lock's `drift`) where a file of the current pin defined other symbols",
    asks: { op: "file_symbols", expected: "exact_set" },
    candidates({ facts, drift }) {
      if (!drift) return [];
      const earlier = new Set(drift.facts.graph.files);
      return facts.graph.files.filter((file) => earlier.has(file) && facts.isTargetFile(file)).map((file) => ({ file })).map(
        candidate(({ file }) => {
          if (!surveyable(facts, file)) return void 0;
          const now = facts.fileSymbols(file);
          const stale = sortedUnique(drift.facts.fileSymbols(file).map((id) => drift.asCurrent(id)));
          if (!withinLimit(now) || !differs(now, stale)) return void 0;
          return {
            intent: `Read ${file} at ${drift.from}; it changed since, and the agent asks what it defines now`,
            query: { op: "file_symbols", file_path: file },
            expected: { kind: "exact_set", stable_ids: now }
          };
        })
      );
    }
  }
];

// generators/feature-add.ts
function registrationShaped(facts, s) {
  const { receiver, returns, booleanTypes } = facts.idioms.signatures;
  const signature = facts.signatureOf(s);
  const open = signature?.indexOf("(") ?? -1;
  if (!signature || open < 0) return false;
  let depth = 0;
  let close = -1;
  for (let i = open; i < signature.length && close < 0; i++) {
    if (signature[i] === "(") depth += 1;
    else if (signature[i] === ")" && --depth === 0) close = i;
  }
  if (close < 0) return false;
  const params = signature.slice(open + 1, close).replace(receiver ? idiomRegExp(receiver) : /^$/, "");
  if (!params.trim()) return false;
  const returned = returns ? idiomRegExp(returns).exec(signature)?.groups?.type : void 0;
  return !(returned && booleanTypes.includes(returned));
}
var featureAddGenerators = [
  {
    category: "FeatureAdd",
    subType: "extension_point",
    goldSource: "scip_roundtrip",
    rationale: "interfaces and base classes that others implement; implementors (transitive); exact_set over every existing implementation to mirror",
    needs: "an interface or base class with implementations",
    asks: { op: "implementors", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["interface", "class"])).filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id) && !facts.isException(s.id)).map(
        candidate((s) => {
          const subs = facts.implementors(s.id);
          if (subs.length === 0 || subs.length > MAX_ANSWER_SET) return void 0;
          return {
            intent: `Adding a new implementation of ${s.display}: lists the existing ones to mirror`,
            query: { op: "implementors", sym_stable_id: s.id },
            expected: { kind: "exact_set", stable_ids: subs }
          };
        })
      );
    }
  },
  {
    category: "FeatureAdd",
    subType: "registration_call_sites",
    goldSource: "scip_roundtrip",
    rationale: "callables named like registration or DI entry points by the language folder's vocabulary (`idioms.registration`: verbs such as register* or subscribe*; add* only when what it adds is something one registers, such as a listener, route or command; on, use and the like only as the whole name; none where the language has no such idiom) whose recorded signature has the shape of one: it takes an argument besides its receiver and returns no boolean (by the language's signature idioms), and which code in another file calls (an entry point, not a file's own helper); callers; exact_set over every registration site",
    needs: "a registration-style function or method, shaped like one by its recorded signature, that another file calls",
    asks: { op: "callers", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets().filter((s) => facts.isCallable(s) && namedLikeRegistration(facts.idioms.registration, s.name) && registrationShaped(facts, s) && facts.callersComplete(s.id)).filter((s) => facts.callers(s.id).some((c) => facts.symbol(c).file !== s.file) && facts.callers(s.id).length <= MAX_ANSWER_SET).map(
        candidate((s) => ({
          intent: `Registering a new feature through ${s.display}: lists every place that already registers through it`,
          query: { op: "callers", sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: facts.callers(s.id) }
        }))
      );
    }
  },
  {
    category: "FeatureAdd",
    subType: "closest_feature",
    goldSource: "scip_roundtrip",
    rationale: "modules holding 2+ functions or classes of one kind (sibling features); contained_by; exact_set over every member",
    needs: "a module with two or more sibling functions or classes",
    asks: { op: "contained_by", expected: "exact_set" },
    candidates({ facts, rng }) {
      return facts.targets(/* @__PURE__ */ new Set(["module"])).filter((m) => facts.members(m.id).length >= 2 && facts.members(m.id).length <= MAX_ANSWER_SET && facts.membersListable(m.id)).map(
        candidate((m) => {
          const members = facts.members(m.id);
          const features = members.map((id) => facts.symbol(id)).filter((s) => s.kind === "function" || s.kind === "class");
          if (features.length < 2) return void 0;
          const model = features[rng.int(features.length)];
          return {
            intent: `Adding a feature like ${model.display}: lists everything its module ${m.name} defines, to place and shape the new one alongside`,
            query: { op: "contained_by", sym_stable_id: m.id },
            expected: { kind: "exact_set", stable_ids: members }
          };
        })
      );
    }
  },
  {
    category: "FeatureAdd",
    subType: "partner_file",
    goldSource: "scip_roundtrip",
    rationale: "the test file whose path carries the name of a source file (3+ letters) and whose tests call most into it; file_symbols of that test file; contains over the tests calling into the source file",
    needs: "a source file whose code tests call",
    asks: { op: "file_symbols", expected: "contains" },
    candidates({ facts }) {
      return facts.graph.files.filter((f) => facts.isTargetFile(f) && facts.fileSymbols(f).some((id) => facts.calledFromTests().has(id))).map((source) => ({
        file: source,
        draft: () => {
          const byTestFile = /* @__PURE__ */ new Map();
          for (const id of facts.fileSymbols(source)) {
            for (const caller of facts.callers(id)) {
              const c = facts.symbol(caller);
              if (!facts.inTestFile(c.file)) continue;
              const set = byTestFile.get(c.file) ?? /* @__PURE__ */ new Set();
              set.add(caller);
              byTestFile.set(c.file, set);
            }
          }
          const stem = source.slice(source.lastIndexOf("/") + 1).replace(/\.[^.]*$/u, "").toLowerCase();
          const named = [...byTestFile.entries()].filter(([file]) => stem.length >= 3 && file.toLowerCase().includes(stem));
          const best = named.sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))[0];
          if (!best || best[1].size > MAX_ANSWER_SET) return void 0;
          return {
            intent: `Adding a feature to ${source}: opens its partner test file ${best[0]} and expects the tests that call into it`,
            query: { op: "file_symbols", file_path: best[0] },
            expected: { kind: "contains", required: [...best[1]].sort() }
          };
        }
      }));
    }
  },
  {
    category: "FeatureAdd",
    subType: "public_api_surface",
    goldSource: "scip_roundtrip",
    rationale: "entry modules (the module of a file with one of the language's entry file names, such as index, __init__, lib, or named after the package; not a module of tests by the language's `testModules`, such as Rust's `mod test`; not one whose file re-exports names defined elsewhere by the language's `reExports`, such as Python's `from .x import Y as Y` or Rust's `pub use`, since its public surface is more than it defines) with 1..40 members; contained_by; exact_set",
    needs: "an entry module with 1..40 top-level symbols",
    asks: { op: "contained_by", expected: "exact_set" },
    candidates({ facts }) {
      const pkg = facts.graph.packagePrefix.split(" ")[2] ?? "";
      return facts.targets(/* @__PURE__ */ new Set(["module"])).filter((m) => {
        const base = m.file.split("/").pop().replace(/\.(d\.)?[^.]+$/, "");
        return [...facts.idioms.entryModules, pkg].includes(base);
      }).filter((m) => !matchesAny(facts.idioms.testModules, m.name) && !facts.reExportsIn(m.file)).filter((m) => facts.members(m.id).length > 0 && facts.members(m.id).length <= MAX_ANSWER_SET && facts.membersListable(m.id)).map(
        candidate((m) => ({
          intent: `Exposing a new feature from the package entry ${m.name}: lists what that module defines today`,
          query: { op: "contained_by", sym_stable_id: m.id },
          expected: { kind: "exact_set", stable_ids: facts.members(m.id) }
        }))
      );
    }
  }
];

// generators/refactor.ts
var refactorGenerators = [
  {
    category: "Refactor",
    subType: "methods_of_class",
    goldSource: "scip_roundtrip",
    rationale: "classes and interfaces with 1..300 direct members, the central types with hundreds included; exact_set over all of them (the reference set truncated these to 5)",
    needs: "a class or interface with 1..300 members",
    asks: { op: "contained_by", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["class", "interface"])).filter((s) => facts.members(s.id).length > 0 && facts.members(s.id).length <= MAX_MEMBER_SET && facts.membersListable(s.id)).map(
        candidate((s) => ({
          intent: `Renaming ${s.display}: lists every method and field declared directly in it${membersBeyondMethodsAndFields(facts, s.id)}`,
          query: { op: "contained_by", sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: facts.members(s.id) }
        }))
      );
    }
  },
  {
    category: "Refactor",
    subType: "call_sites",
    goldSource: "scip_roundtrip",
    rationale: "methods with 1..40 callers; exact_set over every calling symbol, since a rename must touch all of them",
    needs: "a method with 1..40 callers",
    asks: { op: "callers", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["method"])).filter((s) => withinLimit(facts.callers(s.id)) && facts.callersComplete(s.id)).map(
        candidate((s) => ({
          intent: `Renaming ${s.display}: lists every symbol that calls it`,
          query: { op: "callers", sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: facts.callers(s.id) }
        }))
      );
    }
  },
  {
    category: "Refactor",
    subType: "implementors",
    goldSource: "scip_roundtrip",
    rationale: "non-exception classes and interfaces with 1..40 subtypes (transitive); exact_set",
    needs: "a non-exception class or interface with subtypes",
    asks: { op: "implementors", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["class", "interface"])).filter((s) => facts.hasSubtypes(s.id) && facts.implementorsKnown(s.id) && !facts.isException(s.id)).map(
        candidate((s) => {
          const subtypes = facts.implementors(s.id);
          if (!withinLimit(subtypes)) return void 0;
          return {
            intent: `Changing the contract of ${s.display}: lists every type that implements or extends it`,
            query: { op: "implementors", sym_stable_id: s.id },
            expected: { kind: "exact_set", stable_ids: subtypes }
          };
        })
      );
    }
  },
  {
    category: "Refactor",
    subType: "dead_exports",
    goldSource: "scip_roundtrip",
    rationale: "one question per kind, function and method (not constructor: classes are constructed through variables no index follows), whose uncalled set has 1..40 members all named by no unresolved call, no import (a re-export), no module-level code, no use as a value and no word in code but their definitions; exact_set over the whole set",
    needs: "a callable kind whose uncalled set has 1..40 members",
    asks: { op: "orphans", expected: "exact_set" },
    candidates({ facts }) {
      const candidates = [];
      for (const kind of symbolKinds) {
        if (!["function", "method"].includes(kind)) continue;
        const orphans = facts.orphans(kind);
        if (!withinLimit(orphans) || !orphans.every((id) => facts.callersComplete(id) && !facts.namedNotCalled(id) && !facts.writtenBesidesDefinitions(id))) continue;
        const example = facts.symbol(orphans[0]);
        candidates.push({
          file: example.file,
          draft: () => ({
            intent: `Pruning dead code: lists every ${kind} nothing in the corpus calls (for instance ${example.display})`,
            query: { op: "orphans", kind },
            expected: { kind: "exact_set", stable_ids: orphans }
          })
        });
      }
      return candidates;
    }
  },
  {
    category: "Refactor",
    subType: "enum_variants",
    goldSource: "scip_roundtrip",
    rationale: "enums with 1..40 members that are all variants (an enum with methods of its own, such as a Rust enum with an impl, is not asked: contained_by would list the methods too); exact_set over every variant",
    needs: "an enum whose members are all variants",
    asks: { op: "contained_by", expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets(/* @__PURE__ */ new Set(["enum"])).filter((s) => withinLimit(facts.members(s.id)) && facts.members(s.id).every((m) => facts.symbol(m)?.kind === "enum_member") && facts.membersListable(s.id)).map(
        candidate((s) => ({
          intent: `Renaming a variant of ${s.display}: lists every variant it declares`,
          query: { op: "contained_by", sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: facts.members(s.id) }
        }))
      );
    }
  },
  {
    category: "Refactor",
    subType: "cross_module_callers",
    goldSource: "scip_roundtrip",
    rationale: "callables called both from their own file and from others (the files that hold the bodies, a C header's prototype aside; not asked of one with bodies in several files, nor where a caller with several has one in its file); callers; contains over the callers in other files (the ones a move breaks)",
    needs: "a callable called from its own file and from another",
    asks: { op: "callers", expected: "contains" },
    candidates({ facts }) {
      return facts.targets().filter((s) => facts.isCallable(s) && facts.callers(s.id).length >= 2).map(
        candidate((s) => {
          const callers = facts.callers(s.id);
          const home = facts.bodyFile(s.id);
          if (home === void 0 || callers.some((c) => facts.bodyFiles(c).length > 1 && facts.bodyFiles(c).includes(home))) return void 0;
          const elsewhere = callers.filter((c) => !facts.bodyFiles(c).includes(home));
          if (elsewhere.length === 0 || elsewhere.length === callers.length || elsewhere.length > MAX_ANSWER_SET) return void 0;
          return {
            intent: `Moving ${s.display} out of ${home}: finds callers in other files, whose imports of it may need to change (at least these; a call the index could not resolve may add more)`,
            query: { op: "callers", sym_stable_id: s.id },
            expected: { kind: "contains", required: elsewhere }
          };
        })
      );
    }
  },
  {
    category: "Refactor",
    subType: "rename_text_sites",
    goldSource: "grep_compared",
    rationale: "functions and methods with a unique compound name of 6+ letters (two or more words: `parseHeaders`, `add_route`; a single word such as `process` is prose as often as code); text_search of the word anywhere, comments and strings included (its definitions are no mention): every place a rename must also touch; exact_set",
    needs: "a uniquely named function or method mentioned elsewhere",
    asks: { op: "text_search", expected: "exact_set" },
    weight: 2,
    candidates({ facts, search }) {
      return facts.targets().filter((s) => facts.isCallable(s) && hasSearchableName(facts, s, 6) && isCompoundName(s.name)).map(
        candidate((s) => textDraft(facts, search, wordSearch(s.name, "any"), {
          intent: `Renaming ${s.display}: lists every symbol whose text mentions \`${s.name}\`, in code, comments or strings, so no call, docstring or message is missed`,
          maxAnswer: MAX_ANSWER_SET
        }))
      );
    }
  }
];
function isCompoundName(name) {
  return name.split(/_+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter((w) => /[A-Za-z]/.test(w)).length >= 2;
}
function membersBeyondMethodsAndFields(facts, id) {
  const kinds = new Set(facts.members(id).map((m) => facts.symbol(m).kind));
  const extras = [
    ...[...kinds].some((k) => typeKinds.has(k)) ? ["nested types"] : [],
    ...kinds.has("module") ? ["nested modules"] : [],
    ...kinds.has("event") ? ["events"] : [],
    ...kinds.has("error") ? ["errors"] : []
  ];
  if (extras.length === 0) return "";
  return `, and its ${extras.length === 1 ? extras[0] : `${extras.slice(0, -1).join(", ")} and ${extras[extras.length - 1]}`}`;
}

// generators/sampling.ts
import { createHash } from "node:crypto";
function createRng(seed, label) {
  const h = createHash("sha256").update(`${seed}\0${label}`).digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b >>> 0) + d >>> 0;
    d = d + 1 >>> 0;
    a = b ^ b >>> 9;
    b = c + (c << 3) >>> 0;
    c = c << 21 | c >>> 11;
    c = c + t >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng = {
    next,
    int: (n) => Math.floor(next() * n),
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    }
  };
  return rng;
}
function spreadAcrossFiles(items, rng) {
  const byFile = /* @__PURE__ */ new Map();
  for (const item of items) {
    const list = byFile.get(item.file);
    if (list) list.push(item);
    else byFile.set(item.file, [item]);
  }
  const files = rng.shuffle([...byFile.keys()].sort());
  const queues = files.map((f) => rng.shuffle(byFile.get(f)));
  const out = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const q of queues) if (round < q.length) out.push(q[round]);
  }
  return out;
}

// generators/session.ts
function followable(facts, s) {
  return facts.isCallable(s) && isTypeableName(s.name) && withinLimit(facts.callers(s.id)) && facts.lookupBare(s.name).length === 1 && facts.callersComplete(s.id);
}
function nearMissOf(facts, name, style, rng) {
  const near = style === "case" ? flipFirstCase(name) : typoOf(name, rng);
  if (!near || near === name) return void 0;
  if (style === "case" ? facts.byName.has(near) : facts.nameTaken(near)) return void 0;
  return near;
}
function flipFirstCase(name) {
  const first = name[0];
  const flipped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  return flipped === first ? void 0 : flipped + name.slice(1);
}
function ownerType(facts, s) {
  const owner = s.owner ? facts.symbol(s.owner) : void 0;
  return owner && typeKinds.has(owner.kind) ? owner : void 0;
}
function callSiteOf(facts, search, s, site) {
  const callers = new Set(facts.callers(s.id));
  const matches = search(regexSearch(fillTemplate(site, { name: s.name }), "code"));
  return matches.find((m) => m.syntax === "code" && facts.answerText([m], "code").some((id) => callers.has(id)));
}
function renderFeedback(feedback, form, s, owner, near, m) {
  const template2 = feedback[form].message;
  const ownerKind = owner ? feedback.ownerKinds[owner.kind] : void 0;
  if (template2.includes("{ownerKind}") && !ownerKind) return void 0;
  const values = {
    file: m.file,
    line: String(m.line),
    // Compilers point at the name itself, which the site's text ends with (before its `(`).
    column: String(m.start + m.text.replace(/\s*\($/, "").length - s.name.length + 1),
    near,
    name: s.name,
    owner: owner?.name ?? "",
    ownerKind: ownerKind ?? "",
    call: m.text.replace(/\s*\($/, "").replace(new RegExp(`${escapeRegex(s.name)}$`), near)
  };
  return template2.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);
}
function traceable(facts, s) {
  return facts.isCallable(s) && isTypeableName(s.name) && facts.calleesComplete(s.id) && withinLimit(facts.callees(s.id)) && facts.lookupBare(s.name).length === 1;
}
function smallFile(facts, file) {
  const n = facts.fileSymbols(file).length;
  return n >= 2 && n <= MAX_ANSWER_SET;
}
var followUps = {
  callers: { ok: followable, answer: (facts, id) => facts.callers(id), asks: "who calls it", op: "callers" },
  callees: { ok: traceable, answer: (facts, id) => facts.callees(id), asks: "what it calls by name", op: "callees" }
};
function continuation(kind) {
  const f = followUps[kind];
  return {
    category: "ConversationalContinuation",
    subType: `${kind}_of_the_found_symbol`,
    goldSource: "scip_roundtrip",
    rationale: `a bare-name lookup that finds one callable, then ${f.asks}, naming the id the lookup returned; exact_set on both turns`,
    needs: `a callable with a unique short name and 1..40 ${kind}, all of them known`,
    asks: { op: f.op, expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets().filter((s) => f.ok(facts, s)).map(
        candidate((s) => ({
          intent: `Just found ${s.display} by its name; now asks ${f.asks}, naming the id the lookup returned`,
          session: { preceding_query: { op: "lookup", name: s.name, bare_name: true }, preceding_expected: { kind: "exact_set", stable_ids: [s.id] } },
          query: { op: f.op, sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: f.answer(facts, s.id) }
        }))
      );
    }
  };
}
function handoff(kind) {
  const f = followUps[kind];
  return {
    category: "SubAgentContextHandoff",
    subType: `file_overview_then_${kind}`,
    goldSource: "scip_roundtrip",
    rationale: `the main agent lists a file's 2..40 symbols; a fresh sub-agent asks ${f.asks} of one callable of it (unique name, every one of its ${kind} known); exact_set on both`,
    needs: `a file with 2..40 symbols defining a callable with 1..40 ${kind}, all of them known`,
    asks: { op: f.op, expected: "exact_set" },
    candidates({ facts }) {
      return facts.targets().filter((s) => f.ok(facts, s) && smallFile(facts, s.file)).map(
        candidate((s) => !surveyable(facts, s.file) ? void 0 : {
          intent: `The main agent surveyed ${s.file}; a fresh sub-agent, handed ${s.display} from that survey, asks ${f.asks}`,
          session: { main_query: { op: "file_symbols", file_path: s.file }, main_expected: { kind: "exact_set", stable_ids: facts.fileSymbols(s.file) } },
          query: { op: f.op, sym_stable_id: s.id },
          expected: { kind: "exact_set", stable_ids: f.answer(facts, s.id) }
        })
      );
    }
  };
}
var sessionGenerators = [
  continuation("callers"),
  continuation("callees"),
  {
    category: "RereadCascade",
    subType: "repeated_file_listing",
    goldSource: "scip_roundtrip",
    rationale: "every symbol of a file with 1..40 of them, asked 2..5 times in one session as an agent re-reads a file while it edits; each read exact_set",
    needs: "a source file with 1..40 symbols",
    asks: { op: "file_symbols", expected: "exact_set" },
    candidates({ facts, rng }) {
      return facts.graph.files.filter((file) => facts.isTargetFile(file) && withinLimit(facts.fileSymbols(file))).map((file) => ({ file, reads: REREAD_TURNS.min + rng.int(4) })).map(
        candidate(({ file, reads }) => {
          if (!surveyable(facts, file)) return void 0;
          const query = { op: "file_symbols", file_path: file };
          return {
            intent: `Re-reads what ${file} defines ${reads} times while editing it; every read must give the same full list`,
            session: { queries: Array.from({ length: reads }, () => query) },
            query,
            expected: { kind: "exact_set", stable_ids: facts.fileSymbols(file) }
          };
        })
      );
    }
  },
  {
    category: "RereadCascade",
    subType: "repeated_name_lookup",
    goldSource: "scip_roundtrip",
    rationale: "a bare-name lookup of a type or callable name that 1..40 symbols share, asked 2..5 times in one session; each read exact_set",
    needs: "a type or callable name",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, rng }) {
      const seen = /* @__PURE__ */ new Set();
      const picks = [];
      for (const s of facts.targets()) {
        if (seen.has(s.name) || !isTypeableName(s.name) || !(facts.isCallable(s) || typeKinds.has(s.kind))) continue;
        seen.add(s.name);
        if (withinLimit(facts.lookupBare(s.name))) picks.push({ file: s.file, name: s.name, reads: REREAD_TURNS.min + rng.int(4) });
      }
      return picks.map(
        candidate(({ name, reads }) => {
          const query = { op: "lookup", name, bare_name: true };
          return {
            intent: `Looks up \`${name}\` ${reads} times in one session as it keeps coming back to the code; every read must find the same symbols`,
            session: { queries: Array.from({ length: reads }, () => query) },
            query,
            expected: { kind: "exact_set", stable_ids: facts.lookupBare(name) }
          };
        })
      );
    }
  },
  handoff("callers"),
  handoff("callees"),
  {
    category: "BashFeedbackLoop",
    subType: "misspelt_call_to_symbol",
    goldSource: "scip_roundtrip",
    rationale: "a compiler's or interpreter's message about a misspelt call at a real call site, which names the real symbol; a bare-name lookup of that name, which only it has; exact_set",
    needs: "a callable with a unique short name called where the language folder's site pattern finds the call",
    idioms: ["feedback"],
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, rng, search }) {
      const feedback = facts.idioms.feedback;
      if (!feedback) return [];
      const slips = [];
      for (const s of facts.targets()) {
        if (!followable(facts, s)) continue;
        const owner = ownerType(facts, s);
        const form = owner ? "member" : s.owner && facts.symbol(s.owner)?.kind !== "module" ? void 0 : "free";
        if (!form || !feedback[form]) continue;
        const near = nearMissOf(facts, s.name, feedback.nearMiss, rng);
        if (near) slips.push({ file: s.file, s, ...owner ? { owner } : {}, near, form });
      }
      return slips.map(
        candidate(({ s, owner, near, form }) => {
          const site = callSiteOf(facts, search, s, feedback[form].site);
          const stderr = site && renderFeedback(feedback, form, s, owner, near, site);
          if (!stderr) return void 0;
          return {
            intent: `\`${feedback.command}\` failed on a misspelt call; the message names ${s.name}, and the agent looks it up to fix the call`,
            session: { context: { preceding_command: feedback.command, stderr_excerpt: stderr } },
            query: { op: "lookup", name: s.name, bare_name: true },
            expected: { kind: "exact_set", stable_ids: [s.id] }
          };
        })
      );
    }
  }
];

// generators/testgen.ts
function idiomCandidates(idioms, what, ctx) {
  const candidates = [];
  for (const idiom of idioms) {
    const query = wordSearch(idiom, "code");
    const testHit = ctx.search(query).find((h) => h.syntax === "code" && ctx.facts.inTestCode(h));
    if (!testHit) continue;
    candidates.push({
      file: testHit.file,
      draft: () => textDraft(ctx.facts, ctx.search, query, {
        intent: `Writing a test in the house style: lists every symbol whose code uses \`${idiom}\` (${what})`,
        maxAnswer: MAX_ANSWER_SET
      })
    });
  }
  return candidates;
}
var testGenGenerators = [
  {
    category: "TestGen",
    subType: "tests_in_file",
    goldSource: "scip_roundtrip",
    rationale: "test files with 2..40 symbols (one would be the example the intent names), none of them filed under another file; file_symbols; exact_set over everything the file defines",
    needs: "a test file defining 2..40 symbols",
    asks: { op: "file_symbols", expected: "exact_set" },
    candidates({ facts }) {
      return facts.graph.files.filter((f) => facts.inTestFile(f) && facts.fileSymbols(f).length > 1 && facts.fileSymbols(f).length <= MAX_ANSWER_SET).filter((f) => !facts.holdsDefinitionsFiledElsewhere(f)).map((f) => ({
        file: f,
        draft: () => {
          if (!surveyable(facts, f)) return void 0;
          const ids = facts.fileSymbols(f);
          return {
            intent: `Adding a case to ${f}: lists every test and helper it already defines (such as ${facts.symbol(ids[0]).display})`,
            query: { op: "file_symbols", file_path: f },
            expected: { kind: "exact_set", stable_ids: ids }
          };
        }
      }));
    }
  },
  {
    category: "TestGen",
    subType: "fixture_discovery",
    goldSource: "scip_roundtrip",
    rationale: "test fixtures (a definition right under a fixture marker of the language's idioms, such as `@pytest.fixture`, found with rg) and test-code helpers called by 2+ tests; lookup by short name; exact_set over every function of that name",
    needs: "a test fixture or a test helper shared by two tests",
    asks: { op: "lookup", expected: "exact_set" },
    candidates({ facts, search }) {
      const picked = /* @__PURE__ */ new Map();
      for (const marker of facts.idioms.tests.fixtureMarkers) {
        for (const hit of search(regexSearch(marker.pattern, "code"))) {
          if (hit.syntax !== "code") continue;
          const below = facts.fileSymbols(hit.file).map((id) => facts.symbol(id)).find((s) => s.range[0] === hit.line && s.kind === "function");
          if (below) picked.set(below.id, marker.is);
        }
      }
      for (const s of facts.all(/* @__PURE__ */ new Set(["function"]))) {
        if (!facts.isTest(s) || picked.has(s.id) || /^test/i.test(s.name) || matchesAny(facts.idioms.testSymbols, s.name)) continue;
        if (facts.callers(s.id).filter((c) => facts.isTest(facts.symbol(c))).length >= 2) picked.set(s.id, "a helper several tests share");
      }
      return [...picked.entries()].sort().map(([id, what]) => {
        const s = facts.symbol(id);
        return {
          file: s.file,
          draft: () => ({
            intent: `Reusing test set-up: looks up \`${s.name}\`, ${what} (${s.display})`,
            query: { op: "lookup", name: s.name, bare_name: true, kind: "function" },
            expected: { kind: "exact_set", stable_ids: facts.lookupBare(s.name, "function") }
          })
        };
      });
    }
  },
  {
    category: "TestGen",
    subType: "test_to_code",
    goldSource: "scip_roundtrip",
    rationale: "corpus code that tests (test files, test symbols, test modules) call, where every call of its name resolved; callers, contains over the calling tests (extra non-test callers are fine)",
    needs: "non-test code that a test calls",
    asks: { op: "callers", expected: "contains" },
    candidates({ facts }) {
      return facts.targets().filter((s) => facts.isCallable(s) && facts.calledFromTests().has(s.id) && facts.callersComplete(s.id)).map(
        candidate((s) => {
          const tests = facts.callers(s.id).filter((c) => facts.isTest(facts.symbol(c)));
          if (tests.length === 0 || tests.length > MAX_ANSWER_SET) return void 0;
          return {
            intent: `Changing ${s.display}: finds the tests that exercise it directly`,
            query: { op: "callers", sym_stable_id: s.id },
            expected: { kind: "contains", required: tests }
          };
        })
      );
    }
  },
  {
    category: "TestGen",
    subType: "mock_stub_pattern",
    goldSource: "grep_compared",
    rationale: "mock and stub idioms the test code uses; text_search of the idiom in code; exact_set",
    needs: "a test that mocks or stubs with a known library idiom",
    idioms: ["tests.mocks"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates: (ctx) => idiomCandidates(ctx.facts.idioms.tests.mocks, "a mocking idiom", ctx)
  },
  {
    category: "TestGen",
    subType: "assertion_idiom",
    goldSource: "grep_compared",
    rationale: "exception and deep-equality assertion idioms the test code uses; text_search of the idiom in code; exact_set",
    needs: "a test using a known assertion idiom",
    idioms: ["tests.assertions"],
    asks: { op: "text_search", expected: "exact_set" },
    candidates: (ctx) => idiomCandidates(ctx.facts.idioms.tests.assertions, "an assertion idiom", ctx)
  }
];

// generators/index.ts
var generators = [
  ...completionGenerators,
  ...bugfixGenerators,
  ...refactorGenerators,
  ...testGenGenerators,
  ...featureAddGenerators,
  ...apiDiscoveryGenerators,
  ...controlFlowGenerators,
  ...configGenerators,
  ...driftGenerators,
  ...sessionGenerators
];
function scenarioId(subType, query) {
  return `${subType}-${createHash2("sha256").update(canonicalJson(query)).digest("hex").slice(0, 12)}`;
}
function apportion(total, weights) {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => total * w / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}
function categoryQuotas(budget) {
  const shares = apportion(budget, categories.map((c) => categoryWeights[c]));
  return new Map(categories.map((c, i) => [c, isUnweightedCategory(c) ? UNWEIGHTED_QUOTA : Math.max(shares[i], CATEGORY_MINIMUM)]));
}
function activeGenerators(sessions, drift) {
  return generators.filter((g) => (sessions || !isSessionCategory(g.category)) && (drift || g.category !== "Drift"));
}
function generateScenarios(graph2, input) {
  const facts = new Facts(graph2, input.language, input.search);
  const quotas = categoryQuotas(input.budget);
  const asked = new Set(input.reserved ?? []);
  const scenarios2 = [];
  const reports = /* @__PURE__ */ new Map();
  const sessionOrder = ["BashFeedbackLoop", "SubAgentContextHandoff", "ConversationalContinuation", "RereadCascade"];
  const rank = (c) => c === "Drift" ? 1 : isSessionCategory(c) ? 2 + sessionOrder.indexOf(c) : 0;
  const claimOrder = [...categories].sort((a, b) => rank(a) - rank(b) || categoryWeights[a] - categoryWeights[b] || categories.indexOf(a) - categories.indexOf(b));
  const active = activeGenerators(input.sessions ?? false, input.drift !== void 0);
  for (const category of claimOrder) {
    const members = active.filter((g) => g.category === category).map((g) => {
      const candidates = g.candidates({ facts, rng: createRng(input.seed, `drafts:${g.subType}`), search: input.search, ...input.drift ? { drift: input.drift } : {} });
      return { g, queue: spreadAcrossFiles(candidates, createRng(input.seed, `order:${g.subType}`)), next: 0, emitted: 0 };
    });
    const pull = (m) => {
      while (m.next < m.queue.length) {
        const draft = m.queue[m.next++].draft();
        if (!draft || namesMisfiled(draft, facts) || looksUpSwallowedName(draft, facts) || looksUpUnknownKind(draft, facts)) continue;
        const key = canonicalJson(draft.query);
        if (asked.has(key)) continue;
        asked.add(key);
        return draft;
      }
      return void 0;
    };
    let remaining = quotas.get(category);
    let open = members;
    while (remaining > 0 && open.length) {
      const share = apportion(remaining, open.map((m) => m.g.weight ?? 1));
      open = open.filter((m, k) => {
        let got = 0;
        for (let draft; got < share[k] && (draft = pull(m)); got++) scenarios2.push(toScenario(m.g, draft));
        m.emitted += got;
        remaining -= got;
        return got === share[k];
      });
    }
    for (const m of members) {
      reports.set(m.g.subType, { category, sub_type: m.g.subType, targets: m.queue.length, emitted: m.emitted, exhausted: m.next === m.queue.length });
    }
  }
  return { scenarios: sortScenarios(scenarios2), subTypes: active.map((g) => reports.get(g.subType)) };
}
function namesMisfiled(draft, facts) {
  const names = (value) => typeof value === "string" ? facts.misfiled(value) : Array.isArray(value) ? value.some(names) : value !== null && typeof value === "object" && Object.values(value).some(names);
  return names(draft.query) || names(draft.expected) || names(draft.session);
}
function looksUpSwallowedName(draft, facts) {
  const turns = [draft.query, draft.session?.preceding_query, ...draft.session?.queries ?? []];
  return turns.some((q) => q?.op === "lookup" && q.bare_name && facts.declaredButMissing(q.name));
}
function looksUpUnknownKind(draft, facts) {
  const turns = [draft.query, draft.session?.preceding_query, ...draft.session?.queries ?? []];
  return turns.some((q) => q?.op === "lookup" && q.kind !== void 0 && facts.kindUnknownFor(q.bare_name ? q.name : parseSymbol(q.name)?.descriptors.at(-1)?.name ?? q.name, q.kind));
}
function sortScenarios(scenarios2) {
  const ids = /* @__PURE__ */ new Set();
  for (const s of scenarios2) {
    if (ids.has(s.id)) throw new Error(`scenario id collision: ${s.id}`);
    ids.add(s.id);
  }
  const rank = (c) => categories.indexOf(c);
  return [...scenarios2].sort(
    (a, b) => rank(a.category) - rank(b.category) || (a.sub_type < b.sub_type ? -1 : a.sub_type > b.sub_type ? 1 : 0) || (a.id < b.id ? -1 : 1)
  );
}
function sessionPart(draft) {
  const out = {};
  for (const field of Object.keys(sessionFields)) if (draft.session?.[field] !== void 0) out[field] = draft.session[field];
  return out;
}
function toScenario(g, draft) {
  return {
    id: scenarioId(g.subType, draft.query),
    category: g.category,
    sub_type: g.subType,
    intent: draft.intent,
    ...sessionPart(draft),
    query: draft.query,
    expected: draft.expected,
    gold_source: g.goldSource
  };
}

// bench/.gen1m.mts
var t0 = performance.now();
var graph = await buildFactGraph(process.argv[2], { name: "synth" });
var t1 = performance.now();
var { scenarios } = generateScenarios(graph, { language: languageOf("typescript"), seed: 1, budget: 1e3, search: () => [] });
var t2 = performance.now();
console.log("graph", ((t1 - t0) / 1e3).toFixed(1), "generate", ((t2 - t1) / 1e3).toFixed(1), scenarios.length);
