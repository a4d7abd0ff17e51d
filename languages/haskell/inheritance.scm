; `class Eq a => Ord a`: Ord extends Eq.
(class context: (context context: (apply constructor: (name) @inherit.super)) name: (name) @inherit.sub)
(class context: (context context: (tuple (apply constructor: (name) @inherit.super))) name: (name) @inherit.sub)
(class context: (context context: (parens (apply constructor: (name) @inherit.super))) name: (name) @inherit.sub)
; `instance C T`: T implements C (the instance's functions implement C's); a multi-parameter
; class's instance by its last type, as in definitions.scm.
(instance name: (name) @inherit.super patterns: (type_patterns (name) @inherit.sub .))
(instance name: (name) @inherit.super patterns: (type_patterns (parens type: (apply constructor: (name) @inherit.sub)) .))
(instance name: (name) @inherit.super patterns: (type_patterns (parens type: (apply constructor: (apply constructor: (name) @inherit.sub))) .))
(instance name: (name) @inherit.super patterns: (type_patterns (parens type: (apply constructor: (apply constructor: (apply constructor: (name) @inherit.sub)))) .))
