(parameters name: (identifier) @local.name)
(for_generic_clause (variable_list name: (identifier) @local.name))
(for_numeric_clause name: (identifier) @local.name)
; `local x` declared without a value.
(variable_declaration (variable_list name: (identifier) @local.name))
; `local s = Store.new(...)`: by convention `T.new` returns a T.
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @local.name .)
     (expression_list . value: (function_call name: (dot_index_expression table: (identifier) @local.type field: (identifier) @new)) .)))
 (#eq? @new "new"))
; `local self = setmetatable({}, T)`: an instance of T.
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @local.name .)
     (expression_list . value: (function_call name: (identifier) @setmetatable arguments: (arguments (_) . (identifier) @local.type .)) .)))
 (#eq? @setmetatable "setmetatable"))
; Any other value, except a `require` (or a member of one): a local `require "x"` inside a function
; is an import of x (imports.scm), not an unknown value.
(variable_declaration
  (assignment_statement
    (variable_list name: (identifier) @local.name)
    (expression_list
      . value: [(nil) (false) (true) (number) (string) (vararg_expression) (function_definition) (identifier)
                (bracket_index_expression) (parenthesized_expression) (table_constructor) (binary_expression) (unary_expression)
                (dot_index_expression table: [(identifier) (dot_index_expression) (bracket_index_expression) (parenthesized_expression)])])))
((variable_declaration
   (assignment_statement
     (variable_list name: (identifier) @local.name)
     (expression_list . value: [(function_call name: (_) @callee) (dot_index_expression table: (function_call name: (_) @callee))])))
 (#not-eq? @callee "require"))
