; `local x = require "a.b"` (or `require("a.b")`): x is the module a/b, or what its file returns (`return M`).
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @import.name .)
     (expression_list
       . value: (function_call name: (identifier) @require arguments: (arguments . (string content: (string_content) @import.path) .)) .))) @import
 (#eq? @require "require"))
; `local f = require("a.b").f`: one member of the module.
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @import.name .)
     (expression_list
       . value: (dot_index_expression
           table: (function_call name: (identifier) @require arguments: (arguments . (string content: (string_content) @import.path) .))
           field: (identifier) @import.member) .))) @import
 (#eq? @require "require"))
; `return M` ending a file: an importer of the module gets M.
(chunk (return_statement (expression_list . (identifier) @export .)) .)
