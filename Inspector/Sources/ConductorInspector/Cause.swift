internal import Tracing

/// What set off the work under way — a command, an action, a deep link or an intent sent on its own — carried along
/// the work as a task-local value: through the intents it sends, the effects they start (effect tasks inherit it),
/// the intents those feed back, and the navigation all of it causes. Every event recorded under it shares its trace,
/// so the timeline can answer "why is this screen showing?".
struct Cause: Sendable {
    /// The trace's number: the same for every event the cause set off.
    let trace: Int
    /// What set it off: `command Save(title: "Milk")`, `action ShowItem`, `link conductor-demo://items/3`.
    let origin: String
    /// Where it was sent from, when known: for a command, where `CommandManager.perform` was called
    /// (`ConductorDemoKit/DemoApp.swift:121`; the call in a SwiftUI, UIKit or AppKit command bridge for commands
    /// those perform).
    let location: String?
    /// The cause's span, whose context every event under it starts its own span in.
    let span: (any Span)?

    /// The cause of the work under way, if an inspector's tap bound one.
    @TaskLocal static var current: Cause?

    /// `command Save(title: "Milk") at ItemsScreen.swift:42`.
    var description: String { location.map { "\(origin) at \($0)" } ?? origin }
}

extension InspectorSession {
    /// Runs `body` under the cause under way, or — when none is — under a new one set off by `origin`, whose span
    /// ends when `body` returns.
    func caused<T>(by origin: @autoclosure () -> String, at location: String? = nil, _ body: () throws -> T) rethrows
        -> T
    {
        if Cause.current != nil { return try body() }
        let cause = newCause(origin(), location)
        defer { end(cause) }
        return try Cause.$current.withValue(cause, operation: body)
    }

    /// The asynchronous form of ``caused(by:at:_:)``, for commands.
    func caused<T>(
        by origin: @autoclosure () -> String, at location: String? = nil, _ body: () async throws -> T
    ) async rethrows -> T {
        if Cause.current != nil { return try await body() }
        let cause = newCause(origin(), location)
        defer { end(cause) }
        return try await Cause.$current.withValue(cause, operation: body)
    }

    private func newCause(_ origin: String, _ location: String?) -> Cause {
        nextTrace += 1
        let span = tracer.startSpan(origin, context: .topLevel, ofKind: .internal)
        if let location { span.attributes["code.location"] = location }
        span.attributes["conductor.trace"] = nextTrace
        return Cause(trace: nextTrace, origin: origin, location: location, span: span)
    }

    private func end(_ cause: Cause) {
        cause.span?.end()
    }

    /// Reports an event recorded under `cause` as a span in the cause's trace.
    func trace(_ kind: InspectorEvent.Kind, _ title: String, source: String, under cause: Cause) {
        guard let parent = cause.span else { return }
        let span = tracer.startSpan("\(kind.rawValue) \(title)", context: parent.context, ofKind: .internal)
        span.attributes["conductor.kind"] = kind.rawValue
        span.attributes["conductor.source"] = source
        span.attributes["conductor.trace"] = cause.trace
        span.end()
    }
}
