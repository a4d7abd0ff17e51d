; Bash has functions and variables, all global once a file is sourced; a file is a module of its own
; (`lib/store.sh` is `lib/store/`), so its definitions are told apart from another file's.
; A function defined inside another is global all the same: the file's, once the outer one has run.
((function_definition name: (word) @name body: (_) @body) @definition.function
 (#set! owner "file"))

; File-level assignments define variables; `readonly X=...` and `declare -r X=...` constants.
(program (variable_assignment name: (variable_name) @name) @definition.variable)
(program (variable_assignments (variable_assignment name: (variable_name) @name) @definition.variable))
(program (declaration_command (variable_assignment name: (variable_name) @name) @definition.variable))
(program (declaration_command "readonly" (variable_assignment name: (variable_name) @name) @definition.constant))
((program (declaration_command (word) @flag (variable_assignment name: (variable_name) @name) @definition.constant))
 (#match? @flag "^-[a-zA-Z]*r"))
