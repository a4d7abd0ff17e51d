; Bash has functions and variables, all global once a file is sourced; a file is a module of its own
; (`lib/store.sh` is `lib/store/`), so its definitions are told apart from another file's.
; A function defined inside another is global all the same: the file's, once the outer one has run.
((function_definition name: (word) @name body: (_) @body) @definition.function
 (#set! owner "file"))

; An assignment that runs in the script's own shell defines a variable, at the top level or in its `if`, `case`,
; loops and `{ }` groups; `readonly X=...` and `declare -r X=...` a constant. One in a function body is the
; function's, and one in a subshell, a pipeline or before a command (`LANG=C sort`) sets nothing in the script.
((variable_assignment name: (variable_name) @name) @definition.variable
 (#set! outside "function_definition subshell command_substitution process_substitution pipeline command"))
; So does a `for` loop's variable, which the shell assigns each round and which keeps the last value after the loop;
; the definition is the name alone, so that what the loop's body assigns is not nested in it.
((for_statement variable: (variable_name) @name @definition.variable)
 (#set! outside "function_definition subshell command_substitution process_substitution pipeline command"))
((declaration_command "readonly" (variable_assignment name: (variable_name) @name) @definition.constant)
 (#set! outside "function_definition subshell command_substitution process_substitution pipeline command"))
((declaration_command (word) @flag (variable_assignment name: (variable_name) @name) @definition.constant)
 (#match? @flag "^-[a-zA-Z]*r")
 (#set! outside "function_definition subshell command_substitution process_substitution pipeline command"))
; The grammar reads assignments on the line before an `else`, `fi`, `done`, `esac` or `}` as that word's prefixes
; (bats-exec-suite's `IFS=, filter_tags_list+=(…)` then `else`): no command follows them, so they set the shell's own variables.
((command
   (variable_assignment name: (variable_name) @name) @definition.variable
   name: (command_name) @keyword)
 (#match? @keyword "^(then|else|elif|fi|do|done|esac|[}])$")
 (#set! outside "function_definition subshell command_substitution process_substitution pipeline"))
