import ConductorStore
import Testing

// ConductorStore's "Scopes and lists" article: its blocks, verbatim, with what they leave out around them.

/// The article's app: settings always there, an editor that comes and goes, a list of todos.
private enum ScopesArticle {
    struct Draft: Equatable { var title = "" }
    enum DraftIntent: Sendable { case rename(String) }
    struct Todo: Identifiable, Equatable {
        let id: Int
        var title: String
        var done = false
    }
    enum TodoIntent: Sendable { case toggle }

    @MainActor static func run() -> (darkMode: Bool, editorEnded: Bool, firstDone: Bool) {
        func appReducer(_ state: inout AppState, _ intent: AppIntent) -> [Never] {
            switch intent {
            case .settings(.toggleDarkMode): state.settings.darkMode.toggle()
            case .edit: state.editor = Draft()
            case .closeEditor: state.editor = nil
            case .editor(.rename(let title)): state.editor?.title = title
            case .todo(let id, .toggle):
                if let index = state.todos.firstIndex(where: { $0.id == id }) { state.todos[index].done.toggle() }
            }
            return []
        }
        struct SettingsState: Equatable { var darkMode = false }
        enum SettingsIntent: Sendable { case toggleDarkMode }

        struct AppState: Equatable {
            var settings = SettingsState()
            var editor: Draft?
            var todos: [Todo] = []
        }
        enum AppIntent: Sendable {
            case settings(SettingsIntent)
            case edit, closeEditor
            case editor(DraftIntent)
            case todo(id: Int, TodoIntent)
        }

        let store = Store(state: AppState(), reducer: appReducer)
        let settings: Store<SettingsState, SettingsIntent, Never> = store.scope(
            state: \.settings, intent: AppIntent.settings)
        settings.send(.toggleDarkMode)  // reaches the app store as .settings(.toggleDarkMode)

        var editorEnded = false
        func print(_ ended: Bool) { editorEnded = ended }
        store.send(.edit)
        if let editor = store.scope(optional: \.editor, intent: AppIntent.editor) {
            editor.send(.rename("Milk"))
            store.send(.closeEditor)
            print(editor.isEnded)  // true: the editor's part is gone
        }

        store.restore(AppState(settings: store.state.settings, todos: [Todo(id: 7, title: "milk")]))
        let rows = store.scope(rows: \.todos, intent: AppIntent.todo)
        rows[0].send(.toggle)  // reaches the app store as .todo(id: rows[0].state.id, .toggle)
        return (store.state.settings.darkMode, editorEnded, store.state.todos[0].done)
    }
}

/// The article's row that saves through an effect and hears the answer.
private enum RowAnswers {
    struct Todo: Identifiable, Equatable {
        let id: Int
        var title: String
    }
    enum TodoIntent: Sendable, Equatable { case save, saved }
    struct AppState: Equatable { var todos = [Todo(id: 7, title: "milk"), Todo(id: 8, title: "bread")] }
    enum AppIntent: Sendable {
        case todo(id: Int, TodoIntent)
        case saved(id: Int)
    }
    enum AppEffect: Effect { case persist(id: Int) }

    @MainActor static func run() async -> [TodoIntent] {
        func appReducer(_ state: inout AppState, _ intent: AppIntent) -> [AppEffect] {
            if case .todo(let id, .save) = intent { [.persist(id: id)] } else { [] }
        }
        let store = Store(state: AppState(), reducer: appReducer)
        store.add(
            effectHandler: ClosureEffectHandler { (effect: AppEffect, send: Send<AppIntent>) in
                if case .persist(let id) = effect { await send(.saved(id: id)) }
            })
        let rows = store.scope(rows: \.todos, intent: AppIntent.todo) { id, sentBack in
            if case .saved(id) = sentBack { .saved } else { nil }
        }
        let answers = await rows[0].sendAndWait(.save)  // [.saved], once the save's effect sent .saved(id:) back
        return answers
    }
}

/// The article's long list, identified without stores.
private enum LongList {
    struct Todo: Identifiable, Equatable {
        let id: Int
        var title: String
    }
    enum TodoIntent: Sendable { case toggle }
    struct AppState: Equatable { var todos = (0..<10_000).map { Todo(id: $0, title: "todo \($0)") } }
    enum AppIntent: Sendable { case todo(id: Int, TodoIntent) }

    @MainActor static func run() -> (identities: Int, shown: [Int]) {
        let store = Store(state: AppState()) { (_: inout AppState, _: AppIntent) -> [Never] in [] }
        let rows = store.scope(rows: \.todos, intent: AppIntent.todo)
        let identities = rows.identities  // 10,000 ids read, no store made
        let shown = identities.prefix(20).compactMap { rows[$0] }  // the stores of the rows shown
        return (identities.count, shown.map(\.state.id))
    }
}

@MainActor
struct ScopesAndListsDocsTests {
    @Test func aLongListIsIdentifiedWithoutStoresAndTheRowsShownGetTheirs() {
        let result = LongList.run()
        #expect(result.identities == 10_000)
        #expect(result.shown == Array(0..<20))
    }

    @Test func aRowHearsWhatItsEffectsSentBackForItThroughSentBack() async {
        #expect(await RowAnswers.run() == [.saved])
    }

    @Test func theArticlesScopesReachTheAppStoreAndTheEditorEnds() {
        let result = ScopesArticle.run()
        #expect(result.darkMode)
        #expect(result.editorEnded)
        #expect(result.firstDone)
    }
}
