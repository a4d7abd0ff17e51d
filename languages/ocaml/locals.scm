; Every name a pattern binds inside a function (parameters, `let ... in`, match cases) shadows
; definitions of the same name; a functor's parameter shadows modules of the same name.
(value_pattern) @local.name
(module_parameter (module_name) @local.name)
