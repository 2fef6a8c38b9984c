public import ConductorStore

/// Glue's `SubscriptionToken`: keeps a subscription alive; the subscription ends when the token is released.
///
/// It is Conductor's token under the same name (a typealias), so a property declared `var token: SubscriptionToken?`
/// keeps compiling, and a file that imports both `Conductor` and `ConductorStoreCompat` reads it without ambiguity.
/// Conductor's token can also be cancelled at once with `cancel()`.
public typealias SubscriptionToken = ConductorStore.SubscriptionToken
