; `import a.b.C` and `import a.b.C as D`: the path is one node, its last identifier the member.
((import (qualified_identifier (identifier) @import.member .) @import.path .) @import (#not-match? @import "\\*\\s*;?\\s*$"))
(import (qualified_identifier (identifier) @import.member .) @import.path . (identifier) @import.name .) @import
; `import a.b.*` opens every member of a.b.
((import (qualified_identifier) @import.path) @import (#match? @import "\\*\\s*;?\\s*$") (#set! import glob))
