; A package is its directory; files at the tree's root are named by the package they declare.
(package_clause (package_identifier) @package)

(function_declaration
  name: (identifier) @name
  parameters: (parameter_list) @parameters
  body: (block)? @body) @definition.function

; Methods belong to their receiver's type, wherever they are declared in the package.
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      name: (identifier)? @self
      type: [
        (type_identifier) @owner
        (pointer_type (type_identifier) @owner)
        (generic_type type: (type_identifier) @owner)
        (pointer_type (generic_type type: (type_identifier) @owner))
      ]))
  name: (field_identifier) @name
  parameters: (parameter_list) @parameters
  body: (block)? @body) @definition.method

; What a function or method hands back, position by position: a lone type, or each of a list's
; `(c *Context, r *Engine)`. A list entry naming two (`(a, b T)`) is one type for two positions, so
; its count differs from a binding's and nothing is typed from it.
(function_declaration name: (identifier) @result.of result: [(type_identifier) (pointer_type) (qualified_type) (generic_type)] @result)
(function_declaration name: (identifier) @result.of result: (parameter_list (parameter_declaration type: (_) @result)))
(method_declaration name: (field_identifier) @result.of result: [(type_identifier) (pointer_type) (qualified_type) (generic_type)] @result)
(method_declaration name: (field_identifier) @result.of result: (parameter_list (parameter_declaration type: (_) @result)))

; `type X struct {...}` alone takes the whole declaration as its range; in a `type (...)` group, the spec.
(type_declaration . (type_spec name: (type_identifier) @name type: (struct_type) @body) .) @definition.struct
(type_spec name: (type_identifier) @name type: (struct_type) @body) @definition.struct
(type_declaration . (type_spec name: (type_identifier) @name type: (interface_type) @body) .) @definition.interface
(type_spec name: (type_identifier) @name type: (interface_type) @body) @definition.interface

(type_declaration
  . (type_spec
      name: (type_identifier) @name
      type: [(type_identifier) (qualified_type) (pointer_type) (function_type) (map_type) (slice_type)
             (array_type) (channel_type) (generic_type)]) .) @definition.type
(type_spec
  name: (type_identifier) @name
  type: [(type_identifier) (qualified_type) (pointer_type) (function_type) (map_type) (slice_type)
         (array_type) (channel_type) (generic_type)]) @definition.type
(type_alias name: (type_identifier) @name) @definition.alias

(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)
; An embedded field (`RouterGroup`, `*Other`, `http.ResponseWriter`) is a field named after its type.
(field_declaration_list (field_declaration !name type: [(type_identifier) @name (pointer_type (type_identifier) @name) (qualified_type name: (type_identifier) @name) (pointer_type (qualified_type name: (type_identifier) @name))]) @definition.field)
(interface_type (method_elem name: (field_identifier) @name parameters: (parameter_list) @parameters) @definition.method)

(const_spec name: (identifier) @name) @definition.constant
(var_spec name: (identifier) @name) @definition.variable
; `var _ Render = JSON{}` (a compile-time interface check) and `const _ = ...` bind the blank
; identifier: no name anyone can use.
((const_spec name: (identifier) @name) (#eq? @name "_") (#set! definition "none"))
((var_spec name: (identifier) @name) (#eq? @name "_") (#set! definition "none"))
