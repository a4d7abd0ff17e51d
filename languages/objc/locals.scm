; Method parameters with their declared class (`(RCTValueNode *)node`), C parameters, and locals.
(method_parameter (method_type (type_name (type_identifier) @local.type)) (identifier) @local.name)
(method_parameter (identifier) @local.name)
(parameter_declaration declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)])
(parameter_declaration declarator: (function_declarator declarator: (parenthesized_declarator [(pointer_declarator declarator: (identifier) @local.name) (block_pointer_declarator declarator: (identifier) @local.name)])))
(compound_statement
  (declaration type: (_) @local.type declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name) (init_declarator declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)])]))
(compound_statement
  (declaration declarator: [(init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (block_pointer_declarator declarator: (identifier) @local.name)))) (function_declarator declarator: (parenthesized_declarator (block_pointer_declarator declarator: (identifier) @local.name)))]))
(for_statement type: (_) @local.type [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)] "in")
