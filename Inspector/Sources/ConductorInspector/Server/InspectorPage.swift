public import Foundation

/// A connection to an ``InspectorSession``, made by ``InspectorSession/connect()``: the JSON messages a page
/// receives, and the requests a page sends.
///
/// Messages, each a JSON object with a `type`:
/// - `hello`, first: `events`, the newest ``InspectorSession/pageWindow`` events without their details (payloads cut
///   to a preview, no state or diff); `earlier`, how many older ones the session still has; `evicted`, `dropped`,
///   `stores`.
/// - `event`: one new `event`, without its details, and `dropped`.
/// - `details`: the answer to a `details` request: `sequence`, and `event` in full (absent when it left the ring).
/// - `history`: the answer to a `history` request: `before`, `events` (up to ``InspectorSession/pageWindow`` older
///   ones) and `earlier`.
@MainActor
public final class InspectorPage {
    let id: Int
    /// The messages: a `hello` with the newest events, then one per event, and the answers to ``send(_:)``.
    public let messages: AsyncStream<String>
    private weak var session: InspectorSession?

    init(id: Int, messages: AsyncStream<String>, session: InspectorSession) {
        self.id = id
        self.messages = messages
        self.session = session
    }

    /// Sends a request as the inspector's page does, a JSON object: `{"type":"details","sequence":12}` (the event in
    /// full), `{"type":"history","before":40}` (older events), `{"type":"travel","sequence":12}`,
    /// `{"type":"resume"}` or `{"type":"import","recording":"…"}`. Answers arrive in ``messages``; what cannot be done
    /// is told as an inspector event.
    public func send(_ request: String) async {
        await session?.handle(request: request, from: id)
    }

    /// Sends the next chunk of a recording to import, as the inspector's page does with a large file: send
    /// `{"type":"importBegin"}`, then the file's bytes in chunks of any size (the page sends 256 KiB), then
    /// `{"type":"importEnd"}`, which imports the whole off the main actor. An import over
    /// ``InspectorSession/maximumImportBytes`` is dropped as it arrives, and the pages are told.
    public func send(chunk: Data) {
        session?.receive(chunk: chunk, from: id)
    }

    /// Ends the connection: the stream finishes.
    public func disconnect() { session?.unsubscribe(id) }
}
