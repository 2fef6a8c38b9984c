import Conductor
import ConductorInspector
import Foundation
import Testing

/// Navigation in the timeline and in time travel: recorded with or without a page, restored with the state.
extension InspectorSessionTests {
    /// Where the notes go: the list, and notes pushed over it.
    enum NoteDestination: Codable, Hashable, Sendable {
        case list
        case note(Int)
    }

    /// A stack of notes whose navigation is a value.
    class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
        let router = HeadlessNavigationRouter(name: "notes")
        let navigation: Navigation<NoteDestination>
        init() {
            navigation = Navigation(router: router)
            super.init(actionRouter: nil)
        }
        override func start() { try? setRoot(.list) }
        func content(for destination: NoteDestination) throws -> NavigationContent {
            switch destination {
            case .list: .screen(Page("list"))
            case .note(let id): .screen(Page("note \(id)"))
            }
        }
        func show(_ id: Int) throws { try push(.note(id), animated: false) }
    }

    /// The notes a captured tree saves for its one flow.
    func savedNotes(_ root: BaseCoordinator) throws -> [NoteDestination] {
        let saved = try #require(NavigationTree.capture(root).tree.root.children.first?.navigation)
        return try saved.decode(NavigationState<NoteDestination>.self).stack.dropFirst().map { $0 }
    }

    /// The roots of the trees the tests watch, kept for the test's length (the watcher holds a root weakly).
    final class Roots {
        var all: [BaseCoordinator] = []
    }

    /// A session watching a counter store and a tree whose one flow is the notes — its root, its router, or both;
    /// the root is kept in `roots`.
    func watchedNotes(_ roots: Roots, watchingRoot: Bool = true, watchingRouter: Bool = true) throws -> (
        InspectorSession, Store<Counter, CounterIntent, CounterEffect>, NotesFlow
    ) {
        let session = try InspectorSession()
        let store = makeStore()
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow()
        root.startChild(notes)
        roots.all.append(root)
        session.watch(store, name: "counter")
        if watchingRoot { session.watch(root) }
        if watchingRouter { session.watch(notes.router) }
        return (session, store, notes)
    }

    @Test func aPushWithNoOtherEventAndNoPageIsRecordedOnTheNextTurn() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, _, notes) = try watchedNotes(roots)
        try notes.show(1)
        await Task.yield()
        let last = try #require(session.events.last { $0.kind == .navigation })
        #expect(last.stacks?.first?.modules == ["list", "note 1"])
        #expect(session.pageCount == 0)
    }

    @Test func travelToAnEventRestoresTheStacksWithTheStateAndResumeReturnsToLive() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots)
        store.send(.increment)
        try notes.show(1)
        store.send(.increment)
        try notes.show(2)
        store.send(.increment)
        let intents = session.events.filter { $0.kind == .intent }.map(\.sequence)
        #expect(intents.count == 3)

        try session.travel(to: intents[0])
        #expect(store.state.count == 1)
        #expect(notes.router.breadcrumb == "list › note 1")
        try session.travel(to: intents[1])
        #expect(store.state.count == 2)
        #expect(notes.router.breadcrumb == "list › note 1 › note 2")

        store.send(.increment)  // held while travelling
        #expect(store.state.count == 2)
        session.resume()
        #expect(store.state.count == 4)
        #expect(notes.router.breadcrumb == "list › note 1 › note 2")
        // Travel's own moves are not the app's history.
        #expect(!session.isTraveling)
    }

    @Test func travelToANavigationEventShowsThatNavigation() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots)
        try notes.show(1)
        store.send(.increment)
        try notes.show(2)
        try notes.show(3)
        store.send(.increment)
        let withOne = try #require(
            session.events.first { $0.kind == .navigation && $0.stacks?.first?.modules.count == 2 })

        try session.travel(to: withOne.sequence)
        #expect(notes.router.breadcrumb == "list › note 1")
        #expect(store.state.count == 0)  // the state before the first intent
        session.resume()
        #expect(notes.router.breadcrumb == "list › note 1 › note 2 › note 3")
        #expect(store.state.count == 2)
    }

    @Test func whatAnIntentNavigatesIsRecordedAfterItsEvent() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots, watchingRoot: false)
        let token = store.subscribe(\.count) { count in try? notes.show(count) }
        store.send(.increment)
        _ = token

        let kinds = session.events.suffix(2).map(\.kind)
        #expect(kinds == [.intent, .navigation])
        #expect(session.events.last?.stacks?.first?.modules.last == "note 1")
    }

    @Test func navigationIsNotRecordedWhileTravelling() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots)
        store.send(.increment)
        try notes.show(1)
        store.send(.increment)
        let count = session.events.filter { $0.kind == .navigation }.count
        try session.travel(to: try #require(session.events.first { $0.kind == .intent }).sequence)
        try notes.show(9)
        await Task.yield()
        #expect(session.events.filter { $0.kind == .navigation }.count == count)
        session.resume()
        #expect(notes.router.breadcrumb == "list › note 1")
    }

    @Test func travelShowsThePastThroughTheTreesPublicValueAndResumeBringsTheLiveOneBack() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots)
        let root = try #require(roots.all.first)
        store.send(.increment)
        try notes.show(1)
        try notes.show(2)
        let live = NavigationTree.capture(root).tree

        try session.travel(to: try #require(session.events.first { $0.kind == .navigation }).sequence)
        // Nothing in the app knows the Inspector travels: what it captures is what it shows.
        #expect(notes.router.breadcrumb == "list")
        #expect(NavigationTree.capture(root).tree != live)

        session.resume()
        #expect(NavigationTree.capture(root).tree == live)
        try notes.show(3)
        #expect(try savedNotes(root) == [.note(1), .note(2), .note(3)])
    }

    @Test func aSessionGoneWhileTravellingLeavesCaptureTakingTheTreeOnScreen() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        weak var gone: InspectorSession?
        let notes: NotesFlow
        do {
            let (session, store, flow) = try watchedNotes(roots)
            notes = flow
            gone = session
            store.send(.increment)
            try flow.show(1)
            try session.travel(to: try #require(session.events.first { $0.kind == .navigation }).sequence)
        }
        #expect(gone == nil)

        let root = try #require(roots.all.first)
        #expect(notes.router.breadcrumb == "list")
        #expect(try savedNotes(root) == [])
    }

    @Test func aTravelOneStoreCannotShowMovesNothingAndLeavesTheAppLive() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots)
        let root = try #require(roots.all.first)
        session.maximumKeptIntents = 4
        let later = makeStore()
        session.watch(later, name: "later")  // sorted after "counter": travel works it out second
        store.send(.increment)
        try notes.show(1)
        store.send(.increment)
        for _ in 0..<10 { later.send(.increment) }  // folds its oldest intents away

        let first = try #require(session.events.first { $0.kind == .intent && $0.source == "counter" })
        #expect(throws: InspectorError.self) { try session.travel(to: first.sequence) }
        #expect(store.state.count == 2)
        #expect(notes.router.breadcrumb == "list › note 1")
        #expect(!session.isTraveling)
        try notes.show(2)
        #expect(try savedNotes(root) == [.note(1), .note(2)])
        store.send(.increment)  // processed, not held
        #expect(store.state.count == 3)
    }

    @Test func aMoveInsideAFlowWhoseRouterIsNotWatchedIsRecordedByItsNavigation() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots, watchingRouter: false)  // the tree only
        store.send(.increment)
        try notes.show(1)
        store.send(.increment)  // what changed since the last event is recorded before this one

        let kinds = session.events.map(\.kind).filter { $0 == .navigation || $0 == .intent }
        #expect(kinds == [.navigation, .intent, .navigation, .intent])
        let moved = try #require(session.events.last { $0.kind == .navigation })
        try session.travel(to: try #require(session.events.first { $0.kind == .navigation }).sequence)
        #expect(notes.router.breadcrumb == "list")
        try session.travel(to: moved.sequence)
        #expect(notes.router.breadcrumb == "list › note 1")
        session.resume()
    }

    /// A link to a note.
    struct NoteLink: DeepLink { let note: Int }

    /// Notes that open the note a link names.
    final class LinkedNotesFlow: NotesFlow {
        override func handle(deepLink: any DeepLink) -> Bool {
            guard let link = deepLink as? NoteLink else { return false }
            return (try? push(.note(link.note), animated: false)) != nil
        }
    }

    @Test func aLinkKeptDuringTravelIsOfferedToTheWholeLiveTreeOnResume() async throws {
        let session = try InspectorSession()
        let store = makeStore()
        let root = BaseCoordinator(actionRouter: nil)
        let notes = LinkedNotesFlow()
        root.startChild(notes)
        session.watch(store, name: "counter")
        session.watch(root)
        let links = DeferredDeepLinks(root: root)
        session.watch(links)
        store.send(.increment)
        try notes.push(.note(1), animated: false)
        store.send(.increment)
        try session.travel(to: try #require(session.events.first { $0.kind == .navigation }).sequence)
        #expect(notes.router.breadcrumb == "list")

        #expect(!links.open(NoteLink(note: 7)))  // kept: travel shows the past
        session.resume()
        #expect(notes.router.breadcrumb == "list › note 1 › note 7")
        #expect(links.pending.isEmpty)
    }

    @Test func whatTheAppSendsInReactionToTravelIsDroppedNeitherProcessedNorHeld() async throws {
        let session = try InspectorSession()
        let first = makeStore()
        let second = makeStore()
        session.watch(first, name: "a")
        session.watch(second, name: "b")
        // A subscriber of the first sends to the second whenever the first's count changes (and once at once).
        let token = first.subscribe(\.count) { _ in second.send(.increment) }
        first.send(.increment)
        first.send(.increment)
        #expect(second.state.count == 3)
        let recordedOfSecond = session.events.filter { $0.kind == .intent && $0.source == "b" }.count

        try session.travel(to: try #require(session.events.first { $0.kind == .intent && $0.source == "a" }).sequence)
        #expect(first.state.count == 1)
        // The send the first's past set off reached no reducer and waits for nothing.
        #expect(session.heldIntentCount == 0)
        #expect(session.events.filter { $0.kind == .intent && $0.source == "b" }.count == recordedOfSecond)
        #expect(session.events.last?.fields["intents the app sent in reaction, dropped"] == "1 to b")
        second.send(.increment)  // the user's: held
        #expect(session.heldIntentCount == 1)

        session.resume()
        #expect(first.state.count == 2)
        #expect(second.state.count == 4)  // its live 3, then the user's held intent; no reaction to either move
        _ = token
    }

    @Test func resumeRestoresTheRootTravelBeganOnEvenAfterAnotherIsWatched() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots)
        let root = try #require(roots.all.first)
        store.send(.increment)
        try notes.show(1)
        store.send(.increment)
        try session.travel(to: try #require(session.events.first { $0.kind == .navigation }).sequence)
        let other = BaseCoordinator(actionRouter: nil)
        session.watch(other)

        session.resume()
        #expect(notes.router.breadcrumb == "list › note 1")
        #expect(NavigationTree.capture(root).tree.root.name == root.name)
    }

    @Test func aStoreThatWasReleasedDoesNotStopTravel() async throws {
        let roots = Roots()
        defer { withExtendedLifetime(roots) {} }
        let (session, store, notes) = try watchedNotes(roots)
        do {
            let feature = makeStore()
            session.watch(feature, name: "feature")
            feature.send(.increment)
        }  // the feature's flow ended: its store is gone
        store.send(.increment)
        try notes.show(1)
        store.send(.increment)

        try session.travel(
            to: try #require(session.events.first { $0.kind == .intent && $0.source == "counter" }).sequence)
        #expect(store.state.count == 1)
        session.resume()
        #expect(store.state.count == 2)
    }
}
