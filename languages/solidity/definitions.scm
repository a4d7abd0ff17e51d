; Contracts and libraries are classes, interfaces interfaces.
(contract_declaration name: (identifier) @name body: (contract_body) @body) @definition.class
(library_declaration name: (identifier) @name body: (contract_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (contract_body) @body) @definition.interface
(struct_declaration name: (identifier) @name body: (struct_body) @body) @definition.struct
(struct_member name: (identifier) @name) @definition.field
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(enum_value) @name @definition.enum_member
; `type Price is uint256;`: a new type over a value type.
(user_defined_type_definition name: (identifier) @name) @definition.type

(function_definition name: (identifier) @name body: (function_body)? @body) @definition.function
; `receive() external payable { … }`, `fallback() external { … }`: functions named by their keyword.
(fallback_receive_definition ["receive" "fallback"] @name body: (function_body)? @body) @definition.function
(constructor_definition "constructor" @name body: (function_body) @body) @definition.constructor
; Modifiers are callables of their own kind, applied in a function's header (a call, calls.scm), and
; no methods. Events and custom errors are members of their own kinds too: emitting or raising one
; runs no corpus code and is no call.
(modifier_definition name: (identifier) @name body: (function_body)? @body) @definition.modifier
(event_definition name: (identifier) @name) @definition.event
(error_declaration name: (identifier) @name) @definition.error

(state_variable_declaration name: (identifier) @name) @definition.field
((state_variable_declaration name: (identifier) @name) @definition.constant
  (#match? @definition.constant "^[^=]*\\b(constant|immutable)\\b"))
(source_file (constant_variable_declaration name: (identifier) @name) @definition.constant)
