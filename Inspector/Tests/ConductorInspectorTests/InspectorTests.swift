// The server's tests: built with the package's `InspectorServer` trait.
import Conductor
import ConductorInspector
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server, through a real HTTP client and a page's socket spoken byte by byte (``TestSocket``: a client library
/// sends an `Origin` of its own, which the server refuses). The attacks it withstands are in
/// InspectorServerTests.swift and its extensions.
@MainActor
@Suite(.serialized)
struct InspectorTests {
    func get(_ url: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func thePageAndTheExportsNeedTheToken() async throws {
        let inspector = try await Inspector.start()
        #expect(inspector.url.hasPrefix("http://127.0.0.1:\(inspector.port)/?token="))
        let base = "http://127.0.0.1:\(inspector.port)"
        #expect(try await get(base + "/").status == 403)
        #expect(try await get(base + "/?token=wrong").status == 403)
        #expect(try await get(base + "/export.jsonl").status == 403)
        let page = try await get(inspector.url)
        #expect(page.status == 200)
        #expect(page.body.contains("Conductor Inspector"))
        #expect(try await get(base + "/inspector.js").body.contains("new WebSocket"))
        let token = inspector.session.configuration.token
        #expect(try await get(base + "/export-test.swift?token=\(token)").status == 404)
        await inspector.stop()
    }

    @Test func aPageHearsTheSessionAndItsRequestsTravelInTime() async throws {
        let inspector = try await Inspector.start()
        let store = Store(state: Counter(), reducer: counterReducer)
        inspector.watch(store, name: "counter", test: nil)
        store.send(.increment)
        store.send(.increment)
        let firstIntent = try #require(inspector.session.events.first { $0.kind == .intent }).sequence
        let opened = await TestSocket.open(
            port: inspector.port, token: inspector.session.configuration.token, origin: pageOrigin(inspector.port))
        #expect(opened.status == 101)
        let socket = try #require(opened.socket)
        var received: [String] = []
        while let frame = await socket.next(within: 10) {
            guard frame.opcode == 0x1 else { continue }
            let text = String(decoding: frame.payload, as: UTF8.self)
            received.append(text)
            if received.count == 1 { store.send(.note("live")) }
            if received.count == 2 { #expect(await socket.send(#"{"type":"travel","sequence":\#(firstIntent)}"#)) }
            if text.contains("time travel") { break }
        }
        socket.disconnect()
        #expect(received.first?.contains(#""type":"hello""#) == true)
        #expect(received.first?.contains(#""title":"increment""#) == true)
        #expect(received.contains { $0.contains(#""title":"note""#) && $0.contains("live") })
        #expect(store.state == Counter(count: 1, log: []))
        inspector.session.resume()
        #expect(store.state == Counter(count: 2, log: ["live"]))
        await inspector.stop()
    }

    @Test func aSocketWithoutTheTokenIsRefused() async throws {
        let inspector = try await Inspector.start()
        let port = inspector.port
        let token = inspector.session.configuration.token
        for wrong in ["nope", "", String(token.dropLast()), token + "0"] {
            let opened = await TestSocket.open(port: port, token: wrong, origin: pageOrigin(port))
            #expect(opened.status == 403)
            opened.socket?.disconnect()
        }
        #expect(inspector.session.pageCount == 0)
        await inspector.stop()
    }

    @Test func aTakenPortIsATypedError() async throws {
        let first = try await Inspector.start()
        await #expect {
            _ = try await Inspector.start(InspectorConfiguration(port: first.port))
        } throws: { error in
            (error as? InspectorError)?.code == .cannotListen
        }
        await first.stop()
    }
}
