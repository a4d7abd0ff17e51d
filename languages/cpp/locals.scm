(parameter_declaration
  type: (_) @local.type
  declarator: [(identifier) @local.name (reference_declarator (identifier) @local.name) (pointer_declarator declarator: (identifier) @local.name)])
(compound_statement
  (declaration
    type: (_) @local.type
    declarator: [(identifier) @local.name
                 (init_declarator declarator: (identifier) @local.name)
                 (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.name))
                 (init_declarator declarator: (reference_declarator (identifier) @local.name))]))
(for_range_loop declarator: (identifier) @local.name)
(lambda_capture_specifier (identifier) @local.name)
