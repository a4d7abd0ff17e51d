(formal_parameter type: (_) @local.type name: (identifier) @local.name)
((local_variable_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local.name))
 (#not-eq? @local.type "var"))
(local_variable_declaration
  declarator: (variable_declarator name: (identifier) @local.name value: (object_creation_expression type: (_) @local.type)))
(local_variable_declaration declarator: (variable_declarator name: (identifier) @local.name))
(enhanced_for_statement type: (_) @local.type name: (identifier) @local.name)
(catch_formal_parameter name: (identifier) @local.name)
(inferred_parameters (identifier) @local.name)
(lambda_expression parameters: (identifier) @local.name)
; A field's declared type types `field.call()` in the methods of its class (and of classes nested in it).
(field_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local.name))
