internal import ConductorRecording
internal import Foundation

extension InspectorSession {
    /// A stream of JSON messages for one page: a `hello` with the newest ``pageWindow`` events (without their
    /// details) and the stores, then each new event. At most ``InspectorConfiguration/clientBuffer`` messages wait;
    /// older ones are dropped and counted. The `hello` is encoded off the main actor; the events recorded meanwhile
    /// follow it, in order.
    func subscribe() -> (id: Int, stream: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: String.self, bufferingPolicy: .bufferingNewest(configuration.clientBuffer))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = Subscriber(continuation: continuation, waiting: [])
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in
                self?.subscribers[id] = nil
                self?.pageLeft(id)
            }
        }
        let hello = helloMessage()
        Task { [weak self] in
            let text = await Task.detached { InspectorSession.json(hello) }.value
            self?.sendHello(text, to: id)
        }
        lastNavigation = nil
        publishNavigationIfChanged()
        return (id, stream)
    }

    /// Connects a page of your own — a log file, a test, another transport — to the session: it receives what the
    /// WebSocket page receives, a `hello` JSON message with the newest ``pageWindow`` events and then one message per
    /// event, with the same bound (`InspectorConfiguration.clientBuffer`; older waiting messages are dropped and
    /// counted), and can ask what the page asks with ``InspectorPage/send(_:)``.
    public func connect() -> InspectorPage {
        let (id, stream) = subscribe()
        return InspectorPage(id: id, messages: stream, session: self)
    }

    /// How many pages are connected.
    package var pageCount: Int { subscribers.count }

    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.continuation.finish()
        if upload?.page == id { upload = nil }  // a page that goes away takes its unfinished import with it
        pageLeft(id)
    }

    /// A page went away. The app never stays in the past with no one to bring it back: when the page that travelled
    /// leaves (closed, crashed, its connection dropped), or the last page does, the app resumes live, and says why.
    func pageLeft(_ id: Int) {
        guard isTravelingInTime, travelingPage == id || subscribers.isEmpty else { return }
        travelingPage = nil
        resume(reason: "the page that showed the past disconnected")
    }

    /// Stops watching: returns every travelling store to its live state (processing the intents it held), removes
    /// every tap from the routers, command managers, stores and coordinators it was given, and ends every page's
    /// stream. The watched objects work as if the session had never been there.
    public func detach() {
        resume()
        for detach in detachers { detach() }
        detachers.removeAll()
        // Causes begin only while someone observes them: a detached session no longer makes the app pay for them.
        Causes.removeObserver(causeTap)
        finishPages()
    }

    /// Ends every page's stream.
    func finishPages() {
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers.removeAll()
    }

    private func helloMessage() -> PageMessage {
        let count = min(max(pageWindow, 0), ring.count)
        let start = ring.count - count
        return .hello(
            events: (start..<ring.count).map(shownEvent(at:)), earlier: start,
            evicted: evictedCount, dropped: droppedForClients,
            stores: stores.values.map(\.summary).sorted { $0.name < $1.name })
    }

    private func sendHello(_ text: String, to id: Int) {
        guard let subscriber = subscribers[id], let waiting = subscriber.waiting else { return }
        subscribers[id]?.waiting = nil
        deliver(text, through: subscriber.continuation)
        for message in waiting { deliver(message, through: subscriber.continuation) }
    }

    private func deliver(_ message: String, through continuation: AsyncStream<String>.Continuation) {
        if case .dropped = continuation.yield(message) { droppedForClients += 1 }
    }

    /// Sends a message to one page: now, or right after its `hello` while that is being encoded — keeping room for
    /// the `hello` in the page's buffer, so a page always starts with it.
    private func send(_ message: String, to id: Int) {
        guard let continuation = subscribers[id]?.continuation else { return }
        guard let waiting = subscribers[id]?.waiting?.count else { return deliver(message, through: continuation) }
        let room = configuration.clientBuffer - 1
        guard room > 0 else {
            droppedForClients += 1
            return
        }
        if waiting >= room {
            subscribers[id]?.waiting?.removeFirst()
            droppedForClients += 1
        }
        subscribers[id]?.waiting?.append(message)
    }

    /// Sends a message, encoded off the main actor, to one page.
    private func sendEncoded(_ message: PageMessage, to id: Int) {
        Task { [weak self] in
            let text = await Task.detached { InspectorSession.json(message) }.value
            self?.send(text, to: id)
        }
    }

    /// Sends the newest event to every page.
    func publishNewest() {
        let message = Self.json(PageMessage.event(shownEvent(at: ring.count - 1), dropped: droppedForClients))
        for id in Array(subscribers.keys) { send(message, to: id) }
    }

    /// Tells the pages something about the inspector itself.
    func notice(_ text: String, fields: [String: String] = [:]) {
        add(.inspector, text, source: "inspector") { fields }
    }

    /// Handles a request from page `page`, decoded off the main actor: `{"type": "travel", "sequence": 12}`,
    /// `{"type": "resume"}`, `{"type": "details", "sequence": 12}` (answered with the event in full),
    /// `{"type": "history", "before": 40}` (answered with up to ``pageWindow`` older events),
    /// `{"type": "importBegin"}` and `{"type": "importEnd"}` around a recording sent in chunks (see
    /// ``receive(chunk:from:)``), or `{"type": "import", "recording": "…"}` for a recording small enough for one
    /// message. What cannot be done is told back as an inspector event.
    func handle(request text: String, from page: Int) async {
        let decoded = await Task.detached { PageRequest.decode(text) }.value
        guard let request = decoded else {
            return notice("ignored a page message that is not a request (a JSON object with a \"type\")")
        }
        switch request.type {
        case "travel":
            do {
                try travel(to: request.sequence ?? -1)
                travelingPage = page
            } catch {
                notice(error.message)
            }
        case "resume":
            resume()
        case "details":
            let sequence = request.sequence ?? -1
            sendEncoded(.details(sequence: sequence, event: event(sequence: sequence)), to: page)
        case "history":
            sendHistory(before: request.before ?? Int.max, to: page)
        case "import":
            do { try await importRecording(request.recording ?? Data()) } catch {
                notice("import failed: \(error)")
            }
        case "importBegin":
            if let upload, upload.page != page, subscribers[upload.page] != nil {
                return notice("import refused: another page is sending one; import again once it is viewed")
            }
            upload = Upload(page: page)
        case "importEnd":
            guard let finished = upload, finished.page == page else {
                return notice("ignored the end of an import that was not begun (send importBegin first)")
            }
            upload = nil
            do { try await importRecording(finished.bytes) } catch { notice("import failed: \(error)") }
        default:
            notice("ignored an unknown page request '\(Self.cut(request.type, limit: 40))'")
        }
    }

    /// Takes the next chunk of the recording page `page` is sending — the bytes of a JSON-lines file, cut anywhere —
    /// after its `{"type": "importBegin"}` request; its `{"type": "importEnd"}` request imports the whole as
    /// ``importRecording(_:)-(Data)`` does, off the main actor. Chunks only append bytes here, so the app keeps
    /// answering while a large recording arrives; past ``maximumImportBytes`` the import is dropped at once and the
    /// pages are told. One page sends an import at a time.
    func receive(chunk: Data, from page: Int) {
        guard var current = upload, current.page == page else {
            return notice("ignored a chunk of an import that was not begun (send importBegin first)")
        }
        upload = nil  // appends to the only copy of the bytes
        guard current.bytes.count + chunk.count <= maximumImportBytes else {
            return notice(
                "import failed: the recording is over \(maximumImportBytes) bytes, the most an import reads; "
                    + "nothing of it was imported")
        }
        current.bytes.append(chunk)
        upload = current
    }

    private func sendHistory(before sequence: Int, to page: Int) {
        let end = firstIndex(atOrAfter: sequence)
        let start = max(0, end - max(pageWindow, 0))
        let events = (start..<end).map(shownEvent(at:))
        sendEncoded(.history(before: sequence, events: events, earlier: start), to: page)
    }

    /// JSON for a page, with sorted keys.
    nonisolated static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
            // Page messages are strings, numbers and arrays of them: encoding does not fail.
            return #"{"type":"error","message":"the inspector could not encode a message"}"#
        }
    }
}
