import Conductor
import ConductorInspector
import Foundation
import Testing

/// Time travel never touches live data (issue 22, S3): what is sent to a travelling store is held, and resume
/// processes it.
extension InspectorSessionTests {
    /// Time travel left the store live: what the screens sent while it showed the past ran, effects and all.
    @Test func whileTravellingIntentsAreHeldAndResumeProcessesThemInOrder() async throws {
        let session = try InspectorSession()
        let (store, log) = makeLoggedStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        store.send(.increment)
        let first = try #require(session.events.first { $0.kind == .intent })
        try session.travel(to: first.sequence)
        #expect(store.state == Counter(count: 1, log: []))

        store.send(.increment)  // live, the third: it asks for announce(3)
        store.send(.note("held"))

        #expect(store.state == Counter(count: 1, log: []))
        #expect(session.heldIntentCount == 2)
        await store.waitForEffects()
        #expect(await log.effects.isEmpty)
        session.resume()
        #expect(store.state == Counter(count: 3, log: ["held"]))
        #expect(session.heldIntentCount == 0 && !session.isTraveling)
        await store.waitForEffects()
        #expect(await log.effects == [.announce(3)])
    }

    /// A session watching a counter that has processed two intents, and the sequence of the first.
    func counterWithTwoIntents() throws -> (InspectorSession, Store<Counter, CounterIntent, CounterEffect>, Int) {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        store.send(.increment)
        let first = try #require(session.events.first { $0.kind == .intent })
        return (session, store, first.sequence)
    }

    /// A command typed on a screen of the past never reaches the live app: its intents are dropped at resume and told;
    /// an intent the live app sent on its own meanwhile is processed.
    @Test func intentsACommandSetOffOnAScreenOfThePastAreDroppedAtResume() async throws {
        let (session, store, first) = try counterWithTwoIntents()
        try session.travel(to: first)

        Causes.run(.command, "Login(name: bob)") { store.send(.note("bob")) }  // typed on the past screen
        store.send(.increment)  // the live app's own
        session.resume()

        #expect(store.state.count == 3)
        #expect(store.state.log.isEmpty)
        #expect(session.events.contains { $0.fields["dropped"]?.contains("Login(name: bob)") == true })
    }

    /// A page that travels and then goes away never leaves the app in the past: it resumes live, and says why.
    @Test func aPageThatTravelsThenDisconnectsResumesTheApp() async throws {
        let (session, store, first) = try counterWithTwoIntents()
        let watcher = session.connect()
        let page = session.connect()
        await page.send(#"{"type":"travel","sequence":\#(first)}"#)
        #expect(session.isTraveling)
        store.send(.increment)  // held while the past shows
        page.disconnect()
        #expect(!session.isTraveling)
        #expect(store.state.count == 3)
        #expect(session.events.contains { $0.fields["reason"]?.contains("disconnected") == true })
        watcher.disconnect()
    }

    @Test func aTravellingStoreThatHoldsTooManyIntentsResumesOnItsOwnLosingNone() async throws {
        let session = try InspectorSession()
        session.maximumHeldIntents = 3
        let store = makeStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        let first = try #require(session.events.first { $0.kind == .intent })
        try session.travel(to: first.sequence)

        for _ in 0..<3 { store.send(.increment) }
        for _ in 0..<100 where session.isTraveling { await Task.yield() }

        #expect(!session.isTraveling)
        #expect(store.state.count == 4)
    }

    @Test func detachingWhileTravellingReturnsTheStoreToLiveWithWhatItHeld() throws {
        let session = try InspectorSession()
        let store = makeStore()
        session.watch(store, name: "counter")
        store.send(.increment)
        store.send(.increment)
        try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
        store.send(.note("held"))

        session.detach()

        #expect(store.state == Counter(count: 2, log: ["held"]))
        #expect(store.middlewares.isEmpty)
    }

    @Test func aStoreLeftTravellingByASessionThatWentAwayReturnsToLiveOnItsNextIntent() throws {
        let store = makeStore()
        do {
            let session = try InspectorSession()
            session.watch(store, name: "counter")
            store.send(.increment)
            store.send(.increment)
            try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
            store.send(.note("held"))
            #expect(store.state == Counter(count: 1, log: []))
        }

        store.send(.note("after"))

        #expect(store.state == Counter(count: 2, log: ["held", "after"]))
    }
}
