((using_declaration "namespace" [(identifier) (qualified_identifier)] @import.path) @import (#set! import glob))
