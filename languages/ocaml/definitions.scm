; A module is its file (`list.ml` and `list.mli` are both module `List`); `module M = struct ... end`
; and a functor `module Make (X : S) = struct ... end` are modules inside it.
(module_binding (module_name) @name body: (_) @body) @definition.namespace
(module_binding (module_name) @name !body) @definition.namespace
; `module L = List` only names another module (imports.scm): no module of its own.
((module_binding (module_name) @name body: (module_path)) (#set! definition "none"))

; A module type (`module type S = sig ... end`) is the interface modules are checked against.
(module_type_definition (module_type_name) @name body: (_)? @body) @definition.interface

; `let f x = ...`, `let f = fun x -> ...`: functions; any other `let x = ...` is a value. A value's
; declaration node is its name alone, so a function reading of the same binding (wider) wins.
(let_binding pattern: (value_name) @name (parameter) body: (_) @body) @definition.function
(let_binding pattern: (value_name) @name body: [(fun_expression) (function_expression)] @body) @definition.function
(let_binding pattern: (value_name) @name @definition.variable)
; `let _ = ...` evaluates for its effect and binds no name.
((let_binding pattern: (value_name) @name) (#eq? @name "_") (#set! definition "none"))

; A module type's `val f : a -> b` declares a function it requires, `val x : t` a value. Any other
; `val` only declares (below): the `let` alone makes the symbol, so a point-free `let f = g x` stays one.
(module_type_definition body: (signature (value_specification (value_name) @name type: (function_type)) @definition.function))
(module_type_definition body: (signature (value_specification (value_name) @name @definition.variable)))
(external (value_name) @name) @definition.function
; Any other `val f : t` (an interface file's, a `module M : sig ... end` constraint's) declares what
; the implementation's `let` defines: one more definition occurrence of that symbol, never its own.
(value_specification (value_name) @name) @declaration

; Types: records (with their fields), variants (with their constructors), abbreviations, abstract types.
(type_binding name: (type_constructor) @name body: (record_declaration) @body) @definition.struct
(type_binding name: (type_constructor) @name body: (variant_declaration) @body) @definition.enum
(type_binding name: (type_constructor) @name equation: (_) !body) @definition.alias
(type_binding name: (type_constructor) @name !equation !body) @definition.type
(record_declaration (field_declaration (field_name) @name) @definition.field)
(variant_declaration (constructor_declaration (constructor_name) @name) @definition.enum_member)

; `exception Out_of_stock of string` declares an exception (inheritance.scm states it one).
(exception_definition (constructor_declaration . (constructor_name) @name)) @definition.class

; Classes and their methods and instance variables.
(class_binding (class_name) @name body: (_)? @body) @definition.class
(class_type_binding (class_type_name) @name) @definition.interface
(method_definition (method_name) @name body: (_)? @body) @definition.method
(method_specification (method_name) @name) @definition.method
(instance_variable_definition (instance_variable_name) @name) @definition.field

; `fun x -> ...`, `function A -> ...` and `let ... in ...`: no symbol, but what they bind is local
; (a `let f x = ... in` inside `let () = ...` or inside a value's initializer is no module member).
(fun_expression) @scope
(function_expression) @scope
(let_expression) @scope
; The anonymous structure given to a functor (`include Make(struct type t = H.t let equal = H.equal end)`)
; is the functor's argument: what it defines is reachable from nowhere, so it is local.
(module_application argument: (parenthesized_module_expression (structure) @scope))
; The signature a functor's parameter must match (`module MakeSeeded (H : sig type t … end) = struct`)
; declares what the argument provides, not the functor's members: its `type t` is not the functor's own `t`.
(module_parameter (signature) @scope)

; `type t += Extra of int` adds a constructor to a type defined elsewhere: no symbol here.
((type_binding name: (type_constructor_path) body: (variant_declaration (constructor_declaration (constructor_name) @name))) (#set! definition "none"))

; `let rec f … and g …`: only these may call themselves (and each other) by name; in a plain `let f x = … f …`
; the inner `f` is the one bound before (walker.recursion: declared).
(value_definition "rec" (let_binding pattern: (value_name) @name)) @recursive
; `module rec M = struct … M.f … end`: only such a module's body may name it (walker.recursion: declared).
(module_definition "rec" (module_binding (module_name) @name)) @recursive
