; `contract A is B, C(x)`, `interface I is J`: each ancestor as written.
(contract_declaration name: (identifier) @inherit.sub (inheritance_specifier ancestor: (_) @inherit.super))
(interface_declaration name: (identifier) @inherit.sub (inheritance_specifier ancestor: (_) @inherit.super))
