; `f(...)`, `f $x`, `Pkg::f(...)`. A bareword without arguments is not taken for a call: the
; grammar reads the key before `=>` (`sku => 1`) as one.
(call_expression_with_args_with_brackets
  (call_expression_with_bareword !package_name function_name: (identifier) @name)
  args: (_) @arguments) @reference.call
(call_expression_with_spaced_args
  (call_expression_with_bareword !package_name function_name: (identifier) @name)
  args: (_) @arguments) @reference.call
(call_expression_with_args_with_brackets
  (call_expression_with_bareword package_name: (package_name) @receiver function_name: (identifier) @name)
  args: (_) @arguments) @reference.call
(call_expression_with_spaced_args
  (call_expression_with_bareword package_name: (package_name) @receiver function_name: (identifier) @name)
  args: (_) @arguments) @reference.call

; `$self->m`, `$class->m`, `shift->m`: the invocant is the package's own object or class.
((method_invocation object_return_value: (scalar_variable) @receiver.self . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#any-of? @receiver.self "$self" "$class"))
((method_invocation package_name: (identifier) @receiver.self . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#eq? @receiver.self "shift"))
; `$self->SUPER::m`: the parent package's m.
(method_invocation (super) @receiver.super . function_name: (identifier) @name) @reference.call
; `Pkg->m`, `$obj->m`, `$obj->m->n`: a method of what the invocant is.
((method_invocation object_return_value: (_) @receiver . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#not-any-of? @receiver "$self" "$class"))
((method_invocation package_name: (_) @receiver . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#not-eq? @receiver "shift"))
