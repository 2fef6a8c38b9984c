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
