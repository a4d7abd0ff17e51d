(call_expression function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
; A macro's replacement text is no code the grammar parses: the calls written in it are read from the text (walker.callsInText).
(preproc_function_def value: (preproc_arg) @unparsed)
(preproc_def value: (preproc_arg) @unparsed)
