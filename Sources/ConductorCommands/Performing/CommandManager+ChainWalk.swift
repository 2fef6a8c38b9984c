extension CommandManager {
    /// Lists a platform's responder chain the way its action dispatch walks it: each start in turn, followed by what
    /// `next` returns from it, until `next` returns `nil` or an object already listed. `nil` starts are skipped, and
    /// each object appears once, where it was first reached, so a cycle or two starts that meet end the walk.
    ///
    /// The platform glue only chooses the starts, in its platform's order, and its `next`: ConductorAppKit passes the
    /// key window's first responder, the window, its delegate and window controller, …, the application and its
    /// delegate, with `NSResponder.nextResponder`, as `NSApplication.sendAction(_:to:from:)` walks. The order and the
    /// de-duplication are decided here, so tests on Linux exercise them with plain objects.
    ///
    /// ```swift
    /// let chain = CommandManager.chain(walking: [view, window, nil, delegate]) { ($0 as? Node)?.next }
    /// ```
    /// - Parameters:
    ///   - starts: Where each part of the walk begins, in order.
    ///   - next: The object after another one in the chain, or `nil` at its end; `{ _ in nil }` only drops repeats
    ///     (to join chains already listed).
    /// - Returns: The objects, nearest first, each once.
    package static func chain(walking starts: [AnyObject?], next: (AnyObject) -> AnyObject?) -> [AnyObject] {
        var chain: [AnyObject] = []
        var seen: Set<ObjectIdentifier> = []
        for start in starts {
            var current = start
            while let object = current, seen.insert(ObjectIdentifier(object)).inserted {
                chain.append(object)
                current = next(object)
            }
        }
        return chain
    }
}
