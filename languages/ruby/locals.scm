(method_parameters (identifier) @local.name)
(optional_parameter name: (identifier) @local.name)
(keyword_parameter name: (identifier) @local.name)
(block_parameters (identifier) @local.name)
((assignment
   left: (identifier) @local.name
   right: (call receiver: [(constant) (scope_resolution)] @local.type method: (identifier) @method))
 (#eq? @method "new"))
(assignment left: (identifier) @local.name)
