; `import Foundation`, `import struct AVFoundation.AVCaptureDevice`: modules of other targets.
(import_declaration (identifier) @import.path) @import
