import ConductorCommands
import FuzzSupport

// Feeds arbitrary bytes to the command identifier parser, as bytes (which may be invalid UTF-8) and as text. Every
// input must end in an identifier or a CommandIdentifierError whose position lies within the input; a crash, a hang
// or a sanitizer report is a bug. A parsed identifier must parse again from its canonical form to the same name
// and arguments.

func check(_ identifier: CommandIdentifier) {
    guard let again = try? CommandIdentifier(parsing: identifier.canonical) else {
        fatalError("canonical form does not parse: \(identifier.canonical)")
    }
    if again.name != identifier.name || again.arguments != identifier.arguments {
        fatalError("canonical form changed the identifier: \(identifier.text) -> \(identifier.canonical)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    do {
        check(try CommandIdentifier(parsing: bytes))
    } catch {
        if error.position < 0 || error.position > size {
            fatalError("position \(error.position) outside \(size) bytes")
        }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if let identifier = try? CommandIdentifier(parsing: text) { check(identifier) }
    return 0
}

@_cdecl("CommandIdentifierFuzzer_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
