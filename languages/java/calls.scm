(method_invocation !object name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(method_invocation object: (this) @receiver.self name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(method_invocation object: (super) @receiver.super name: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(method_invocation
  object: [(identifier) (field_access) (scoped_identifier)] @receiver
  name: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call
; A call on what another expression gives (`a.b().c()`, `new A().run()`): a call all the same, on a receiver of unknown type.
(method_invocation
  object: [(method_invocation) (object_creation_expression) (parenthesized_expression) (array_access) (cast_expression)] @receiver
  name: (identifier) @name
  arguments: (argument_list) @arguments) @reference.call
(object_creation_expression
  type: [(type_identifier) (scoped_type_identifier) (generic_type)] @name
  arguments: (argument_list) @arguments) @reference.new
; `super(…)` and `this(…)` in a constructor run another constructor: the superclass's, or one of the class's own.
((explicit_constructor_invocation constructor: (super) @receiver.super @name arguments: (argument_list) @arguments) @reference.call
 (#set! call "constructor"))
((explicit_constructor_invocation constructor: (this) @receiver.self @name arguments: (argument_list) @arguments) @reference.call
 (#set! call "constructor"))
