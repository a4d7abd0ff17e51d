; Swift writes classes, structs, enums, actors and extensions as one node, told apart by their keyword.
(class_declaration declaration_kind: "class" name: (type_identifier) @name body: (class_body) @body) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name body: (class_body) @body) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name body: (class_body) @body) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name body: (enum_class_body) @body) @definition.enum
(protocol_declaration name: (type_identifier) @name body: (protocol_body) @body) @definition.interface

; `extension T { … }` adds its members to T, in whichever file it stands.
(class_declaration declaration_kind: "extension" name: (_) @name body: (_) @body) @definition.impl

(typealias_declaration name: (type_identifier) @name) @definition.alias
(associatedtype_declaration name: (type_identifier) @name) @definition.alias

(function_declaration name: (simple_identifier) @name body: (function_body) @body) @definition.function
; What a function hands back: the type after its `->` (`func makeStore() -> Store`).
(function_declaration name: (simple_identifier) @result.of "->" . [(user_type) (optional_type)] @result)
(function_declaration name: "init" @name body: (function_body) @body) @definition.constructor
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(protocol_function_declaration name: "init" @name) @definition.constructor

(enum_entry name: (simple_identifier) @name) @definition.enum_member

; Stored and computed properties of a type, and a protocol's property requirements. A computed
; property's getter is its body: what the getter references, the property references.
(class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name) computed_value: (computed_property)? @body) @definition.property)
(enum_class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name) computed_value: (computed_property)? @body) @definition.property)
(protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property

; File-level `let` and `var`.
(source_file
  (property_declaration
    (value_binding_pattern mutability: "let")
    name: (pattern bound_identifier: (simple_identifier) @name)) @definition.constant)
(source_file
  (property_declaration
    (value_binding_pattern mutability: "var")
    name: (pattern bound_identifier: (simple_identifier) @name)) @definition.variable)
