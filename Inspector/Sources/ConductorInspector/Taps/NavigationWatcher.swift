internal import ConductorCoordinators

/// Takes pictures of the coordinator tree and the navigation stacks the inspector was told about.
@MainActor
struct NavigationWatcher {
    private final class WeakCoordinator {
        weak var coordinator: BaseCoordinator?
        init(_ coordinator: BaseCoordinator) { self.coordinator = coordinator }
    }

    private final class WeakRouter {
        weak var router: (any NavigationRouter)?
        init(_ router: any NavigationRouter) { self.router = router }
    }

    private var rootReference: WeakCoordinator?
    private var routers: [WeakRouter] = []

    mutating func watch(_ coordinator: BaseCoordinator) { rootReference = WeakCoordinator(coordinator) }

    /// The watched root, while it lives.
    var root: BaseCoordinator? { rootReference?.coordinator }

    /// The watched tree as a value that time travel restores, with what could not be saved, or `nil` when none is
    /// watched.
    func restorableTree() -> (tree: NavigationTree, report: RestorationReport)? {
        root.map { NavigationTree.capture($0) }
    }

    /// The watched tree as a value, without the report: what is compared and recorded around every event.
    func restorableTreeOnly() -> NavigationTree? {
        root.map { NavigationTree.capture($0).tree }
    }

    /// Whether a coordinator or a router is watched.
    var isWatching: Bool { rootReference != nil || !routers.isEmpty }

    mutating func watch(_ router: any NavigationRouter) { routers.append(WeakRouter(router)) }

    /// The tree from the watched root, or `nil` when none is watched (or it is gone).
    func tree() -> CoordinatorNode? {
        guard let root else { return nil }
        let active = Set(([root] + root.activePath).map(ObjectIdentifier.init))
        func node(_ coordinator: BaseCoordinator) -> CoordinatorNode {
            CoordinatorNode(
                name: coordinator.name, isActive: active.contains(ObjectIdentifier(coordinator)),
                hasEnded: coordinator.hasEnded,
                children: coordinator.childCoordinators.compactMap { $0 as? BaseCoordinator }.map(node))
        }
        return node(root)
    }

    /// Each watched router's stack, with the routers and tab containers shown inside it.
    func stacks() -> [StackNode] {
        var seen: Set<ObjectIdentifier> = []
        return routers.compactMap(\.router).compactMap { stack(of: $0, selected: nil, seen: &seen) }
    }

    /// `App › Main › Items`: the active path's names.
    func visiblePath(_ tree: CoordinatorNode?) -> String {
        var names: [String] = []
        var node = tree
        while let current = node {
            names.append(current.name)
            node = current.children.last(where: \.isActive)
        }
        return names.isEmpty ? "navigation" : names.joined(separator: " › ")
    }

    private func stack(of router: any NavigationRouter, selected: Bool?, seen: inout Set<ObjectIdentifier>)
        -> StackNode?
    {
        guard seen.insert(ObjectIdentifier(router)).inserted else { return nil }
        let modules = router.stack + router.presented
        var children: [StackNode] = []
        for module in modules { children += nested(in: module, seen: &seen) }
        return StackNode(
            name: router.name, modules: router.stack.map(\.moduleName), presented: router.presented.map(\.moduleName),
            isSelected: selected, children: children)
    }

    private func nested(in module: any Presentable, seen: inout Set<ObjectIdentifier>) -> [StackNode] {
        if let router = module as? any NavigationRouter {
            return stack(of: router, selected: nil, seen: &seen).map { [$0] } ?? []
        }
        if let tabs = module as? TabRouter, seen.insert(ObjectIdentifier(tabs)).inserted {
            let children = tabs.tabNames.compactMap { name in
                tabs[name].flatMap { stack(of: $0, selected: name == tabs.selectedTab, seen: &seen) }
            }
            return [StackNode(name: tabs.name, modules: [], presented: [], isSelected: nil, children: children)]
        }
        return []
    }
}
