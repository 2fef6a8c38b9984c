/// Where causes begin, and who hears them.
///
/// The library begins a cause where work enters it — `CommandManager.perform`, `ActionRouter.send`, a coordinator
/// opening a deep link, `Store.send` with nothing else under way — and only while an observer is attached: with
/// none, ``isObserved`` is `false` and nothing is made. Within a cause, nothing begins another: the first cause
/// covers everything it sets off.
///
/// <!-- not compiled: SignpostCauseObserver is os_signpost's, on Apple platforms only -->
/// ```swift
/// let signposts = SignpostCauseObserver()   // Apple platforms: an interval per cause in Instruments
/// Causes.addObserver(signposts)
/// ```
@MainActor
public enum Causes {
    /// The observers, held weakly, in the order added.
    private static var observers: [WeakCauseObserver] = []
    private static var lastTrace = 0

    /// Whether any observer is attached: causes begin only then.
    public private(set) static var isObserved = false
    /// Whether an attached observer hears intents sent on their own (``CauseObserver/observesIntents``): a store
    /// begins an `intent` cause for such a send only then.
    public private(set) static var observesIntents = false
    /// Whether an attached observer hears actions sent on their own (``CauseObserver/observesActions``).
    public private(set) static var observesActions = false
    /// Whether an attached observer hears commands performed on their own (``CauseObserver/observesCommands``).
    public private(set) static var observesCommands = false

    /// Whether a cause of `kind` begins for anyone: links always while anyone observes; intents, actions and commands
    /// while an observer asks for them.
    public static func observes(_ kind: Cause.Kind) -> Bool {
        switch kind {
        case .intent: observesIntents
        case .action: observesActions
        case .command: observesCommands
        default: isObserved
        }
    }

    /// Adds an observer of every cause that begins from now on, until ``removeObserver(_:)`` or until it is gone
    /// (it is held weakly). Adding it twice adds it once.
    public static func addObserver(_ observer: any CauseObserver) {
        observers.removeAll { $0.object == nil }
        if !observers.contains(where: { $0.object === observer }) {
            observers.append(WeakCauseObserver(object: observer))
        }
        observersChanged()
    }

    /// Removes an observer: it hears no cause begin or end from now on.
    public static func removeObserver(_ observer: any CauseObserver) {
        observers.removeAll { $0.object == nil || $0.object === observer }
        observersChanged()
    }

    private static func observersChanged() {
        isObserved = !observers.isEmpty
        observesIntents = observers.contains { $0.object?.observesIntents == true }
        observesActions = observers.contains { $0.object?.observesActions == true }
        observesCommands = observers.contains { $0.object?.observesCommands == true }
    }

    /// Runs `body` under a new cause, told to the observers before and after — or, when a cause is under way or no
    /// one observes, just runs it.
    /// - Parameters:
    ///   - kind: What kind of thing sets the work off.
    ///   - name: What it is; written only when someone reads it (``Cause/name``).
    ///   - location: Where it was set off, when known; written only when someone reads it.
    ///   - body: The work.
    public static func run<T, Failure: Error>(
        _ kind: Cause.Kind, _ name: @autoclosure @escaping @Sendable () -> String,
        location: @autoclosure @escaping @Sendable () -> String? = nil,
        _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        guard isObserved, observes(kind), Cause.current == nil else { return try body() }
        let cause = begin(kind, name, location)
        defer { end(cause) }
        // `withValue` rethrows untyped errors: the body's own error type comes back through a `Result`.
        let result = Cause.$current.withValue(cause) { () -> Result<T, Failure> in
            do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// ``run(_:_:location:_:)`` for a body that cannot throw: the store's sends, on the per-frame path.
    public static func run<T>(
        _ kind: Cause.Kind, _ name: @autoclosure @escaping @Sendable () -> String,
        location: @autoclosure @escaping @Sendable () -> String? = nil,
        _ body: () -> T
    ) -> T {
        guard isObserved, observes(kind), Cause.current == nil else { return body() }
        let cause = begin(kind, name, location)
        defer { end(cause) }
        return Cause.$current.withValue(cause, operation: body)
    }

    /// The asynchronous form of ``run(_:_:location:_:)``.
    public static func run<T, Failure: Error>(
        _ kind: Cause.Kind, _ name: @autoclosure @escaping @Sendable () -> String,
        location: @autoclosure @escaping @Sendable () -> String? = nil,
        _ body: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        guard isObserved, observes(kind), Cause.current == nil else { return try await body() }
        let cause = begin(kind, name, location)
        defer { end(cause) }
        let result = await Cause.$current.withValue(cause) { () async -> Result<T, Failure> in
            do throws(Failure) { return .success(try await body()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    private static func begin(
        _ kind: Cause.Kind, _ name: @escaping @Sendable () -> String, _ location: @escaping @Sendable () -> String?
    ) -> Cause {
        lastTrace += 1
        let cause = Cause(trace: lastTrace, kind: kind, name: name, location: location)
        var sawGone = false
        for observer in observers {
            if let object = observer.object { object.causeDidBegin(cause) } else { sawGone = true }
        }
        // An observer that went away without being removed stops the causes it alone wanted: they cost again nothing.
        if sawGone {
            observers.removeAll { $0.object == nil }
            observersChanged()
        }
        return cause
    }

    private static func end(_ cause: Cause) {
        for observer in observers { observer.object?.causeDidEnd(cause) }
    }
}

/// An observer held weakly: a tool that goes away stops hearing causes.
@MainActor
private struct WeakCauseObserver {
    weak var object: (any CauseObserver)?
}
