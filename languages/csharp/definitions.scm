; `namespace A.B;` covers the rest of the file; `namespace A.B { }` its block.
((file_scoped_namespace_declaration name: (_) @name) @definition.namespace (#set! scope "file"))
(namespace_declaration name: (_) @name body: (declaration_list) @body) @definition.namespace

(class_declaration name: (identifier) @name body: (declaration_list) @body) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name body: (declaration_list) @body) @definition.struct
(interface_declaration name: (identifier) @name body: (declaration_list) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_member_declaration_list) @body) @definition.enum
(enum_member_declaration name: (identifier) @name) @definition.enum_member
(delegate_declaration name: (identifier) @name) @definition.type

(method_declaration name: (identifier) @name parameters: (parameter_list) @parameters body: (_)? @body) @definition.method
; What a method hands back: its return type (`static Store Make()`).
(method_declaration returns: [(identifier) (qualified_name) (generic_name) (nullable_type)] @result name: (identifier) @result.of)
(constructor_declaration name: (identifier) @name parameters: (parameter_list) @parameters body: (_)? @body) @definition.constructor
(local_function_statement name: (identifier) @name parameters: (parameter_list) @parameters body: (_)? @body) @definition.function
(property_declaration name: (identifier) @name accessors: (_)? @body) @definition.property
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field

[(lambda_expression) (anonymous_method_expression)] @scope
; An extension method (`static void F(this IScheduler s, …)`) is called as a method of whatever its first
; parameter's type is, so a call of that name on any receiver may be it.
((method_declaration name: (identifier) @name parameters: (parameter_list . (parameter (modifier) @modifier))) @extension
 (#eq? @modifier "this"))
