; `using A.B;` makes every type of namespace A.B visible.
((using_directive . [(identifier) (qualified_name)] @import.path .) @import (#set! import glob))
