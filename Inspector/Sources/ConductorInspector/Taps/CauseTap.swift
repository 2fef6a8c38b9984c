internal import ConductorRecording
internal import Tracing

/// The session's observer of causes (``Causes``, Conductor's public trace context). Causes are the process's, not
/// the session's: a cause becomes part of the session only when the session records an event under it — then it
/// becomes a span of the session's tracer (each event under it a child span), and a link is recorded first, before
/// the navigation and work it set off.
@MainActor
final class CauseTap: CauseObserver {
    /// Weak: a tap whose session is gone does nothing (``Causes`` holds the tap weakly too).
    weak var session: InspectorSession?
    /// The causes the session recorded events under, in the order it first did, at most ``keptCauses``; and the
    /// spans of those it traced, kept after the cause ends (an effect it started may still record under it).
    private var recorded: [Int] = []
    /// The newest trace in ``recorded``: a trace above it is new (traces grow), found without a search.
    private var newestRecorded = 0
    private var spans: [Int: any Span] = [:]
    private let keptCauses = 1_000
    /// The links under way whose event the session recorded, and what became of them.
    private var links: [Int: LinkOutcome] = [:]
    /// The causes under way, innermost last: a few at most (causes nest only across `await`s).
    private var open: [Int] = []
    /// Whether the session's tracer records spans: the no-op one (the default) costs nothing to skip.
    var makesSpans: Bool

    init(session: InspectorSession) {
        self.session = session
        makesSpans = !(session.tracer is NoOpTracer)
    }

    /// The cause that began last: what a change published a turn after it happened is put down to, rather than the
    /// cause the publishing task inherited when it was made (which may be older than the change it publishes).
    private(set) var latest: Cause?

    func causeDidBegin(_ cause: Cause) {
        open.append(cause.trace)
        latest = cause
    }

    func causeDidEnd(_ cause: Cause) {
        if open.last == cause.trace { open.removeLast() } else { open.removeAll { $0 == cause.trace } }
        if !spans.isEmpty { spans[cause.trace]?.end() }
        if !links.isEmpty { links.removeValue(forKey: cause.trace) }
    }

    /// Whether the session recorded an event under the cause with this trace: searched from the newest, where the
    /// events of the work under way are.
    private func isRecorded(_ trace: Int) -> Bool {
        trace <= newestRecorded && recorded.reversed().contains(trace)
    }

    /// Makes `cause` part of the session before an event under it is recorded: its span, and for a link its event,
    /// which comes first.
    func willRecord(under cause: Cause) {
        guard let session, !isRecorded(cause.trace) else { return }
        recorded.append(cause.trace)
        newestRecorded = max(newestRecorded, cause.trace)
        if recorded.count > keptCauses + keptCauses / 4 {
            // Forgotten in batches: the oldest quarter past the bound.
            let forgotten = recorded.prefix(recorded.count - keptCauses)
            if !spans.isEmpty { for trace in forgotten { spans.removeValue(forKey: trace) } }
            recorded.removeFirst(forgotten.count)
        }
        if makesSpans {
            let span = session.tracer.startSpan("\(cause.kind) \(cause.name)", context: .topLevel, ofKind: .internal)
            if let location = cause.location { span.attributes["code.location"] = location }
            span.attributes["conductor.trace"] = cause.trace
            if !open.contains(cause.trace) { span.end() }  // an effect's event after its cause returned
            spans[cause.trace] = span
        }
        if cause.kind == .link, open.contains(cause.trace) {
            let outcome = LinkOutcome()
            links[cause.trace] = outcome
            session.linkBegan(cause, outcome: outcome)
        }
    }

    /// The outcome of the link `cause` began, when the session recorded its event.
    func outcome(of cause: Cause) -> LinkOutcome? { links[cause.trace] }

    /// Reports an event recorded under `cause` as a span in the cause's trace; its title is written only then.
    func trace(
        _ kind: InspectorEvent.Kind, _ title: @autoclosure () -> String, source: String, under cause: Cause
    ) {
        guard let parent = spans[cause.trace], let session else { return }
        let span = session.tracer.startSpan("\(kind.rawValue) \(title())", context: parent.context, ofKind: .internal)
        span.attributes["conductor.kind"] = kind.rawValue
        span.attributes["conductor.source"] = source
        span.attributes["conductor.trace"] = cause.trace
        span.end()
    }
}

/// What became of a link whose event was recorded as its work began: filled when the tree tells its deep-link
/// observers.
@MainActor
final class LinkOutcome {
    /// The link the URL resolved to, when it resolved.
    var link: String?
    /// Why it was not taken now, when it was not.
    var error: String?
    /// Whether the tree has told.
    var isKnown = false
}
