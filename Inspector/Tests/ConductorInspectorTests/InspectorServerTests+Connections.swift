import ConductorInspector
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many connections the server keeps, and what a flood of them holds.
extension InspectorTests.HostileClients {
    @Test func connectionsBeyondTheLimitAreClosedAtOnce() async throws {
        let inspector = try await Inspector.start(InspectorConfiguration(maximumConnections: 4))
        let port = inspector.port
        let request = requestHead("/", port: port, closes: false)
        let authorized = requestHead("/?token=\(inspector.session.configuration.token)", port: port, closes: false)
        // Four connections that presented the token, each answered and kept open.
        let held = await offThePool { () -> [RawConnection] in
            (0..<4).compactMap { _ in
                guard let connection = RawConnection.open(port: port) else { return nil }
                connection.write(authorized)
                let answer = connection.read(within: 3) { headEnd($0) != nil }
                return statusCode(answer.bytes) == 200 && !answer.closed ? connection : nil
            }
        }
        #expect(held.count == 4)
        // A fifth is closed as soon as it is accepted, unanswered: none of the four makes room for it.
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

    /// A local process without the token held every connection, and the page's requests beyond the limit were
    /// closed as they came: 14 of 15 were reset. Now the page's request and its socket each take the place of a
    /// connection without the token, and keep it while more such connections arrive.
    @Test func aProcessWithoutTheTokenHoldingEveryConnectionCannotKeepThePageOut() async throws {
        let inspector = try await Inspector.start(InspectorConfiguration(maximumConnections: 4))
        let port = inspector.port
        let token = inspector.session.configuration.token
        let tokenless = requestHead("/", port: port, closes: false)
        let page = requestHead("/?token=\(token)", port: port, closes: false)
        /// A connection that asked without the token, was answered 403 and is kept open; `nil` otherwise.
        @Sendable func hold() -> RawConnection? {
            guard let connection = RawConnection.open(port: port) else { return nil }
            connection.write(tokenless)
            let answer = connection.read(within: 3) { headEnd($0) != nil }
            return statusCode(answer.bytes) == 403 && !answer.closed ? connection : nil
        }
        let holders = await offThePool { (0..<4).compactMap { _ in hold() } }
        #expect(holders.count == 4)

        // The page is answered, and its connection kept open.
        let pageConnection = try #require(await offThePool { RawConnection.open(port: port) })
        let first = await offThePool { () -> Int? in
            pageConnection.write(page)
            return statusCode(pageConnection.read(within: 3, until: isWholeResponse).bytes)
        }
        #expect(first == 200)
        // Its socket opens, and is sent the session.
        let opened = await TestSocket.open(port: port, token: token, origin: pageOrigin(port))
        #expect(opened.status == 101)
        let socket = try #require(opened.socket)
        var hello = false
        while !hello, let frame = await socket.next(within: 30) {  // generous: a sanitizer slows the server
            hello = frame.opcode == 0x1 && String(decoding: frame.payload, as: UTF8.self).contains(#""hello""#)
        }
        #expect(hello)
        // Each took the place of one connection without the token.
        let displaced = await offThePool { holders.filter { $0.read(within: 0.5).closed }.count }
        #expect(displaced == 2)

        // More connections without the token take the places of such connections, never the page's.
        let more = await offThePool { (0..<4).compactMap { _ in hold() } }
        #expect(more.count == 4)
        let again = await offThePool { () -> Int? in
            pageConnection.write(page)
            return statusCode(pageConnection.read(within: 3, until: isWholeResponse).bytes)
        }
        #expect(again == 200)
        #expect(await socket.send(frame: clientFrame(opcode: 0x9, payload: Array("hi".utf8))))
        var pong: SocketFrame?
        while pong == nil, let frame = await socket.next(within: 30) {
            if frame.opcode == 0xA { pong = frame }
        }
        #expect(pong?.payload == Array("hi".utf8))
        for connection in holders + more { connection.disconnect() }
        pageConnection.disconnect()
        socket.disconnect()
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

/// Whether `bytes` hold a whole response: its head and as many bytes of body as its `Content-Length` says.
private func isWholeResponse(_ bytes: [UInt8]) -> Bool {
    guard let end = headEnd(bytes), let length = responseHeaders(bytes)["content-length"].flatMap({ Int($0) }) else {
        return false
    }
    return bytes.count >= end + length
}
