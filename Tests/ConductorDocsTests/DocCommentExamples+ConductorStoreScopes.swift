import ConductorStore
import Testing

// The doc comments of ConductorStore's scopes (Store+Scope.swift, Store+Rows.swift) and element subscriptions
// (Store+ElementSubscriptions.swift): their examples, verbatim.

private enum ScopeDocs {
    struct Draft: Equatable { var title = "" }
    enum DraftIntent: Sendable { case rename(String) }
    struct Session: Equatable { var user = "ada" }
    enum SessionIntent: Sendable { case visit }
    enum Auth: Equatable {
        case signedOut
        case signedIn(Session)
    }
    struct Todo: Identifiable, Equatable {
        let id: Int
        var done = false
    }
    enum TodoIntent: Sendable { case toggle }

    struct AppState: Equatable {
        var editor: Draft? = Draft()
        var auth = Auth.signedIn(Session())
        var todos = [Todo(id: 4)]
        var values = [1, 2, 3, 4]
    }

    enum AppIntent: Sendable {
        case editor(DraftIntent)
        case session(SessionIntent)
        case todo(id: Int, TodoIntent)
    }

    static func reducer(_ state: inout AppState, _ intent: AppIntent) -> [Never] {
        switch intent {
        case .editor(.rename(let title)): state.editor?.title = title
        case .session: break
        case .todo(let id, .toggle):
            if let index = state.todos.firstIndex(where: { $0.id == id }) { state.todos[index].done.toggle() }
        }
        return []
    }

    @MainActor static func run() -> (title: String?, user: String?, done: Bool, printed: [String]) {
        let store = Store(state: AppState(), reducer: reducer)
        var printed: [String] = []
        func print(_ text: Any) { printed.append("\(text)") }

        if let editor = store.scope(optional: \.editor, intent: AppIntent.editor) {
            editor.send(.rename("Milk"))
        }

        let session = store.scope(
            case: { if case .signedIn(let session) = $0.auth { session } else { nil } },
            intent: AppIntent.session)

        let rows = store.scope(rows: \.todos, intent: AppIntent.todo)  // AppIntent.todo(id:_:)
        rows[0].send(.toggle)  // reaches this store as .todo(id: rows[0].state.id, .toggle)

        let token = store.subscribe(\.values, at: 3) { value in print(value ?? "gone") }
        withExtendedLifetime(token) {}
        return (store.state.editor?.title, session?.state.user, store.state.todos[0].done, printed)
    }
}

@MainActor
struct ConductorStoreScopeDocCommentTests {
    @Test func theScopesDocCommentExamplesReachTheStore() {
        let result = ScopeDocs.run()
        #expect(result.title == "Milk")
        #expect(result.user == "ada")
        #expect(result.done)
        #expect(result.printed == ["4"])
    }
}

// The doc comments of ClosureEffectHandler.swift and ScopedEffectHandler.swift.
private enum EffectHandlerDocs {
    enum SearchEffect: Effect { case search(String) }
    enum SearchIntent: Sendable { case found(String) }
    enum AppEffect: Effect {
        case sound(Int)
        case search(SearchEffect)
    }
    enum AppIntent: Sendable {
        case start
        case soundPlayed
        case search(SearchIntent)
    }
    struct SearchEffectHandler: EffectHandler {
        func handle(effect: SearchEffect, send: Send<SearchIntent>) async throws {
            if case .search(let text) = effect { await send(.found(text)) }
        }
    }
    actor Player {
        var played: [AppEffect] = []
        func play(_ effect: AppEffect) { played.append(effect) }
    }

    @MainActor static func run() async -> [String] {
        let store = Store(
            state: [String](),
            reducer: { (log: inout [String], intent: AppIntent) -> [AppEffect] in
                if case .start = intent { return [.sound(1), .search(.search("milk"))] }
                log.append("\(intent)")
                return []
            })
        let player = Player()

        store.add(
            effectHandler: ClosureEffectHandler(name: "sounds") { effect, send in
                await player.play(effect)
                await send(.soundPlayed)
            })

        store.add(
            effectHandler: SearchEffectHandler().scoped(
                effect: { if case .search(let effect) = $0 { effect } else { nil } },
                intent: AppIntent.search))

        store.send(.start)
        await store.waitForEffects()
        return store.state.sorted()
    }
}

@MainActor
struct EffectHandlerDocCommentTests {
    @Test func theEffectHandlersDocCommentExamplesAttachToAStore() async {
        let log = await EffectHandlerDocs.run()
        #expect(log.count == 3)  // the closure handler takes both effects; the scoped one, the search only
        #expect(log.contains("soundPlayed"))
        #expect(log.contains { $0.hasPrefix("search(") && $0.contains("found(\"milk\")") })
    }
}
