; The supertypes a package states right after its `package` line (or after one or two other `use`
; lines): `use parent 'X'` (`-norequire` too), `use base qw(X Y)`, `use Mojo::Base 'X'`, and
; `use Mojo::Base -base`, which makes the package a Mojo::Base subclass (the grammar reads `-base`
; as a file test, `-b ase`).
(source_file (package_statement (package_name) @inherit.sub) . (use_parent_statement [(string_single_quoted) (string_double_quoted)] @inherit.super))
(source_file (package_statement (package_name) @inherit.sub) . (use_no_statement) . (use_parent_statement [(string_single_quoted) (string_double_quoted)] @inherit.super))
(source_file (package_statement (package_name) @inherit.sub) . (use_no_statement) . (use_no_statement) . (use_parent_statement [(string_single_quoted) (string_double_quoted)] @inherit.super))
((source_file (package_statement (package_name) @inherit.sub) . (use_no_statement package_name: (package_name) @base (word_list_qw (list_item) @inherit.super)))
 (#eq? @base "base"))
((source_file (package_statement (package_name) @inherit.sub) . (use_no_statement package_name: (package_name) @base . [(string_single_quoted) (string_double_quoted)] @inherit.super))
 (#eq? @base "Mojo::Base"))
((source_file (package_statement (package_name) @inherit.sub) . (use_no_statement package_name: (package_name) @inherit.super) . (unary_expression) @flag)
 (#eq? @inherit.super "Mojo::Base")
 (#match? @flag "^-base"))
