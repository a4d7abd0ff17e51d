(import_declaration (scoped_identifier scope: (_) @import.path name: (identifier) @import.member) .) @import
((import_declaration (scoped_identifier) @import.path (asterisk)) @import (#set! import glob))
