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

; `local random_bytes = random.bytes` at a file's top: the function goes on under another name, which
; the walker does not follow, so this counts as a call of `bytes` nobody can bind and its callers are
; never taken to be known.
((chunk (variable_declaration (assignment_statement (expression_list value: (dot_index_expression field: (identifier) @name) @reference.call))))
 (#set! call "unbound"))
; `is_err = is_error` in a table: the function goes on under another key.
((field name: (identifier) @key value: (identifier) @name) @reference.call
 (#not-eq? @key @name)
 (#set! call "unbound"))
