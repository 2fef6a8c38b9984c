/// How an effect run ended.
public enum EffectOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The handler returned.
    case completed
    /// The run was cancelled — by id, by a newer run, or with its store.
    case cancelled
    /// The handler threw; the error's description.
    case failed(String)

    /// `completed`, `cancelled` or `failed: <error>`.
    public var description: String {
        switch self {
        case .completed: "completed"
        case .cancelled: "cancelled"
        case .failed(let error): "failed: \(error)"
        }
    }
}
