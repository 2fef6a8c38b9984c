public import ConductorActions

/// A synchronous action in the seed library's form: one `param` handed to its handler, a `ReturnType`.
///
/// This is the compatibility spelling of `ConductorActions.Action`, which it refines: an action declared against
/// it is routed by Conductor's routers like any other.
///
/// ```swift
/// struct ShowMainScreen: Action {}
/// struct ShowProfileScreen: Action { let param: Int }
/// ```
public protocol Action: ConductorActions.Action {
    /// The type of the action's single parameter; `Void` when the action has none.
    associatedtype ParamType = Void
    /// The action's single parameter, handed to handlers registered with
    /// `ActionsDispatcher.register(action:handler:)`.
    var param: ParamType { get }
}

/// The seed's name for a synchronous action that returns a value.
public typealias SyncAction = Action

extension Action where ParamType == Void {
    /// An action without a parameter passes `()`.
    public var param: Void { () }
}
