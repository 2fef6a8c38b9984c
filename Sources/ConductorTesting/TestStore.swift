public import ConductorStore
internal import CustomDump
internal import IssueReporting

/// A store for tests that asserts every state change and every intent effects send back — exhaustively, by default.
///
/// ```swift
/// @Test @MainActor func incrementPlaysASoundAtFive() async {
///     let store = TestStore(initialState: AppState(value: 4), reducer: reducer)
///     store.add(effectHandler: SoundEffectHandler())
///
///     await store.send(.increment) { $0.value = 5 }
///     await store.receive(.soundPlayed) { $0.soundsPlayed = 1 }
///     await store.finish()
/// }
/// ```
///
/// In the default ``Exhaustivity/on`` mode a test fails when:
/// - the state after an intent differs from the state the `assert` closure describes (with a diff: `−` expected,
///   `+` actual);
/// - an intent sent by an effect was not asserted with ``receive(_:timeout:assert:fileID:filePath:line:column:)``
///   before the next ``send(_:assert:fileID:filePath:line:column:)`` or the end;
/// - an effect is still running at ``finish(timeout:fileID:filePath:line:column:)``.
///
/// With ``Exhaustivity/off`` the `assert` closure states only what the test cares about, intents from effects are
/// processed as they arrive, and ``finish(timeout:fileID:filePath:line:column:)`` does not require effects to end.
/// ``receive(_:timeout:assert:fileID:filePath:line:column:)`` then waits (up to its timeout) until an intent that
/// matches has been processed — skipping those before it, which the test does not care about — and asserts the state
/// it left.
///
/// Failures are reported through IssueReporting, so they fail Swift Testing and XCTest tests alike.
@MainActor
public final class TestStore<State: Equatable, IntentType: Sendable, EffectType: ConductorStore.Effect> {
    /// How strictly a ``TestStore`` checks the store.
    public enum Exhaustivity: Sendable {
        /// Every state change, received intent and running effect must be asserted.
        case on
        /// Only what the test asserts is checked.
        case off
    }

    /// The store under test; add effect handlers to it, or read its state.
    public let store: Store<State, IntentType, EffectType>
    /// How strictly the store is checked; ``Exhaustivity/on`` by default.
    public var exhaustivity: Exhaustivity = .on {
        didSet { installInterceptor() }
    }
    /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
    /// ``finish(timeout:fileID:filePath:line:column:)`` wait by default.
    public var timeout: Duration = .seconds(1)

    /// The intents effects sent that the test has not received yet.
    public private(set) var receivedIntents: [IntentType] = []
    /// The `receive` waiting for an effect to send an intent, resumed by the interceptor or its timeout.
    private var arrival: CheckedContinuation<Void, Never>?
    /// With ``Exhaustivity/off``: the intents processed since the test last sent or received, which a non-exhaustive
    /// `receive` looks through.
    private var processed: [IntentType] = []
    /// With ``Exhaustivity/off``: records the intents the store processes.
    private var processedRecorder: ProcessedIntents<State, IntentType>?

    /// Creates a test store over a new store.
    /// - Parameters:
    ///   - initialState: The state the test starts from.
    ///   - reducer: The reducer under test.
    public init(initialState: State, reducer: @escaping (inout State, IntentType) -> [EffectType]) {
        self.store = Store(state: initialState, reducer: reducer)
        installInterceptor()
    }

    /// The store's current state.
    public var state: State { store.state }

    /// Adds an effect handler to the store under test.
    public func add<Handler: EffectHandler>(effectHandler: Handler)
    where Handler.EffectType == EffectType, Handler.IntentType == IntentType {
        store.add(effectHandler: effectHandler)
    }

    /// Sends an intent and asserts the state it produces.
    /// - Parameters:
    ///   - intent: The intent to send.
    ///   - assert: Mutates the state from before the intent into the state expected after it. Omit it when the
    ///     intent must not change the state.
    ///   - fileID: Where a failure is reported; leave it to the compiler.
    ///   - filePath: Where a failure is reported; leave it to the compiler.
    ///   - line: Where a failure is reported; leave it to the compiler.
    ///   - column: Where a failure is reported; leave it to the compiler.
    public func send(
        _ intent: IntentType,
        assert: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        if exhaustivity == .on, !receivedIntents.isEmpty {
            fail(
                "Must receive the \(receivedIntents.count) intent(s) effects sent before sending another intent. "
                    + "Unreceived:\n\(dumpList(receivedIntents))",
                at: location
            )
        }
        let before = store.state
        // The intents processed from here on — the test's own first, then those effects send back at once (a
        // callback handler's) — are what a non-exhaustive `receive` looks through: the test's own is dropped.
        processed.removeAll()
        store.send(intent)
        if !processed.isEmpty { processed.removeFirst() }
        check(before: before, after: store.state, assert: assert, after: "sending \(dump(intent))", at: location)
    }

    /// Waits for the next intent an effect sent, asserts it equals `intent`, processes it, and asserts the state.
    ///
    /// With ``Exhaustivity/off`` the intents effects send are processed as they arrive: this waits until one equal to
    /// `intent` has been processed (those before it are skipped), then asserts the parts of the state `assert` names.
    /// - Parameters:
    ///   - intent: The intent expected next.
    ///   - timeout: How long to wait; ``timeout`` by default.
    ///   - assert: Mutates the state from before the intent into the state expected after it.
    ///   - fileID: Where a failure is reported; leave it to the compiler.
    ///   - filePath: Where a failure is reported; leave it to the compiler.
    ///   - line: Where a failure is reported; leave it to the compiler.
    ///   - column: Where a failure is reported; leave it to the compiler.
    public func receive(
        _ intent: IntentType,
        timeout: Duration? = nil,
        assert: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where IntentType: Equatable {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            described: dump(intent),
            expected: intent,
            matching: { $0 == intent },
            timeout: timeout,
            assert: assert,
            at: location
        )
    }

    /// Waits for the next intent an effect sent, asserts it matches `predicate`, processes it, and asserts the
    /// state; for intents that are not `Equatable`.
    /// - Parameters:
    ///   - predicate: Whether the received intent is the expected one.
    ///   - timeout: How long to wait; ``timeout`` by default.
    ///   - assert: Mutates the state from before the intent into the state expected after it.
    ///   - fileID: Where a failure is reported; leave it to the compiler.
    ///   - filePath: Where a failure is reported; leave it to the compiler.
    ///   - line: Where a failure is reported; leave it to the compiler.
    ///   - column: Where a failure is reported; leave it to the compiler.
    public func receive(
        matching predicate: @escaping (IntentType) -> Bool,
        timeout: Duration? = nil,
        assert: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            described: "an intent matching the predicate",
            expected: nil,
            matching: predicate,
            timeout: timeout,
            assert: assert,
            at: location
        )
    }

    /// Waits for running effects, then fails for any intent not received and, when exhaustive, any effect still
    /// running. Call it at the end of every test.
    /// - Parameters:
    ///   - timeout: How long to wait for running effects; ``timeout`` by default.
    ///   - fileID: Where a failure is reported; leave it to the compiler.
    ///   - filePath: Where a failure is reported; leave it to the compiler.
    ///   - line: Where a failure is reported; leave it to the compiler.
    ///   - column: Where a failure is reported; leave it to the compiler.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        let idle = await store.waitForEffects(timeout: timeout ?? self.timeout)
        guard exhaustivity == .on else { return }
        if !receivedIntents.isEmpty {
            fail(
                "The test ended with \(receivedIntents.count) intent(s) effects sent that were not received:\n"
                    + dumpList(receivedIntents),
                at: location
            )
        }
        if !idle {
            fail(
                "The test ended with \(store.runningEffectCount) effect run(s) still in flight after waiting "
                    + "\(timeout ?? self.timeout). Let them finish (receive what they send), cancel them, or call "
                    + "skipInFlightEffects().",
                at: location
            )
        }
    }

    /// Forgets the intents effects sent that the test has not received, without processing them.
    public func skipReceivedIntents() { receivedIntents.removeAll() }

    /// Cancels every running effect, for tests that end while long-running effects are in flight.
    public func skipInFlightEffects() { store.cancelAllEffects() }

    // MARK: Internals

    /// Suspends until an effect sends an intent or `timeout` passes; the interceptor (or, non-exhaustive, the
    /// recorder) resumes it. Nothing polls.
    private func waitForIntent(timeout: Duration) async {
        guard receivedIntents.isEmpty, processed.isEmpty else { return }
        let timer = Task { [weak self] in
            // A cancelled sleep means an intent arrived first: nothing to do.
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.resumeArrival()
        }
        await withCheckedContinuation { arrival = $0 }
        timer.cancel()
    }

    private func resumeArrival() {
        arrival?.resume()
        arrival = nil
    }

    private struct Location {
        let fileID: StaticString
        let filePath: StaticString
        let line: UInt
        let column: UInt
    }

    private func installInterceptor() {
        if let processedRecorder {
            store.middlewares.removeAll { $0 as AnyObject === processedRecorder }
            self.processedRecorder = nil
        }
        switch exhaustivity {
        case .on:
            store.effectIntentInterceptor = { [weak self] intent in
                self?.receivedIntents.append(intent)
                self?.resumeArrival()
            }
        case .off:
            store.effectIntentInterceptor = nil
            let recorder = ProcessedIntents<State, IntentType> { [weak self] intent in
                self?.processed.append(intent)
                self?.resumeArrival()
            }
            processedRecorder = recorder
            // Last, next to the reducer: an intent another middleware drops or rewrites is recorded as processed.
            store.middlewares.append(recorder)
        }
    }

    /// With ``Exhaustivity/off``: waits until an intent matching `predicate` has been processed, forgetting it and
    /// those before it. Returns whether one was.
    private func awaitProcessed(matching predicate: (IntentType) -> Bool, timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let index = processed.firstIndex(where: predicate) {
                processed.removeSubrange(...index)
                return true
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            processed.removeAll()
            await waitForIntent(timeout: remaining)
            if processed.isEmpty { return false }
        }
    }

    private func receive(
        described description: String,
        expected: IntentType?,
        matching predicate: (IntentType) -> Bool,
        timeout: Duration?,
        assert: ((inout State) throws -> Void)?,
        at location: Location
    ) async {
        let wait = timeout ?? self.timeout
        if exhaustivity == .off {
            // Intents are processed as they arrive: receiving waits until the expected one has been, then checks the
            // parts of the state the test names.
            guard await awaitProcessed(matching: predicate, timeout: wait) else {
                return fail(
                    "Expected to receive \(description), but no such intent was processed within \(wait) "
                        + "(\(store.runningEffectCount) effect run(s) still in flight).",
                    at: location)
            }
            return check(before: store.state, after: store.state, assert: assert, after: "receiving", at: location)
        }
        await waitForIntent(timeout: wait)
        guard !receivedIntents.isEmpty else {
            fail(
                "Expected to receive \(description), but no intent arrived within \(wait) "
                    + "(\(store.runningEffectCount) effect run(s) still in flight).",
                at: location
            )
            return
        }
        let next = receivedIntents.removeFirst()
        guard predicate(next) else {
            let difference = expected.flatMap { diff($0, next) } ?? dump(next)
            fail("Received an unexpected intent (− expected, + received):\n\(difference)", at: location)
            return
        }
        let before = store.state
        store.effectIntentInterceptor = nil
        store.send(next)
        installInterceptor()
        check(before: before, after: store.state, assert: assert, after: "receiving \(dump(next))", at: location)
    }

    private func check(
        before: State,
        after actual: State,
        assert: ((inout State) throws -> Void)?,
        after what: String,
        at location: Location
    ) {
        var expected = exhaustivity == .on ? before : actual
        do { try assert?(&expected) } catch {
            fail("The assert closure threw after \(what): \(error)", at: location)
            return
        }
        guard expected != actual else { return }
        let difference = diff(expected, actual) ?? "(no printable difference)"
        fail("State after \(what) was not as expected (− expected, + actual):\n\(difference)", at: location)
    }

    private func fail(_ message: String, at location: Location) {
        reportIssue(
            message,
            fileID: location.fileID,
            filePath: location.filePath,
            line: location.line,
            column: location.column
        )
    }

    private func dump(_ value: Any) -> String {
        var output = ""
        customDump(value, to: &output)
        return output
    }

    private func dumpList(_ intents: [IntentType]) -> String {
        intents.map { "  " + dump($0).replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: "\n")
    }
}

/// Records the intents a store processes, for a non-exhaustive ``TestStore``.
@MainActor
private final class ProcessedIntents<State, IntentType>: StoreMiddleware {
    let record: @MainActor (IntentType) -> Void
    init(record: @escaping @MainActor (IntentType) -> Void) { self.record = record }
    func intercept(_ intent: IntentType, state: () -> State, next: (IntentType) -> Void) {
        // Recorded as it goes in, so the test's own intent comes before what its effects send back while it is
        // processed; a waiting `receive` resumes after the reducer has run.
        record(intent)
        next(intent)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
