(call_expression function: (identifier) @name arguments: (arguments) @arguments) @reference.call

(call_expression
  function: (field_expression value: (self) @receiver.self field: (field_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
; A method of a field of self (`self.cmd.build()`): the field's declared type says whose.
(call_expression
  function: (field_expression value: (field_expression value: (self) field: (field_identifier) @receiver.field) field: (field_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
((call_expression
  function: (field_expression value: (_) @receiver field: (field_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
  (#not-eq? @receiver "self")
  (#not-match? @receiver "^self\\s*\\.\\s*[A-Za-z_]\\w*$"))

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
; A method called with a turbofish (`matches.try_get_many::<Id>("x")`).
(call_expression
  function: (generic_function function: (field_expression value: (self) @receiver.self field: (field_identifier) @name))
  arguments: (arguments) @arguments) @reference.call
((call_expression
  function: (generic_function function: (field_expression value: (_) @receiver field: (field_identifier) @name))
  arguments: (arguments) @arguments) @reference.call
  (#not-eq? @receiver "self"))

; A call inside a macro's arguments (`ok!(self.resolve(x))`, `assert!(check(a))`): the grammar keeps them
; as a flat token tree, so a name followed by a parenthesised group is read as a call with no receiver.
; A free function called there resolves; a method stays unresolved, so no call question about a
; method of that name is asked as if it were complete.
(token_tree (identifier) @name . (token_tree) @arguments) @reference.call
; The same inside a macro_rules! repetition (`$( let w = find_words($line); )+`).
(token_repetition (identifier) @name . (token_tree) @arguments) @reference.call
