; `f x`, `M.f x`: an application of a value by name, bare or through a module path.
(application_expression function: (value_path . (value_name) @name)) @reference.call
(application_expression function: (value_path (module_path) @receiver (value_name) @name)) @reference.call

; `let ikbprintf = ikfprintf`: a value that is another function by name calls it, as `f = g` does in Haskell.
(let_binding pattern: (value_name) body: (value_path . (value_name) @name .)) @reference.call
(let_binding pattern: (value_name) body: (value_path (module_path) @receiver (value_name) @name)) @reference.call

; `x |> f`, `f @@ x`: the pipe operators apply the function on their other side.
(infix_expression operator: (rel_operator) @operator right: (value_path . (value_name) @name) (#eq? @operator "|>")) @reference.call
(infix_expression operator: (rel_operator) @operator right: (value_path (module_path) @receiver (value_name) @name) (#eq? @operator "|>")) @reference.call
(infix_expression left: (value_path . (value_name) @name) operator: (concat_operator) @operator (#eq? @operator "@@")) @reference.call
(infix_expression left: (value_path (module_path) @receiver (value_name) @name) operator: (concat_operator) @operator (#eq? @operator "@@")) @reference.call

; `obj#m`, `self#m`, `new c`.
(method_invocation object: (value_path . (value_name) @receiver.self .) method: (method_name) @name (#eq? @receiver.self "self")) @reference.call
(method_invocation object: (_) @receiver method: (method_name) @name) @reference.call
(new_expression (class_path . (class_name) @name)) @reference.new
