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
        /// The flow is not a ``RestorableFlow`` (nor a ``TabCoordinator``): its `start()` alone rebuilds it.
        case notRestorable
        /// The saved flow is not running after its parent was restored (the state started another flow).
        case notFound
        /// The flow's place did not encode, decode or show; the error's description.
        case failed(String)
        /// The flow's router shows these modules without a destination (pushed or presented as modules, with the
        /// seed's calls): the rest of its navigation is saved, these screens are not.
        case modulesWithoutDestination([String])

        /// A short explanation.
        public var description: String {
            switch self {
            case .notRestorable: "not restorable: its start() alone rebuilds it"
            case .notFound: "not running any more, so its saved place was left out"
            case .failed(let reason): "its place could not be restored: \(reason)"
            case .modulesWithoutDestination(let modules):
                "shown without a destination, so not saved: \(modules.joined(separator: ", "))"
            }
        }
    }

    /// The paths of the flows restored to their saved place (or tab) — or, in the report of
    /// ``NavigationTree/capture(_:)``, saved with one.
    public internal(set) var restored: [String] = []
    /// The flows that were left where they were.
    public internal(set) var skipped: [Skipped] = []

    /// A report of these flows; empty by default.
    public init(restored: [String] = [], skipped: [Skipped] = []) {
        self.restored = restored
        self.skipped = skipped
    }

    /// The skipped flows whose place was lost (``Reason/notFound`` and ``Reason/failed(_:)``), leaving out
    /// ``Reason/notRestorable``, which loses nothing saved.
    public var losses: [Skipped] { skipped.filter { $0.reason != .notRestorable } }

    /// One line per skipped flow.
    public var description: String {
        skipped.isEmpty ? "nothing skipped" : skipped.map(\.description).joined(separator: "\n")
    }
}
