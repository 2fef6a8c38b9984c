/// An effect handler's error, as passed to ``Store/onEffectError``.
public struct EffectFailure<EffectType: Sendable>: Sendable, CustomStringConvertible {
    /// The effect whose handling failed.
    public let effect: EffectType
    /// The error the handler threw.
    public let error: any Error
    /// The handler's type name.
    public let handler: String

    /// Creates a failure, for effect handlers that report to ``Store/onEffectError`` themselves.
    package init(effect: EffectType, error: any Error, handler: String) {
        self.effect = effect
        self.error = error
        self.handler = handler
    }

    /// Says which handler failed on which effect, and why.
    public var description: String { "Effect handler \(handler) failed on \(effect): \(error)" }
}
