; `import {A, B as C} from "./x.sol";`, `import * as X from "./x.sol";`, `import "./x.sol" as X;`, `import "./x.sol";`.
(import_directive import_name: (identifier) @import.member !alias source: (string) @import.path) @import
(import_directive import_name: (identifier) @import.member alias: (identifier) @import.name source: (string) @import.path) @import
(import_directive !import_name alias: (identifier) @import.name source: (string) @import.path) @import
((import_directive !import_name !alias source: (string) @import.path) @import (#set! import glob))
