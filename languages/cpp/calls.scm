(call_expression function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(call_expression function: (template_function name: (identifier) @name) arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (field_expression argument: (this) @receiver.self field: (field_identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (field_expression argument: [(identifier) (field_expression) (qualified_identifier)] @receiver field: (field_identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (qualified_identifier scope: (_) @receiver name: [(identifier) (template_function name: (identifier) @name)] @name)
  arguments: (argument_list) @arguments) @reference.call
(new_expression type: (_) @name arguments: (argument_list)? @arguments) @reference.new
; A call on what another call gives (`status().ok()`, `x->y()->z()`): a call all the same, on a receiver of unknown type.
(call_expression
  function: (field_expression argument: [(call_expression) (subscript_expression) (parenthesized_expression) (pointer_expression)] @receiver field: (field_identifier) @name)
  arguments: (argument_list) @arguments) @reference.call

; A macro's replacement text is no code the grammar parses: the calls written in it are read from the text (walker.callsInText).
(preproc_function_def value: (preproc_arg) @unparsed)
(preproc_def value: (preproc_arg) @unparsed)
