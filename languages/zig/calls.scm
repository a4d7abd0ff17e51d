; `f(x)`, `self.m(x)`, `x.m()`, `Type.f(x)`, `std.mem.eql(...)`.
(call_expression function: (identifier) @name) @reference.call
((call_expression function: (field_expression object: (identifier) @receiver.self member: (identifier) @name)) @reference.call (#eq? @receiver.self "self"))
((call_expression function: (field_expression object: (_) @receiver member: (identifier) @name)) @reference.call (#not-eq? @receiver "self"))
