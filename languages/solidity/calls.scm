; `f(x)`; calling a contract, interface or struct by name converts or builds a value, which the walker does not record.
(call_expression function: (expression (identifier) @name)) @reference.call

; `this.f(x)` (an external call to the contract itself), `super.f(x)`, `x.f(x)`, `Lib.f(x)`.
((call_expression
  function: (expression (member_expression object: (identifier) @receiver.self property: (identifier) @name))) @reference.call
  (#eq? @receiver.self "this"))
((call_expression
  function: (expression (member_expression object: (identifier) @receiver.super property: (identifier) @name))) @reference.call
  (#eq? @receiver.super "super"))
((call_expression
  function: (expression (member_expression object: (identifier) @receiver property: (identifier) @name))) @reference.call
  (#not-match? @receiver "^(this|super)$"))
(call_expression
  function: (expression
    (member_expression
      object: (expression [(identifier) (call_expression) (member_expression) (array_access) (type_cast_expression)
                           (parenthesized_expression) (primitive_type)]) @receiver
      property: (identifier) @name))) @reference.call

; The grammar binds `.` looser than operators: `a && b.f(x)`, `c ? a : b.f(x)` and `!b.f(x)` come out as
; calls on the whole operation; the receiver is its last operand.
(call_expression
  function: (expression
    (member_expression
      object: (expression (binary_expression right: (expression [(identifier) (member_expression) (call_expression)] @receiver)))
      property: (identifier) @name))) @reference.call
(call_expression
  function: (expression
    (member_expression
      object: (expression (binary_expression right: (expression (binary_expression right: (expression [(identifier) (member_expression) (call_expression)] @receiver)))))
      property: (identifier) @name))) @reference.call
(call_expression
  function: (expression
    (member_expression
      object: (expression (ternary_expression (expression) (expression) (expression [(identifier) (member_expression) (call_expression)] @receiver) .))
      property: (identifier) @name))) @reference.call
(call_expression
  function: (expression
    (member_expression
      object: (expression (unary_expression argument: (expression [(identifier) (member_expression) (call_expression)] @receiver)))
      property: (identifier) @name))) @reference.call

; `f{value: v}(x)`, `x.f{value: v, gas: g}(y)`: call options between the callee and its arguments.
(call_expression function: (expression (struct_expression type: (expression (identifier) @name)))) @reference.call
((call_expression
  function: (expression (struct_expression type: (expression (member_expression object: (identifier) @receiver.self property: (identifier) @name))))) @reference.call
  (#eq? @receiver.self "this"))
((call_expression
  function: (expression (struct_expression type: (expression (member_expression object: (identifier) @receiver property: (identifier) @name))))) @reference.call
  (#not-match? @receiver "^(this|super)$"))

; `new Token(x)` deploys a contract: its constructor is called.
(call_expression function: (expression (new_expression name: (type_name) @name))) @reference.new
(call_expression function: (expression (struct_expression type: (expression (new_expression name: (type_name) @name))))) @reference.new

; `emit Transfer(…)` logs an event and `revert Unauthorized(…)` raises an error: neither runs corpus
; code, so neither is a call (who raises an error is the text question of idioms.json's `errors.raise`).

; A modifier applied in a function's header runs around its body.
(modifier_invocation (identifier) @name) @reference.call
