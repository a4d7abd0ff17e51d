(method_invocation !object name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(method_invocation object: (this) @receiver.self name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(method_invocation object: (super) @receiver.super name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(method_invocation
  object: [(identifier) (field_access) (scoped_identifier)] @receiver
  name: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call
(object_creation_expression
  type: [(type_identifier) (scoped_type_identifier) (generic_type)] @name
  arguments: (argument_list) @arguments) @reference.new
