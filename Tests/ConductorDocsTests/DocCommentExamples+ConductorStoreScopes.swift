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
