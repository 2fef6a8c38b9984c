/// The flows of a coordinator tree at one moment, each at its place, kept alive: after a restore replaced some of
/// them, each that ended hands what arrives late for it to the flow restored in its place
/// (``BaseCoordinator/handOff(to:)``).
///
/// A debugger's time travel shows a past tree and then the live one again: the sheet whose save was in flight ended
/// at the first move, and a new sheet's flow shows at the return. Without a hand-off the save's answer reaches the
/// ended flow and is dropped, and the new sheet stays open, inviting a second save; with one, the answer finishes the
/// new sheet as it would have finished the old.
///
/// ```swift
/// let before = FlowPlaces(of: root)
/// earlierTree.restore(into: root)  // the sheet's flow ends, its save in flight
/// currentTree.restore(into: root)  // a new sheet's flow in its place
/// before.handOff(to: root)  // the save's answer closes the new sheet
/// ```
///
/// A place is the path of flow names from the root, each with its rank among the running siblings of its name —
/// the nth `ItemCreateCoordinator` under a flow is the nth one there, as ``NavigationTree`` matches flows. Keeping
/// the places keeps their flows alive until this value is released.
@MainActor
public struct FlowPlaces {
    /// One step of a place: a flow's name and its rank among its running siblings of that name.
    private struct Step: Hashable {
        let name: String
        let rank: Int
    }

    private let flows: [[Step]: BaseCoordinator]
    /// The flows kept, which a hand-off never takes for new ones.
    private let kept: Set<ObjectIdentifier>

    /// The flows running under `root`, `root` included, by place.
    public init(of root: BaseCoordinator) {
        var flows: [[Step]: BaseCoordinator] = [:]
        Self.visit(root, at: [Step(name: root.name, rank: 0)]) { flows[$0] = $1 }
        self.flows = flows
        kept = Set(flows.values.map(ObjectIdentifier.init))
    }

    /// How many flows are kept.
    public var count: Int { flows.count }

    /// Hands each kept flow that has ended since to the running flow of its type at its place under `root`, a new
    /// one (``BaseCoordinator/handOff(to:)``); returns the names of the flows handed off, in no particular order.
    @discardableResult
    public func handOff(to root: BaseCoordinator) -> [String] {
        var handed: [String] = []
        Self.visit(root, at: [Step(name: root.name, rank: 0)]) { place, running in
            // A flow that ran when the places were kept is no new one (a sibling whose rank moved up).
            guard let old = flows[place], !kept.contains(ObjectIdentifier(running)), old.hasEnded,
                type(of: old) == type(of: running)
            else { return }
            if old.handOff(to: running) { handed.append(old.name) }
        }
        return handed
    }

    /// Calls `body` with `coordinator` at `place`, then with each running child flow below it at its own.
    private static func visit(
        _ coordinator: BaseCoordinator, at place: [Step], _ body: ([Step], BaseCoordinator) -> Void
    ) {
        guard !coordinator.hasEnded else { return }
        body(place, coordinator)
        var ranks: [String: Int] = [:]
        for child in coordinator.childCoordinators {
            guard let child = child as? BaseCoordinator, !child.hasEnded else { continue }
            let rank = ranks[child.name, default: 0]
            ranks[child.name] = rank + 1
            visit(child, at: place + [Step(name: child.name, rank: rank)], body)
        }
    }
}
