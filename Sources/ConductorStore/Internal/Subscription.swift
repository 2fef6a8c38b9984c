/// A subscription: its token, with the handler of the selected values.
// @unchecked Sendable is sound: it adds to its token only a `let` of a main-actor closure, which is Sendable.
@usableFromInline
final class Subscription<Value>: SubscriptionToken, @unchecked Sendable {
    @usableFromInline let handler: @MainActor (Value) -> Void

    @usableFromInline
    init(slot: Int, table: SubscriptionTable, handler: @escaping @MainActor (Value) -> Void) {
        self.handler = handler
        super.init(slot: slot, table: table)
    }
}
