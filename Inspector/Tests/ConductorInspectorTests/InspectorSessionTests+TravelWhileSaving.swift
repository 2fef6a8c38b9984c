import Conductor
import ConductorInspector
import Foundation
import Testing

/// Time travel while a flow's save is in flight — the demo's crash, reproduced with the Inspector alone: travel ended
/// the creation flow while its `sendAndWait` still waited on the database, and on resume the save's answer reached the
/// ended flow (an `unowned` capture there crashed; a second sheet let the user save twice). Now the answer finishes
/// the sheet restored in the ended one's place (`FlowPlaces`), as it would have finished the sheet travel ended.
extension InspectorSessionTests {
    struct Notes: Equatable, Codable, Sendable {
        var saved: [String] = []
    }

    enum NotesIntent: Intent, Equatable, Codable {
        case open
        case save(String)
        case saved(String)
    }

    enum NotesEffect: Effect, Equatable {
        case persist(String)
    }

    /// The database's lock, held by another writer until the test opens it.
    actor Lock {
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var isOpen = false
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func close() { isOpen = false }
        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
        }
    }

    /// A sheet that saves a note and finishes with its title, as the demo's creation flow does.
    final class EditorFlow: FlowCoordinator<String?> {
        let router = HeadlessNavigationRouter(name: "editor")
        let store: Store<Notes, NotesIntent, NotesEffect>
        init(store: Store<Notes, NotesIntent, NotesEffect>) {
            self.store = store
            super.init(actionRouter: nil)
        }
        override func start() { try? router.setRoot(Page("form"), hideBar: false) }

        /// Saves `title` and finishes with it once the store answers; a flow that ended meanwhile keeps no output.
        func save(_ title: String) async {
            let answer = await store.sendAndWait(.save(title))
            guard answer.contains(.saved(title)) else { return }
            finish(with: title)
        }
    }

    enum NotesDestination: Codable, Hashable, Sendable {
        case list
        case editor
    }

    /// The notes list, which presents the editor as a destination of its navigation value.
    final class NotesListFlow: FlowCoordinator<Void>, NavigatingFlow {
        let navigation = Navigation<NotesDestination>(router: HeadlessNavigationRouter(name: "notes"))
        let store: Store<Notes, NotesIntent, NotesEffect>
        private(set) weak var latestEditor: EditorFlow?
        var finished: [String?] = []
        init(store: Store<Notes, NotesIntent, NotesEffect>) {
            self.store = store
            super.init(actionRouter: nil)
        }
        override func start() { try? setRoot(.list) }
        func content(for destination: NotesDestination) throws -> NavigationContent {
            switch destination {
            case .list: return .screen(Page("list"))
            case .editor:
                let editor = EditorFlow(store: store)
                latestEditor = editor
                return .flow(editor, showing: editor.router, dismissedOutput: nil) { [weak self] in
                    self?.finished.append($0)
                }
            }
        }
    }

    @Test func travellingAndResumingWhileAFlowsSaveWaitsNeverCrashesNorSavesTwice() async throws {
        let lock = Lock()
        let store = Store(state: Notes()) { (state: inout Notes, intent: NotesIntent) -> [NotesEffect] in
            switch intent {
            case .open: return []
            case .save(let title): return [.persist(title)]
            case .saved(let title):
                state.saved.append(title)
                return []
            }
        }
        store.add(
            effectHandler: ClosureEffectHandler(name: "database") { effect, send in
                guard case .persist(let title) = effect else { return }
                await lock.wait()
                await send(.saved(title))
            })
        let session = try InspectorSession()
        session.watch(store, name: "notes")
        let root = BaseCoordinator(actionRouter: nil)
        root.run()
        let notes = NotesListFlow(store: store)
        root.startChild(notes)
        session.watch(root)
        store.send(.open)
        // The tree as it was before any sheet: the navigation recorded when the tree was first watched.
        let first = try #require(session.events.first { $0.kind == .navigation }).sequence

        var typed: [String] = []
        var endings: [Bool] = []
        var stillOpen: [Bool] = []
        weak var firstEditor: EditorFlow?
        for round in 1...20 {
            await lock.close()
            try notes.present(.editor)
            let editor = try #require(notes.latestEditor)
            if round == 1 { firstEditor = editor }
            let title = "Round \(round)"
            typed.append(title)
            let saving = Task { await editor.save(title) }
            for _ in 0..<20 { await Task.yield() }

            try session.travel(to: first)  // the past shows no sheet: the flow ends, its save in flight
            endings.append(editor.hasEnded)
            session.resume()  // the live value shows the sheet again: a new flow, in the ended one's place
            await lock.open()
            await saving.value
            await store.waitForEffects()
            // The save's answer closed the sheet the user sees: no second sheet waits for a second save.
            stillOpen.append(!notes.childCoordinators.isEmpty)
            if !notes.childCoordinators.isEmpty { try notes.dismiss(animated: false) }
        }

        #expect(endings == Array(repeating: true, count: 20), "travel to before the sheet ended it, its save in flight")
        #expect(store.state.saved == typed, "each save is applied once, after resume")
        #expect(stillOpen == Array(repeating: false, count: 20), "a sheet whose save was answered stays open")
        // Each round: travel's dismissal, then the save's answer, which finished the sheet restored in place.
        #expect(notes.finished == typed.flatMap { [nil, $0] })
        #expect(notes.childCoordinators.isEmpty)
        #expect(firstEditor == nil, "an ended flow is released with the flow restored in its place")
    }
}
