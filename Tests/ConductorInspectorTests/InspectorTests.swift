// The server's tests: built with the package's `InspectorServer` trait.
#if InspectorServer
    import Conductor
    import ConductorInspector
    import Foundation
    import HummingbirdWSClient
    import Logging
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What a page received.
    actor Messages {
        var list: [String] = []
        func add(_ message: String) -> Int {
            list.append(message)
            return list.count
        }
    }

    /// The server, through a real HTTP client and a real WebSocket client.
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
            let url = "ws://127.0.0.1:\(inspector.port)/events?token=\(inspector.session.configuration.token)"
            let messages = Messages()
            try await WebSocketClient.connect(url: url, logger: Logger(label: "test")) { inbound, outbound, _ in
                for try await message in inbound.messages(maxSize: 1 << 24) {
                    guard case .text(let text) = message else { continue }
                    let count = await messages.add(text)
                    if count == 1 { await MainActor.run { store.send(.note("live")) } }
                    if count == 2 { try await outbound.write(.text(#"{"type":"travel","sequence":\#(firstIntent)}"#)) }
                    if text.contains("time travel") { break }
                }
            }
            let received = await messages.list
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
            await #expect(throws: (any Error).self) {
                try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(inspector.port)/events?token=nope", logger: Logger(label: "test")
                ) { _, _, _ in }
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
#endif
