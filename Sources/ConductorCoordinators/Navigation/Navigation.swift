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
    /// The destination of each module shown for one, by the module's identity.
    private var shown: [ObjectIdentifier: (module: WeakModule, destination: Destination)] = [:]

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
        state.stack = router.stack.compactMap(destination(of:))
        state.presented = router.presented.first.flatMap(destination(of:))
        return state
    }

    /// The names of the modules on the router's stack, and of the module it presents, that were shown without a
    /// destination: they are not part of ``state``, so a restored navigation does not have them.
    public var modulesWithoutDestination: [String] {
        var modules = router.stack
        if let presented = router.presented.first { modules.append(presented) }
        return modules.filter { destination(of: $0) == nil }.map(\.moduleName)
    }

    /// The destination `module` was shown for, if it was shown for one.
    public func destination(of module: any Presentable) -> Destination? {
        guard let entry = shown[ObjectIdentifier(module)], entry.module.object === module else { return nil }
        return entry.destination
    }

    /// Records that `module` shows `destination`, forgetting the modules that left the router.
    func record(_ module: any Presentable, as destination: Destination) {
        // Forgetting is batched: only once the table holds more than the router shows, and then some.
        if shown.count > router.stack.count + router.presented.count + 16 {
            shown = shown.filter { _, entry in
                guard let object = entry.module.object else { return false }
                return router.stack.contains { $0 === object } || router.presented.contains { $0 === object }
            }
        }
        shown[ObjectIdentifier(module)] = (WeakModule(object: module), destination)
    }
}

/// A module held weakly: a navigation never keeps a screen alive after its router let it go.
@MainActor
struct WeakModule {
    weak var object: (any Presentable)?
}
