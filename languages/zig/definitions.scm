; A file is a struct: its top-level declarations are its members, `const X = struct { ... }` a type
; whose fields, declarations and functions are its members.
(variable_declaration (identifier) @name (struct_declaration) @body) @definition.struct
(variable_declaration (identifier) @name (union_declaration) @body) @definition.union
(variable_declaration (identifier) @name (enum_declaration) @body) @definition.enum
(variable_declaration (identifier) @name (opaque_declaration) @body) @definition.interface
; `error{A, B}`: an error set, an enumeration of error names.
(variable_declaration (identifier) @name (error_set_declaration) @body) @definition.enum
(error_set_declaration (identifier) @name @definition.enum_member)

(struct_declaration (container_field name: (identifier) @name) @definition.field)
(union_declaration (container_field name: (identifier) @name) @definition.field)
(opaque_declaration (container_field name: (identifier) @name) @definition.field)
(enum_declaration (container_field name: (identifier) @name) @definition.enum_member)

(function_declaration name: (identifier) @name (parameters) @parameters body: (block)? @body) @definition.function

; Any other `const` or `var` declaration: the name alone is the declaration node, so a type
; reading of the same declaration (wider) wins; inside a function body it is a local.
(variable_declaration "const" (identifier) @name @definition.constant)
(variable_declaration "var" (identifier) @name @definition.variable)
; `const std = @import("std")`, `const Scanner = @import("json/scanner.zig").Scanner` only bind
; another file or its member (imports.scm).
((variable_declaration (identifier) @name (builtin_function (builtin_identifier) @builtin) (#eq? @builtin "@import")) (#set! definition "none"))
((variable_declaration (identifier) @name (field_expression object: (builtin_function (builtin_identifier) @builtin))) (#eq? @builtin "@import") (#set! definition "none"))

; `test "name" { ... }`: a test, named by its string (or its identifier).
(test_declaration (string (string_content) @name) (block) @body) @definition.function
(test_declaration (identifier) @name (block) @body) @definition.function
