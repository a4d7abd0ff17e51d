; `package a.b;` puts the rest of the file in namespace a/b/.
((package_declaration [(identifier) (scoped_identifier)] @name) @definition.namespace (#set! scope "file"))

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(record_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @definition.interface
(annotation_type_declaration name: (identifier) @name body: (annotation_type_body) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(enum_constant name: (identifier) @name) @definition.enum_member

(method_declaration name: (identifier) @name parameters: (formal_parameters) @parameters body: (block)? @body) @definition.method
; The type a method hands back (`B x()`, `List<B> all()`): a call on its value (`x().y()`) is a call of that type's members.
(method_declaration type: [(type_identifier) (scoped_type_identifier) (generic_type)] @result name: (identifier) @result.of)
; An annotation type's elements (`String name();`) are its methods.
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name parameters: (formal_parameters) @parameters body: (constructor_body) @body) @definition.constructor
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
; `static final` fields and an interface's fields (implicitly static final) are constants.
((field_declaration (modifiers) @modifiers declarator: (variable_declarator name: (identifier) @name)) @definition.constant
 (#match? @modifiers "\\bstatic\\b") (#match? @modifiers "\\bfinal\\b"))
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant

; Anonymous classes and lambdas declare nothing visible outside.
[(lambda_expression) (object_creation_expression (class_body))] @scope
