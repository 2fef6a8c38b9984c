import ConductorStore
import Testing

@MainActor
struct SubscriptionTokenTests {
    @Test func tokensAreEqualOnlyToThemselvesAndCanBeStoredInASet() {
        let store = Store(state: AppState(), reducer: reducer)
        var set: Set<SubscriptionToken> = []
        do {
            let a = store.subscribe(\.value) { _ in }
            let b = store.subscribe(\.value) { _ in }
            #expect(a == a)
            #expect(a != b)
            set.insert(a)
            set.insert(b)
        }
        #expect(set.count == 2)
        #expect(store.subscriptionCount == 2)
        set.removeAll()
        #expect(store.subscriptionCount == 0)
    }

    @Test func aTokenReleasedOffTheMainActorEndsItsSubscriptionAndNothingIsNotifiedMeanwhile() async {
        let store = Store(state: AppState(), reducer: reducer)
        var notified: [Int] = []
        var token: SubscriptionToken? = store.subscribe(\.value) { notified.append($0) }
        let box = TokenBox(token!)
        token = nil
        await Task.detached { box.release() }.value
        store.send(.increment)
        await eventually { store.subscriptionCount == 0 }
        #expect(notified == [0])
        #expect(store.subscriptionCount == 0)
    }

    @Test func cancellingEndsTheSubscriptionAtOnceAndReleasingTheTokenLeavesNothingToReclaim() {
        let store = Store(state: AppState(), reducer: reducer)
        var notified: [Int] = []
        var token: SubscriptionToken? = store.subscribe(\.value) { notified.append($0) }
        let other = store.subscribe(\.value) { _ in }
        token?.cancel()
        #expect(store.subscriptionCount == 1)
        token?.cancel()
        #expect(store.subscriptionCount == 1)
        token = nil
        #expect(store.releasedSubscriptionsAwaitingReclaim == 0)
        store.send(.increment)
        #expect(notified == [0])
        #expect(store.subscriptionCount == 1)
        _ = other
    }

    @Test func aTokenCancelledOnTheMainActorCanBeReleasedOnAnotherThread() async {
        let store = Store(state: AppState(), reducer: reducer)
        var token: SubscriptionToken? = store.subscribe(\.value) { _ in }
        token?.cancel()
        let box = TokenBox(token!)
        token = nil
        await Task.detached { box.release() }.value
        #expect(store.releasedSubscriptionsAwaitingReclaim == 0)
        #expect(store.subscriptionCount == 0)
    }

    @Test func aReleasedTokenThatWasNotCancelledIsReclaimedByTheNextSubscription() {
        let store = Store(state: AppState(), reducer: reducer)
        var token: SubscriptionToken? = store.subscribe(\.value) { _ in }
        _ = token
        token = nil
        #expect(store.releasedSubscriptionsAwaitingReclaim == 1)
        let next = store.subscribe(\.value) { _ in }
        #expect(store.releasedSubscriptionsAwaitingReclaim == 0)
        #expect(store.subscriptionCount == 1)
        _ = next
    }

    @Test func aTokenThatOutlivesItsStoreCanStillBeCancelledAndReleased() {
        var store: Store<AppState, AppIntent, AppEffect>? = Store(state: AppState(), reducer: reducer)
        weak let weakStore = store
        let token = store?.subscribe(\.value) { _ in }
        store = nil
        #expect(weakStore == nil)
        token?.cancel()
        token?.cancel()
    }

    @Test func aReleasedTokensHandlerAndWhatItCapturedAreReleased() {
        final class View {}
        let store = Store(state: AppState(), reducer: reducer)
        weak var weakView: View?
        do {
            let view = View()
            weakView = view
            let token = store.subscribe(\.value) { _ in _ = view }
            _ = token
        }
        #expect(weakView == nil)
    }

    // MARK: Tokens of scoped stores

    @Test func aScopedStoreKeptOnlyThroughItsTokenKeepsHearingItsPart() {
        let store = Store(state: AppState(), reducer: reducer)
        var heard: [Int] = []
        weak var weakScope: Store<Int, AppIntent, Never>?
        var token: SubscriptionToken?
        do {
            let scope = store.scope(state: \.value, intent: { (intent: AppIntent) in intent })
            weakScope = scope
            token = scope.subscribe { heard.append($0) }
        }
        #expect(weakScope != nil)  // the token keeps it
        store.send(.increment)
        #expect(heard == [0, 1])
        token?.cancel()
        token = nil
        #expect(weakScope == nil)
        store.send(.increment)
        #expect(heard == [0, 1])
        #expect(store.subscriptionCount == 0)
    }

    @Test func aRowStoreKeptOnlyThroughItsTokenKeepsHearingItsRow() {
        let store = Store(state: TaskList(), reducer: taskListReducer)
        var heard: [String] = []
        weak var weakRow: Store<TaskRow, String, Never>?
        var token: SubscriptionToken?
        do {
            let rows = store.scope(rows: \.rows, intent: TaskListIntent.rename)
            let row = rows[0]
            weakRow = row
            token = row.subscribe(\.title) { heard.append($0) }
        }
        #expect(weakRow != nil)
        store.send(.rename(id: 1, "Milk"))
        store.send(.rename(id: 2, "Bread"))  // another row's change: not heard
        #expect(heard == ["one", "Milk"])
        _ = token
    }

    @Test func releasingTheTokenOfAScopedStoreEndsItsSubscriptionAndFreesTheStore() {
        let store = Store(state: AppState(), reducer: reducer)
        var heard: [Int] = []
        weak var weakScope: Store<Int, AppIntent, Never>?
        weak var weakRow: Store<TaskRow, String, Never>?
        let list = Store(state: TaskList(), reducer: taskListReducer)
        do {
            let scope = store.scope(state: \.value, intent: { (intent: AppIntent) in intent })
            weakScope = scope
            let row = list.scope(rows: \.rows, intent: TaskListIntent.rename)[0]
            weakRow = row
            let tokens = [scope.subscribe { heard.append($0) }, row.subscribe(\.title) { _ in }]
            _ = tokens
        }
        #expect(weakScope == nil)
        #expect(weakRow == nil)
        store.send(.increment)
        #expect(heard == [0])
        #expect(store.subscriptionCount == 0)
        #expect(list.subscriptionCount == 0)
    }
}

/// A list whose rows are scoped, for the tokens of row stores.
private struct TaskRow: Identifiable, Equatable {
    let id: Int
    var title: String
}

private struct TaskList: Equatable {
    var rows = [TaskRow(id: 1, title: "one"), TaskRow(id: 2, title: "two")]
}

private enum TaskListIntent: Sendable {
    case rename(id: Int, String)
}

private func taskListReducer(_ state: inout TaskList, _ intent: TaskListIntent) -> [Never] {
    switch intent {
    case .rename(let id, let title):
        if let index = state.rows.firstIndex(where: { $0.id == id }) { state.rows[index].title = title }
    }
    return []
}

/// Hands a token to another task so that its last reference is dropped there.
private final class TokenBox: Sendable {
    private let token: Mutex
    init(_ token: SubscriptionToken) { self.token = Mutex(token) }
    func release() { token.clear() }

    final class Mutex: @unchecked Sendable {
        // @unchecked Sendable is sound: the value is written once by `clear()`, called from a single task.
        private var value: SubscriptionToken?
        init(_ value: SubscriptionToken) { self.value = value }
        func clear() { value = nil }
    }
}
