(simple_parameter type: (named_type [(name) (qualified_name)] @local.type) name: (variable_name (name) @local.name))
(simple_parameter name: (variable_name (name) @local.name))
(assignment_expression
  left: (variable_name (name) @local.name)
  right: (object_creation_expression [(name) (qualified_name)] @local.type))
(assignment_expression left: (variable_name (name) @local.name))
; `$store = $this->make()`: the variable takes what the call hands back, where no other write rebinds it.
(assignment_expression
  left: (variable_name (name) @local.name)
  right: [(member_call_expression) (nullsafe_member_call_expression) (scoped_call_expression) (function_call_expression)] @local.value)
; The other writes that rebind a variable: a destructuring, a caught exception, a `static` or `global` declaration.
(list_literal (variable_name (name) @local.name))
(catch_clause (variable_name (name) @local.name))
(static_variable_declaration name: (variable_name (name) @local.name))
(global_declaration (variable_name (name) @local.name))
(foreach_statement (pair (variable_name (name) @local.name)))
(foreach_statement (variable_name (name) @local.name))
