import Conductor
import ConductorInspector
import Foundation
import Testing

/// A page's cost is what it shows (issue 22, S5): a window of events without their details, the rest on request.
extension InspectorSessionTests {
    /// Connecting a page once sent every event with the whole state twice and a diff: 18.2 MB and 27 s of main-actor
    /// time with 1,000 items.
    @Test func aConnectingPageIsSentTheNewestWindowWithoutStatesAndAsksForTheRest() async throws {
        let session = try InspectorSession()
        session.pageWindow = 3
        let store = makeStore()
        session.watch(store, name: "counter")
        for _ in 0..<10 { store.send(.increment) }
        let page = session.connect()

        let hello = try await receive(page, until: "hello")
        let events = try #require(hello.events)
        #expect(events.map(\.sequence) == [8, 9, 10])
        #expect(hello.earlier == 7)
        #expect(events.allSatisfy { $0.fields["state"] == nil && $0.fields["diff"] == nil })

        await page.send(#"{"type":"details","sequence":10}"#)
        let details = try await receive(page, until: "details")
        #expect(details.event?.fields["state"]?.contains("count: 10") == true)
        #expect(details.event?.fields["diff"]?.contains("+   count: 10") == true)

        await page.send(#"{"type":"history","before":8}"#)
        let history = try await receive(page, until: "history")
        #expect(history.events?.map(\.sequence) == [5, 6, 7])
        #expect(history.earlier == 4)
        page.disconnect()
    }

    @Test func aPageIsSentAPreviewOfALongPayloadAndTheWholeOnRequest() async throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter")
        let long = String(repeating: "x", count: 5_000)
        store.send(.note(long))
        let page = session.connect()

        let hello = try await receive(page, until: "hello")
        let payload = try #require(hello.events?.first?.fields["payload"])
        #expect(payload.count == 201 && payload.hasSuffix("…"))
        await page.send(#"{"type":"details","sequence":1}"#)
        let details = try await receive(page, until: "details")
        #expect(details.event?.fields["payload"]?.contains(long) == true)
        page.disconnect()
    }

    @Test func aPageMessageThatIsNotARequestIsToldBackNotObeyed() async throws {
        let session = try InspectorSession()
        let page = session.connect()

        await page.send("{not json")
        await page.send(#"{"type":"format-disk"}"#)

        #expect(session.events.map(\.kind) == [.inspector, .inspector])
        #expect(session.events.allSatisfy { $0.title.hasPrefix("ignored") })
        page.disconnect()
    }

    @Test func anImportFromAPageIsViewedAndTheLiveStoreKeepsItsState() async throws {
        let session = try InspectorSession()
        let (store, log) = makeLoggedStore()
        session.watch(store, name: "counter", test: nil)
        let text = try recording(Array(repeating: .increment, count: 600))
        let request = try JSONEncoder().encode(["type": "import", "recording": text])
        let page = session.connect()

        await page.send(String(decoding: request, as: UTF8.self))

        #expect(store.state == Counter())
        #expect(session.events.filter { $0.fields["imported"] != nil }.count == 600)
        #expect(session.events.last?.title.hasPrefix("imported 600 intent(s) to view") == true)
        await store.waitForEffects()
        #expect(await log.effects.isEmpty)
        page.disconnect()
    }

    /// Reads a page's messages until one of `type`.
    func receive(_ page: InspectorPage, until type: String) async throws -> ReceivedMessage {
        for await text in page.messages {
            let message = try JSONDecoder().decode(ReceivedMessage.self, from: Data(text.utf8))
            if message.type == type { return message }
        }
        throw PageEnded()
    }
}
