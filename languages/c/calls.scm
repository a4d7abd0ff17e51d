(call_expression function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
