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
        guard session != nil else { return try next(action) }
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
        guard session != nil else { return try await next(action) }
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

    private func record<Value>(
        _ action: some Sendable, _ context: DispatchContext, _ duration: Duration,
        _ outcome: Result<Value, any Error>
    ) {
        let key = context.action
        let record: (() -> String?)? = (action as? any Encodable).map { encodable in
            { try? Recording.line(kind: .action, type: key.name, payload: encodable) }  // nil: the event is written
        }
        // The result is rendered now only when it is a failure: the value itself may not be Sendable.
        let result: String? =
            switch outcome {
            case .success(let value): Value.self == Void.self ? nil : String(customDumping: value)
            case .failure: nil
            }
        let failure: String? =
            switch outcome {
            case .success: nil
            case .failure(let error): String(describing: error)
            }
        session?.add(.action, key.shortName, source: source, record: record) {
            var fields = [
                "type": key.name, "payload": String(customDumping: action), "duration": "\(duration)",
                "dispatcher": context.dispatcher.isEmpty ? "(none)" : context.dispatcher,
            ]
            if let result { fields["result"] = result }
            if let failure { fields["error"] = failure }
            return fields
        }
    }
}
