; A call without a receiver is a call on self.
(call !receiver method: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
(call receiver: (self) @receiver.self method: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
((call receiver: (_) @receiver method: (identifier) @name arguments: (argument_list)? @arguments) @reference.call
 (#not-eq? @receiver "self")
 (#not-eq? @name "new"))
; `Item.new(...)` runs Item#initialize.
((call receiver: [(constant) (scope_resolution)] @name method: (identifier) @method arguments: (argument_list)? @arguments) @reference.new
 (#eq? @method "new"))
; `self.location = x` / `response.status = 404` call the writer `location=` / `status=`.
((assignment left: (call method: (identifier) @name) @reference.call) (#set! call "writer"))
