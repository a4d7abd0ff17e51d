([(class_declaration name: (identifier) @inherit.sub (base_list (_) @inherit.super))
  (struct_declaration name: (identifier) @inherit.sub (base_list (_) @inherit.super))
  (record_declaration name: (identifier) @inherit.sub (base_list (_) @inherit.super))
  (interface_declaration name: (identifier) @inherit.sub (base_list (_) @inherit.super))])
