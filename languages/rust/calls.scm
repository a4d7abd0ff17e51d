(call_expression function: (identifier) @name arguments: (arguments) @arguments) @reference.call

(call_expression
  function: (field_expression value: (self) @receiver.self field: (field_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
((call_expression
  function: (field_expression value: (_) @receiver field: (field_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
  (#not-eq? @receiver "self"))

((call_expression
  function: (scoped_identifier path: (_) @receiver.self name: (identifier) @name)
  arguments: (arguments) @arguments) @reference.call
  (#eq? @receiver.self "Self"))
((call_expression
  function: (scoped_identifier path: (_) @receiver name: (identifier) @name)
  arguments: (arguments) @arguments) @reference.call
  (#not-eq? @receiver "Self"))

(call_expression
  function: (generic_function function: (identifier) @name)
  arguments: (arguments) @arguments) @reference.call
((call_expression
  function: (generic_function function: (scoped_identifier path: (_) @receiver name: (identifier) @name))
  arguments: (arguments) @arguments) @reference.call
  (#not-eq? @receiver "Self"))
