; `@interface X : Super <Protocol, ...>` and `@protocol P <Q>`.
(class_interface . (identifier) @inherit.sub superclass: (identifier) @inherit.super)
(class_interface . (identifier) @inherit.sub (parameterized_arguments (type_name (type_identifier) @inherit.super)))
(protocol_declaration . (identifier) @inherit.sub (protocol_reference_list (identifier) @inherit.super))
