; A closure declares no symbol; its parameters and variables are its own.
(lambda_literal) @scope

(parameter name: (simple_identifier) @local.name [(user_type) (optional_type) (array_type) (dictionary_type)] @local.type)
(parameter name: (simple_identifier) @local.name)
(property_declaration
  name: (pattern bound_identifier: (simple_identifier) @local.name)
  (type_annotation [(user_type) (optional_type)] @local.type))
; `let s = Store(…)` and `let s = Store.init(…)` hold a Store (a capitalised callee names a type by convention).
((property_declaration
  name: (pattern bound_identifier: (simple_identifier) @local.name)
  value: (call_expression . (simple_identifier) @local.type))
  (#match? @local.type "^[A-Z]"))
((property_declaration
  name: (pattern bound_identifier: (simple_identifier) @local.name)
  value: (call_expression . (navigation_expression target: (simple_identifier) @local.type suffix: (navigation_suffix suffix: (simple_identifier) @init))))
  (#eq? @init "init"))
(property_declaration name: (pattern bound_identifier: (simple_identifier) @local.name))
; `let store = makeStore()`: the name takes what the call hands back.
(property_declaration name: (pattern bound_identifier: (simple_identifier) @local.name) value: (call_expression) @local.value)
(if_statement bound_identifier: (simple_identifier) @local.name)
(guard_statement bound_identifier: (simple_identifier) @local.name)
(for_statement item: (pattern bound_identifier: (simple_identifier) @local.name))
(lambda_parameter name: (simple_identifier) @local.name)
(catch_block error: (_) @local.name)
