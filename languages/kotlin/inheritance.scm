; `class A : B(), C, D by d`, `interface I : J`, `object O : Runnable`, `enum class E : I`.
(class_declaration name: (identifier) @inherit.sub
  (delegation_specifiers
    (delegation_specifier [(user_type) @inherit.super (constructor_invocation (user_type) @inherit.super) (explicit_delegation (user_type) @inherit.super)])))
(object_declaration name: (identifier) @inherit.sub
  (delegation_specifiers
    (delegation_specifier [(user_type) @inherit.super (constructor_invocation (user_type) @inherit.super) (explicit_delegation (user_type) @inherit.super)])))
