; A call without a receiver is a call on self.
((call !receiver method: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
 (#not-eq? @name "new"))
; `new(...)` without a receiver, in a class method, constructs the class itself.
((call !receiver method: (identifier) @name arguments: (argument_list)? @arguments) @reference.new
 (#eq? @name "new")
 (#set! new "enclosing-type"))
; `self.class` is Object#class, read with the `new` it is mostly there for (below).
((call receiver: (self) @receiver.self method: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
 (#not-any-of? @name "class" "new"))
; `self.new(...)` in a class method constructs the class.
((call receiver: (self) method: (identifier) @name arguments: (argument_list)? @arguments) @reference.new
 (#eq? @name "new")
 (#set! new "enclosing-type"))
((call receiver: (_) @receiver method: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
 (#not-eq? @receiver "self")
 (#not-eq? @name "new"))
; `self.class.new(...)` constructs the class around it (or a subclass, as any construction of it may).
((call receiver: (call receiver: (self) method: (identifier) @class) method: (identifier) @name arguments: (argument_list)? @arguments) @reference.new
 (#eq? @class "class")
 (#eq? @name "new")
 (#set! new "enclosing-type"))
; `middleware.new(...)`, `@app_class.new`: a construction of a class the walker cannot tell.
((call receiver: [(identifier) (instance_variable) (class_variable) (element_reference) (parenthesized_statements) (call)] @receiver method: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
 (#eq? @name "new")
 (#not-eq? @receiver "self.class")
 (#set! call "unbound"))
; `Item.new(...)` runs Item#initialize.
((call receiver: [(constant) (scope_resolution)] @name method: (identifier) @method arguments: (argument_list)? @arguments) @reference.new
 (#eq? @method "new"))
; `self.location = x` / `response.status = 404` call the writer `location=` / `status=`.
((assignment left: (call method: (identifier) @name) @reference.call) (#set! call "writer"))

; A bare name is a call on self without arguments (`query_string`, `params['x']`) unless a local of
; that name is bound (a parameter, an assignment, a block parameter): `(#set! call "unless-local")`.
; Being a call on self, it reaches only the methods of the class around it and what that class inherits
; or mixes in, never a module function elsewhere in the namespace.
([
  (body_statement (identifier) @name)
  (block_body (identifier) @name)
  (then (identifier) @name)
  (else (identifier) @name)
  (parenthesized_statements (identifier) @name)
  (assignment right: (identifier) @name)
  (operator_assignment right: (identifier) @name)
  (binary left: (identifier) @name)
  (binary right: (identifier) @name)
  (unary operand: (identifier) @name)
  (argument_list (identifier) @name)
  (splat_argument (identifier) @name)
  (element_reference object: (identifier) @name)
  (element_reference (identifier) @name)
  (call receiver: (identifier) @name)
  (pair value: (identifier) @name)
  (array (identifier) @name)
  (interpolation (identifier) @name)
  (if condition: (identifier) @name)
  (unless condition: (identifier) @name)
  (if_modifier condition: (identifier) @name)
  (unless_modifier condition: (identifier) @name)
  (conditional condition: (identifier) @name)
  (conditional consequence: (identifier) @name)
  (conditional alternative: (identifier) @name)
] @reference.call
 (#set! call "unless-local"))

; `eval('Rack::Builder.new …')`, `class_eval "def x; y; end"`: code in a string, read as text (walker.callsInText).
((call method: (identifier) @method arguments: (argument_list . (string) @unparsed))
 (#any-of? @method "eval" "instance_eval" "class_eval" "module_eval" "instance_exec"))
