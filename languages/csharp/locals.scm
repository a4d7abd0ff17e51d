(parameter type: (_) @local.type name: (identifier) @local.name)
(parameter name: (identifier) @local.name)
((variable_declaration type: (_) @local.type (variable_declarator name: (identifier) @local.name))
 (#not-eq? @local.type "var"))
(variable_declaration (variable_declarator name: (identifier) @local.name (object_creation_expression type: (_) @local.type)))
(variable_declarator name: (identifier) @local.name)
; `var store = Store.Make()`: the name takes what the call hands back.
(variable_declaration type: (implicit_type) (variable_declarator name: (identifier) @local.name (invocation_expression) @local.value))
(foreach_statement type: (_) @local.type left: (identifier) @local.name)
(implicit_parameter) @local.name
