internal import ConductorSupport

/// The ids of subscriptions whose tokens were released, possibly off the main actor.
@usableFromInline
final class Graveyard: Sendable {
    private let ids = Locked<[Int]>([])
    var hasBodies: Bool { ids.withLock { !$0.isEmpty } }
    /// How many released subscriptions wait to be reclaimed.
    var count: Int { ids.withLock(\.count) }
    func bury(_ id: Int) { ids.withLock { $0.append(id) } }
    func takeAll() -> [Int] {
        ids.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
    }
}
