(parameter type: (type_name) @local.type name: (identifier) @local.name)
(variable_declaration type: (type_name) @local.type name: (identifier) @local.name)
; State variables are in scope in every function of the contract, with their declared type.
(state_variable_declaration type: (type_name) @local.type name: (identifier) @local.name)
