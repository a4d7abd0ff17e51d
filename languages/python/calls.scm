(call function: (identifier) @name arguments: (argument_list) @arguments) @reference.call

((call
   function: (attribute object: (identifier) @receiver.self attribute: (identifier) @name)
   arguments: (argument_list) @arguments) @reference.call
 (#any-of? @receiver.self "self" "cls"))

((call
   function: (attribute object: (call function: (identifier) @receiver.super) attribute: (identifier) @name)
   arguments: (argument_list) @arguments) @reference.call
 (#eq? @receiver.super "super"))

((call
   function: (attribute object: (_) @receiver attribute: (identifier) @name)
   arguments: (argument_list) @arguments) @reference.call
 (#not-any-of? @receiver "self" "cls" "super()"))
