(class_definition
  name: (identifier) @inherit.sub
  superclasses: (argument_list [(identifier) (attribute)] @inherit.super))
