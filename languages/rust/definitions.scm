; `mod x;` only points at x.rs, whose path already names the module; an inline `mod x { }` declares one.
(mod_item name: (identifier) @name body: (declaration_list) @body) @definition.namespace

(struct_item name: (type_identifier) @name body: (_)? @body) @definition.struct
(union_item name: (type_identifier) @name body: (_) @body) @definition.union
(enum_item name: (type_identifier) @name body: (enum_variant_list) @body) @definition.enum
(enum_variant_list (enum_variant name: (identifier) @name) @definition.enum_member)
(trait_item name: (type_identifier) @name body: (declaration_list) @body) @definition.trait
(type_item name: (type_identifier) @name) @definition.alias
; A trait's associated type (`type Value: Send;`), a member of the trait as an impl's `type Value = X;` is of the type.
(associated_type name: (type_identifier) @name) @definition.alias

(function_item name: (identifier) @name parameters: (parameters) @parameters body: (block) @body) @definition.function
; What a function hands back: the type after its `->` (`fn styled() -> StyledStr`).
(function_item name: (identifier) @result.of return_type: [(type_identifier) (scoped_type_identifier) (reference_type) (generic_type)] @result)
(function_signature_item name: (identifier) @name parameters: (parameters) @parameters) @definition.function

(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)
; The type a field holds (`cmd: &'cmd Command`): a call on `self.cmd` is a call of that type's members.
(field_declaration name: (field_identifier) @result.of type: (_) @result)
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable

; The functions of `impl T` and `impl Trait for T` are members of T.
(impl_item type: (_) @name body: (declaration_list) @body) @definition.impl
