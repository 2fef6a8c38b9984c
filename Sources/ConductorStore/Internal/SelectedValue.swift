/// A new selected value, boxed by a probe when its selection changed and unboxed by the subscription.
@usableFromInline
final class SelectedValue<Value> {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}
