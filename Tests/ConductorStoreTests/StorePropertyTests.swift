import ConductorStore
import PropertyBased
import Testing

/// The change-only contract under any interleaving of sends, subscriptions and token releases: each live
/// subscriber receives the selected value when it subscribes, then exactly the values that differ from the last it
/// received, in order, ending with the current one; a released token's handler never runs again.
@MainActor
struct StorePropertyTests {
    enum Step: Sendable, CustomStringConvertible {
        case send(AppIntent)
        case subscribe(byKeyPath: Bool)
        case release(Int)

        var description: String {
            switch self {
            case .send(let intent): "send \(intent)"
            case .subscribe(let byKeyPath): byKeyPath ? "subscribe key path" : "subscribe selector"
            case .release(let index): "release \(index)"
            }
        }
    }

    static let steps = zip(Gen.int(in: 0...9), Gen.int(in: 0...7)).map { kind, argument -> Step in
        switch kind {
        case 0...2: .send(.increment)
        case 3: .send(.decrement)
        case 4: .send(.setLabel("l\(argument % 3)"))
        case 5: .send(.soundPlayed)
        case 6: .subscribe(byKeyPath: true)
        case 7: .subscribe(byKeyPath: false)
        default: .release(argument)
        }
    }.array(of: 0...40)

    final class Received {
        var values: [Int] = []
        var released = false
        var calledAfterRelease = false
    }

    @Test func everyInterleavingKeepsTheChangeOnlyContract() async {
        await propertyCheck(count: 300, input: Self.steps) { steps in
            let store = Store(state: AppState(), reducer: reducer)
            var tokens: [SubscriptionToken?] = []
            var received: [Received] = []
            for step in steps {
                switch step {
                case .send(let intent):
                    store.send(intent)
                case .subscribe(let byKeyPath):
                    let record = Received()
                    let handler: @MainActor (Int) -> Void = { value in
                        if record.released { record.calledAfterRelease = true }
                        record.values.append(value)
                    }
                    tokens.append(
                        byKeyPath
                            ? store.subscribe(\.value, handler: handler)
                            : store.subscribe(selector: { $0.value }, handler: handler))
                    received.append(record)
                case .release(let index):
                    guard !tokens.isEmpty else { continue }
                    let slot = index % tokens.count
                    received[slot].released = true
                    tokens[slot] = nil
                }
            }
            for (token, record) in zip(tokens, received) {
                #expect(!record.calledAfterRelease)
                #expect(!record.values.isEmpty)
                // Change-only: no two consecutive deliveries are equal.
                #expect(zip(record.values, record.values.dropFirst()).allSatisfy { $0 != $1 })
                if token != nil { #expect(record.values.last == store.state.value) }
            }
            #expect(store.subscriptionCount == tokens.compactMap { $0 }.count)
        }
    }
}
