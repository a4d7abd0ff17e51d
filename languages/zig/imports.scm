; `const json = @import("json.zig")` binds the file; `const Scanner = @import("json/scanner.zig").Scanner` one of its members.
((variable_declaration (identifier) @import.name (builtin_function (builtin_identifier) @builtin (arguments (string (string_content) @import.path)))) @import (#eq? @builtin "@import"))
((variable_declaration (identifier) @import.name (field_expression object: (builtin_function (builtin_identifier) @builtin (arguments (string (string_content) @import.path))) member: (identifier) @import.member)) @import (#eq? @builtin "@import"))
; `usingnamespace @import("x.zig")` makes every declaration of the file visible.
((using_namespace_declaration (builtin_function (builtin_identifier) @builtin (arguments (string (string_content) @import.path)))) @import (#eq? @builtin "@import") (#set! import "glob"))
; `const assert = std.debug.assert`: the name stands for something the path names (often outside the corpus).
((variable_declaration "const" (identifier) @import.name (field_expression) @import.path) @import)
