; An exception is a constructor of OCaml's exception type: kept as a supertype named by the keyword.
(exception_definition "exception" @inherit.super (constructor_declaration . (constructor_name) @inherit.sub))

; `module M : S = struct ... end`, `module Make (X : T) : S with type ...`: M implements module type S.
(module_binding (module_name) @inherit.sub module_type: (module_type_path) @inherit.super)
(module_binding (module_name) @inherit.sub module_type: (module_type_constraint module_type: (module_type_path) @inherit.super))
; `module type S = sig include T ... end`: S extends T.
(module_type_definition (module_type_name) @inherit.sub body: (signature (include_module_type module_type: (module_type_path) @inherit.super)))

; `inherit base` inside a class.
(class_binding (class_name) @inherit.sub body: (object_expression (inheritance_definition class: (class_path) @inherit.super)))
(module_type_definition (module_type_name) @inherit.sub body: (signature (include_module_type module_type: (module_type_constraint module_type: (module_type_path) @inherit.super))))
