// Glue's own store tests, written as its users write theirs — XCTest cases that are not isolated to the main actor,
// effect handlers and states that are plain types — compiled in Swift 5 language mode with only the import changed.
// Where Conductor behaves differently (the reducer runs on the main thread, not on the store's queue), the test says
// so and checks Conductor's behaviour; the migration article lists the difference.
import ConductorStoreCompat
import Dispatch
import Foundation
import XCTest

private struct NonEquatableState {
    var count: Int = 0
}

private struct EquatableState: Equatable {
    var count: Int = 0
}

private struct Increment: Intent {}
private struct Decrement: Intent {}
private struct Noop: Intent {}

private protocol Incrementable {
    mutating func increment()
}

private func countingReducer<S: Incrementable>(state: inout S, action: Intent) -> [Effect] {
    switch action {
    case is Increment:
        state.increment()
        return []
    default:
        return []
    }
}

extension NonEquatableState: Incrementable {
    mutating func increment() { count += 1 }
}

extension EquatableState: Incrementable {
    mutating func increment() { count += 1 }
}

extension Int: Incrementable {
    mutating func increment() { self += 1 }
}

final class StoreTests: XCTestCase {
    private var counts: [Int] = []
    private var token: SubscriptionToken?

    override func setUp() {
        super.setUp()
        counts = []
        token = nil
    }

    override func tearDown() {
        token = nil
        super.tearDown()
    }

    // MARK: - Dispatch

    /// Glue reduced on the store's own queue; Conductor's store reduces on the main thread.
    func testDispatchCallsTheReducerOnTheMainThread() {
        let reducerCalled = expectation(description: "reducer called")
        let isMainThread = Shared<Bool?>(nil)
        let store = Store(state: 0) { _, _ in
            isMainThread.value = Thread.isMainThread
            reducerCalled.fulfill()
            return []
        }
        store.dispatch(Increment())
        wait(for: [reducerCalled], timeout: 1)
        XCTAssertEqual(isMainThread.value, true)
    }

    func testDispatchUpdatesTheState() {
        let store = Store(state: 0, reducer: countingReducer)
        store.dispatch(Increment(), sync: true)
        XCTAssertEqual(store.state, 1)
    }

    func testDispatchFromABackgroundQueueKeepsTheOrderAndSyncWaits() {
        let store = Store(state: 0, reducer: countingReducer)
        let state = Shared<Int?>(nil)
        let done = expectation(description: "dispatched from a background queue")
        DispatchQueue.global().async {
            store.dispatch(Increment())
            store.dispatch(Increment(), sync: true)
            state.value = store.state
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(state.value, 2)
        XCTAssertEqual(store.state, 2)
    }

    // MARK: - Subscribe

    func testSubscribeNotifiesCurrentState() {
        let store = Store(state: NonEquatableState(), reducer: countingReducer)
        let notified = expectation(description: "notified")
        _ = store.subscribe { state in
            self.counts.append(state.count)
            notified.fulfill()
        }
        wait(for: [notified], timeout: 1)
        XCTAssertEqual(counts, [store.state.count])
    }

    func testSubscribeNonEquatableStateAlwaysNotifiesAfterEveryIntent() {
        let store = Store(state: NonEquatableState(), reducer: countingReducer)
        let notified = expectation(description: "notified")
        notified.expectedFulfillmentCount = 4
        token = store.subscribe { state in
            self.counts.append(state.count)
            notified.fulfill()
        }
        store.dispatch(Increment(), sync: true)
        store.dispatch(Noop(), sync: true)
        store.dispatch(Increment(), sync: true)
        wait(for: [notified], timeout: 1)
        XCTAssertEqual(counts, [0, 1, 1, 2])  // initial + 3 intents
    }

    func testSubscribeEquatableStateNotifiesOnlyWhenStateChanges() {
        let store = Store(state: EquatableState(), reducer: countingReducer)
        let notified = expectation(description: "notified")
        notified.expectedFulfillmentCount = 3
        token = store.subscribe { state in
            self.counts.append(state.count)
            notified.fulfill()
        }
        store.dispatch(Increment(), sync: true)
        store.dispatch(Noop(), sync: true)
        store.dispatch(Increment(), sync: true)
        wait(for: [notified], timeout: 1)
        XCTAssertEqual(counts, [0, 1, 2])
    }

    func testSubscribeNonEquatableSubstateAlwaysNotifiesAfterEveryIntent() {
        let store = Store(state: NonEquatableState(), reducer: countingReducer)
        let notified = expectation(description: "notified")
        notified.expectedFulfillmentCount = 4
        // Select a `Void`, which is not equatable.
        let token = store.subscribe(
            selector: { _ in () },
            handler: { _ in
                notified.fulfill()
            })
        store.dispatch(Increment(), sync: true)
        store.dispatch(Noop(), sync: true)
        store.dispatch(Increment(), sync: true)
        wait(for: [notified], timeout: 1)
        _ = token  // keep the subscription alive
    }

    func testSubscribeEquatableSubstateNotifiesOnlyWhenSubstateChanges() {
        let store = Store(state: EquatableState(), reducer: countingReducer)
        let countExp = expectation(description: "notified count")
        countExp.expectedFulfillmentCount = 3
        let countToken = store.subscribe(
            selector: { $0.count },
            handler: { count in
                self.counts.append(count)
                countExp.fulfill()
            })
        let otherExp = expectation(description: "notified other")
        otherExp.expectedFulfillmentCount = 4  // initial + 3 intents
        let otherToken = store.subscribe(selector: { _ in () }, handler: { _ in otherExp.fulfill() })
        store.dispatch(Increment(), sync: true)
        store.dispatch(Noop(), sync: true)
        store.dispatch(Increment(), sync: true)
        wait(for: [countExp, otherExp], timeout: 1)
        XCTAssertEqual(counts, [0, 1, 2])
        _ = otherToken
        _ = countToken
    }

    func testSubscribeNotifiesOnTheSpecifiedQueue() {
        let store = Store(state: NonEquatableState(), reducer: countingReducer)
        let queue = DispatchQueue(label: "test-queue")
        let notified = expectation(description: "notified")
        let token = store.subscribe(
            on: queue,
            handler: { _ in
                dispatchPrecondition(condition: .onQueue(queue))
                notified.fulfill()
            })
        wait(for: [notified], timeout: 1)
        _ = token
    }

    func testSubscribeOnTheSpecifiedQueueWithASelectorNotifiesChangesInOrder() {
        let store = Store(state: EquatableState(), reducer: countingReducer)
        let queue = DispatchQueue(label: "test-queue", attributes: .concurrent)
        let seen = Shared<[Int]>([])
        let notified = expectation(description: "notified")
        notified.expectedFulfillmentCount = 3
        token = store.subscribe(
            on: queue,
            selector: { $0.count },
            handler: { count in
                seen.value.append(count)
                notified.fulfill()
            })
        store.dispatch(Increment(), sync: true)
        store.dispatch(Noop(), sync: true)
        store.dispatch(Increment(), sync: true)
        wait(for: [notified], timeout: 1)
        XCTAssertEqual(seen.value, [0, 1, 2])
    }

    // MARK: - Effects

    enum TestEffect: Effect {
        case first, second
    }

    class Handler: EffectHandler {
        private(set) var effects = [Effect]()
        func handle(effect: Effect, dispatch: @escaping DispatchFunction) {
            effects.append(effect)
        }
    }

    func testEffectHandlers() {
        let handler = Handler()
        let effects = [TestEffect.first, .second]
        let store = Store(state: EquatableState()) { _, _ in effects }
        store.add(effectHandler: handler)
        store.dispatch(Increment(), sync: true)
        XCTAssertEqual(handler.effects as? [TestEffect], effects)
    }

    /// An effect handler that dispatches back later, from a background queue, as a network callback would.
    final class Echo: EffectHandler {
        func handle(effect: Effect, dispatch: @escaping DispatchFunc) {
            DispatchQueue.global().async { dispatch(Decrement()) }
        }
    }

    func testAnEffectHandlerDispatchesBackFromABackgroundQueue() {
        let store = Store(state: 0) { (state: inout Int, intent: Intent) -> [Effect] in
            switch intent {
            case is Increment:
                state += 1
                return [TestEffect.first]
            case is Decrement:
                state -= 1
                return []
            default:
                return []
            }
        }
        store.add(effectHandler: Echo())
        let settled = expectation(description: "incremented, then decremented by the effect")
        settled.expectedFulfillmentCount = 3
        token = store.subscribe { count in
            self.counts.append(count)
            settled.fulfill()
        }
        store.dispatch(Increment())
        wait(for: [settled], timeout: 10)
        XCTAssertEqual(counts, [0, 1, 0])
    }
}
