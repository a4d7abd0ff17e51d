; A message send names its method by the first part of the selector, right after the receiver.
(message_expression receiver: [(identifier) @receiver.self (#eq? @receiver.self "self")] . method: (identifier) @name) @reference.call
(message_expression receiver: [(identifier) @receiver.super (#eq? @receiver.super "super")] . method: (identifier) @name) @reference.call
((message_expression receiver: (_) @receiver . method: (identifier) @name) @reference.call
 (#not-any-of? @receiver "self" "super"))
(call_expression function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
; A macro's replacement text is no code the grammar parses: the calls written in it are read from the text (walker.callsInText).
(preproc_function_def value: (preproc_arg) @unparsed)
(preproc_def value: (preproc_arg) @unparsed)
; `self.value = x` sends the property's setter, `setValue:` (walker.writer): bound where the class or a
; superclass writes one, else unresolved (a synthesized accessor).
((assignment_expression left: (field_expression argument: (identifier) @receiver.self field: (field_identifier) @name) @reference.call)
 (#eq? @receiver.self "self"))
((assignment_expression left: (field_expression argument: (identifier) @receiver.self field: (field_identifier) @name) @reference.call)
 (#eq? @receiver.self "self")
 (#set! call "writer"))
