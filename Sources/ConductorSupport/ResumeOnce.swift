/// A continuation resumed at most once, whichever of several racers gets there first — a handler's answer, a
/// release, a cancellation, a seed-style completion called twice. Package access, not API.
package final class ResumeOnce<Value: Sendable, Failure: Error>: Sendable {
    private let continuation: Locked<CheckedContinuation<Value, Failure>?>

    package init(_ continuation: CheckedContinuation<Value, Failure>) {
        self.continuation = Locked(continuation)
    }

    /// Resumes with `result` if nothing resumed it before; returns whether this call did.
    @discardableResult
    package func resume(with result: Result<Value, Failure>) -> Bool {
        let taken = continuation.withLock { stored -> CheckedContinuation<Value, Failure>? in
            defer { stored = nil }
            return stored
        }
        taken?.resume(with: result)
        return taken != nil
    }
}
