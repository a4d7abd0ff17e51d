; `package a.b` puts the rest of the file in namespace a/b/.
((package_header (qualified_identifier) @name) @definition.namespace (#set! scope "file"))

; `class`, `data class`, `sealed class`, `annotation class`, `enum class`; `interface` and `fun interface`.
(class_declaration "class" name: (identifier) @name [(class_body) (enum_class_body)]? @body) @definition.class
(class_declaration (modifiers (class_modifier "enum")) "class" name: (identifier) @name (enum_class_body)? @body) @definition.enum
(class_declaration "interface" name: (identifier) @name (class_body)? @body) @definition.interface
; `object Registry { ... }`: a singleton, recorded as a class.
(object_declaration name: (identifier) @name (class_body)? @body) @definition.class
(enum_entry . (identifier) @name) @definition.enum_member
(type_alias type: (identifier) @name) @definition.alias

; A companion object declares no symbol: its members are the class's (`Item.free(...)`), called on the class, not on its instances.
(companion_object (class_body (function_declaration name: (identifier) @name))) @static
; The primary constructor `class Item(val sku: String)`; a secondary one `constructor(sku: String) : this(...)`.
(primary_constructor (class_parameters "(" @name) @parameters) @definition.constructor
(secondary_constructor "constructor" @name (function_value_parameters) @parameters (block)? @body) @definition.constructor

; Functions: a method inside a type, a function at top level; an extension function `fun Item.shelf()` stays where it is written.
(function_declaration name: (identifier) @name (function_value_parameters) @parameters (function_body)? @body) @definition.function
; What a function hands back: the type written after its parameters (`fun makeStore(): Store`).
(function_declaration name: (identifier) @result.of (function_value_parameters) . [(user_type) (nullable_type)] @result)

; Properties, in a type or at top level; `const val` is a constant. Inside a function they are locals.
(property_declaration (variable_declaration (identifier) @name)) @definition.property
(property_declaration (modifiers (property_modifier "const")) (variable_declaration (identifier) @name)) @definition.constant
; `class Item(val sku: String)`: a `val`/`var` constructor parameter is a property of the class.
((class_parameter ["val" "var"] . (identifier) @name) @definition.property (#set! owner "enclosing-type"))

; Lambdas, anonymous functions, object expressions and `init { }` blocks declare nothing visible outside.
[(lambda_literal) (anonymous_function) (object_literal) (anonymous_initializer)] @scope
