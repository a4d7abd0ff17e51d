; How Lua maps onto modules, types and members (see README.md in this folder):
; a file is a module (`inventory/store.lua` is `inventory/store/`, `init.lua` stands for its directory);
; its file-level functions are the module's functions; a file-level table the file declares functions
; on (`local Store = {}` ... `function Store:add()`), or whose constructor holds functions, is a type
; (a class) and those functions are its members; everything inside a function body is local.

; `local T = {}` (or any value) followed, at file level, by `function T.f()` or `function T:m()`.
((chunk
   (variable_declaration (assignment_statement (variable_list name: (identifier) @name))) @definition.class
   (function_declaration name: [(dot_index_expression table: (identifier) @table) (method_index_expression table: (identifier) @table)]))
 (#eq? @name @table))
((chunk
   (assignment_statement (variable_list name: (identifier) @name)) @definition.class
   (function_declaration name: [(dot_index_expression table: (identifier) @table) (method_index_expression table: (identifier) @table)]))
 (#eq? @name @table))
; `local T = { f = function () ... end }`: a table constructor holding functions.
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name .)
      (expression_list . value: (table_constructor (field value: (function_definition))) .))) @definition.class)
(chunk
  (assignment_statement
    (variable_list . name: (identifier) @name .)
    (expression_list . value: (table_constructor (field value: (function_definition))) .)) @definition.class)

; Functions: `function f()`, `local function f()`, and `function T.f()` / `function T:m()`, placed in T by the name separators.
(function_declaration name: (identifier) @name parameters: (parameters) @parameters body: (block)? @body) @definition.function
(function_declaration
  name: [(dot_index_expression) (method_index_expression)] @name
  parameters: (parameters) @parameters
  body: (block)? @body) @definition.method
; `local f = function () end`, `T.f = function () end`.
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name .)
    (expression_list . value: (function_definition parameters: (parameters) @parameters body: (block)? @body) .))) @definition.function
(assignment_statement
  (variable_list . name: [(identifier) (dot_index_expression)] @name .)
  (expression_list . value: (function_definition parameters: (parameters) @parameters body: (block)? @body) .)) @definition.function
; `{ f = function () end }` in a class's own constructor: a member of the class; in the table a file
; returns (`return { f = function () end }`): a module function. Elsewhere (a metatable, an argument) it is anonymous.
((chunk
   (variable_declaration
     (assignment_statement
       (expression_list value: (table_constructor (field name: (identifier) @name value: (function_definition parameters: (parameters) @parameters body: (block)? @body)) @definition.method)))))
 (#set! owner "enclosing-type"))
((chunk
   (assignment_statement
     (expression_list value: (table_constructor (field name: (identifier) @name value: (function_definition parameters: (parameters) @parameters body: (block)? @body)) @definition.method))))
 (#set! owner "enclosing-type"))
(chunk
  (return_statement
    (expression_list (table_constructor (field name: (identifier) @name value: (function_definition parameters: (parameters) @parameters body: (block)? @body)) @definition.function))))

; File-level values are variables (aliases such as `local insert = table.insert` too: they bind the
; name in this file). The variable is its name alone, so a class reading of the same name (the whole
; statement) wins, and every name of `local a, b = x, y` is its own. A `require` binds a module (imports.scm).
(chunk (variable_declaration (assignment_statement (variable_list name: (identifier) @name @definition.variable))))
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @name .)
     (expression_list . value: (function_call name: (identifier) @require) .)))
 (#eq? @require "require")
 (#set! definition "none"))
; A name paired with a member of a required module (`local x = require "a".x`, `require "a".b.c`) or
; with the global of its own name (`local pairs = pairs`, which keeps a global within reach) defines
; nothing of this file. Names pair with values by position, so each of the first six positions (twelve for a global kept within reach) of
; `local a, b, ... = x, y, ...` is its own pattern (the `(_) .` prefixes skip the earlier pairs).
((variable_declaration (assignment_statement
   (variable_list . name: (identifier) @name)
   (expression_list . value: [(dot_index_expression table: (function_call name: (identifier) @require)) (dot_index_expression table: (dot_index_expression table: (function_call name: (identifier) @require)))])))
 (#eq? @require "require")
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . name: (identifier) @name)
   (expression_list . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . name: (identifier) @name)
   (expression_list . (_) . value: [(dot_index_expression table: (function_call name: (identifier) @require)) (dot_index_expression table: (dot_index_expression table: (function_call name: (identifier) @require)))])))
 (#eq? @require "require")
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . name: (identifier) @name)
   (expression_list . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . value: [(dot_index_expression table: (function_call name: (identifier) @require)) (dot_index_expression table: (dot_index_expression table: (function_call name: (identifier) @require)))])))
 (#eq? @require "require")
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . value: [(dot_index_expression table: (function_call name: (identifier) @require)) (dot_index_expression table: (dot_index_expression table: (function_call name: (identifier) @require)))])))
 (#eq? @require "require")
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . value: [(dot_index_expression table: (function_call name: (identifier) @require)) (dot_index_expression table: (dot_index_expression table: (function_call name: (identifier) @require)))])))
 (#eq? @require "require")
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . value: [(dot_index_expression table: (function_call name: (identifier) @require)) (dot_index_expression table: (dot_index_expression table: (function_call name: (identifier) @require)))])))
 (#eq? @require "require")
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
; Globals kept within reach go on past six (`local ipairs, next, …, select, type = ipairs, next, …, select, type`).
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
((variable_declaration (assignment_statement
   (variable_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . name: (identifier) @name)
   (expression_list . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . (_) . value: (identifier) @global)))
 (#eq? @name @global)
 (#set! definition "none"))
; `local a, b`: declared without a value. A forward declaration of the function the file defines under
; that name (`local load; ... function load() end`, `decode = function () end` in a `do` block) is one
; more occurrence of that function; otherwise a variable of the file.
((chunk (variable_declaration (variable_list name: (identifier) @name) @declaration))
 (#set! declaration "forward"))

; Fields: the keys of a file-level class's constructor (`local Item = { currency = "EUR" }`; those of a
; plain table are no members of anything), and `T.NAME = <literal>` at file level.
((chunk (variable_declaration (assignment_statement (expression_list value: (table_constructor (field name: (identifier) @name @definition.field))))))
 (#set! owner "enclosing-type"))
((chunk (assignment_statement (expression_list value: (table_constructor (field name: (identifier) @name @definition.field)))))
 (#set! owner "enclosing-type"))
(chunk
  (assignment_statement
    (variable_list . name: (dot_index_expression) @name .)
    (expression_list . value: [(string) (number) (true) (false) (table_constructor)] .)) @definition.field)

; An anonymous function (a callback, a busted `it` block): what it declares is local.
(function_definition) @scope
