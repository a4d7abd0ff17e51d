; Modules are namespaces (reopened across files, they stay one symbol); classes are types.
(module name: [(constant) (scope_resolution)] @name) @definition.namespace
(class name: [(constant) (scope_resolution)] @name) @definition.class

((method name: (_) @name parameters: (method_parameters)? @parameters body: (_)? @body) @definition.constructor
 (#eq? @name "initialize"))
((method name: (_) @name parameters: (method_parameters)? @parameters body: (_)? @body) @definition.method
 (#not-eq? @name "initialize"))
(singleton_method name: (_) @name parameters: (method_parameters)? @parameters body: (_)? @body) @definition.method
; A method of the class object (`def self.start`, a `def` inside `class << self`), apart from an instance method of its name.
(singleton_method name: (_) @name) @static
(singleton_class (body_statement (method name: (_) @name))) @static

(assignment left: (constant) @name) @definition.constant

(lambda) @scope
(block) @scope
(do_block) @scope
