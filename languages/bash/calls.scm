; A command whose name is a plain word: a function of the corpus when one of that name is defined,
; else a builtin or a program. `source` and `.` read a file rather than call anything.
((command name: (command_name (word) @name)) @reference.call
 (#not-any-of? @name "source" "."))
; A plain word handed to a command may be a function it runs (`bats_semaphore_run "$out" bats_run_test_with_retries`,
; whose body runs `"$@"`; `trap handler EXIT`): no call edge, but where the word names a corpus function,
; an unresolved call of it, so neither its callers nor the callees of the body are taken to be known.
((command argument: (word) @name) @reference.call
 (#match? @name "^[A-Za-z_][A-Za-z0-9_:-]*$")
 (#set! call "if-defined"))
; `trap 'handler' EXIT`, `trap "handler" INT`: the handler a quoted trap command names, likewise.
((command name: (command_name (word) @_trap) argument: (raw_string) @name) @reference.call
 (#eq? @_trap "trap")
 (#match? @name "^'[A-Za-z_][A-Za-z0-9_:-]*'$")
 (#set! call "if-defined")
 (#set! name "unquote"))
((command name: (command_name (word) @_trap) argument: (string (string_content) @name)) @reference.call
 (#eq? @_trap "trap")
 (#match? @name "^[A-Za-z_][A-Za-z0-9_:-]*$")
 (#set! call "if-defined"))
