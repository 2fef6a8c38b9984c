/// What ``NavigationTree`` could not save or restore, flow by flow: nothing is skipped silently.
public struct RestorationReport: Sendable, Equatable, CustomStringConvertible {
    /// A flow that was left where it was, and why.
    public struct Skipped: Sendable, Equatable, CustomStringConvertible {
        /// The flow's path from the root, such as `AppCoordinator › MainCoordinator › ItemsCoordinator`.
        public let path: String
        /// Why it was skipped.
        public let reason: Reason

        /// A skipped flow, for comparing reports in tests.
        public init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }

        /// A line for logs: the path and the reason.
        public var description: String { "\(path): \(reason)" }
    }

    /// Why a flow was skipped.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The flow is not a ``NavigatingFlow`` (nor a ``TabCoordinator``): its `start()` alone rebuilds it.
        case notRestorable
        /// The saved flow is not running after its parent was restored (the state started another flow).
        case notFound
        /// The flow's navigation did not decode or show (or was saved by an earlier version as a place); the error's
        /// description.
        case failed(String)
        /// The flow's router shows these modules without a destination (pushed or presented as modules, with the
        /// seed's calls): the rest of its navigation is saved, these screens are not.
        case modulesWithoutDestination([String])

        /// A short explanation.
        public var description: String {
            switch self {
            case .notRestorable: "not restorable: its start() alone rebuilds it"
            case .notFound: "not running any more, so its saved place was left out"
            case .failed(let reason): "could not be restored: \(reason)"
            case .modulesWithoutDestination(let modules):
                "shown without a destination, so not saved: \(modules.joined(separator: ", "))"
            }
        }
    }

    /// The paths of the flows restored to their saved place (or tab) — or, in the report of
    /// ``NavigationTree/capture(_:)``, saved with one.
    public var restored: [String] { restoredPaths + restoredFlows.map(path(of:)) }
    /// The flows that were left where they were.
    public internal(set) var skipped: [Skipped] = []

    /// A report of these flows; empty by default.
    public init(restored: [String] = [], skipped: [Skipped] = []) {
        self.restoredPaths = restored
        self.skipped = skipped
    }

    // The flows a walk of the tree met, each its name and its parent's index: a path's text ("App › Items") is
    // written only when it is read, so that a capture around every event writes none.
    private var flows: [(name: String, parent: Int)] = []
    private var restoredFlows: [Int] = []
    private var restoredPaths: [String] = []

    /// Notes a flow named `name` under the flow `parent` (none for the root); returns the flow's index.
    mutating func flow(named name: String, under parent: Int?) -> Int {
        if flows.isEmpty {
            flows.reserveCapacity(8)
            restoredFlows.reserveCapacity(8)
        }
        flows.append((name, parent ?? -1))
        return flows.count - 1
    }

    /// The path of a noted flow, root first.
    func path(of flow: Int) -> String {
        var names: [String] = []
        var index = flow
        while index >= 0 {
            names.append(flows[index].name)
            index = flows[index].parent
        }
        return names.reversed().joined(separator: " › ")
    }

    /// Notes that `flow` was restored (or saved).
    mutating func restore(_ flow: Int) { restoredFlows.append(flow) }

    /// Notes that `flow` was skipped, and why.
    mutating func skip(_ flow: Int, _ reason: Reason) { skipped.append(Skipped(path: path(of: flow), reason: reason)) }

    /// Reports are equal when they name the same flows restored and skipped.
    public static func == (lhs: RestorationReport, rhs: RestorationReport) -> Bool {
        lhs.restored == rhs.restored && lhs.skipped == rhs.skipped
    }

    /// The skipped flows whose place was lost (``Reason/notFound`` and ``Reason/failed(_:)``), leaving out
    /// ``Reason/notRestorable``, which loses nothing saved.
    public var losses: [Skipped] { skipped.filter { $0.reason != .notRestorable } }

    /// One line per skipped flow.
    public var description: String {
        skipped.isEmpty ? "nothing skipped" : skipped.map(\.description).joined(separator: "\n")
    }
}
