/// Hears each ``Cause`` begin and end: where a tool — a logger, a signpost, a tracer, the Inspector — learns why
/// things happen, attached with ``Causes/addObserver(_:)`` and held weakly, as every observer of the library is
/// (Conductor's article "Extending Conductor" lists them all).
///
/// Both calls come on the main actor, `causeDidBegin(_:)` before the work the cause sets off runs (so what it
/// records comes first), `causeDidEnd(_:)` when the call that began it returns. Effects the cause started may still
/// be running then: they carry ``Cause/current`` with them.
@MainActor
public protocol CauseObserver: AnyObject {
    /// A cause began; the work it sets off follows.
    func causeDidBegin(_ cause: Cause)
    /// The call that began `cause` returned.
    func causeDidEnd(_ cause: Cause)
    /// Whether an intent sent to a store with nothing else under way (a screen's button, a timer) begins a cause of
    /// its own for this observer: `true` by default. An observer that needs only commands, actions and links (the
    /// flight recorder) says `false`; while no observer says `true`, such a send costs what an unobserved one does —
    /// it runs per frame.
    var observesIntents: Bool { get }
    /// Whether an action sent with nothing else under way begins a cause for this observer: `true` by default. While no
    /// observer says `true`, such a send costs what an unobserved one does.
    var observesActions: Bool { get }
    /// Whether a command performed with nothing else under way begins a cause for this observer: `true` by default.
    var observesCommands: Bool { get }
}

extension CauseObserver {
    /// `true`: an intent sent on its own begins a cause.
    public var observesIntents: Bool { true }
    /// `true`: an action sent on its own begins a cause.
    public var observesActions: Bool { true }
    /// `true`: a command performed on its own begins a cause.
    public var observesCommands: Bool { true }
}
