; A package is a class, named by its whole name (`Mojo::URL` is one descriptor: Perl package names
; are flat, `Mojo::URL` is no member of `Mojo`). `package X;` lasts until the next package statement
; or the end of the file (a later package: its last statement, not the file's trailing POD); `package X { ... }` is its block.
((package_statement (package_name) @name !body) @definition.class (#set! scope "file"))
(package_statement (package_name) @name body: (block) @body) @definition.class

; Subs are the package's methods (`new` its constructor); a sub outside any package is a function.
(function_definition name: (identifier) @name body: (block) @body) @definition.method

; `use constant NAME => ...`; `has name => ...` (Mojo::Base, Moo, Moose) declares an attribute.
(use_constant_statement constant: (identifier) @name) @definition.constant
; `use constant { A => 1, B => 2 }` declares each key of the hash (not the keys of a hash inside it).
(use_constant_statement
  value: (hash_ref
    (call_expression_with_args_with_brackets (call_expression_with_bareword function_name: (identifier) @name)) @definition.constant
    .
    (fat_comma)))
((call_expression_with_spaced_args
   (call_expression_with_bareword function_name: (identifier) @has)
   args: (arguments . (call_expression_with_args_with_brackets . (call_expression_with_bareword function_name: (identifier) @name) .) . (fat_comma))) @definition.property
 (#eq? @has "has"))
; `has 'max_keys' => 100`, `has 'end_range';`: the name quoted, taken without its quotes.
((call_expression_with_spaced_args
   (call_expression_with_bareword function_name: (identifier) @has)
   args: (arguments . [(string_single_quoted) (string_double_quoted)] @name)) @definition.property
 (#eq? @has "has")
 (#set! name "unquote"))
; `has [qw(code message)] => ...` declares each attribute the list names (the grammar reads it as an index).
((array_access_variable
   array_variable: (call_expression_with_args_with_brackets (call_expression_with_bareword function_name: (identifier) @has))
   index: (word_list_qw (list_item) @name @definition.property))
 (#eq? @has "has"))

; An anonymous sub (`sub { ... }`): what it declares is local.
(anonymous_function) @scope
