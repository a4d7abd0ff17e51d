; A module is its file (`Data/Graph/Inductive/Graph.hs` is `Data.Graph.Inductive.Graph`).

; `f x y = ...` (one symbol for all its equations) and `f = ...`. Inside a function (`where`,
; `let`) they are locals. A top-level type signature `f :: a -> b` only describes what the
; equations define (a declaration, below); in a class it declares a method.
(function name: (variable) @name match: (_)? @body) @definition.function
; A `where` after `f = …` is no part of f's signature: the keyword is taken as the body, where the signature ends.
(bind name: (variable) @name "where"? @body) @definition.function
; A top-level signature `f :: a -> b` (or `x, y :: Int`) declares what the equations define: one more
; definition occurrence of that function, so a type it mentions is used by the function.
(haskell declarations: (declarations (signature name: (variable) @name) @declaration))
(haskell declarations: (declarations (signature names: (binding_list (variable)+ @name)) @declaration))
(class_declarations (signature name: (variable) @name) @definition.function)
(foreign_import (signature name: (variable) @name) @definition.function)
; Operators: `(&) :: ...` in a class, `a & b = ...`, ``x `plus` y = ...``.
(class_declarations (signature name: (prefix_id (operator) @name)) @definition.function)
(function (infix operator: (operator) @name) match: (_)? @body) @definition.function
; `(><) a b = ...`: an operator defined in prefix form; its signature `(><) :: …` is a declaration of it.
(function name: (prefix_id (operator) @name) match: (_)? @body) @definition.function
; `(f >< g) (x, y) = ...`: an infix head in parentheses, with more arguments after it.
(function parens: (function_head_parens (infix operator: (operator) @name)) match: (_)? @body) @definition.function
(haskell declarations: (declarations (signature name: (prefix_id (operator) @name)) @declaration))
(function (infix operator: (infix_id (variable) @name)) match: (_)? @body) @definition.function

; `data T = A | B { f :: Int }`: a type whose constructors and record fields are its members.
(data_type name: (name) @name) @definition.struct
; A constructor's declaration node is its name alone, so record fields stay members of the type.
(data_constructor constructor: (prefix name: (constructor) @name @definition.enum_member))
(data_constructor constructor: (record name: (constructor) @name @definition.enum_member))
(data_constructor constructor: (infix operator: (constructor_operator) @name @definition.enum_member))
(field name: (field_name (variable) @name)) @definition.field
; `newtype N = N T`: a type defined from another; `type W = Int`: another name for one.
(newtype name: (name) @name) @definition.type
(newtype constructor: (newtype_constructor name: (constructor) @name @definition.enum_member))
(type_synomym name: (name) @name) @definition.alias

; `class C a where ...`: an interface whose signatures (and default methods) are its members.
(class name: (name) @name declarations: (_)? @body) @definition.interface

; `instance C T where ...`: not a symbol, but its functions are members of T that implement C's.
; A multi-parameter class's instance (`instance GraphM IO SGr`) is filed under its last type, the
; one the class is about by Haskell's convention (the monad or context types come first).
(instance patterns: (type_patterns (name) @name .) declarations: (_)? @body) @definition.impl
(instance patterns: (type_patterns (parens type: (apply constructor: (name) @name)) .) declarations: (_)? @body) @definition.impl
(instance patterns: (type_patterns (parens type: (apply constructor: (apply constructor: (name) @name))) .) declarations: (_)? @body) @definition.impl
(instance patterns: (type_patterns (parens type: (apply constructor: (apply constructor: (apply constructor: (name) @name)))) .) declarations: (_)? @body) @definition.impl

; `\x -> ...`: no symbol, but its patterns are local.
(lambda) @scope
