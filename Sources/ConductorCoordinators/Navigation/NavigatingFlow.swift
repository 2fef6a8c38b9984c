/// A flow whose navigation is a value: it declares its destinations as one `Codable`, `Hashable` type and builds
/// each one's screen; pushing, popping, presenting and dismissing are edits of its ``NavigationState``, and
/// ``NavigationTree`` saves and restores it with nothing written per flow.
///
/// ```swift
/// enum NotesDestination: Codable, Hashable, Sendable { case list, note(Int), editor }
///
/// final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
///     let navigation: Navigation<NotesDestination>
///
///     init(router: any NavigationRouter) {
///         navigation = Navigation(router: router)
///         super.init(actionRouter: nil)
///     }
///
///     func content(for destination: NotesDestination) throws -> NavigationContent {
///         switch destination {
///         case .list: return .screen(Page("Notes"))
///         case .note(let id): return .screen(Page("Note \(id)"))
///         case .editor:
///             let editor = EditorFlow()
///             return .flow(editor, showing: editor.router, dismissedOutput: ())
///         }
///     }
///
///     override func start() {
///         do { try setRoot(.list) } catch { navigation.router.onError?(.nothingToShow(operation: "start")) }
///     }
/// }
///
/// try notes.push(.note(3))
/// print(notes.navigationState)     // list › note(3)
/// try notes.navigate(to: NavigationState(stack: [.list], presented: .editor))
/// ```
///
/// The seed's module calls (`router.push(module, …)`) keep working on the same router; a module shown that way has
/// no destination, and a saved tree reports it as not restorable.
@preconcurrency @MainActor
public protocol NavigatingFlow: BaseCoordinator {
    /// Where the flow can go: typically an enum, one case per screen or presented flow.
    associatedtype Destination: Codable & Hashable & Sendable

    /// The flow's router and the destination each of its modules shows.
    var navigation: Navigation<Destination> { get }

    /// Builds what `destination` shows: a screen, or — presented — a child flow. Throw when it cannot be shown any
    /// more (the item it shows was deleted): the edit stops there, and a restoration reports the loss.
    func content(for destination: Destination) throws -> NavigationContent
}

extension NavigatingFlow {
    /// The flow's navigation as a value, read from its router.
    public var navigationState: NavigationState<Destination> { navigation.state }

    /// Pushes `destination` onto the stack.
    /// - Throws: What ``content(for:)`` throws; a ``NavigationError`` when the router refuses the screen, or when
    ///   the destination is a flow (``NavigationError/Code/cannotShow``), which can only be presented.
    public func push(_ destination: Destination, animated: Bool = true, hidesBottomBar: Bool = false) throws {
        try push(
            try screen(for: destination, "push"), as: destination, animated: animated, hidesBottomBar: hidesBottomBar)
    }

    /// Replaces the stack with `destination` as its root.
    /// - Throws: As ``push(_:animated:hidesBottomBar:)``.
    public func setRoot(_ destination: Destination, hideBar: Bool = false) throws {
        let module = try screen(for: destination, "setRoot")
        try navigation.router.setRoot(module, hideBar: hideBar)
        record(module, as: destination)
    }

    /// Presents `destination` over the stack: a screen, or a child flow on a stack of its own.
    /// - Throws: What ``content(for:)`` throws; the ``NavigationError`` of presenting.
    public func present(_ destination: Destination, animated: Bool = true) throws {
        try present(try content(for: destination), as: destination, animated: animated)
    }

    /// Pushes a screen built for `destination`.
    private func push(
        _ module: any Presentable, as destination: Destination, animated: Bool, hidesBottomBar: Bool
    ) throws {
        try navigation.router.push(module, animated: animated, hidesBottomBar: hidesBottomBar, onPop: nil)
        record(module, as: destination)
    }

    /// Presents what was built for `destination`.
    private func present(_ content: NavigationContent, as destination: Destination, animated: Bool) throws {
        var child: BaseCoordinator?
        switch content.kind {
        case .screen(let module):
            try navigation.router.present(module, animated: animated, completion: nil)
        case .flow(_, let flow, let present):
            try present(self, navigation.router, animated)
            child = flow
        }
        // What the router presents stands for the destination (and for the child flow, when it is one). A module the
        // router refused to present twice (it reports that) is not presented: nothing is recorded for it.
        guard let shown = content.module.toPresent(), navigation.router.presented.contains(where: { $0 === shown })
        else { return }
        navigation.record(shown, as: destination)
        if let child { navigation.record(child, presenting: shown) }
    }

    /// Pops the top destination.
    public func pop(animated: Bool = true) throws(NavigationError) {
        try navigation.router.pop(animated: animated)
    }

    /// Pops every destination above the root.
    public func popToRoot(animated: Bool = true) {
        navigation.router.popToRoot(animated: animated)
    }

    /// Dismisses the presented destination; a presented flow finishes with its dismissed output.
    public func dismiss(animated: Bool = true) throws(NavigationError) {
        try navigation.router.dismiss(animated: animated, completion: nil)
    }

    /// Brings the flow's navigation to `target`, changing as little as it can: the part of the stack both share
    /// stays (its screens are not rebuilt), the rest is popped and the target's destinations pushed; the presented
    /// destination is dismissed when it differs, and the target's presented.
    ///
    /// What restoration, links, time travel, previews and tests call. A router cannot show an empty stack once it
    /// has a root: an empty target stack pops to the root.
    ///
    /// Everything the target shows anew is built before anything changes: a destination that cannot be shown any
    /// more (its ``content(for:)`` throws — the item was deleted) leaves the screen exactly as it was, sheet included.
    ///
    /// A flow that shows its destinations on a router it shares — pushed over its parent's screens, as the seed's
    /// flows are — owns the stack from its first destination up: that part is edited, the parent's screens below
    /// stay. A presented child flow that leaves finishes at once, with its dismissed output, whatever the platform's
    /// animation.
    /// - Throws: What ``content(for:)`` throws for a destination that cannot be shown any more (nothing has changed
    ///   then), or a ``NavigationError`` of the router: the navigation then holds the part of `target` shown before
    ///   it.
    public func navigate(to target: NavigationState<Destination>, animated: Bool = false) throws {
        if navigation.isShowing(target) { return }
        let router = navigation.router
        let wanted = target.presented
        let presented = router.presented.first
        let keepsPresented =
            presented.map { presented in
                wanted.map { navigation.shows(presented, $0) } ?? !navigation.hasDestination(presented)
            } ?? true
        // The flow's part of the stack starts at its first destination (the root, for a flow that owns its router);
        // a flow with none on the stack yet adds its destinations over what is there.
        let modules = router.stack
        var base = modules.count
        for (index, module) in modules.enumerated() where navigation.hasDestination(module) {
            base = index
            break
        }
        if modules.isEmpty { base = 0 }
        // The shared part: modules whose destinations are the target's, in order, from the base.
        let stack = target.stack
        var shared = 0
        while base + shared < modules.count, shared < stack.count,
            navigation.shows(modules[base + shared], stack[shared])
        {
            shared += 1
        }
        let newRoot = base == 0 && shared == 0 && !stack.isEmpty
        // Built first, so that a destination that cannot be shown changes nothing.
        var screens: [any Presentable] = []
        if shared < stack.count { screens.reserveCapacity(stack.count - shared) }
        for index in shared..<stack.count {
            screens.append(try screen(for: stack[index], newRoot && index == 0 ? "setRoot" : "push"))
        }
        let presentedContent: NavigationContent?
        if let wanted, !(keepsPresented && presented != nil) {
            presentedContent = try content(for: wanted)
        } else {
            presentedContent = nil
        }
        if !keepsPresented {
            // A presented flow finishes now (its sheet leaves with it), so the tree no longer holds it while the
            // platform animates; then everything still presented leaves, topmost first.
            if let presented { navigation.flow(presenting: presented)?.dismissAsUser?() }
            while !router.presented.isEmpty { try router.dismiss(animated: animated, completion: nil) }
        }
        var index = shared
        if newRoot {
            let hideBar = (router as? HostedNavigationRouter)?.hidesNavigationBar ?? false
            try router.setRoot(screens[0], hideBar: hideBar)
            record(screens[0], as: stack[0])
            index = 1
        } else if let hosted = router as? HostedNavigationRouter {
            // One change the platform shows as one transition: what leaves and what comes, together.
            let coming = Array(screens[(index - shared)...])
            try hosted.replaceStack(keeping: max(base + shared, 1), with: coming, animated: animated)
            for (offset, screen) in coming.enumerated() { record(screen, as: stack[index + offset]) }
            index = stack.count
        } else {
            while router.stack.count > max(base + shared, 1) { try router.pop(animated: false) }
        }
        while index < stack.count {
            let last = index == stack.count - 1
            try push(screens[index - shared], as: stack[index], animated: animated && last, hidesBottomBar: false)
            index += 1
        }
        if let wanted, let presentedContent { try present(presentedContent, as: wanted, animated: animated) }
    }

    /// The screen of a destination pushed or set as root; a flow cannot be.
    private func screen(for destination: Destination, _ operation: String) throws -> any Presentable {
        let content = try content(for: destination)
        guard case .screen(let module) = content.kind else {
            throw NavigationError.cannotShow(module: "\(destination)", router: navigation.router.name)
        }
        return module
    }

    private func record(_ module: any Presentable, as destination: Destination) {
        guard let shown = module.toPresent() else { return }
        navigation.record(shown, as: destination)
    }
}
