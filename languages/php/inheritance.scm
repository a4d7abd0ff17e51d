(class_declaration name: (name) @inherit.sub (base_clause [(name) (qualified_name)] @inherit.super))
(class_declaration name: (name) @inherit.sub (class_interface_clause [(name) (qualified_name)] @inherit.super))
(interface_declaration name: (name) @inherit.sub (base_clause [(name) (qualified_name)] @inherit.super))
(enum_declaration name: (name) @inherit.sub (class_interface_clause [(name) (qualified_name)] @inherit.super))
; `use SomeTrait;` inside a class mixes the trait in.
(class_declaration name: (name) @inherit.sub body: (declaration_list (use_declaration [(name) (qualified_name)] @inherit.super)))
