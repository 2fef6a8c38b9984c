/// A live subscription; its token holds it, the table only refers to it weakly.
@MainActor
@usableFromInline
class AnySubscription {
    @usableFromInline let id: Int
    @usableFromInline var isCancelled = false
    @usableFromInline init(id: Int) { self.id = id }
}
