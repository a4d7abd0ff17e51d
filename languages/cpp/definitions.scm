(namespace_definition name: [(namespace_identifier) (nested_namespace_specifier)] @name body: (declaration_list) @body) @definition.namespace

(class_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.class
(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union
; A nested type declared ahead in a class body (`struct Rep;`) is a member of the class, whether or
; not the corpus defines it (`struct Cache::Rep { … }` is then a second definition of the same id).
(field_declaration_list (field_declaration type: (struct_specifier name: (type_identifier) @name !body) !declarator) @definition.struct)
(field_declaration_list (field_declaration type: (class_specifier name: (type_identifier) @name !body) !declarator) @definition.class)
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum
(enumerator_list (enumerator name: (identifier) @name) @definition.enum_member)
(type_definition declarator: (type_identifier) @name) @definition.alias
(alias_declaration name: (type_identifier) @name) @definition.alias

; Free functions: definitions, and prototypes at namespace level (a header may hold nothing else).
(function_definition
  declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)
  body: (compound_statement) @body) @definition.function
(function_definition
  declarator: [(pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]
  body: (compound_statement) @body) @definition.function
[(translation_unit (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (declaration_list (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_ifdef (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_if (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_else (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)
 (preproc_elif (declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) @definition.function)]
[(translation_unit (declaration declarator: [(pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (declaration_list (declaration declarator: [(pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_ifdef (declaration declarator: [(pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_if (declaration declarator: [(pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_else (declaration declarator: [(pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)
 (preproc_elif (declaration declarator: [(pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))]) @definition.function)]

; Free operators (`inline bool operator==(const Slice& x, const Slice& y) { … }`) at namespace level.
[(translation_unit (function_definition declarator: [(function_declarator declarator: (operator_name) @name parameters: (parameter_list) @parameters) (reference_declarator (function_declarator declarator: (operator_name) @name parameters: (parameter_list) @parameters))] body: (compound_statement) @body) @definition.function)
 (declaration_list (function_definition declarator: [(function_declarator declarator: (operator_name) @name parameters: (parameter_list) @parameters) (reference_declarator (function_declarator declarator: (operator_name) @name parameters: (parameter_list) @parameters))] body: (compound_statement) @body) @definition.function)]

; Members declared in the class body, and inline member definitions.
(field_declaration_list
  (field_declaration declarator: (function_declarator declarator: [(field_identifier) (operator_name) (destructor_name)] @name parameters: (parameter_list) @parameters)) @definition.method)
(field_declaration_list
  (field_declaration declarator: [(pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name parameters: (parameter_list) @parameters))]) @definition.method)
(field_declaration_list
  (function_definition
    declarator: (function_declarator declarator: [(field_identifier) (operator_name) (destructor_name)] @name parameters: (parameter_list) @parameters)
    body: (_) @body) @definition.method)
(field_declaration_list
  (function_definition
    declarator: [(pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name parameters: (parameter_list) @parameters))]
    body: (_) @body) @definition.method)
(field_declaration_list
  (declaration declarator: (function_declarator declarator: (destructor_name) @name parameters: (parameter_list) @parameters)) @definition.method)
; `Foo& operator=(const Foo&) = default;` and `= delete;` declare a member without a body.
(field_declaration_list
  (function_definition
    declarator: [(function_declarator declarator: [(field_identifier) (operator_name) (destructor_name)] @name parameters: (parameter_list) @parameters) (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name parameters: (parameter_list) @parameters))]
    [(default_method_clause) (delete_method_clause)]) @definition.method)

; Constructors: a member named like its class.
((class_specifier
   name: (type_identifier) @class
   body: (field_declaration_list
     [(declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))
      (function_definition declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) body: (_) @body)
      (function_definition declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) [(default_method_clause) (delete_method_clause)])] @definition.constructor))
 (#eq? @name @class))
((struct_specifier
   name: (type_identifier) @class
   body: (field_declaration_list
     [(declaration declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters))
      (function_definition declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) body: (_) @body)
      (function_definition declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @parameters) [(default_method_clause) (delete_method_clause)])] @definition.constructor))
 (#eq? @name @class))

; `Status DBImpl::Get(...) { }` defined outside its class: the qualified name places it.
(function_definition
  declarator: (function_declarator declarator: (qualified_identifier) @name parameters: (parameter_list) @parameters)
  body: (_) @body) @definition.method
(function_definition
  declarator: [(pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name parameters: (parameter_list) @parameters)) (reference_declarator (function_declarator declarator: (qualified_identifier) @name parameters: (parameter_list) @parameters))]
  body: (_) @body) @definition.method
((function_definition
   declarator: (function_declarator
     declarator: (qualified_identifier scope: (_) @class name: (identifier) @member) @name
     parameters: (parameter_list) @parameters)
   body: (_) @body) @definition.constructor
 (#eq? @class @member))

(field_declaration_list
  (field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (reference_declarator (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @definition.field)

[(translation_unit (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name)]) @definition.variable)
 (declaration_list (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name)]) @definition.variable)
 (preproc_ifdef (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name)]) @definition.variable)
 (preproc_if (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name)]) @definition.variable)
 (preproc_else (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name)]) @definition.variable)
 (preproc_elif (declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name)]) @definition.variable)]
; Include guards define a name without a value: no constant.
(preproc_def name: (identifier) @name value: (_)) @definition.constant

(lambda_expression) @scope
