(parameter_declaration declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name)])
(compound_statement
  (declaration declarator: [(identifier) @local.name (init_declarator declarator: (identifier) @local.name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.name))]))
