; `local Derived = setmetatable({}, { __index = Base })`: Derived looks up what it lacks in Base.
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @inherit.sub .)
     (expression_list
       . value: (function_call
           name: (identifier) @setmetatable
           arguments: (arguments
             (_)
             . (table_constructor (field name: (identifier) @key value: [(identifier) (dot_index_expression)] @inherit.super)) .)) .)))
 (#eq? @setmetatable "setmetatable")
 (#eq? @key "__index"))
