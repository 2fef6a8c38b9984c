internal import ConductorSupport
public import Foundation

/// The running coordinator tree as a `Codable` value — each flow's navigation (``NavigatingFlow``), the selected tab
/// of each ``TabCoordinator`` — that rebuilds the tree where it was: after a relaunch, or when time travel moves
/// back.
///
/// Save it when the app goes to the background, and restore it after starting the root at launch:
///
/// ```swift
/// // Saving
/// let (tree, _) = NavigationTree.capture(root)
/// try database.saveNavigation(JSONEncoder().encode(tree))
///
/// // At launch: the root starts as usual (the state picks the flow), then the saved navigation is restored.
/// root.run()
/// if let data = try database.loadNavigation() {
///     let report = try NavigationTree(json: data).restore(into: root)   // bounded: 1 MiB at most
///     for lost in report.losses { logger.notice("\(lost)") }
/// }
/// ```
///
/// Restoring walks the saved tree from the root: it selects each tab container's tab, brings each navigating flow to
/// its saved ``NavigationState`` (which may present child flows), then restores the saved children among the running
/// ones, by name and order. What cannot be restored — a flow that is not restorable, a saved flow that is not running
/// any more, a navigation that does not decode or show — is left where it is and listed in the
/// ``RestorationReport``; nothing is skipped silently.
public struct NavigationTree: Codable, Sendable, Equatable {
    /// The version of the format this library writes and reads.
    /// Format 2 added each flow's ``Flow/navigation``; format 1 trees are still read.
    public static let formatVersion = 2

    /// One flow of the tree.
    public struct Flow: Codable, Sendable, Equatable {
        /// The coordinator's name (``BaseCoordinator/name``, its type name).
        public var name: String
        /// The flow's navigation, for a ``NavigatingFlow``: its ``NavigationState`` as JSON.
        public var navigation: Value? {
            get { savedNavigation?.value }
            set { savedNavigation = newValue.map(SavedNavigation.value) }
        }
        /// The navigation as captured (the flow's own value, encoded only when the tree is) or as read.
        var savedNavigation: SavedNavigation?
        /// The place an earlier version saved for the flow (as JSON), before places gave way to navigation values:
        /// never written now, read so that restoring reports the place as lost (``RestorationReport/losses``).
        public internal(set) var place: String?
        /// The selected tab, for a ``TabCoordinator``.
        public var selectedTab: String?
        /// The child flows, in the order they were added.
        public var children: [Flow]

        /// A flow of a saved tree.
        public init(name: String, navigation: Value? = nil, selectedTab: String? = nil, children: [Flow] = []) {
            self.name = name
            self.savedNavigation = navigation.map(SavedNavigation.value)
            self.selectedTab = selectedTab
            self.children = children
        }

        /// A captured flow.
        init(name: String, savedNavigation: SavedNavigation?, selectedTab: String?, children: [Flow]) {
            self.name = name
            self.savedNavigation = savedNavigation
            self.selectedTab = selectedTab
            self.children = children
        }
    }

    /// The format version the tree was written with.
    public let version: Int
    /// The root flow.
    public var root: Flow

    /// A tree of `root`, in this library's format.
    public init(root: Flow) {
        self.version = Self.formatVersion
        self.root = root
    }

    /// Decodes a tree, refusing one written by a newer format (`DecodingError.dataCorrupted`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try FormatVersion.decode(
            .version, in: container, current: Self.formatVersion, what: "The navigation was saved")
        root = try container.decode(Flow.self, forKey: .root)
    }

    /// The most bytes of JSON ``init(json:maximumSize:)`` reads by default: 1 MiB, a thousand times what a deep tree
    /// of flows takes.
    public static let maximumJSONSize = 1 << 20

    /// Decodes a saved tree from its JSON, refusing text larger than `maximumSize` bytes before reading it: what an
    /// app reads from disk is data, and a tree grown (or written) past any real navigation is not decoded.
    /// - Throws: `DecodingError.dataCorrupted` when the text is too large, not a tree, or of a newer format.
    public init(json data: Data, maximumSize: Int = NavigationTree.maximumJSONSize) throws {
        guard data.count <= maximumSize else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "The navigation saved is \(data.count) bytes; at most \(maximumSize) are read."))
        }
        self = try JSONDecoder().decode(NavigationTree.self, from: data)
    }

    // MARK: Capturing

    /// The tree under `root` as it runs now, and what of it could not be saved.
    ///
    /// Only the ``BaseCoordinator/childCoordinators`` that are `BaseCoordinator`s are saved; a flow that is neither
    /// a ``NavigatingFlow`` nor a ``TabCoordinator`` is saved with its name only and reported as
    /// ``RestorationReport/Reason/notRestorable`` (its children are still saved).
    ///
    /// Capturing reads what runs — no tool changes it: while a debugger's time travel shows a past tree, the capture
    /// is of that past.
    @MainActor
    public static func capture(_ root: BaseCoordinator) -> (tree: NavigationTree, report: RestorationReport) {
        var report: RestorationReport? = RestorationReport()
        let flow = capture(root, parent: nil, report: &report)
        return (NavigationTree(root: flow), report ?? RestorationReport())
    }

    /// The flow of `coordinator`, under the flow `parent` of `report`; what is saved is added to `report` when there
    /// is one.
    @MainActor
    private static func capture(_ coordinator: BaseCoordinator, parent: Int?, report: inout RestorationReport?) -> Flow
    {
        let name = coordinator.name
        let index = report?.flow(named: name, under: parent) ?? -1
        let selectedTab = coordinator.selectedTabName
        let role = coordinator.restorationRole
        var savedNavigation: SavedNavigation?
        if let navigation = role.navigation {
            savedNavigation = .state(navigation.captured())
            if report != nil {
                let unsaved = navigation.modulesWithoutDestination
                if !unsaved.isEmpty { report?.skip(index, .modulesWithoutDestination(unsaved)) }
            }
        }
        if selectedTab != nil || savedNavigation != nil {
            report?.restore(index)
        } else {
            report?.skip(index, .notRestorable)
        }
        var children: [Flow] = []
        let running = coordinator.childCoordinators
        if !running.isEmpty { children.reserveCapacity(running.count) }
        for child in running {
            guard let child = child as? BaseCoordinator else { continue }
            children.append(capture(child, parent: index, report: &report))
        }
        return Flow(name: name, savedNavigation: savedNavigation, selectedTab: selectedTab, children: children)
    }

    // MARK: Restoring

    /// Rebuilds the saved navigation in the tree under `root`, which has started; returns what was restored and what
    /// was skipped.
    ///
    /// A saved root of another name restores nothing (``RestorationReport/Reason/notFound``).
    @MainActor
    @discardableResult
    public func restore(into root: BaseCoordinator) -> RestorationReport {
        var report = RestorationReport()
        guard root.name == self.root.name else {
            report.skipped.append(.init(path: self.root.name, reason: .notFound))
            return report
        }
        Self.restore(self.root, into: root, index: report.flow(named: self.root.name, under: nil), report: &report)
        return report
    }

    @MainActor
    private static func restore(
        _ flow: Flow, into coordinator: BaseCoordinator, index: Int, report: inout RestorationReport
    ) {
        var restored = false
        if let tab = flow.selectedTab, let tabs = coordinator as? any TabSelecting {
            do {
                try tabs.selectTab(named: tab)
                restored = true
            } catch {
                report.skip(index, .failed(error.description))
            }
        }
        let role = coordinator.restorationRole
        if let navigation = flow.savedNavigation {
            if case .state(let captured) = navigation, role.navigation?.isShowing(captured) == true {
                restored = true  // it shows what was captured: nothing to change
            } else if let navigating = coordinator as? any NavigatingFlow {
                do {
                    try navigating.restoreNavigation(navigation)
                    restored = true
                } catch {
                    report.skip(index, .failed("\(error)"))
                }
            } else {
                report.skip(index, .notRestorable)
            }
        } else if flow.selectedTab == nil && flow.place == nil && role.navigation == nil {
            report.skip(index, .notRestorable)
        }
        if flow.place != nil {
            // Saved by an earlier version as a `RestorableFlow` place, which no flow reads any more: the place the
            // user had is lost, and said so.
            report.skip(index, .failed(Self.retiredPlace))
        }
        if restored { report.restore(index) }
        // The saved children, matched to the running ones by name, in order: the nth saved `ItemCreateCoordinator`
        // is the nth running one.
        guard !flow.children.isEmpty else { return }
        let running = coordinator.childCoordinators
        var taken = TakenChildren()
        for child in flow.children.indices {
            let savedChild = flow.children[child]
            let childIndex = report.flow(named: savedChild.name, under: index)
            var match: BaseCoordinator?
            for position in running.indices where !taken.contains(position) {
                // A flow that has ended (a sheet the navigation just replaced, still animating out) is not running.
                guard let candidate = running[position] as? BaseCoordinator, candidate.name == savedChild.name,
                    !candidate.hasEnded
                else { continue }
                taken.insert(position)
                match = candidate
                break
            }
            guard let match else {
                report.skip(childIndex, .notFound)
                continue
            }
            restore(savedChild, into: match, index: childIndex, report: &report)
        }
    }
}

/// The running children a restore matched, by position: a bit each for the first 64, a set beyond (none allocated
/// for a flow's usual handful).
private struct TakenChildren {
    private var first: UInt64 = 0
    private var beyond: Set<Int> = []

    func contains(_ position: Int) -> Bool {
        position < 64 ? first & (1 << UInt64(position)) != 0 : beyond.contains(position)
    }

    mutating func insert(_ position: Int) {
        if position < 64 { first |= 1 << UInt64(position) } else { beyond.insert(position) }
    }
}

extension NavigationTree {
    /// Why a flow saved with a place by an earlier version reopens at its start.
    static let retiredPlace =
        "its place was saved by an earlier version (RestorableFlow, retired); it reopens at its start"
}

extension BaseCoordinator {
    /// Starts this root and brings its tree to `tree`: the app at one place — for a preview, a snapshot test, or a
    /// bug report's "open exactly here" — as a relaunch reopens it.
    ///
    /// ```swift
    /// let root = AppRoot()
    /// let report = root.run(restoring: savedTree)
    /// #expect(report.losses.isEmpty)
    /// ```
    /// - Returns: What could not be restored.
    @discardableResult
    public func run(restoring tree: NavigationTree) -> RestorationReport {
        run()
        return tree.restore(into: self)
    }
}

extension NavigatingFlow {
    /// Brings the flow to a saved navigation: its own value when the tree was captured here, decoded when it was read.
    fileprivate func restoreNavigation(_ saved: SavedNavigation) throws {
        if case .state(let captured) = saved, let typed = captured as? TypedNavigation<Destination> {
            return try navigate(to: typed.state)
        }
        guard let value = saved.value else { return }
        try navigate(to: try value.decode(NavigationState<Destination>.self))
    }
}

/// A coordinator with a selected tab: ``TabCoordinator``, whatever its output.
@MainActor
package protocol TabSelecting: BaseCoordinator {
    func selectTab(named tab: String) throws(NavigationError)
}

extension TabCoordinator: TabSelecting {
    package func selectTab(named tab: String) throws(NavigationError) { try tabs.select(tab) }
}
