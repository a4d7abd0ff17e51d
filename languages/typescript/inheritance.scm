; Classes only: scip-typescript states no relationship for `interface A extends B`, and we follow the reference.
([(class_declaration name: (type_identifier) @inherit.sub (class_heritage (extends_clause value: (_) @inherit.super)))
  (abstract_class_declaration name: (type_identifier) @inherit.sub (class_heritage (extends_clause value: (_) @inherit.super)))])
([(class_declaration name: (type_identifier) @inherit.sub (class_heritage (implements_clause (_) @inherit.super)))
  (abstract_class_declaration name: (type_identifier) @inherit.sub (class_heritage (implements_clause (_) @inherit.super)))])
