([(class_specifier name: (type_identifier) @inherit.sub (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @inherit.super))
  (struct_specifier name: (type_identifier) @inherit.sub (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @inherit.super))])
