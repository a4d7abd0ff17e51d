(function_call_expression function: (name) @name arguments: (arguments) @arguments) @reference.call

((member_call_expression object: (variable_name (name) @receiver.self) name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#eq? @receiver.self "this"))
((member_call_expression object: (variable_name (name) @receiver) name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#not-eq? @receiver "this"))
((nullsafe_member_call_expression object: (variable_name (name) @receiver) name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#not-eq? @receiver "this"))

((scoped_call_expression scope: (relative_scope) @receiver.self name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#any-of? @receiver.self "self" "static"))
((scoped_call_expression scope: (relative_scope) @receiver.super name: (name) @name arguments: (arguments) @arguments) @reference.call
 (#eq? @receiver.super "parent"))
(scoped_call_expression scope: [(name) (qualified_name)] @receiver name: (name) @name arguments: (arguments) @arguments) @reference.call

(object_creation_expression [(name) (qualified_name)] @name (arguments)? @arguments) @reference.new
