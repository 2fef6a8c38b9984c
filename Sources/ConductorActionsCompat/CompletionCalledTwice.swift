/// A seed-style asynchronous handler called its completion more than once; only the first call counted.
public struct CompletionCalledTwice: Error, Equatable, CustomStringConvertible {
    /// The fully qualified name of the action whose handler misbehaved.
    public let action: String
    /// Says which handler misbehaved and that only its first result counted.
    public var description: String {
        "The handler of action '\(action)' called its completion more than once; only the first result was used. "
            + "Call the completion exactly once."
    }
}
