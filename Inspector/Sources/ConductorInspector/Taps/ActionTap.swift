internal import ConductorActions
internal import ConductorRecording
internal import CustomDump

/// A router-wide middleware that records every action sent, with the dispatcher that handled it, how long it took,
/// and its result or error.
@MainActor
final class ActionTap: ActionMiddleware {
    /// Weak: a tap left on a router, manager or store after its session is gone does nothing.
    weak var session: InspectorSession?
    let source: String

    init(session: InspectorSession, source: String) {
        self.session = session
        self.source = source
    }

    func intercept<A: Action>(
        _ action: A, context: DispatchContext, next: (A) throws -> A.ReturnType
    ) throws -> A.ReturnType {
        guard let session else { return try next(action) }
        // What the action navigates is recorded after its event.
        session.publishNavigationIfChanged()
        // The router began the action's cause (or it joins the one under way).
        let start = ContinuousClock.now
        do {
            let result = try next(action)
            record(action, context, ContinuousClock.now - start, .success(result))
            return result
        } catch {
            record(action, context, ContinuousClock.now - start, Result<A.ReturnType, any Error>.failure(error))
            throw error
        }
    }

    func intercept<A: AsyncAction>(
        _ action: A, context: DispatchContext, next: @MainActor (A) async throws -> A.ReturnType
    ) async throws -> A.ReturnType {
        guard let session else { return try await next(action) }
        session.publishNavigationIfChanged()
        let start = ContinuousClock.now
        do {
            let result = try await next(action)
            record(action, context, ContinuousClock.now - start, .success(result))
            return result
        } catch {
            record(action, context, ContinuousClock.now - start, Result<A.ReturnType, any Error>.failure(error))
            throw error
        }
    }

    /// Each action type's short name, computed once: the title of its events.
    private var titles: [ActionKey: String] = [:]

    /// Records one send. Only what is cheap happens here — two clock readings, a cached title, closures that keep the
    /// values; the payload, the result and the JSON line are made when a page or an export asks.
    private func record<Value>(
        _ action: some Sendable, _ context: DispatchContext, _ duration: Duration,
        _ outcome: Result<Value, any Error>
    ) {
        guard let session else { return }
        let key = context.action
        let title: String
        if let cached = titles[key] {
            title = cached
        } else {
            title = key.shortName
            titles[key] = title
        }
        let record: () -> String? = {
            guard let encodable = action as? any Encodable else { return nil }  // the event is written instead
            return try? Recording.line(kind: .action, type: key.name, payload: encodable)  // nil: likewise
        }
        // The page is sent the light fields; the whole payload and result only when it asks for the details.
        let details: () -> [String: String] = {
            var fields = ["payload": String(customDumping: action)]
            if case .success(let value) = outcome, Value.self != Void.self {
                fields["result"] = String(customDumping: value)
            }
            return fields
        }
        session.add(.action, title, source: source, record: record, details: details, causedNavigation: true) {
            var fields = [
                "type": key.name, "payload": InspectorSession.preview(action), "duration": "\(duration)",
                "dispatcher": context.dispatcher.isEmpty ? "(none)" : context.dispatcher,
            ]
            switch outcome {
            case .success(let value): if Value.self != Void.self { fields["result"] = InspectorSession.preview(value) }
            case .failure(let error): fields["error"] = String(describing: error)
            }
            return fields
        }
    }
}
