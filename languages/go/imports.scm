(import_spec name: (package_identifier) @import.name path: (_) @import.path) @import
(import_spec !name path: (_) @import.path) @import
((import_spec name: (dot) path: (_) @import.path) @import (#set! import glob))
