(call_expression function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(call_expression function: (template_function name: (identifier) @name) arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (field_expression argument: (this) @receiver.self field: (field_identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (field_expression argument: [(identifier) (field_expression) (qualified_identifier)] @receiver field: (field_identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (qualified_identifier scope: (_) @receiver name: [(identifier) (template_function name: (identifier) @name)] @name)
  arguments: (argument_list) @arguments) @reference.call
(new_expression type: (_) @name arguments: (argument_list)? @arguments) @reference.new
