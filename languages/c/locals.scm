(parameter_declaration declarator: [(identifier) @local.name (pointer_declarator declarator: (identifier) @local.name) (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @local.name)) (array_declarator declarator: (identifier) @local.name)])
; A function-pointer parameter or local (`void (*callback) (void *)`): a call through it names no corpus function.
(parameter_declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.name))))
(compound_statement
  (declaration declarator: [(identifier) @local.name (init_declarator declarator: (identifier) @local.name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @local.name)) (pointer_declarator declarator: (identifier) @local.name) (array_declarator declarator: (identifier) @local.name) (init_declarator declarator: (array_declarator declarator: (identifier) @local.name))]))
(compound_statement
  (declaration declarator: [(function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.name))) (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.name))))]))
