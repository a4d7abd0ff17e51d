; `f(x)`, `f(x) { … }` and `f { … }`; a `[…]` suffix is a subscript, not a call.
((call_expression (simple_identifier) @name (call_suffix (value_arguments) @arguments)) @reference.call
  (#match? @arguments "^\\("))
(call_expression (simple_identifier) @name (call_suffix . (lambda_literal))) @reference.call

; `self.f(x)`, `super.f(x)`, `x.f(x)`.
((call_expression
  (navigation_expression target: (self_expression) @receiver.self suffix: (navigation_suffix suffix: (simple_identifier) @name))
  (call_suffix (value_arguments) @arguments)) @reference.call
  (#match? @arguments "^\\("))
((call_expression
  (navigation_expression target: (super_expression) @receiver.super suffix: (navigation_suffix suffix: (simple_identifier) @name))
  (call_suffix (value_arguments) @arguments)) @reference.call
  (#match? @arguments "^\\("))
((call_expression
  (navigation_expression
    target: (_) @receiver
    suffix: (navigation_suffix suffix: (simple_identifier) @name))
  (call_suffix (value_arguments) @arguments)) @reference.call
  (#match? @arguments "^\\(")
  (#not-match? @receiver "^(self|super)$")
  (#not-eq? @name "init"))
((call_expression
  (navigation_expression
    target: (_) @receiver
    suffix: (navigation_suffix suffix: (simple_identifier) @name))
  (call_suffix . (lambda_literal))) @reference.call
  (#not-match? @receiver "^(self|super)$"))

; `T.init(x)` constructs a T, as `T(x)` does.
((call_expression
  (navigation_expression
    target: (simple_identifier) @name
    suffix: (navigation_suffix suffix: (simple_identifier) @init))
  (call_suffix (value_arguments) @arguments)) @reference.new
  (#eq? @init "init"))

; The grammar reads `a + b * f(x)` as a call whose callee is the whole operation; the callee is its
; rightmost operand (one or two operators deep).
((call_expression . (_ rhs: (simple_identifier) @name) (call_suffix (value_arguments) @arguments)) @reference.call
  (#match? @arguments "^\\("))
((call_expression . (_ rhs: (_ rhs: (simple_identifier) @name)) (call_suffix (value_arguments) @arguments)) @reference.call
  (#match? @arguments "^\\("))

; `#selector(onPinch(_:))` and `#selector(self.onPinch(_:))` hand a method to the runtime, which calls it
; later (a gesture's target action): no call is made there.
((selector_expression (call_expression (simple_identifier) @name) @reference.call) (#set! call "none"))
((selector_expression
  (call_expression (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call)
  (#set! call "none"))
