; Objective-C has one global namespace, like C: a class is named by its @interface, and its @implementation,
; class extensions (@interface X ()) and categories (@interface X (Name), @implementation X (Name)) add members
; to it wherever they stand. A method is named by the first part of its selector (`setValue` for
; setValue:animated:), so selectors that share a first part are one symbol.
((class_interface . (identifier) @name superclass: (_)) @definition.class)
((class_interface . (identifier) @name "(") @definition.impl)
((class_implementation . (identifier) @name) @definition.impl)
(protocol_declaration . (identifier) @name) @definition.interface

(method_declaration . (method_type) . (identifier) @name) @definition.method
(method_definition . (method_type) . (identifier) @name body: (compound_statement) @body) @definition.method
(method_definition . (method_type) . (identifier) @name (compound_statement) @body) @definition.method
(property_declaration (struct_declaration (struct_declarator [(identifier) @name (pointer_declarator declarator: (identifier) @name) (block_pointer_declarator declarator: (identifier) @name)]))) @definition.property
(instance_variable (struct_declaration (struct_declarator [(identifier) @name (pointer_declarator declarator: (identifier) @name)]))) @definition.field

; C in Objective-C files: functions, macros, named structs and enums, file-level variables.
; A C function is the file's, even written inside an `@implementation` (RCTTextShadowViewMeasure): no method of the class.
((function_definition declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) body: (compound_statement) @body) @definition.function
 (#set! owner "file"))
((function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) body: (compound_statement) @body) @definition.function
 (#set! owner "file"))
[(translation_unit (declaration declarator: [(function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_ifdef (declaration declarator: [(function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_if (declaration declarator: [(function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_else (declaration declarator: [(function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_elif (declaration declarator: [(function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (declaration_list (declaration declarator: [(function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)]
; A function-like macro: a call of it runs what its replacement text calls, where it is used.
((preproc_function_def name: (identifier) @name parameters: (preproc_params) @parameters) @definition.function
 (#set! expands "inline"))
[(translation_unit (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_ifdef (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_if (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_else (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (preproc_elif (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct)
 (translation_unit (declaration type: (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct))
 (preproc_ifdef (declaration type: (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct))
 (preproc_if (declaration type: (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct))
 (preproc_else (declaration type: (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct))
 (preproc_elif (declaration type: (struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct))]
[(translation_unit (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_ifdef (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_if (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_else (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (preproc_elif (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum)
 (translation_unit (declaration type: (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum))
 (preproc_ifdef (declaration type: (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum))
 (preproc_if (declaration type: (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum))
 (preproc_else (declaration type: (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum))
 (preproc_elif (declaration type: (enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum))]
(type_definition type: (struct_specifier body: (field_declaration_list) @body) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (enum_specifier body: (enumerator_list) @body) declarator: (type_identifier) @name) @definition.enum
(enumerator_list (enumerator name: (identifier) @name) @definition.enum_member)
; Not `typedef NS_ENUM(NSInteger, X) {...}`, whose macro the grammar cannot read.
(type_definition type: [(type_identifier) (primitive_type) (sized_type_specifier) (struct_specifier) (enum_specifier)] declarator: [(type_identifier) @name (pointer_declarator declarator: (type_identifier) @name)]) @definition.alias
[(translation_unit (struct_specifier name: (type_identifier) body: (field_declaration_list (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)))
 (preproc_ifdef (struct_specifier name: (type_identifier) body: (field_declaration_list (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)))
 (preproc_if (struct_specifier name: (type_identifier) body: (field_declaration_list (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)))
 (preproc_else (struct_specifier name: (type_identifier) body: (field_declaration_list (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)))
 (preproc_elif (struct_specifier name: (type_identifier) body: (field_declaration_list (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)))
 (type_definition type: (struct_specifier body: (field_declaration_list (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)))]
; A file-level variable (`static NSString *const kKey = @"key";`); not the macros that open a header (NS_ASSUME_NONNULL_BEGIN), which parse as one.
[(translation_unit (declaration type: [(primitive_type) (type_identifier) (sized_type_specifier) (struct_specifier !body) (enum_specifier !body)] @type declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name) (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name)])]) @definition.variable (#not-match? @type "^[A-Z][A-Z0-9_]+$"))
 (preproc_ifdef (declaration type: [(primitive_type) (type_identifier) (sized_type_specifier) (struct_specifier !body) (enum_specifier !body)] @type declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name) (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name)])]) @definition.variable (#not-match? @type "^[A-Z][A-Z0-9_]+$"))
 (preproc_if (declaration type: [(primitive_type) (type_identifier) (sized_type_specifier) (struct_specifier !body) (enum_specifier !body)] @type declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name) (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name)])]) @definition.variable (#not-match? @type "^[A-Z][A-Z0-9_]+$"))
 (preproc_else (declaration type: [(primitive_type) (type_identifier) (sized_type_specifier) (struct_specifier !body) (enum_specifier !body)] @type declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name) (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name)])]) @definition.variable (#not-match? @type "^[A-Z][A-Z0-9_]+$"))
 (preproc_elif (declaration type: [(primitive_type) (type_identifier) (sized_type_specifier) (struct_specifier !body) (enum_specifier !body)] @type declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name) (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name)])]) @definition.variable (#not-match? @type "^[A-Z][A-Z0-9_]+$"))]
(preproc_def name: (identifier) @name value: (_)) @definition.constant
