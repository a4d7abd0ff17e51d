; C has one global namespace: a prototype in a header and the definition in a .c file are one symbol.
(function_definition
  declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)
  body: (compound_statement) @body) @definition.function
(function_definition
  declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))
  body: (compound_statement) @body) @definition.function
[(translation_unit (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_ifdef (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_if (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_else (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_elif (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (declaration_list (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)]
[(translation_unit (declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))) @definition.function)
 (preproc_ifdef (declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))) @definition.function)
 (preproc_if (declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))) @definition.function)
 (preproc_else (declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))) @definition.function)
 (preproc_elif (declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))) @definition.function)
 (declaration_list (declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))) @definition.function)]
(preproc_function_def name: (identifier) @name parameters: (preproc_params) @parameters) @definition.function

; `struct item {...};`, and `typedef struct {...} store_t;` named by its typedef.
[(translation_unit (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_ifdef (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_if (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_else (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_elif (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)]
[(translation_unit (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union)
 (preproc_ifdef (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union)
 (preproc_if (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union)
 (preproc_else (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union)
 (preproc_elif (union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union)]
[(translation_unit (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_ifdef (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_if (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_else (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_elif (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)]
(type_definition type: (struct_specifier body: (field_declaration_list) @body) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (union_specifier body: (field_declaration_list) @body) declarator: (type_identifier) @name) @definition.union
(type_definition type: (enum_specifier body: (enumerator_list) @body) declarator: (type_identifier) @name) @definition.enum
(enumerator_list (enumerator name: (identifier) @name) @definition.enum_member)
(type_definition declarator: (type_identifier) @name) @definition.alias
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.alias

(field_declaration_list
  (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)

[(translation_unit (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))]) @definition.variable)
 (preproc_ifdef (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))]) @definition.variable)
 (preproc_if (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))]) @definition.variable)
 (preproc_else (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))]) @definition.variable)
 (preproc_elif (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))]) @definition.variable)
 (declaration_list (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name) (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))]) @definition.variable)]
; Include guards define a name without a value: no constant.
(preproc_def name: (identifier) @name value: (_)) @definition.constant
