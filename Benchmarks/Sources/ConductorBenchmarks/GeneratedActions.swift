import ConductorActions

// Thousands of distinct action types, built from generic types at run time: `Numbered<Zero<One<…<Leaf>>>>`.
// A router keys handlers by type, so measuring it with many handlers needs many types.

struct Leaf: Sendable {}
struct Zero<T: Sendable>: Sendable {}
struct One<T: Sendable>: Sendable {}

/// The action type number `n` of a generated family.
struct Numbered<T: Sendable>: Action {
    typealias ReturnType = Int
    let value: Int
}

/// Receives generated action types one by one.
@MainActor
protocol ActionTypeVisitor {
    mutating func visit<T: Sendable>(_ type: Numbered<T>.Type, number: Int)
}

/// Calls `visitor` with the action types numbered `range`, each a distinct Swift type.
@MainActor
func forEachActionType<V: ActionTypeVisitor>(_ range: Range<Int>, _ visitor: inout V) {
    for number in range { build(number, remaining: number, bits: 14, Leaf.self, &visitor) }
}

@MainActor
private func build<T: Sendable, V: ActionTypeVisitor>(
    _ number: Int,
    remaining: Int,
    bits: Int,
    _ type: T.Type,
    _ visitor: inout V
) {
    if bits == 0 {
        visitor.visit(Numbered<T>.self, number: number)
    } else if remaining & 1 == 0 {
        build(number, remaining: remaining >> 1, bits: bits - 1, Zero<T>.self, &visitor)
    } else {
        build(number, remaining: remaining >> 1, bits: bits - 1, One<T>.self, &visitor)
    }
}

/// Registers a handler for each visited type on the dispatcher chosen by `dispatcherFor(number)`.
struct Registrar: ActionTypeVisitor {
    let dispatcherFor: (Int) -> ActionDispatcher
    mutating func visit<T: Sendable>(_ type: Numbered<T>.Type, number: Int) {
        do { try dispatcherFor(number).register(type) { $0.value &+ number } } catch {
            print("benchmark setup failed: \(error)")
        }
    }
}

/// Does nothing but instantiate the visited types' metadata, so that later memory readings exclude it.
struct Touch: ActionTypeVisitor {
    var keys: [ActionKey] = []
    mutating func visit<T: Sendable>(_ type: Numbered<T>.Type, number: Int) { keys.append(ActionKey(type)) }
}
