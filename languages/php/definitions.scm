; `namespace A\B;` applies to the rest of the file; `namespace A\B { }` to its block.
((namespace_definition name: (namespace_name) @name !body) @definition.namespace (#set! scope "file"))
(namespace_definition name: (namespace_name) @name body: (compound_statement) @body) @definition.namespace

(class_declaration name: (name) @name body: (declaration_list) @body) @definition.class
(interface_declaration name: (name) @name body: (declaration_list) @body) @definition.interface
(trait_declaration name: (name) @name body: (declaration_list) @body) @definition.mixin
(enum_declaration name: (name) @name body: (enum_declaration_list) @body) @definition.enum
(enum_case name: (name) @name) @definition.enum_member

((method_declaration name: (name) @name parameters: (formal_parameters) @parameters body: (compound_statement)? @body) @definition.constructor
 (#eq? @name "__construct"))
((method_declaration name: (name) @name parameters: (formal_parameters) @parameters body: (compound_statement)? @body) @definition.method
 (#not-eq? @name "__construct"))
(function_definition name: (name) @name parameters: (formal_parameters) @parameters body: (compound_statement) @body) @definition.function
; What a function or method hands back: its declared return type (`public function make(): ?Store`).
(method_declaration name: (name) @result.of return_type: [(named_type) (optional_type)] @result)
(function_definition name: (name) @result.of return_type: [(named_type) (optional_type)] @result)

(property_declaration (property_element name: (variable_name (name) @name))) @definition.property
; Constructor promotion (`private string $url`) declares a property of the class.
((property_promotion_parameter name: (variable_name (name) @name)) @definition.property (#set! owner "enclosing-type"))
(const_declaration (const_element (name) @name)) @definition.constant

[(anonymous_function) (arrow_function)] @scope
