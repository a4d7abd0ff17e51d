(import_from_statement module_name: (_) @import.path name: (dotted_name) @import.member) @import
(import_from_statement
  module_name: (_) @import.path
  name: (aliased_import name: (dotted_name) @import.member alias: (identifier) @import.name)) @import
((import_from_statement module_name: (_) @import.path (wildcard_import)) @import (#set! import glob))
(import_statement name: (dotted_name) @import.path) @import
(import_statement name: (aliased_import name: (dotted_name) @import.path alias: (identifier) @import.name)) @import
