; Modules are namespaces (reopened across files, they stay one symbol); classes are types.
(module name: [(constant) (scope_resolution)] @name) @definition.namespace
(class name: [(constant) (scope_resolution)] @name) @definition.class

((method name: (_) @name parameters: (method_parameters)? @parameters body: (_)? @body) @definition.constructor
 (#eq? @name "initialize"))
((method name: (_) @name parameters: (method_parameters)? @parameters body: (_)? @body) @definition.method
 (#not-eq? @name "initialize"))
(singleton_method name: (_) @name parameters: (method_parameters)? @parameters body: (_)? @body) @definition.method

(assignment left: (constant) @name) @definition.constant

(lambda) @scope
(block) @scope
(do_block) @scope
