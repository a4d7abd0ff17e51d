; `f(x)`, `f<T>(x)`, `f { ... }`: a bare call; calling a type by name constructs it.
(call_expression . (identifier) @name (value_arguments)? @arguments) @reference.call
; `!f()`, `-f(x)`: the grammar applies the operator to the callee, `(!f)()`; the call is f's.
(call_expression . (unary_expression argument: (identifier) @name) (value_arguments)? @arguments) @reference.call
; `this.f()`, `super.f()`, `super<Priced>.f()` (a labelled `this@Outer` is left to the general form below).
((call_expression . (navigation_expression . (this_expression) @receiver.self . (identifier) @name .) (value_arguments)? @arguments) @reference.call
 (#eq? @receiver.self "this"))
((call_expression . (navigation_expression . (super_expression) @receiver.super . (identifier) @name .) (value_arguments)? @arguments) @reference.call
 (#match? @receiver.super "^super(<[^>]*>)?$"))
; `x.f()`, `x?.f()`, `a.b.f()`, `g().f()`: called on an expression.
((call_expression
   . (navigation_expression . (_) @receiver . (identifier) @name .)
   (value_arguments)? @arguments) @reference.call
 (#not-match? @receiver "^(this|super(<[^>]*>)?)$"))
; `class DigitalItem(...) : Item(sku, cents)`, `object : Listener() {}`: the supertype's constructor is called.
(delegation_specifier (constructor_invocation (user_type) @name (value_arguments) @arguments) @reference.new)
; A secondary constructor's `: super(…)` or `: this(…)` runs another constructor: the superclass's, or one of the class's own.
((constructor_delegation_call "super" @receiver.super @name (value_arguments) @arguments) @reference.call
 (#set! call "constructor"))
((constructor_delegation_call "this" @receiver.self @name (value_arguments) @arguments) @reference.call
 (#set! call "constructor"))
