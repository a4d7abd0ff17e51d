; `my $x = Pkg->new(...)`: by convention `new` returns an object of the package.
((binary_expression
   variable: (variable_declaration variable_name: (scalar_variable) @local.name)
   variable: (method_invocation package_name: (package_name) @local.type function_name: (identifier) @new))
 (#eq? @new "new"))
(variable_declaration variable_name: (_) @local.name)
(variable_declaration (array (scalar_variable) @local.name))
(variable_declaration (array (array_variable) @local.name))
(variable_declaration (array (hash_variable) @local.name))
