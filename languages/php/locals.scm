(simple_parameter type: (named_type [(name) (qualified_name)] @local.type) name: (variable_name (name) @local.name))
(simple_parameter name: (variable_name (name) @local.name))
(assignment_expression
  left: (variable_name (name) @local.name)
  right: (object_creation_expression [(name) (qualified_name)] @local.type))
(assignment_expression left: (variable_name (name) @local.name))
(foreach_statement (pair (variable_name (name) @local.name)))
(foreach_statement (variable_name (name) @local.name))
