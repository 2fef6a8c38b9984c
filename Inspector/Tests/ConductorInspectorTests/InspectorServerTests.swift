// The server's tests: built with the package's `InspectorServer` trait.
import ConductorInspector
import HummingbirdWSClient
import Logging
import Testing

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
    }
}
