(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.member alias: (identifier)? @import.name)))
  source: (string (string_fragment) @import.path)) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.name))
  source: (string (string_fragment) @import.path)) @import
(import_statement
  (import_clause . (identifier) @import.name)
  source: (string (string_fragment) @import.path)) @import

; CommonJS: `const x = require('./x')`, `const { a, b: c } = require('./x')`.
((variable_declarator
   name: (identifier) @import.name
   value: (call_expression function: (identifier) @function arguments: (arguments . (string (string_fragment) @import.path) .))) @import
 (#eq? @function "require"))
((variable_declarator
   name: (object_pattern (shorthand_property_identifier_pattern) @import.member)
   value: (call_expression function: (identifier) @function arguments: (arguments . (string (string_fragment) @import.path) .))) @import
 (#eq? @function "require"))
((variable_declarator
   name: (object_pattern (pair_pattern key: (property_identifier) @import.member value: (identifier) @import.name))
   value: (call_expression function: (identifier) @function arguments: (arguments . (string (string_fragment) @import.path) .))) @import
 (#eq? @function "require"))
