; A file is a struct: its top-level declarations are its members, `const X = struct { ... }` a type
; whose fields, declarations and functions are its members.
(variable_declaration . (identifier) @name (struct_declaration) @body) @definition.struct
(variable_declaration . (identifier) @name (union_declaration) @body) @definition.union
(variable_declaration . (identifier) @name (enum_declaration) @body) @definition.enum
(variable_declaration . (identifier) @name (opaque_declaration) @body) @definition.interface
; `const E = error{A, B}`: an error set, an enumeration of error names (an inline `error{...}` in an
; expression declares nothing).
(variable_declaration . (identifier) @name (error_set_declaration) @body) @definition.enum
(variable_declaration (error_set_declaration (identifier) @name @definition.enum_member))

(struct_declaration (container_field name: (identifier) @name) @definition.field)
(union_declaration (container_field name: (identifier) @name) @definition.field)
(opaque_declaration (container_field name: (identifier) @name) @definition.field)
(enum_declaration (container_field name: (identifier) @name) @definition.enum_member)
; A trailing `_` only marks an enum non-exhaustive: no variant.
((enum_declaration (container_field name: (identifier) @name)) (#eq? @name "_") (#set! definition "none"))

(function_declaration name: (identifier) @name (parameters) @parameters body: (block)? @body) @definition.function

; Any other `const` or `var` declaration: the name alone is the declaration node, so a type
; reading of the same declaration (wider) wins; inside a function body it is a local.
; A declaration names its first identifier: in `const item: Item = …`, `Item` is its type.
(variable_declaration "const" . (identifier) @name @definition.constant)
(variable_declaration "var" . (identifier) @name @definition.variable)
; `const std = @import("std")`, `const Scanner = @import("json/scanner.zig").Scanner` only bind
; another file or its member (imports.scm).
((variable_declaration . (identifier) @name (builtin_function (builtin_identifier) @builtin) (#eq? @builtin "@import")) (#set! definition "none"))
((variable_declaration . (identifier) @name (field_expression object: (builtin_function (builtin_identifier) @builtin))) (#eq? @builtin "@import") (#set! definition "none"))
; `const io = std.io`: another name for a declaration, private to its file, no symbol (imports.scm
; binds the name, so it shadows same-named declarations elsewhere). A `pub const Error =
; ReaderType.Error` is a public member of its container that users name (`HashedReader(R).Error`): a constant.
((variable_declaration "const" . (identifier) @name (field_expression)) @alias (#not-match? @alias "^pub\\s") (#set! definition "none"))

; `test "name" { ... }`: a test, named by its string literal, quotes included, so `test "parse"`
; and `fn parse` stay two symbols. A doctest (`test parse { ... }`) and an unnamed `test { ... }`
; are no symbols, only scopes.
(test_declaration (string) @name (block) @body) @definition.function
(test_declaration (identifier) (block)) @scope
(test_declaration . "test" . (block)) @scope

; A generic type: `fn Reader(comptime T: type) type { ... return struct { ... }; }` is the type
; whose members are the returned struct's (a type reading of the function wins over a function).
((function_declaration name: (identifier) @name type: (builtin_type) @returns body: (block (expression_statement (return_expression (struct_declaration))))) @definition.struct (#eq? @returns "type"))
((function_declaration name: (identifier) @name type: (builtin_type) @returns body: (block (expression_statement (return_expression (union_declaration))))) @definition.union (#eq? @returns "type"))
((function_declaration name: (identifier) @name type: (builtin_type) @returns body: (block (expression_statement (return_expression (enum_declaration))))) @definition.enum (#eq? @returns "type"))
