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

    override func deliver(_ value: AnyObject) {
        // Sound: the probes of this subscription's group or member box exactly this `Value`.
        handler(unsafeDowncast(value, to: SelectedValue<Value>.self).value)
    }
}
