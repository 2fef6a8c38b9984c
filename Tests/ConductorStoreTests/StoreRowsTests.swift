import ConductorStore
import IdentifiedCollections
import Observation
import Testing

/// A list of todos, as an array and as an IdentifiedArray, with an effect a row's intent starts.
private struct Todo: Identifiable, Equatable {
    let id: Int
    var title: String
    var done = false
}

private struct ListState: Equatable {
    var todos: [Todo] = (1...5).map { Todo(id: $0, title: "todo \($0)") }
    var identified = IdentifiedArrayOf<Todo>(uniqueElements: (1...3).map { Todo(id: $0, title: "todo \($0)") })
    var saved: [Int] = []
}

private enum TodoIntent: Sendable, Equatable {
    case toggle
    case rename(String)
    case save
    /// The answer to `save`, as the row hears it.
    case saved
}

private enum ListIntent: Sendable {
    case todo(id: Int, TodoIntent)
    case identified(id: Int, TodoIntent)
    case remove(id: Int)
    case insertFirst(Todo)
    case reverse
    case saved(Int)
}

private enum ListEffect: Effect {
    case save(Int)
}

private func listReducer(_ state: inout ListState, _ intent: ListIntent) -> [ListEffect] {
    switch intent {
    case .todo(let id, let intent):
        guard let index = state.todos.firstIndex(where: { $0.id == id }) else { return [] }
        switch intent {
        case .toggle: state.todos[index].done.toggle()
        case .rename(let title): state.todos[index].title = title
        case .save: return [.save(id)]
        case .saved: break
        }
    case .identified(let id, .toggle): state.identified[id: id]?.done.toggle()
    case .identified(let id, .rename(let title)): state.identified[id: id]?.title = title
    case .identified: break
    case .remove(let id): state.todos.removeAll { $0.id == id }
    case .insertFirst(let todo): state.todos.insert(todo, at: 0)
    case .reverse: state.todos.reverse()
    case .saved(let id): state.saved.append(id)
    }
    return []
}

/// The list as one feature's part of a larger state: its rows are scoped from the feature's scoped store.
private struct Board: Equatable {
    var list = ListState()
    var title = "board"
}

private enum BoardIntent: Sendable {
    case list(ListIntent)
    case retitle(String)
}

private func boardReducer(_ state: inout Board, _ intent: BoardIntent) -> [Never] {
    switch intent {
    case .list(let intent): _ = listReducer(&state.list, intent)
    case .retitle(let title): state.title = title
    }
    return []
}

@MainActor
struct StoreRowsTests {
    private func makeStore() -> Store<ListState, ListIntent, ListEffect> {
        Store(state: ListState(), reducer: listReducer)
    }

    @Test func aRowsIntentReachesTheParentAsThatRowsIntent() {
        let store = makeStore()
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        #expect(rows.count == 5)
        rows[2].send(.toggle)
        rows[2].send(.rename("milk"))
        #expect(store.state.todos[2] == Todo(id: 3, title: "milk", done: true))
        #expect(rows[2].state == store.state.todos[2])
        #expect(store.state.todos.filter(\.done).count == 1)
    }

    @Test func aRowKeepsItsStoreAcrossInsertionsAndMovesAndHearsOnlyItsOwnRow() {
        let store = makeStore()
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        #expect(store.scope(rows: \.todos, intent: ListIntent.todo) === rows)
        let third = rows[2]
        var titles: [String] = []
        let token = third.subscribe(\.title) { titles.append($0) }
        rows[0].send(.rename("first"))
        store.send(.insertFirst(Todo(id: 9, title: "new")))
        store.send(.reverse)
        #expect(rows[id: 3] === third)
        #expect(rows[rows.firstIndex { $0.state.id == 3 } ?? -1] === third)
        store.send(.todo(id: 3, .rename("third")))
        #expect(titles == ["todo 3", "third"])
        #expect(third.state.title == "third")
        withExtendedLifetime(token) {}
    }

    @Test func aRowsStoreEndsWhenItsRowIsRemovedAndAnIntentSentThenIsReportedAndDropped() {
        let store = makeStore()
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        let second = rows[1]
        let fourth = rows[3]
        store.send(.remove(id: 2))
        #expect(second.isEnded)
        #expect(!fourth.isEnded)
        #expect(second.state.id == 2)  // its last state
        withKnownIssue {
            second.send(.toggle)
        }
        #expect(store.state.todos.allSatisfy { !$0.done })  // never applied to another row
        #expect(rows[id: 2] == nil)
        fourth.send(.toggle)
        #expect(store.state.todos.first { $0.id == 4 }?.done == true)
    }

    @Test func aRemovedRowsEffectsAreCancelled() async {
        let store = makeStore()
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                guard case .save(let id) = effect else { return }
                try await Task.sleep(for: .seconds(30))
                await send(.saved(id))
            })
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        rows[0].send(.save)
        rows[1].send(.save)
        #expect(store.runningEffectCount == 2)
        store.send(.remove(id: 1))
        #expect(store.runningEffectCount == 1)  // the removed row's save, not the other's
        store.cancelAllEffects()
    }

    @Test func rowsOfAScopedStoresListReachTheRootAndEndWithTheirRow() {
        let board = Store(state: Board(), reducer: boardReducer)
        let list = board.scope(state: \.list, intent: BoardIntent.list)
        let rows = list.scope(rows: \.todos, intent: ListIntent.todo)
        rows[1].send(.toggle)
        #expect(board.state.list.todos[1].done)
        #expect(rows[1].state.done)
        let second = rows[1]
        var heard = 0
        let token = second.subscribe(\.title) { _ in heard += 1 }
        board.send(.retitle("chores"))  // outside the list: the row hears nothing
        #expect(heard == 1)
        list.send(.remove(id: 2))
        #expect(second.isEnded)
        withKnownIssue {
            second.send(.toggle)
        }
        #expect(board.state.list.todos.allSatisfy { !$0.done })
        _ = token
    }

    @Test func aRowsSendAndWaitReturnsWhatItsEffectsSentBackForItByItsId() async {
        let store = makeStore()
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                guard case .save(let id) = effect else { return }
                await send(.saved(id))
                await send(.saved(id + 100))  // another row's answer, in the same run: not this row's
            })
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo) { id, sentBack in
            if case .saved(id) = sentBack { .saved } else { nil }
        }
        #expect(await rows[1].sendAndWait(.save) == [.saved])
        #expect(store.state.saved == [2, 102])
    }

    @Test func aRowScopedWithoutSentBackHearsNoAnswers() async {
        let store = makeStore()
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                if case .save(let id) = effect { await send(.saved(id)) }
            })
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        #expect(await rows[0].sendAndWait(.save) == [])
        #expect(store.state.saved == [1])
    }

    @Test func scopingTheSameRowsAgainWithASentBackTheFirstScopeLacksIsReportedAndGivesTheFirstScope() async {
        let store = makeStore()
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                if case .save(let id) = effect { await send(.saved(id)) }
            })
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        var again: StoreRows<Todo, TodoIntent>?
        withKnownIssue {
            again = store.scope(rows: \.todos, intent: ListIntent.todo) { id, sentBack in
                if case .saved(id) = sentBack { .saved } else { nil }
            }
        } matching: {
            $0.description.contains("Scope once and keep the StoreRows")
                && $0.description.contains("same sentBack")
        }
        #expect(again === rows)
        #expect(await rows[0].sendAndWait(.save) == [])  // the first scope's mapping: no answers
    }

    @Test func scopingTheSameRowsAgainWithTheMappingsTheyHaveIsNotReported() {
        let store = makeStore()
        let answering = store.scope(rows: \.todos, intent: ListIntent.todo) { _, _ in nil }
        #expect(store.scope(rows: \.todos, intent: ListIntent.todo) { _, _ in nil } === answering)
        #expect(store.scope(rows: \.todos, intent: ListIntent.todo) === answering)
        let plain = store.scope(rows: \.identified, intent: ListIntent.identified)
        #expect(store.scope(rows: \.identified, intent: ListIntent.identified) === plain)
    }

    @Test func aRowsStoreIsReleasedWithItsViewAndTheListKeepsNoneOfIt() {
        let store = makeStore()
        weak var weakRow: Store<Todo, TodoIntent, Never>?
        weak var weakRows: StoreRows<Todo, TodoIntent>?
        do {
            let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
            weakRows = rows
            weakRow = rows[0]
        }
        #expect(weakRow == nil)
        #expect(weakRows == nil)
        #expect(store.subscriptionCount == 0)
        store.send(.remove(id: 1))
    }

    @Test func rowsOfAnIdentifiedArrayWork() {
        let store = makeStore()
        let rows = store.scope(rows: \.identified, intent: ListIntent.identified)
        rows[1].send(.rename("two"))
        #expect(store.state.identified[id: 2]?.title == "two")
        #expect(rows[id: 2]?.state.title == "two")
    }

    /// What a list does on every update: identify all its rows, and ask the stores of those it shows.
    @Test func identitiesAreTheRowsIdsInOrderAndMakeNoStore() {
        var state = ListState()
        state.todos = (0..<10_000).map { Todo(id: $0, title: "todo \($0)") }
        let store = Store(state: state, reducer: listReducer)
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        let identities = rows.identities
        #expect(identities.count == 10_000)
        #expect(identities.map(\.id) == Array(0..<10_000))
        #expect(rows.keptRowCount == 0)
        let shown = identities.prefix(20).compactMap { rows[$0] }
        #expect(shown.map(\.state.id) == Array(0..<20))
        #expect(rows.keptRowCount == 20)
        #expect(rows[identities[3]] === shown[3])
        #expect(rows[id: 3] === shown[3])
    }

    @Test func aStaleIdentityFindsItsRowByIdAndARemovedRowsGivesNil() throws {
        let store = makeStore()
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        let third = rows.identities[2]
        #expect(third.id == 3 && third.position == 2)
        store.send(.insertFirst(Todo(id: 99, title: "new")))
        let found = try #require(rows[third])
        #expect(found.state.id == 3)
        store.send(.remove(id: 3))
        #expect(found.isEnded)
        #expect(rows[third] == nil)
    }

    @Test func tenThousandRowsObservedOneEditInvalidatesOneRow() {
        var state = ListState()
        state.todos = (0..<10_000).map { Todo(id: $0, title: "todo \($0)") }
        let store = Store(state: state, reducer: listReducer)
        let rows = store.scope(rows: \.todos, intent: ListIntent.todo)
        let stores = rows.map { $0 }
        let invalidated = Invalidations()
        for row in stores {
            // onChange runs on the thread of the change: the store's, the main actor.
            withObservationTracking {
                _ = row.title
            } onChange: {
                MainActor.assumeIsolated { invalidated.count += 1 }
            }
        }
        store.send(.todo(id: 4_321, .rename("changed")))
        #expect(invalidated.count == 1)
        #expect(stores[4_321].title == "changed")
    }
}

@MainActor
private final class Invalidations {
    var count = 0
}
