/// A flow's router and the destination each of its modules shows: where a ``NavigatingFlow``'s
/// ``NavigationState`` is read from.
///
/// The router stays the one truth of what is on screen — the platform's back button, a swipe, a sheet dragged away
/// change it — and the value is read from it: each module the flow showed for a destination stands for that
/// destination. A module shown any other way (the seed's `push(module)`) has no destination: it is listed in
/// ``modulesWithoutDestination``, and ``NavigationTree`` reports it as not restorable instead of dropping it
/// silently.
///
/// ```swift
/// final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
///     let navigation = Navigation<NotesDestination>(router: HeadlessNavigationRouter(name: "notes"))
///     func content(for destination: NotesDestination) throws -> NavigationContent { … }
/// }
/// ```
@MainActor
public final class Navigation<Destination: Codable & Hashable & Sendable> {
    /// The router the flow's destinations are shown on.
    public let router: any NavigationRouter
    // The modules shown for a destination, and their destinations at the same indices. The bookkeeping is not generic
    // (the library's code runs unspecialised in the app, and would look up the metadata of every type built from
    // `Destination` on each use): only `destinations` is.
    private var modules: [WeakModule] = []
    private var destinations: [Destination] = []

    /// The navigation of a flow that shows its destinations on `router`.
    public init(router: any NavigationRouter) {
        self.router = router
    }

    /// The navigation as a value, read from the router: the destinations of its stack, root first, and of the
    /// module it presents. Modules without a destination are left out (``modulesWithoutDestination``).
    ///
    /// Reading it from a SwiftUI view or `withObservationTracking` tracks the router: the view updates when the
    /// stack or the presented module changes.
    public var state: NavigationState<Destination> {
        var state = NavigationState<Destination>()
        let stack = router.stack
        state.stack.reserveCapacity(stack.count)
        for module in stack {
            if let index = index(of: module) { state.stack.append(destinations[index]) }
        }
        if let presented = router.presented.first, let index = index(of: presented) {
            state.presented = destinations[index]
        }
        return state
    }

    /// The names of the modules on the router's stack, and of the module it presents, that were shown without a
    /// destination: they are not part of ``state``, so a restored navigation does not have them.
    public var modulesWithoutDestination: [String] {
        var names: [String] = []
        for module in router.stack where index(of: module) == nil { names.append(module.moduleName) }
        if let presented = router.presented.first, index(of: presented) == nil { names.append(presented.moduleName) }
        return names
    }

    /// The destination `module` was shown for, if it was shown for one.
    public func destination(of module: any Presentable) -> Destination? {
        index(of: module).map { destinations[$0] }
    }

    /// Whether `module` was shown for `destination`: a comparison without an optional of the destination type.
    func shows(_ module: any Presentable, _ destination: Destination) -> Bool {
        guard let index = index(of: module) else { return false }
        return destinations[index] == destination
    }

    /// The child flows presented for a destination, by the module presented (the child's router), held weakly.
    private var presentedFlows: [(module: WeakModule, flow: WeakFlow)] = []

    /// Records that `flow` is the child flow whose router `module` is, presented for a destination.
    func record(_ flow: BaseCoordinator, presenting module: any Presentable) {
        presentedFlows.removeAll { $0.module.object == nil || $0.flow.object == nil }
        presentedFlows.append((WeakModule(object: module), WeakFlow(object: flow)))
    }

    /// The child flow presented as `module`, while it runs.
    func flow(presenting module: any Presentable) -> BaseCoordinator? {
        presentedFlows.first { $0.module.object === module }?.flow.object
    }

    /// Whether `module` was shown for a destination.
    func hasDestination(_ module: any Presentable) -> Bool { index(of: module) != nil }

    /// The index of `module` in `modules`: a short list, the modules a flow shows.
    private func index(of module: any Presentable) -> Int? {
        for index in modules.indices where modules[index].object === module { return index }
        return nil
    }

    /// Records that `module` shows `destination`, forgetting the modules that left the router.
    func record(_ module: any Presentable, as destination: Destination) {
        // Forgetting is batched: only once the list holds more than the router shows, and then some.
        if modules.count > router.stack.count + router.presented.count + 16 { forgetModulesThatLeft() }
        if let index = index(of: module) {
            destinations[index] = destination
        } else {
            modules.append(WeakModule(object: module))
            destinations.append(destination)
        }
    }

    private func forgetModulesThatLeft() {
        var index = modules.count - 1
        while index >= 0 {
            let object = modules[index].object
            let shown =
                object.map { object in
                    router.stack.contains { $0 === object } || router.presented.contains { $0 === object }
                } ?? false
            if !shown {
                modules.remove(at: index)
                destinations.remove(at: index)
            }
            index -= 1
        }
    }
}

/// A flow held weakly: a navigation never keeps a presented flow alive after it finished.
@MainActor
struct WeakFlow {
    weak var object: BaseCoordinator?
}

/// A module held weakly: a navigation never keeps a screen alive after its router let it go.
@MainActor
struct WeakModule {
    weak var object: (any Presentable)?
}
