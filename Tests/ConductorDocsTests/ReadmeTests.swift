// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of README.md, compiled and run (scripts/check-docs keeps them in step).
import Conductor
import Testing

private struct ShowProfile: Action { let id: Int }

private struct FetchUser: AsyncAction {
    typealias ReturnType = String
    let id: Int
}

@MainActor
private final class ProfileCoordinator {
    private let dispatcher = ActionDispatcher(name: "Profile")

    init() throws {
        try dispatcher.register(ShowProfile.self) { action in print("showing profile \(action.id)") }
        try dispatcher.register(FetchUser.self) { action in "user \(action.id)" }
    }
}

@MainActor
private func run() async throws {
    let coordinator = try ProfileCoordinator()  // keep it alive: routers hold dispatchers weakly
    try ShowProfile(id: 3).send()  // from any screen, no reference to the coordinator
    let user = try await FetchUser(id: 3).send()
    print(user, coordinator)
}
private struct Counter: Equatable { var count = 0 }
private enum CounterIntent: Intent { case increment, reset }
private enum CounterEffect: Effect { case announce(Int) }

@MainActor
private func counter() -> (Store<Counter, CounterIntent, CounterEffect>, SubscriptionToken) {
    let store = Store(state: Counter()) { (state: inout Counter, intent: CounterIntent) -> [CounterEffect] in
        switch intent {
        case .increment: state.count += 1
        case .reset: state.count = 0
        }
        return state.count == 10 ? [.announce(state.count)] : []
    }
    store.add(effectHandler: ClosureEffectHandler { effect, send in
        if case .announce = effect { await send(.reset) }
    })
    let token = store.subscribe(\.count) { print("count:", $0) }  // now, then on every change
    store.send(.increment)
    return (store, token)
}

private struct Notes: Equatable { var titles: [String] = [] }
private enum NotesIntent: Intent { case add(String), remove(String) }
private enum NotesEffect: Effect { case show(String) }
private struct ShowNote: Action { let title: String }

@MainActor
private final class NoteScreen: Presentable {
    let moduleName: String
    init(_ title: String) { moduleName = title }
}

@MainActor
private final class NotesCoordinator: FlowCoordinator<Void>, CommandSupplier {
    let router = HeadlessNavigationRouter(name: "notes")
    let store: Store<Notes, NotesIntent, NotesEffect>
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(store: Store<Notes, NotesIntent, NotesEffect>) throws {
        self.store = store
        super.init()
        suppliedCommands["Add"] = IntentCommand("Add", store: store) { context in
            .add(try context.string("title"))
        } outcome: { _, context in
            let title = try context.string("title")
            return .init(title: "Add \(title)", undo: .remove(title), redo: .add(title))
        }
        try dispatcher.register(ShowNote.self) { [weak self] note in
            guard let self else { return }
            try router.push(NoteScreen(note.title), animated: true, hidesBottomBar: false, onPop: nil)
        }
    }

    override func start() {
        observe(store, \.titles) { titles in print("notes:", titles) }
    }
}

@MainActor
private func oneDataFlow() async throws {
    let store = Store(state: Notes()) { (state: inout Notes, intent: NotesIntent) -> [NotesEffect] in
        switch intent {
        case .add(let title):
            state.titles.append(title)
            return [.show(title)]
        case .remove(let title):
            state.titles.removeAll { $0 == title }
            return []
        }
    }
    store.add(effectHandler: ActionEffects { effect in
        switch effect { case .show(let title): ShowNote(title: title) }
    })
    let notes = try NotesCoordinator(store: store)
    notes.run()
    let commands = CommandManager()
    commands.followCoordinators(from: notes)  // the responder chain is the coordinator tree
    commands.register([UndoCommand(), RedoCommand()])
    try await commands.perform(identifier: #"Add(title: "Milk")"#)  // notes: ["Milk"]; the router shows Milk
    try await commands.perform(identifier: "Undo")  // notes: []
}

@MainActor
@Suite(.serialized)
struct ReadmeTests {
    @Test func theQuickStartRunsThroughTheSharedRouter() async throws {
        try await run()
    }

    @Test func theCounterAnnouncesAtTenAndResets() async throws {
        let (store, token) = counter()
        for _ in 0..<9 { store.send(.increment) }
        await store.waitForEffects()
        #expect(store.state.count == 0)
        _ = token
    }

    @Test func oneDataFlowAddsAndUndoes() async throws {
        try await oneDataFlow()
    }
}
