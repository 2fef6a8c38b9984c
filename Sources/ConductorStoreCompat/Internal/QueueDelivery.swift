internal import Dispatch

/// Calls a subscriber's handler on the queue it subscribed on, as Glue did: directly when that queue is the main
/// queue (the store notifies on the main thread), otherwise in order on a serial queue that targets it.
final class QueueDelivery<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is sound: both properties are immutable, and `handler`, the one value that is not
    // Sendable, is never called from two places at once — only on the main actor (`deliver`) when `serial` is nil,
    // and otherwise only in blocks on `serial`, a serial queue, which runs them one after the other. The handler was
    // handed over with `sending`, so no other code holds what it captured.
    private let handler: (Value) -> Void
    private let serial: DispatchQueue?

    /// Delivers values to `handler` on `queue`.
    init(queue: DispatchQueue, handler: sending @escaping (Value) -> Void) {
        self.handler = handler
        if queue.label == DispatchQueue.main.label {
            serial = nil
        } else {
            serial = DispatchQueue(label: "Conductor.StoreCompat.subscriber", target: queue)
        }
    }

    /// Passes one value on: at once on the main queue, otherwise after the values before it on the subscriber's.
    @MainActor
    func deliver(_ value: Value) {
        if let serial {
            serial.async { self.handler(value) }
        } else {
            handler(value)
        }
    }
}
