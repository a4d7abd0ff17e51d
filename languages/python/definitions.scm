; A decorated definition's range starts at its first decorator, as scip-python's does.
(class_definition name: (identifier) @name body: (block) @body) @definition.class
(decorated_definition
  definition: (class_definition name: (identifier) @name body: (block) @body)) @definition.class

(function_definition
  name: (identifier) @name
  parameters: (parameters) @parameters
  body: (block) @body) @definition.function
(decorated_definition
  definition: (function_definition
    name: (identifier) @name
    parameters: (parameters) @parameters
    body: (block) @body)) @definition.function

(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))

; `self.x = ...` inside a method declares a field of the class.
((assignment
   left: (attribute object: (identifier) @object attribute: (identifier) @name)) @definition.field
 (#eq? @object "self")
 (#set! owner "enclosing-type"))
