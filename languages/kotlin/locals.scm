; Parameters of functions, constructors and anonymous functions, with their written types.
(parameter (identifier) @local.name [(user_type) (nullable_type)] @local.type)
(parameter (identifier) @local.name)
; Constructor parameters are in scope in the whole class body (and `val`/`var` ones are its properties).
((class_parameter (identifier) @local.name [(user_type) (nullable_type)] @local.type) (#set! owner "enclosing-type"))
; `val x: Foo`, `val x = Foo(...)`: in a function a local, in a class a property its methods call through.
(property_declaration (variable_declaration (identifier) @local.name [(user_type) (nullable_type)] @local.type))
((property_declaration
   (variable_declaration (identifier) @local.name .)
   (call_expression . (identifier) @local.type (value_arguments)))
 (#match? @local.type "^[A-Z]"))
; `val store = makeStore()`: the name takes what the call hands back.
(property_declaration (variable_declaration (identifier) @local.name .) (call_expression) @local.value)
(multi_variable_declaration (variable_declaration (identifier) @local.name))
(for_statement (variable_declaration (identifier) @local.name))
(catch_block (identifier) @local.name (user_type) @local.type)
(lambda_parameters (variable_declaration (identifier) @local.name))
