import Foundation

/// A value one thread writes and another reads, as the tests' background queues hand results back.
final class Shared<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is sound: `stored` is read and written only while `lock` is held, and holds Sendable values.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}
