/// A subscription's handler of selected values.
@MainActor
@usableFromInline
final class Subscription<Value>: AnySubscription {
    @usableFromInline let handler: @MainActor (Value) -> Void

    @usableFromInline
    init(id: Int, handler: @escaping @MainActor (Value) -> Void) {
        self.handler = handler
        super.init(id: id)
    }
}
