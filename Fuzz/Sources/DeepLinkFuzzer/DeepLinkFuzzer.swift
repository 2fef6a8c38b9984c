import ConductorCoordinators
import FuzzSupport

// Feeds arbitrary bytes to the deep-link matcher, as URLs and as payloads (patterns are written in the program, and a
// malformed one is reported, not thrown). Any crash, hang or sanitizer report is a bug: every input must end in a
// link or a typed error. A captured segment, encoded again byte by byte, must capture the same text: each segment is
// percent-decoded exactly once.

enum Link: Sendable {
    case items
    case item(Int)
    case rest([String])
    case text(String)
}

let router: DeepLinkMatcher<Link> = {
    var router = DeepLinkMatcher<Link>(maximumLength: 2_048)
    router.register("conductor-demo://items") { _ in .items }
    router.register("conductor-demo://items/:id") { p in .item(try p.int("id")) }
    router.register("conductor-demo://items/:id/edit") { p in .item(try p.int("id")) }
    router.register("conductor-demo://:section/:slug") { p in .text(try p.string("slug")) }
    router.register("conductor-demo://help/*") { p in .rest(p.rest) }
    router.register("other://*", priority: -1) { p in .rest(p.rest) }
    return router
}()

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? router.resolve(text)
    if case .text(let slug)? = try? router.resolve("conductor-demo://" + text) {
        let again = "conductor-demo://section/" + slug.utf8.map { byte in "%" + hex(byte) }.joined()
        // Encoding every byte triples the length: beyond the router's limit the URL is refused, as it should be.
        let roundTrip = try? router.resolve(again)
        guard
            again.utf8.count > router.maximumLength
                || roundTrip.map({ link in
                    if case .text(slug) = link { true } else { false }
                }) == true
        else {
            fatalError(
                "segment '\(slug)' did not survive encoding: \(again) -> \(String(describing: roundTrip))")
        }
    }
    _ = try? router.resolve(payload: ["url": text, "type": text])
    return 0
}

@_cdecl("DeepLinkFuzzer_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
