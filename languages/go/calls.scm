(call_expression
  function: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call

(call_expression
  function: (selector_expression
    operand: (_) @receiver
    field: (field_identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
