; Go states no implementation: the walker matches method sets to interfaces (language.json
; `interfaces: structural`). An interface embedding another extends it.
(type_spec
  name: (type_identifier) @inherit.sub
  type: (interface_type (type_elem [(type_identifier) (qualified_type)] @inherit.super)))
; A struct's unnamed field (`type Engine struct { RouterGroup; ... }`) embeds that type: its methods
; are promoted to the struct and count toward the interfaces it satisfies. Embedding is no subtyping.
((type_spec
  name: (type_identifier) @inherit.sub
  type: (struct_type (field_declaration_list (field_declaration !name type: [(type_identifier) (pointer_type (type_identifier)) (qualified_type) (pointer_type (qualified_type))] @inherit.super))))
 (#set! inherit "embeds"))
