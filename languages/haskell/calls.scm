; `f x`, `M.f x` (an application, however many arguments), ``x `f` y`` and `f $ x`.
(apply function: (variable) @name) @reference.call
(apply function: (qualified module: (module) @receiver id: (variable) @name)) @reference.call
(infix operator: (infix_id (variable) @name)) @reference.call
(infix operator: (infix_id (qualified module: (module) @receiver id: (variable) @name))) @reference.call
((infix left_operand: (variable) @name operator: (operator) @operator) @reference.call (#eq? @operator "$"))
((infix left_operand: (qualified module: (module) @receiver id: (variable) @name) operator: (operator) @operator) @reference.call (#eq? @operator "$"))
; `f . g`, `M.f . g`: a composition applies both operands when it is applied (`heapsort = map fst . toList . build`).
(infix left_operand: (variable) @name @reference.call operator: (operator) @operator (#eq? @operator "."))
(infix left_operand: (qualified module: (module) @receiver id: (variable) @name) @reference.call operator: (operator) @operator (#eq? @operator "."))
(infix operator: (operator) @operator right_operand: (variable) @name @reference.call (#eq? @operator "."))
(infix operator: (operator) @operator right_operand: (qualified module: (module) @receiver id: (variable) @name) @reference.call (#eq? @operator "."))
; `match = matchGr`, `f = M.g`: a definition that is another function by name calls it (`match g` is `matchGr g`).
(bind match: (match expression: (variable) @name) @reference.call)
(bind match: (match expression: (qualified module: (module) @receiver id: (variable) @name)) @reference.call)
