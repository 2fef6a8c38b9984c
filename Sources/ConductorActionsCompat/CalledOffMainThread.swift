/// A seed-style registration was made off the main thread; it was done on the main thread while the calling thread
/// waited.
///
/// The seed's dispatcher kept its handlers in a plain dictionary, so registering from a background queue raced with
/// every send. Conductor's handlers live on the main actor: the registration still happens, in order, on the main
/// thread, and this issue is passed to ``ActionsCompatibility/reportIssue`` so that the call can be moved.
public struct CalledOffMainThread: Error, Equatable, CustomStringConvertible {
    /// The call that was made off the main thread, such as `ActionsDispatcher.register(action:handler:)`.
    public let call: String

    /// Names the call, what was done and how to move it.
    public var description: String {
        "\(call) was called off the main thread; it ran on the main thread while the calling thread waited. "
            + "Register handlers on the main thread (where the coordinator that owns them is created), or wrap the "
            + "call in DispatchQueue.main.async { … }."
    }
}
