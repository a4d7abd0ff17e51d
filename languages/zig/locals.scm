; Parameters and declarations inside functions (a declaration binds its first name: in `var check: Check`, `Check` is its type), with their written type; `T.init(...)` and
; `T{ ... }` make a T; `|x|` payloads bind untyped names.
(parameter name: (identifier) @local.name type: (_) @local.type)
(variable_declaration . (identifier) @local.name type: (_) @local.type)
(variable_declaration . (identifier) @local.name (struct_initializer . (identifier) @local.type))
((variable_declaration . (identifier) @local.name (call_expression function: (field_expression object: [(identifier) (field_expression)] @local.type member: (identifier) @constructor))) (#match? @constructor "^init"))
((variable_declaration . (identifier) @local.name (try_expression (call_expression function: (field_expression object: [(identifier) (field_expression)] @local.type member: (identifier) @constructor)))) (#match? @constructor "^init"))
(variable_declaration . (identifier) @local.name)
(payload (identifier) @local.name)
