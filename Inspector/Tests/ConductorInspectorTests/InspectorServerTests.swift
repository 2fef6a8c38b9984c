// The server's tests: built with the package's `InspectorServer` trait.
import Conductor
import ConductorInspector
import Dispatch
import Foundation
import HummingbirdWSClient
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: A client that sends exactly what it is told

/// A TCP connection to the inspector on 127.0.0.1, made with the system's socket calls, so that a test sends
/// exactly the bytes it means — partial, malformed, unmasked — and sees exactly what comes back. Every call is
/// bounded in time and blocks its thread: tests make them through ``offThePool(_:)``, never on Swift's
/// cooperative pool, which the server's own tasks need.
final class RawConnection: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)  // a closed peer is an error, not SIGPIPE
        private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let sendFlags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
        private static let streamType = SOCK_STREAM
    #endif

    /// Connects to `port` on 127.0.0.1; `nil` when no connection can be made.
    static func open(port: Int) -> RawConnection? {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { return nil }
        let connection = RawConnection(descriptor: descriptor)  // closes the descriptor if returned early
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let connected = withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        // A read waits 100 ms at most, so every loop below keeps its own deadline; a write, 2 s.
        var readSlice = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &readSlice, socklen_t(MemoryLayout<timeval>.size))
        var writeLimit = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &writeLimit, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// Sends `bytes`; `false` when the server closed the connection, or stopped reading, before taking them all.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Self.sendFlags)
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// What the server sends within `seconds`, until `enough` says it is what the test waits for, or until the
    /// server closes the connection (`closed`: an orderly close or a reset).
    func read(within seconds: Double, until enough: ([UInt8]) -> Bool = { _ in false }) -> (
        bytes: [UInt8], closed: Bool
    ) {
        let result = readTellingReset(within: seconds, until: enough)
        return (result.bytes, result.closed)
    }

    /// ``read(within:until:)``, and whether the close was a reset (`ECONNRESET`) rather than an orderly one.
    func readTellingReset(within seconds: Double, until enough: ([UInt8]) -> Bool = { _ in false }) -> (
        bytes: [UInt8], closed: Bool, reset: Bool
    ) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[0..<count]
                if enough(received) { return (received, false, false) }
            } else if count == 0 {
                return (received, true, false)
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                return (received, true, errno == ECONNRESET)  // reset by the server
            }
        }
        return (received, false, false)
    }

    /// Ends the connection from this side (the server reads the end); the descriptor is freed with the object.
    func disconnect() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Ends this side's writing (the server reads the end) and keeps reading what the server sends.
    func endWriting() { shutdown(descriptor, Int32(SHUT_WR)) }
}

/// Runs `work`, which blocks, on a Dispatch thread — never on the cooperative pool the server's tasks need — and
/// returns its result.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}

/// An HTTP/1.1 GET request head: its request line, `Host` (this server's unless `host` names another), the other
/// headers, `Connection: close` when `closes`, and the blank line.
func requestHead(
    _ target: String, port: Int, host: String? = nil, headers: [(String, String)] = [], closes: Bool = true
) -> [UInt8] {
    var text = "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if closes { text += "Connection: close\r\n" }
    return Array((text + "\r\n").utf8)
}

/// The origin of the inspector's page, as a browser sends it.
func pageOrigin(_ port: Int) -> String { "http://127.0.0.1:\(port)" }

/// Opens a connection, sends `bytes`, and returns what comes back within `seconds`, until the server closes it.
func exchange(port: Int, _ bytes: [UInt8], within seconds: Double = 3) -> (bytes: [UInt8], closed: Bool) {
    guard let connection = RawConnection.open(port: port) else { return ([], false) }
    defer { connection.disconnect() }
    connection.write(bytes)
    return connection.read(within: seconds)
}

/// Where the head of the response at the start of `bytes` ends, after its blank line; `nil` before it is whole.
func headEnd(_ bytes: [UInt8]) -> Int? {
    let blankLine: [UInt8] = [13, 10, 13, 10]
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4) where bytes[index..<(index + 4)].elementsEqual(blankLine) {
        return index + 4
    }
    return nil
}

/// The status code of the HTTP response at the start of `bytes`; `nil` when they do not start with one.
func statusCode(_ bytes: [UInt8]) -> Int? {
    let line = String(decoding: bytes.prefix(12), as: UTF8.self)
    guard line.hasPrefix("HTTP/1.1 ") else { return nil }
    return Int(line.dropFirst(9))
}

/// The header fields of the response at the start of `bytes`, their names lowercased.
func responseHeaders(_ bytes: [UInt8]) -> [String: String] {
    guard let end = headEnd(bytes) else { return [:] }
    var fields: [String: String] = [:]
    for line in String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n").dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
            .trimmingCharacters(in: .whitespaces)
    }
    return fields
}

/// A WebSocket frame: its opcode (1 text, 8 close, 9 ping, 10 pong) and its payload, unmasked.
struct SocketFrame: Equatable, Sendable {
    let opcode: UInt8
    let payload: [UInt8]
}

/// A whole frame from a client: masked with `mask`, as RFC 6455 requires — or not, when `mask` is `nil`.
func clientFrame(opcode: UInt8, payload: [UInt8], mask: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D]) -> [UInt8] {
    var frame: [UInt8] = [0x80 | opcode]
    let masked: UInt8 = mask == nil ? 0 : 0x80
    if payload.count < 126 {
        frame.append(masked | UInt8(payload.count))
    } else if payload.count < 65_536 {
        frame += [masked | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
        frame.append(masked | 127)
        frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    guard let mask else { return frame + payload }
    return frame + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
}

/// The first whole frame from the server at the start of `bytes` (a server never masks), and how many bytes it
/// takes; `nil` until it has all arrived.
func serverFrame(in bytes: ArraySlice<UInt8>) -> (frame: SocketFrame, length: Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    var headLength = 2
    var length = Int(bytes[start + 1] & 0x7F)
    if length == 126 {
        guard bytes.count >= 4 else { return nil }
        length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
        headLength = 4
    } else if length == 127 {
        guard bytes.count >= 10 else { return nil }
        length = (2..<10).reduce(0) { $0 << 8 | Int(bytes[start + $1]) }
        headLength = 10
    }
    guard bytes.count >= headLength + length else { return nil }
    let payload = Array(bytes[(start + headLength)..<(start + headLength + length)])
    return (SocketFrame(opcode: bytes[start] & 0x0F, payload: payload), headLength + length)
}

/// A page's socket to `/events`, spoken byte by byte over a ``RawConnection``.
@MainActor
final class TestSocket {
    let connection: RawConnection
    /// Whether the server closed the connection.
    private(set) var closed = false
    private var pending: [UInt8]
    /// How many bytes at the start of `pending` were already read as frames.
    private var consumed = 0

    private init(connection: RawConnection, pending: [UInt8]) {
        self.connection = connection
        self.pending = pending
    }

    /// Opens `/events` with the upgrade request a browser sends — with `origin` as its `Origin`, none when `nil` —
    /// and returns the status the server answered, and the socket when it was 101.
    static func open(port: Int, token: String, origin: String?) async -> (status: Int?, socket: TestSocket?) {
        var headers = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("Sec-WebSocket-Version", "13"),
        ]
        if let origin { headers.append(("Origin", origin)) }
        let request = requestHead("/events?token=\(token)", port: port, headers: headers, closes: false)
        let answer = await offThePool { () -> (bytes: [UInt8], connection: RawConnection?) in
            guard let connection = RawConnection.open(port: port) else { return ([], nil) }
            connection.write(request)
            return (connection.read(within: 5) { headEnd($0) != nil }.bytes, connection)
        }
        let status = statusCode(answer.bytes)
        guard status == 101, let connection = answer.connection, let end = headEnd(answer.bytes) else {
            answer.connection?.disconnect()
            return (status, nil)
        }
        return (status, TestSocket(connection: connection, pending: Array(answer.bytes[end...])))
    }

    /// The next frame from the server within `seconds`; `nil` when none came in time or the server closed the
    /// connection (then ``closed`` is `true`).
    func next(within seconds: Double = 5) async -> SocketFrame? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while true {
            if let found = serverFrame(in: pending[consumed...]) {
                consumed += found.length
                if consumed > 1 << 20 {  // drops what was read now and then, not at every frame
                    pending.removeFirst(consumed)
                    consumed = 0
                }
                return found.frame
            }
            guard !closed, ContinuousClock.now < deadline else { return nil }
            let connection = connection
            let read = await offThePool { connection.read(within: 0.2) { !$0.isEmpty } }
            pending += read.bytes
            closed = read.closed
        }
    }

    /// Sends a text message in one masked frame, as a browser does; `false` when the server was gone.
    func send(_ text: String) async -> Bool {
        await send(frame: clientFrame(opcode: 0x1, payload: Array(text.utf8)))
    }

    /// Sends the bytes of a frame as they are; `false` when the server was gone.
    func send(frame: [UInt8]) async -> Bool {
        let connection = connection
        return await offThePool { connection.write(frame) }
    }

    /// Ends the connection from this side.
    func disconnect() { connection.disconnect() }
}

// MARK: The hostile clients of issue 22

extension InspectorTests {
    /// The attacks of issue 22 (S1, S4, S6–S9) on a real server, from raw sockets on 127.0.0.1 only, each bounded
    /// in count and time. Each fails on the server as it was before its guards: idle, half-sent and malformed
    /// connections were held for ever, a foreign Host or Origin was served, weak tokens and any address started,
    /// a 64 KiB message closed the socket and an unmasked frame was read.
    @MainActor
    @Suite(.serialized)
    struct HostileClients {
        @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
            let inspector = try await Inspector.start(InspectorConfiguration(idleTimeout: .milliseconds(500)))
            let port = inspector.port
            let started = ContinuousClock.now
            let idle = await offThePool { () -> (bytes: [UInt8], closed: Bool) in
                guard let connection = RawConnection.open(port: port) else { return ([], false) }
                return connection.read(within: 5)
            }
            #expect(idle.closed)
            #expect(idle.bytes.isEmpty)  // nothing was asked: nothing is answered
            #expect(ContinuousClock.now - started >= .milliseconds(400))
            await inspector.stop()
        }

        @Test func aHalfSentOrDrippedRequestHeadIsClosed() async throws {
            let inspector = try await Inspector.start(
                InspectorConfiguration(idleTimeout: .seconds(10), requestHeadTimeout: .milliseconds(600)))
            let port = inspector.port
            // Half a head, then nothing: answered 408 when the head timeout passes, not the idle one.
            let started = ContinuousClock.now
            let half = await offThePool { () -> (bytes: [UInt8], closed: Bool) in
                guard let connection = RawConnection.open(port: port) else { return ([], false) }
                connection.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Half: ".utf8))
                return connection.read(within: 5)
            }
            #expect(half.closed)
            #expect(statusCode(half.bytes) == 408)
            #expect(ContinuousClock.now - started < .seconds(5))
            // A head sent a byte every 100 ms: bytes keep coming, but the head must be whole within 600 ms.
            let head = Array(
                "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Drip: \(String(repeating: "a", count: 40))\r\n\r\n"
                    .utf8)
            let dripped = await offThePool { () -> (closed: Bool, sent: Int) in
                guard let connection = RawConnection.open(port: port) else { return (false, 0) }
                for (index, byte) in head.enumerated() {
                    guard connection.write([byte]) else { return (true, index) }
                    if connection.read(within: 0.1).closed { return (true, index + 1) }
                }
                return (false, head.count)
            }
            #expect(dripped.closed)
            #expect(dripped.sent < head.count)
            await inspector.stop()
        }

        @Test func headersOverTheLimitsAreAnswered431AndClosed() async throws {
            let inspector = try await Inspector.start()
            let port = inspector.port
            // 101 short header lines: over the 100 allowed, and small enough to be read whole, so the 431 arrives.
            let request = requestHead("/", port: port, headers: (0...100).map { ("X-Line-\($0)", "1") })
            let many = await offThePool { exchange(port: port, request) }
            #expect(statusCode(many.bytes) == 431)
            #expect(many.closed)
            // One header of 1 MiB, as in the finding: the server stops reading at 16 KiB, answers, and drops the
            // rest unread while it closes (a lingering close), so the 431 arrives.
            let big = await offThePool { () -> (bytes: [UInt8], closed: Bool) in
                guard let connection = RawConnection.open(port: port) else { return ([], false) }
                connection.write(
                    Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Big: ".utf8)
                        + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20))
                return connection.read(within: 5)
            }
            #expect(big.closed)
            #expect(statusCode(big.bytes) == 431)
            await inspector.stop()
        }

        @Test func aRefusedClientStillSendingGetsItsAnswerThenAnOrderlyClose() async throws {
            let inspector = try await Inspector.start()
            let port = inspector.port
            let answer = await offThePool { () -> (bytes: [UInt8], closed: Bool, reset: Bool) in
                guard let connection = RawConnection.open(port: port) else { return ([], false, false) }
                connection.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Big: ".utf8))
                // Keeps sending a header far over the limit in 64 KiB writes, well after the server refused it.
                let slice = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
                for _ in 0..<16 where connection.write(slice) {}
                connection.endWriting()
                return connection.readTellingReset(within: 5)
            }
            #expect(statusCode(answer.bytes) == 431)
            #expect(answer.closed)
            #expect(!answer.reset, "the server reset the connection instead of ending it")
            await inspector.stop()
        }

        @Test func malformedRequestsAreAnsweredTheirStatusAndClosed() async throws {
            // A short idle timeout bounds the cases a parser may read as a request after all (a bare LF).
            let inspector = try await Inspector.start(InspectorConfiguration(idleTimeout: .seconds(1)))
            let port = inspector.port
            let host = "Host: 127.0.0.1:\(port)"
            /// What a client sends, and the status it must get.
            struct Sample {
                let name: String
                let bytes: [UInt8]
                let status: Int
            }
            let tlsHello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03]
            let smuggled =
                "GET / HTTP/1.1\r\n\(host)\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            let body = "POST / HTTP/1.1\r\n\(host)\r\nContent-Length: 100000000\r\n\r\n"
            let cases = [
                Sample(
                    name: "an invalid header line",
                    bytes: Array("GET / HTTP/1.1\r\n\(host)\r\nBad Header\r\n\r\n".utf8), status: 400),
                Sample(name: "no Host", bytes: Array("GET / HTTP/1.1\r\n\r\n".utf8), status: 400),
                Sample(
                    name: "a TLS ClientHello", bytes: tlsHello + [UInt8](repeating: 0x2A, count: 32), status: 400),
                Sample(
                    name: "an HTTP/2 preface", bytes: Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8), status: 400),
                Sample(name: "bare line feeds", bytes: Array("GET / HTTP/1.1\n\(host)\n\n".utf8), status: 400),
                Sample(name: "Content-Length and Transfer-Encoding", bytes: Array(smuggled.utf8), status: 400),
                Sample(
                    name: "a body", bytes: Array(body.utf8) + [UInt8](repeating: 0x61, count: 1_024), status: 413),
            ]
            for sample in cases {
                let bytes = sample.bytes
                let answer = await offThePool { exchange(port: port, bytes, within: 4) }
                #expect(answer.closed, "\(sample.name): the connection stays open")
                #expect(statusCode(answer.bytes) == sample.status, "\(sample.name)")
            }
            await inspector.stop()
        }

        @Test func aRequestNamingAnotherHostIsRefused() async throws {
            let inspector = try await Inspector.start()
            let port = inspector.port
            let token = inspector.session.configuration.token
            func ask(_ host: String) async -> (bytes: [UInt8], closed: Bool) {
                let request = requestHead("/?token=\(token)", port: port, host: host)
                return await offThePool { exchange(port: port, request) }
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
                let answer = await ask(host)
                #expect(statusCode(answer.bytes) == 200, "Host: \(host)")
            }
            // A DNS-rebinding page sends its own name; 0.0.0.0 reaches loopback too; a port or none that is not
            // the server's.
            for host in ["attacker.example:\(port)", "0.0.0.0:\(port)", "127.0.0.1:1", "127.0.0.1"] {
                let answer = await ask(host)
                #expect(statusCode(answer.bytes) == 421, "Host: \(host)")
                #expect(answer.closed, "Host: \(host)")
            }
            // What is not a host and port at all.
            let malformed = await ask("127.0.0.1:\(port)@attacker.example")
            #expect(statusCode(malformed.bytes) == 400)
            await inspector.stop()
        }

        @Test func aSocketFromAnotherOriginIsRefused() async throws {
            let inspector = try await Inspector.start()
            let port = inspector.port
            let token = inspector.session.configuration.token
            let own = await TestSocket.open(port: port, token: token, origin: pageOrigin(port))
            #expect(own.status == 101)
            own.socket?.disconnect()
            let others = [
                "http://attacker.example", "null", "http://127.0.0.1:\(port).attacker.example",
                "https://127.0.0.1:\(port)", "http://127.0.0.1:1", "file://",
            ]
            for origin in others {
                let other = await TestSocket.open(port: port, token: token, origin: origin)
                #expect(other.status == 403, "Origin: \(origin)")
                other.socket?.disconnect()
            }
            // A client library sends an Origin of its own making (ws://127.0.0.1, no port): not the page's.
            await #expect(throws: (any Error).self) {
                try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)/events?token=\(token)", logger: Logger(label: "test")
                ) { _, _, _ in }
            }
            await inspector.stop()
        }

        @Test func aTokenShorterThan128BitsIsRefusedAtStart() async throws {
            let short = [
                "", "a", "secret", String(repeating: "f", count: 31), String(repeating: "Aa0-_", count: 4) + "A",
            ]
            for token in short {
                let error = await #expect(throws: InspectorError.self, "token \(token.count) characters") {
                    _ = try await Inspector.start(InspectorConfiguration(token: token))
                }
                #expect(error?.code == .insecureConfiguration)
            }
            // At 128 bits by the estimate it starts: 32 hexadecimal digits, 22 letters and digits.
            let strong = [
                String(repeating: "0123456789abcdef", count: 2), String(repeating: "Aa0-_", count: 4) + "Aa",
            ]
            for token in strong {
                let inspector = try await Inspector.start(InspectorConfiguration(token: token))
                await inspector.stop()
            }
            // Asked for loudly, a short token starts; a wrong one is still refused, and the right one compared.
            let insecure = try await Inspector.start(
                InspectorConfiguration(token: "abc", allowsInsecureConfiguration: true))
            let port = insecure.port
            let wrong = await offThePool { exchange(port: port, requestHead("/?token=abd", port: port)) }
            #expect(statusCode(wrong.bytes) == 403)
            let longer = await offThePool { exchange(port: port, requestHead("/?token=abcd", port: port)) }
            #expect(statusCode(longer.bytes) == 403)
            let right = await offThePool { exchange(port: port, requestHead("/?token=abc", port: port)) }
            #expect(statusCode(right.bytes) == 200)
            await insecure.stop()
            // A token its URL cannot carry as it is, is not a matter of opting in.
            let unusable = await #expect(throws: InspectorError.self) {
                _ = try await Inspector.start(
                    InspectorConfiguration(
                        token: "a&b=c#" + String(repeating: "0", count: 32), allowsInsecureConfiguration: true))
            }
            #expect(unusable?.code == .invalidConfiguration)
        }

        @Test func anAddressThatIsNotLoopbackIsRefusedAtStart() async throws {
            // Refused before anything is bound, so this test opens nothing beyond loopback.
            for host in ["0.0.0.0", "::", "192.0.2.1", "inspector.example"] {
                let error = await #expect(throws: InspectorError.self, "host \(host)") {
                    _ = try await Inspector.start(InspectorConfiguration(host: host))
                }
                #expect(error?.code == .insecureConfiguration, "host \(host)")
            }
            // Opted into, the check lets it try: 192.0.2.1 (an address for documentation) is no interface here.
            let error = await #expect(throws: InspectorError.self) {
                _ = try await Inspector.start(
                    InspectorConfiguration(host: "192.0.2.1", allowsInsecureConfiguration: true))
            }
            #expect(error?.code == .cannotListen)
        }

        @Test func everyResponseCarriesTheSecurityHeaders() async throws {
            let inspector = try await Inspector.start()
            let port = inspector.port
            let token = inspector.session.configuration.token
            let requests: [(request: [UInt8], status: Int)] = [
                (requestHead("/?token=\(token)", port: port), 200),
                (requestHead("/", port: port), 403),
                (requestHead("/inspector.js", port: port), 200),
                (requestHead("/nowhere", port: port), 404),
                (requestHead("/", port: port, host: "attacker.example:\(port)"), 421),
            ]
            for sample in requests {
                let request = sample.request
                let answer = await offThePool { exchange(port: port, request) }
                #expect(statusCode(answer.bytes) == sample.status)
                let headers = responseHeaders(answer.bytes)
                #expect(headers["x-frame-options"] == "DENY", "\(sample.status)")
                #expect(headers["x-content-type-options"] == "nosniff", "\(sample.status)")
                #expect(headers["referrer-policy"] == "no-referrer", "\(sample.status)")
                #expect(headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
            }
            // The page may connect to its own origin only: not `ws:` or `wss:` anywhere.
            let request = requestHead("/?token=\(token)", port: port)
            let page = await offThePool { exchange(port: port, request) }
            let policy = responseHeaders(page.bytes)["content-security-policy"] ?? ""
            #expect(policy.contains("connect-src 'self' ws://127.0.0.1:\(port);"))
            #expect(!policy.contains("ws: ") && !policy.contains("wss:"))
            await inspector.stop()
        }

        @Test func anUnmaskedFrameClosesTheSocket() async throws {
            let inspector = try await Inspector.start()
            let port = inspector.port
            let opened = await TestSocket.open(
                port: port, token: inspector.session.configuration.token, origin: pageOrigin(port))
            let socket = try #require(opened.socket)
            // Masked, a ping is answered with its pong: the socket works.
            #expect(await socket.send(frame: clientFrame(opcode: 0x9, payload: Array("hi".utf8))))
            var pong: SocketFrame?
            while pong == nil, let frame = await socket.next() {
                if frame.opcode == 0xA { pong = frame }
            }
            #expect(pong?.payload == Array("hi".utf8))
            // Unmasked, a request is not read: the server closes with status 1002 (protocol error).
            let unmasked = clientFrame(opcode: 0x1, payload: Array(#"{"type":"resume"}"#.utf8), mask: nil)
            #expect(await socket.send(frame: unmasked))
            var close: SocketFrame?
            while let frame = await socket.next() {
                if frame.opcode == 0x8 { close = frame }
            }
            #expect(socket.closed)
            #expect(close.map { Array($0.payload.prefix(2)) } == [0x03, 0xEA])
            await inspector.stop()
        }

        @Test func aMessageLargerThan16KiBIsTaken() async throws {
            let inspector = try await Inspector.start()
            let store = Store(state: Counter(), reducer: counterReducer)
            inspector.watch(store, name: "counter", test: nil)
            store.send(.increment)
            store.send(.increment)
            let firstIntent = try #require(inspector.session.events.first { $0.kind == .intent }).sequence
            let opened = await TestSocket.open(
                port: inspector.port, token: inspector.session.configuration.token,
                origin: pageOrigin(inspector.port))
            let socket = try #require(opened.socket)
            // One 64 KiB frame, as a browser sends a message: four times the old 16 KiB limit.
            let padding = String(repeating: "x", count: 64 << 10)
            #expect(await socket.send(#"{"type":"travel","sequence":\#(firstIntent),"padding":"\#(padding)"}"#))
            var traveled = false
            while !traveled, let frame = await socket.next(within: 10) {
                let text = String(decoding: frame.payload, as: UTF8.self)
                traveled = frame.opcode == 0x1 && text.contains("time travel")
            }
            #expect(traveled)
            #expect(!socket.closed)
            #expect(store.state == Counter(count: 1, log: []))
            inspector.session.resume()
            socket.disconnect()
            await inspector.stop()
        }

        @Test func anImportOf5000IntentsStreamsOverTheSocketInBinaryMessages() async throws {
            let inspector = try await Inspector.start(InspectorConfiguration(capacity: 10_000))
            let store = Store(state: Counter(), reducer: counterReducer)
            inspector.watch(store, name: "counter", test: nil)
            let type = String(reflecting: CounterIntent.self)
            let line = #"{"kind":"intent","payload":{"note":{"_0":"imported line"}},"type":"\#(type)"}"# + "\n"
            let recording = Array(String(repeating: line, count: 5_000).utf8)
            #expect(recording.count > 400 << 10)  // far over one 16 KiB message
            let opened = await TestSocket.open(
                port: inspector.port, token: inspector.session.configuration.token,
                origin: pageOrigin(inspector.port))
            let socket = try #require(opened.socket)

            #expect(await socket.send(#"{"type":"importBegin"}"#))
            for start in stride(from: 0, to: recording.count, by: 16 << 10) {
                let chunk = Array(recording[start..<min(start + (16 << 10), recording.count)])
                #expect(await socket.send(frame: clientFrame(opcode: 0x2, payload: chunk)))
            }
            #expect(await socket.send(#"{"type":"importEnd"}"#))
            var reported = false
            while !reported, let frame = await socket.next(within: 30) {
                reported = String(decoding: frame.payload, as: UTF8.self).contains(
                    "imported 5000 intent(s) to view")
            }

            #expect(reported)
            #expect(!socket.closed)
            #expect(store.state == Counter())
            socket.disconnect()
            await inspector.stop()
        }

        @Test func aMessageOverTheLimitClosesTheSocketWith1009() async throws {
            let inspector = try await Inspector.start(InspectorConfiguration(maximumMessageSize: 64 << 10))
            let opened = await TestSocket.open(
                port: inspector.port, token: inspector.session.configuration.token,
                origin: pageOrigin(inspector.port))
            let socket = try #require(opened.socket)

            #expect(await socket.send(#"{"type":"importBegin"}"#))
            _ = await socket.send(
                frame: clientFrame(opcode: 0x2, payload: [UInt8](repeating: 0x61, count: (64 << 10) + 1)))
            var close: SocketFrame?
            while let frame = await socket.next() {
                if frame.opcode == 0x8 { close = frame }
            }

            #expect(socket.closed)
            #expect(close.map { Array($0.payload.prefix(2)) } == [0x03, 0xF1])
            await inspector.stop()
        }

        @Test func connectionsBeyondTheLimitAreClosedAtOnce() async throws {
            let inspector = try await Inspector.start(InspectorConfiguration(maximumConnections: 4))
            let port = inspector.port
            let request = requestHead("/", port: port, closes: false)
            // Four connections, each answered (403: no token) and kept open.
            let held = await offThePool { () -> [RawConnection] in
                (0..<4).compactMap { _ in
                    guard let connection = RawConnection.open(port: port) else { return nil }
                    connection.write(request)
                    let answer = connection.read(within: 3) { headEnd($0) != nil }
                    return statusCode(answer.bytes) == 403 && !answer.closed ? connection : nil
                }
            }
            #expect(held.count == 4)
            // A fifth is closed as soon as it is accepted, unanswered.
            let fifth = await offThePool { exchange(port: port, request) }
            #expect(fifth.closed)
            #expect(fifth.bytes.isEmpty)
            // One of the four ends: a new connection is answered again.
            held.first?.disconnect()
            var answered = false
            for _ in 0..<30 where !answered {
                let again = await offThePool { exchange(port: port, request, within: 1) }
                answered = statusCode(again.bytes) == 403
                if !answered { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(answered)
            for connection in held { connection.disconnect() }
            await inspector.stop()
        }

        @Test func theConnectionLimitLeavesDescriptorsForTheApp() {
            // (configured, descriptor limit, open) → limit: 64 descriptors stay the app's, and one connection is
            // always possible.
            let cases = [
                (32, 20_000, 30, 32), (32, 1_024, 30, 32), (32, 128, 30, 32), (32, 100, 20, 16), (32, 64, 30, 1),
                (32, 10, 30, 1), (4, Int.max, 0, 4),
            ]
            for (configured, descriptors, open, expected) in cases {
                #expect(
                    Inspector.connectionLimit(configured: configured, descriptorLimit: descriptors, open: open)
                        == expected, "\(configured), \(descriptors), \(open)")
            }
        }

        /// The sockets the server accepted on `port` that this process holds now.
        func acceptedSockets(port: Int) -> Int {
            #if canImport(Glibc)
                let directory = "/proc/self/fd"
            #else
                let directory = "/dev/fd"
            #endif
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.compactMap(Int32.init).filter { descriptor in
                var address = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let local = withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
                }
                guard local == 0, address.sin_family == sa_family_t(AF_INET),
                    UInt16(bigEndian: address.sin_port) == UInt16(port)
                else { return false }
                var peer = sockaddr_in()
                var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
                return withUnsafeMutablePointer(to: &peer) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        getpeername(descriptor, $0, &peerLength)
                    }
                } == 0  // accepted, not the listening socket
            }.count
        }

        @Test func aFloodHoldsNoMoreDescriptorsThanTheConnectionLimit() async throws {
            let inspector = try await Inspector.start(InspectorConfiguration(maximumConnections: 8))
            let port = inspector.port
            #expect(inspector.maximumConnections == 8)
            // 300 connections opened and kept, as a local process would, sending nothing.
            let flood = await offThePool { (0..<300).compactMap { _ in RawConnection.open(port: port) } }
            #expect(flood.count == 300)
            var held = Int.max
            var stable = 0
            for _ in 0..<50 where stable < 3 {
                try await Task.sleep(for: .milliseconds(100))
                let now = acceptedSockets(port: port)
                stable = now == held ? stable + 1 : 0
                held = now
            }
            #expect(held <= 8, "the server holds \(held) accepted sockets")
            #expect(held >= 1)
            for connection in flood { connection.disconnect() }
            await inspector.stop()
        }
    }
}
