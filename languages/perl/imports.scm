; `use Mojo::Util qw(trim decode)`: each listed name is bound to the package's sub; `use X;` binds X.
(use_no_statement package_name: (package_name) @import.path (word_list_qw (list_item) @import.member)) @import
(use_no_statement package_name: (package_name) @import.path !version) @import
