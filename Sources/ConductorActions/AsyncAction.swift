/// An asynchronous request for something to be done, whose one handler may suspend and throw.
///
/// ```swift
/// struct FetchUser: AsyncAction {
///     typealias ReturnType = User
///     let id: Int
/// }
///
/// let user = try await FetchUser(id: 3).send()
/// FetchUser(id: 3).send { result in print(result) }
/// ```
public protocol AsyncAction: Sendable {
    /// The value the action's handler eventually returns; `Void` unless the action declares otherwise.
    associatedtype ReturnType: Sendable = Void
}
