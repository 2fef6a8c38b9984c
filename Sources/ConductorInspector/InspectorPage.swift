/// A connection to an ``InspectorSession``, made by ``InspectorSession/connect()``: the JSON messages a page
/// receives.
@MainActor
public final class InspectorPage {
    let id: Int
    /// The messages: a `hello` with the events so far, then one per event.
    public let messages: AsyncStream<String>
    private weak var session: InspectorSession?

    init(id: Int, messages: AsyncStream<String>, session: InspectorSession) {
        self.id = id
        self.messages = messages
        self.session = session
    }

    /// Ends the connection: the stream finishes.
    public func disconnect() { session?.unsubscribe(id) }
}
