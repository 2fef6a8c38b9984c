public import ConductorActions

/// An asynchronous action in the seed library's form: one `param`, a result delivered to a completion.
///
/// The compatibility spelling of `ConductorActions.AsyncAction`, which it refines.
///
/// ```swift
/// struct FetchUserProfile: AsyncAction {
///     let param: Int
///     typealias ReturnType = UserProfile
/// }
/// ```
public protocol AsyncAction: ConductorActions.AsyncAction {
    /// The type of the action's single parameter; `Void` when the action has none.
    associatedtype ParamType = Void
    /// The action's single parameter.
    var param: ParamType { get }
}

extension AsyncAction where ParamType == Void {
    /// An action without a parameter passes `()`.
    public var param: Void { () }
}
