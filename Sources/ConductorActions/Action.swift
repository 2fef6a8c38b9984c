/// A synchronous request for something to be done, handled by exactly one handler.
///
/// A type is an action: its stored properties are its parameters, and ``ReturnType`` is what its handler gives back
/// (nothing, by default). Register a handler for the type on an ``ActionDispatcher``; then any code can send it
/// without a reference to that dispatcher:
///
/// ```swift
/// struct ShowProfile: Action { let id: Int }
/// struct MultiplyByTwo: Action {
///     typealias ReturnType = Int
///     let value: Int
/// }
///
/// try ShowProfile(id: 3).send()
/// let eight = try MultiplyByTwo(value: 4).send()
/// ```
///
/// Handlers of synchronous actions run on the main actor and return at once. Use ``AsyncAction`` for work that
/// suspends.
public protocol Action: Sendable {
    /// The value the action's handler returns; `Void` unless the action declares otherwise.
    associatedtype ReturnType: Sendable = Void
}
