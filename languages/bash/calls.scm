; A command whose name is a plain word: a function of the corpus when one of that name is defined,
; else a builtin or a program. `source` and `.` read a file rather than call anything.
((command name: (command_name (word) @name)) @reference.call
 (#not-any-of? @name "source" "."))
