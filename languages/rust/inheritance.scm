; `impl Trait for T`: T implements Trait (the impl's type node is the impl scope's name).
(impl_item trait: (_) @inherit.super type: (_) @inherit.sub)

; `trait A: B + C`: A extends its supertraits.
(trait_item
  name: (type_identifier) @inherit.sub
  bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @inherit.super))
