; `class C: Base, P`, `struct S: P`, `enum E: Error`, `protocol P: Q`: each written supertype.
(class_declaration
  name: (type_identifier) @inherit.sub
  (inheritance_specifier inherits_from: (_) @inherit.super))
(protocol_declaration
  name: (type_identifier) @inherit.sub
  (inheritance_specifier inherits_from: (_) @inherit.super))

; `extension T: P`: T conforms to P (the extension's type node is the impl scope's name).
(class_declaration
  declaration_kind: "extension"
  name: (user_type) @inherit.sub
  (inheritance_specifier inherits_from: (_) @inherit.super))
