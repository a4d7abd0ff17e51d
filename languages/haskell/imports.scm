; `import M (a, b)` binds a and b; `import M` every name of M; `import qualified M as N` binds N.
(import module: (module) @import.path names: (import_list (import_name (variable) @import.member))) @import
((import module: (module) @import.path !names !alias) @import (#set! import "glob"))
(import module: (module) @import.path alias: (module) @import.name) @import
