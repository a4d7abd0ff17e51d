(parameter pattern: (identifier) @local.name type: (_) @local.type)
(let_declaration pattern: (identifier) @local.name type: (_) @local.type)
(let_declaration pattern: (identifier) @local.name value: (struct_expression name: (_) @local.type))
; `T::new()` and `T::default()` return a T by convention.
((let_declaration
  pattern: (identifier) @local.name
  value: (call_expression
    function: (scoped_identifier path: (_) @local.type name: (identifier) @constructor)))
  (#any-of? @constructor "new" "default"))
(let_declaration pattern: (identifier) @local.name)
; `let styled = render()`: the name takes what the call hands back.
(let_declaration pattern: (identifier) @local.name value: (call_expression) @local.value)
(closure_parameters (identifier) @local.name)
(for_expression pattern: (identifier) @local.name)
