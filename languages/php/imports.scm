(namespace_use_clause
  (qualified_name prefix: (namespace_name) @import.path (name) @import.member)
  alias: (name)? @import.name) @import
