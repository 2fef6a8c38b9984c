internal import ConductorSupport
public import Foundation

/// The running coordinator tree as a `Codable` value — each flow, its place (``RestorableFlow``), the selected tab
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
/// // At launch: the root starts as usual (the state picks the flow), then the saved places are restored.
/// root.run()
/// if let data = try database.loadNavigation() {
///     let report = try JSONDecoder().decode(NavigationTree.self, from: data).restore(into: root)
///     for lost in report.losses { logger.notice("\(lost)") }
/// }
/// ```
///
/// Restoring walks the saved tree from the root: it selects each tab container's tab, asks each restorable flow to
/// rebuild its place (which may present child flows), then restores the saved children among the running ones, by
/// name and order. What cannot be restored — a flow that is not restorable, a saved flow that is not running any
/// more, a place that does not decode or show — is left where it is and listed in the ``RestorationReport``; nothing
/// is skipped silently.
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
        /// The flow's place as JSON, for a ``RestorableFlow``.
        public var place: String?
        /// The selected tab, for a ``TabCoordinator``.
        public var selectedTab: String?
        /// The child flows, in the order they were added.
        public var children: [Flow]

        /// A flow of a saved tree.
        public init(
            name: String, navigation: Value? = nil, place: String? = nil, selectedTab: String? = nil,
            children: [Flow] = []
        ) {
            self.name = name
            self.savedNavigation = navigation.map(SavedNavigation.value)
            self.place = place
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

    /// The tree under `root` as it runs now, and the flows whose place could not be saved.
    ///
    /// Only the ``BaseCoordinator/childCoordinators`` that are `BaseCoordinator`s are saved; a flow that is neither
    /// a ``RestorableFlow`` nor a ``TabCoordinator`` is saved without a place and reported as
    /// ``RestorationReport/Reason/notRestorable`` (its children are still saved).
    ///
    /// While the Inspector's time travel shows a past tree on screen, capturing the watched root gives the tree the
    /// app returns to when it resumes — where the user really is — so that an app saving its place meanwhile does not
    /// save the past.
    @MainActor
    public static func capture(_ root: BaseCoordinator) -> (tree: NavigationTree, report: RestorationReport) {
        if let live = root.liveTreeWhileShowingThePast?() { return live }
        var report: RestorationReport? = RestorationReport()
        let flow = capture(root, path: root.name, encoder: placeEncoder(), report: &report)
        return (NavigationTree(root: flow), report ?? RestorationReport())
    }

    /// The tree under `root` as it runs now, without the report: what the Inspector compares around every event.
    @MainActor
    package static func captureTree(_ root: BaseCoordinator) -> NavigationTree {
        if let live = root.liveTreeWhileShowingThePast?() { return live.tree }
        var report: RestorationReport?
        return NavigationTree(root: capture(root, path: "", encoder: placeEncoder(), report: &report))
    }

    /// Places as JSON text, their keys sorted so that equal places are equal text.
    private static func placeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// The flow of `coordinator`; its path and what is saved are added to `report` when there is one.
    @MainActor
    private static func capture(
        _ coordinator: BaseCoordinator, path: String, encoder: JSONEncoder, report: inout RestorationReport?
    ) -> Flow {
        var flow = Flow(name: coordinator.name)
        flow.selectedTab = (coordinator as? any TabSelecting)?.selectedTabName
        var saved = flow.selectedTab != nil
        if let navigating = coordinator as? any NavigatingFlow {
            flow.savedNavigation = navigating.savedNavigation()
            saved = true
            if report != nil {
                let unsaved = navigating.modulesWithoutDestination
                if !unsaved.isEmpty {
                    report?.skipped.append(.init(path: path, reason: .modulesWithoutDestination(unsaved)))
                }
            }
        }
        if let restorable = coordinator as? any RestorableFlow {
            do {
                flow.place = try restorable.encodedPlace(with: encoder)
                report?.restored.append(path)
            } catch {
                report?.skipped.append(.init(path: path, reason: .failed("\(error)")))
            }
        } else if saved {
            report?.restored.append(path)
        } else if flow.savedNavigation == nil {
            report?.skipped.append(.init(path: path, reason: .notRestorable))
        }
        for child in coordinator.childCoordinators {
            guard let child = child as? BaseCoordinator else { continue }
            let childPath = report == nil ? "" : "\(path) › \(child.name)"
            flow.children.append(capture(child, path: childPath, encoder: encoder, report: &report))
        }
        return flow
    }

    // MARK: Restoring

    /// Rebuilds the saved places in the tree under `root`, which has started; returns what was restored and what
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
        Self.restore(self.root, into: root, path: root.name, report: &report)
        return report
    }

    @MainActor
    private static func restore(
        _ flow: Flow, into coordinator: BaseCoordinator, path: String, report: inout RestorationReport
    ) {
        var restored = false
        if let tab = flow.selectedTab, let tabs = coordinator as? any TabSelecting {
            do {
                try tabs.selectTab(named: tab)
                restored = true
            } catch {
                report.skipped.append(.init(path: path, reason: .failed(error.description)))
            }
        }
        let navigating = coordinator as? any NavigatingFlow
        if let navigation = flow.savedNavigation {
            if let navigating {
                do {
                    try navigating.restoreNavigation(navigation)
                    restored = true
                } catch {
                    report.skipped.append(.init(path: path, reason: .failed("\(error)")))
                }
            } else {
                report.skipped.append(.init(path: path, reason: .notRestorable))
            }
        } else if navigating != nil, flow.place != nil, !(coordinator is any RestorableFlow) {
            report.skipped.append(
                .init(
                    path: path, reason: .failed("its place was saved by an older version, as a place, not a navigation")
                ))
        }
        if let place = flow.place {
            if let restorable = coordinator as? any RestorableFlow {
                do {
                    try restorable.restore(encodedPlace: place)
                    restored = true
                } catch {
                    report.skipped.append(.init(path: path, reason: .failed("\(error)")))
                }
            } else {
                report.skipped.append(.init(path: path, reason: .notRestorable))
            }
        } else if coordinator is any RestorableFlow {
            // Its place was not saved (it did not encode): the place the user had is lost, and said so.
            report.skipped.append(.init(path: path, reason: .failed("no place was saved for it")))
        } else if flow.selectedTab == nil && flow.savedNavigation == nil && navigating == nil {
            report.skipped.append(.init(path: path, reason: .notRestorable))
        }
        if restored { report.restored.append(path) }
        // The saved children, matched to the running ones by name, in order: the nth saved `ItemCreateCoordinator`
        // is the nth running one.
        var taken: Set<ObjectIdentifier> = []
        for savedChild in flow.children {
            let childPath = "\(path) › \(savedChild.name)"
            var running: BaseCoordinator?
            for child in coordinator.childCoordinators {
                // A flow that has ended (a sheet the navigation just replaced, still animating out) is not running.
                guard let child = child as? BaseCoordinator, child.name == savedChild.name, !child.hasEnded,
                    !taken.contains(ObjectIdentifier(child))
                else { continue }
                running = child
                break
            }
            guard let running else {
                report.skipped.append(.init(path: childPath, reason: .notFound))
                continue
            }
            taken.insert(ObjectIdentifier(running))
            restore(savedChild, into: running, path: childPath, report: &report)
        }
    }
}

extension RestorableFlow {
    /// The place as JSON text, written by `encoder` (keys sorted, so that equal places are equal text).
    fileprivate func encodedPlace(with encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(place), as: UTF8.self)
    }

    /// Decodes a place saved by ``encodedPlace()`` and restores it.
    fileprivate func restore(encodedPlace text: String) throws {
        try restore(try JSONDecoder().decode(Place.self, from: Data(text.utf8)))
    }
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
    /// The flow's navigation as captured: its own value, encoded only if the tree is.
    fileprivate func savedNavigation() -> SavedNavigation { .state(TypedNavigation(state: navigationState)) }

    /// Brings the flow to a saved navigation: its own value when the tree was captured here, decoded when it was read.
    fileprivate func restoreNavigation(_ saved: SavedNavigation) throws {
        if case .state(let captured) = saved, let typed = captured as? TypedNavigation<Destination> {
            return try navigate(to: typed.state)
        }
        guard let value = saved.value else { return }
        try navigate(to: try value.decode(NavigationState<Destination>.self))
    }

    /// The modules its router shows without a destination.
    fileprivate var modulesWithoutDestination: [String] { navigation.modulesWithoutDestination }
}

/// A coordinator with a selected tab: ``TabCoordinator``, whatever its output.
@MainActor
package protocol TabSelecting: BaseCoordinator {
    var selectedTabName: String { get }
    func selectTab(named tab: String) throws(NavigationError)
}

extension TabCoordinator: TabSelecting {
    package var selectedTabName: String { tabs.selectedTab }
    package func selectTab(named tab: String) throws(NavigationError) { try tabs.select(tab) }
}
