; `f(...)`, `f $x`, `Pkg::f(...)`. A bareword without arguments is not taken for a call: the
; grammar reads the key before `=>` (`sku => 1`) as one. A bare built-in (`join`, `map`) is Perl's
; own even where the package defines a sub of that name.
((call_expression_with_args_with_brackets
  (call_expression_with_bareword !package_name function_name: (identifier) @name)
  args: (_) @arguments) @reference.call
 (#not-any-of? @name "abs" "accept" "alarm" "atan2" "bind" "binmode" "bless" "caller" "chdir" "chmod" "chomp" "chop" "chown" "chr" "chroot" "close" "closedir" "connect" "cos" "crypt" "defined" "delete" "die" "do" "dump" "each" "eof" "eval" "exec" "exists" "exit" "exp" "fcntl" "fileno" "flock" "fork" "formline" "getc" "getlogin" "getpeername" "getpgrp" "getppid" "getpriority" "glob" "gmtime" "goto" "grep" "hex" "index" "int" "ioctl" "join" "keys" "kill" "last" "lc" "lcfirst" "length" "link" "listen" "local" "localtime" "log" "lstat" "map" "mkdir" "next" "no" "oct" "open" "opendir" "ord" "pack" "pipe" "pop" "pos" "print" "printf" "prototype" "push" "quotemeta" "rand" "read" "readdir" "readline" "readlink" "readpipe" "recv" "redo" "ref" "rename" "require" "reset" "return" "reverse" "rewinddir" "rindex" "rmdir" "say" "scalar" "seek" "seekdir" "select" "send" "setpgrp" "setpriority" "shift" "shutdown" "sin" "sleep" "socket" "socketpair" "sort" "splice" "split" "sprintf" "sqrt" "srand" "stat" "study" "substr" "symlink" "syscall" "sysopen" "sysread" "sysseek" "system" "syswrite" "tell" "telldir" "tie" "tied" "time" "times" "truncate" "uc" "ucfirst" "umask" "undef" "unlink" "unpack" "unshift" "untie" "utime" "values" "vec" "wait" "waitpid" "wantarray" "warn" "write"))
((call_expression_with_spaced_args
  (call_expression_with_bareword !package_name function_name: (identifier) @name)
  args: (_) @arguments) @reference.call
 (#not-any-of? @name "abs" "accept" "alarm" "atan2" "bind" "binmode" "bless" "caller" "chdir" "chmod" "chomp" "chop" "chown" "chr" "chroot" "close" "closedir" "connect" "cos" "crypt" "defined" "delete" "die" "do" "dump" "each" "eof" "eval" "exec" "exists" "exit" "exp" "fcntl" "fileno" "flock" "fork" "formline" "getc" "getlogin" "getpeername" "getpgrp" "getppid" "getpriority" "glob" "gmtime" "goto" "grep" "hex" "index" "int" "ioctl" "join" "keys" "kill" "last" "lc" "lcfirst" "length" "link" "listen" "local" "localtime" "log" "lstat" "map" "mkdir" "next" "no" "oct" "open" "opendir" "ord" "pack" "pipe" "pop" "pos" "print" "printf" "prototype" "push" "quotemeta" "rand" "read" "readdir" "readline" "readlink" "readpipe" "recv" "redo" "ref" "rename" "require" "reset" "return" "reverse" "rewinddir" "rindex" "rmdir" "say" "scalar" "seek" "seekdir" "select" "send" "setpgrp" "setpriority" "shift" "shutdown" "sin" "sleep" "socket" "socketpair" "sort" "splice" "split" "sprintf" "sqrt" "srand" "stat" "study" "substr" "symlink" "syscall" "sysopen" "sysread" "sysseek" "system" "syswrite" "tell" "telldir" "tie" "tied" "time" "times" "truncate" "uc" "ucfirst" "umask" "undef" "unlink" "unpack" "unshift" "untie" "utime" "values" "vec" "wait" "waitpid" "wantarray" "warn" "write"))
(call_expression_with_args_with_brackets
  (call_expression_with_bareword package_name: (package_name) @receiver function_name: (identifier) @name)
  args: (_) @arguments) @reference.call
(call_expression_with_spaced_args
  (call_expression_with_bareword package_name: (package_name) @receiver function_name: (identifier) @name)
  args: (_) @arguments) @reference.call

; `$self->m`, `$class->m`, `shift->m`: the invocant is the package's own object or class.
((method_invocation object_return_value: (scalar_variable) @receiver.self . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#any-of? @receiver.self "$self" "$class"))
((method_invocation package_name: (identifier) @receiver.self . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#eq? @receiver.self "shift"))
; `$self->SUPER::m`: the parent package's m.
(method_invocation (super) @receiver.super . function_name: (identifier) @name) @reference.call
; `Pkg->m`, `$obj->m`, `$obj->m->n`: a method of what the invocant is.
((method_invocation object_return_value: (_) @receiver . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#not-any-of? @receiver "$self" "$class"))
((method_invocation package_name: (_) @receiver . (arrow_operator) . function_name: (identifier) @name) @reference.call
 (#not-eq? @receiver "shift"))

; `"…@{[decamelize $class]}…"`: code run inside a string, which the grammar reads as text.
((string_double_quoted) @unparsed
 (#match? @unparsed "@\\{\\["))

; A sub the grammar recovered from a parse error (`local *{"${ns}::_C"} = sub {$c};` read as a `sub`
; named after the next line's call) is no sub: its text is read for calls instead.
((function_definition (ERROR) name: (identifier) @name) @unparsed
 (#set! definition "none"))
