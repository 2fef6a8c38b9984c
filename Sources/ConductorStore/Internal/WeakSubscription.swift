/// A subscription held weakly, as the table holds them: releasing the token releases the handler at once.
struct WeakSubscription {
    weak var subscription: AnySubscription?
}
