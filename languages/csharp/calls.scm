(invocation_expression function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(invocation_expression function: (generic_name (identifier) @name) arguments: (argument_list) @arguments) @reference.call
(invocation_expression
  function: (member_access_expression expression: "this" @receiver.self name: (identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
(invocation_expression
  function: (member_access_expression expression: "base" @receiver.super name: (identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
(invocation_expression
  function: (member_access_expression
    expression: [(identifier) (member_access_expression) (qualified_name)] @receiver
    name: [(identifier) (generic_name (identifier))] @name)
  arguments: (argument_list) @arguments) @reference.call
; A call on what another expression gives (`x.Select(f).Where(g)`, `new Take_(…).Run()`): a call all the same, on a receiver of unknown type.
(invocation_expression
  function: (member_access_expression
    expression: [(invocation_expression) (object_creation_expression) (parenthesized_expression) (element_access_expression) (cast_expression)] @receiver
    name: [(identifier) (generic_name (identifier))] @name)
  arguments: (argument_list) @arguments) @reference.call
(object_creation_expression type: [(identifier) (qualified_name) (generic_name)] @name arguments: (argument_list)? @arguments) @reference.new
; A constructor's `: base(…)` or `: this(…)` runs another constructor first: the base class's, or one of the class's own.
((constructor_initializer "base" @receiver.super @name (argument_list) @arguments) @reference.call
 (#set! call "constructor"))
((constructor_initializer "this" @receiver.self @name (argument_list) @arguments) @reference.call
 (#set! call "constructor"))
