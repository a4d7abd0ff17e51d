(parameter_declaration name: (identifier) @local.name type: (_) @local.type)
(var_spec name: (identifier) @local.name type: (_) @local.type)
(short_var_declaration
  left: (expression_list . (identifier) @local.name)
  right: (expression_list .
    [(composite_literal type: (_) @local.type)
     (unary_expression operand: (composite_literal type: (_) @local.type))]))
(short_var_declaration left: (expression_list (identifier) @local.name))
; `c, _ := CreateTestContext(w)`: each name takes what the call hands back at its position.
(short_var_declaration
  left: (expression_list (identifier) @local.name)
  right: (expression_list . (call_expression) @local.value .))
(range_clause left: (expression_list (identifier) @local.name))
