import Conductor
import ConductorInspector
import Testing

/// The page's socket under attack: unmasked frames, large messages and imports, messages over the limit.
extension InspectorTests.HostileClients {
    @Test func anUnmaskedFrameClosesTheSocket() async throws {
        let inspector = try await Inspector.start()
        let port = inspector.port
        let opened = await TestSocket.open(
            port: port, token: inspector.session.configuration.token, origin: pageOrigin(port))
        let socket = try #require(opened.socket)
        // Masked, a ping is answered with its pong: the socket works.
        #expect(await socket.send(frame: clientFrame(opcode: 0x9, payload: Array("hi".utf8))))
        var pong: SocketFrame?
        while pong == nil, let frame = await socket.next(within: 30) {
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
}
