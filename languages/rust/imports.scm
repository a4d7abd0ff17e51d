(use_declaration argument: (identifier) @import.path) @import
(use_declaration argument: (scoped_identifier path: (_) @import.path name: (identifier) @import.member)) @import
(use_declaration
  argument: (use_as_clause
    path: (scoped_identifier path: (_) @import.path name: (identifier) @import.member)
    alias: (identifier) @import.name)) @import
(use_declaration
  argument: (scoped_use_list path: (_) @import.path list: (use_list (identifier) @import.member))) @import
(use_declaration
  argument: (scoped_use_list
    path: (_) @import.path
    list: (use_list (use_as_clause path: (identifier) @import.member alias: (identifier) @import.name)))) @import
((use_declaration argument: (use_wildcard (_) @import.path)) @import (#set! import glob))
