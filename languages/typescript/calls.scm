(call_expression function: (identifier) @name arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (member_expression object: (this) @receiver.self property: (property_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (member_expression object: (super) @receiver.super property: (property_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (member_expression object: [(identifier) (member_expression) (nested_identifier)] @receiver property: (property_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
(new_expression constructor: [(identifier) (member_expression)] @name arguments: (arguments)? @arguments) @reference.new
