; `require "x"` is an import (imports.scm), not a call.
((function_call name: (identifier) @name arguments: (arguments) @arguments) @reference.call
 (#not-eq? @name "require"))

; `self:m()`, `self.f()`: a member of the table the method belongs to.
((function_call name: (method_index_expression table: (identifier) @receiver.self method: (identifier) @name) arguments: (arguments) @arguments) @reference.call
 (#eq? @receiver.self "self"))
((function_call name: (dot_index_expression table: (identifier) @receiver.self field: (identifier) @name) arguments: (arguments) @arguments) @reference.call
 (#eq? @receiver.self "self"))

; `T.f()`, `obj:m()`, `a.b.c()`: a member of whatever the receiver names.
((function_call name: (method_index_expression table: (_) @receiver method: (identifier) @name) arguments: (arguments) @arguments) @reference.call
 (#not-eq? @receiver "self"))
((function_call name: (dot_index_expression table: (_) @receiver field: (identifier) @name) arguments: (arguments) @arguments) @reference.call
 (#not-eq? @receiver "self"))
