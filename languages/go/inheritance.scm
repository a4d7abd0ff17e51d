; Go states no implementation (interfaces are satisfied structurally); an interface embedding another extends it.
(type_spec
  name: (type_identifier) @inherit.sub
  type: (interface_type (type_elem [(type_identifier) (qualified_type)] @inherit.super)))
