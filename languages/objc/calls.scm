; A message send names its method by the first part of the selector, right after the receiver.
(message_expression receiver: [(identifier) @receiver.self (#eq? @receiver.self "self")] . method: (identifier) @name) @reference.call
(message_expression receiver: [(identifier) @receiver.super (#eq? @receiver.super "super")] . method: (identifier) @name) @reference.call
((message_expression receiver: (_) @receiver . method: (identifier) @name) @reference.call
 (#not-any-of? @receiver "self" "super"))
(call_expression function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
