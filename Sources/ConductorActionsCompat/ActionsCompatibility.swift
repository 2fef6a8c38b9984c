internal import ConductorActions
internal import Logging

/// Where the seed-compatible API reports the problems it cannot throw.
///
/// The seed's calls do not throw, but Conductor never drops a failure silently: a duplicate registration or a
/// `Void` action that nobody handles is passed to ``reportIssue``, which logs it as an error by default. Calls that
/// must produce a value they cannot have (an unhandled `send()` of an action that returns something) stop the
/// program with a message naming the action, as the seed did; use Conductor's throwing API to handle those instead.
@MainActor
public enum ActionsCompatibility {
    /// Receives every error the seed-compatible API cannot throw. Replace it to collect or assert on them.
    public static var reportIssue: @MainActor (any Error) -> Void = { error in
        logger.error("\(String(describing: error))")
    }

    private static let logger = Logger(label: "Conductor.ActionsCompat")

    static func stop<A>(_ error: any Error, action: A.Type) -> Never {
        let name = String(reflecting: action)
        let message = (error as? ActionError)?.description ?? "Action '\(name)' failed: \(error)."
        // The seed's non-throwing forms that must return a value have nothing to return; Conductor's throwing API
        // (`try action.send()`) reports the same failure as an error instead.
        fatalError(
            "\(message) This seed-compatible call cannot throw; use ConductorActions' throwing `try action.send()` "
                + "or `try dispatcher.dispatch(action)` to handle the error.")
    }

    static func deliver<A, Value>(
        _ result: Result<Value, any Error>,
        of action: A.Type,
        to completion: @MainActor (Value) -> Void
    ) {
        switch result {
        case .success(let value): completion(value)
        case .failure(let error):
            if Value.self == Void.self { reportIssue(error) } else { stop(error, action: action) }
        }
    }
}
