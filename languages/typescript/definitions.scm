; JavaScript is parsed with the TSX grammar, a superset, so one set of queries serves both.
; An exported declaration's range starts at `export`, as scip-typescript's does.
(class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class
(export_statement declaration: (class_declaration name: (type_identifier) @name body: (class_body) @body)) @definition.class
(abstract_class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class
(export_statement
  declaration: (abstract_class_declaration name: (type_identifier) @name body: (class_body) @body)) @definition.class

(interface_declaration name: (type_identifier) @name body: (interface_body) @body) @definition.interface
(export_statement
  declaration: (interface_declaration name: (type_identifier) @name body: (interface_body) @body)) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.alias
(export_statement declaration: (type_alias_declaration name: (type_identifier) @name)) @definition.alias
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(export_statement declaration: (enum_declaration name: (identifier) @name body: (enum_body) @body)) @definition.enum
(enum_body [(property_identifier) @name (enum_assignment name: (property_identifier) @name)] @definition.enum_member)

(module name: (_) @name body: (statement_block) @body) @definition.namespace
(internal_module name: (_) @name body: (statement_block) @body) @definition.namespace

(function_declaration name: (identifier) @name parameters: (formal_parameters) @parameters body: (statement_block) @body) @definition.function
(export_statement
  declaration: (function_declaration
    name: (identifier) @name parameters: (formal_parameters) @parameters body: (statement_block) @body)) @definition.function
(generator_function_declaration name: (identifier) @name parameters: (formal_parameters) @parameters body: (statement_block) @body) @definition.function
(export_statement
  declaration: (generator_function_declaration
    name: (identifier) @name parameters: (formal_parameters) @parameters body: (statement_block) @body)) @definition.function
(function_signature name: (identifier) @name parameters: (formal_parameters) @parameters) @definition.function
(export_statement declaration: (function_signature name: (identifier) @name parameters: (formal_parameters) @parameters)) @definition.function

(class_body
  (method_definition name: (property_identifier) @name parameters: (formal_parameters) @parameters body: (statement_block) @body) @definition.constructor
  (#eq? @name "constructor"))
(class_body
  (method_definition name: (_) @name parameters: (formal_parameters) @parameters body: (statement_block) @body) @definition.method
  (#not-eq? @name "constructor"))

; Function expressions, arrows and object-literal methods declare no symbol; what they contain is local.
[(function_expression) (arrow_function) (generator_function)] @scope
(object (method_definition) @scope)
; Members of interfaces and classes; a type literal's members (`type T = { a: string }`) are no symbols in scip-typescript.
(interface_body (method_signature name: (property_identifier) @name parameters: (formal_parameters) @parameters) @definition.method)
(class_body (abstract_method_signature name: (property_identifier) @name parameters: (formal_parameters) @parameters) @definition.method)
(class_body (method_signature name: (property_identifier) @name parameters: (formal_parameters) @parameters) @definition.method)
(class_body (public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.property)
(interface_body (property_signature name: [(property_identifier) (string)] @name) @definition.property)

; Variables at file or namespace level; the declaration carries `const`/`let` for the hover.
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable)
(program (variable_declaration (variable_declarator name: (identifier) @name)) @definition.variable)
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name))) @definition.variable)
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name))) @definition.variable)
([(module body: (statement_block (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable))
  (module body: (statement_block (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name))) @definition.variable))
  (internal_module body: (statement_block (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable))
  (internal_module body: (statement_block (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name))) @definition.variable))])
(ambient_declaration (lexical_declaration (variable_declarator name: (identifier) @name))) @definition.variable
(ambient_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.variable

; The same declarations made with `const` are constants (the more specific reading of the same node).
(program (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name)) @definition.constant)
(program (export_statement declaration: (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name))) @definition.constant)
([(module body: (statement_block (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name)) @definition.constant))
  (module body: (statement_block (export_statement declaration: (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name))) @definition.constant))
  (internal_module body: (statement_block (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name)) @definition.constant))
  (internal_module body: (statement_block (export_statement declaration: (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name))) @definition.constant))])
(ambient_declaration (lexical_declaration kind: "const" (variable_declarator name: (identifier) @name))) @definition.constant

; `const x = require('./x')` is an import, like TypeScript's `import`, which defines nothing.
((variable_declarator
   name: (identifier) @name
   value: [
     (call_expression function: (identifier) @function arguments: (arguments . (string) .))
     (member_expression object: (call_expression function: (identifier) @function arguments: (arguments . (string) .)))
     (subscript_expression object: (call_expression function: (identifier) @function arguments: (arguments . (string) .)))
   ])
 (#eq? @function "require")
 (#set! definition "none"))
