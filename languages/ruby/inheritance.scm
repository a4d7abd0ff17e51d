(class name: (_) @inherit.sub superclass: (superclass (_) @inherit.super))
; `include M` mixes a module's methods into the class.
((class
   name: (_) @inherit.sub
   body: (body_statement (call !receiver method: (identifier) @include arguments: (argument_list (_) @inherit.super))))
 (#eq? @include "include"))
