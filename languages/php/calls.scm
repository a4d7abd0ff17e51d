(function_call_expression function: (name) @name arguments: (arguments) @arguments) @reference.call

((member_call_expression object: (variable_name (name) @receiver.self) name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#eq? @receiver.self "this"))
((member_call_expression object: (variable_name (name) @receiver) name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#not-eq? @receiver "this"))
((nullsafe_member_call_expression object: (variable_name (name) @receiver) name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#not-eq? @receiver "this"))

; A call on what another expression gives (`$this->definition->setOptions(…)`, `$this->setHelp()->addOption(…)`): a call all the same, on a receiver of unknown type.
(member_call_expression
  object: [(member_access_expression) (nullsafe_member_access_expression) (member_call_expression) (nullsafe_member_call_expression) (scoped_call_expression) (function_call_expression) (object_creation_expression) (parenthesized_expression) (subscript_expression)] @receiver
  name: (name) @name
  arguments: (arguments) @arguments) @reference.call
(nullsafe_member_call_expression
  object: [(member_access_expression) (nullsafe_member_access_expression) (member_call_expression) (nullsafe_member_call_expression) (scoped_call_expression) (function_call_expression) (object_creation_expression) (parenthesized_expression) (subscript_expression)] @receiver
  name: (name) @name
  arguments: (arguments) @arguments) @reference.call

((scoped_call_expression scope: (relative_scope) @receiver.self name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#any-of? @receiver.self "self" "static"))
((scoped_call_expression scope: (relative_scope) @receiver.super name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#eq? @receiver.super "parent"))
(scoped_call_expression scope: [(name) (qualified_name)] @receiver name: (name) @name arguments: (arguments) @arguments) @reference.call

((object_creation_expression [(name) (qualified_name)] @name (arguments)? @arguments) @reference.new
 (#not-any-of? @name "self" "static"))
; `new self(…)`, `new static(…)`: the class around it (or, for `static`, the subclass it is called on).
((object_creation_expression (name) @name (arguments)? @arguments) @reference.new
 (#any-of? @name "self" "static")
 (#set! new "enclosing-type"))
; `new $class(…)`: a construction of a class the walker cannot tell.
((object_creation_expression (variable_name) @name (arguments)? @arguments) @reference.call
 (#set! call "unbound"))
