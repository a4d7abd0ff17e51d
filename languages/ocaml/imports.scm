; `open M` and `include M` make every member of M visible by its short name.
((open_module module: (module_path) @import.path) @import (#set! import "glob"))
((include_module module: (module_path) @import.path) @import (#set! import "glob"))
; `module L = List`: L stands for List.
(module_binding (module_name) @import.name body: (module_path) @import.path) @import
