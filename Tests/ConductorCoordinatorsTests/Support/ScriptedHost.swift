import ConductorCoordinators

/// A fake platform container that records what the router asks it to show, and replays the event sequences UIKit
/// sends its delegates when the user navigates without the app (back button, swipe, sheet dragged down).
@MainActor
final class ScriptedHost: NavigationHost {
    private(set) var shown: [String] = []
    private(set) var presented: [String] = []
    private(set) var calls: [String] = []
    weak var router: HostedNavigationRouter?

    func show(stack: [any Presentable], animated: Bool) {
        shown = stack.map(\.moduleName)
        calls.append("show \(shown.joined(separator: ","))")
    }

    /// Module names this host cannot show, as UIKit cannot show what is not a view controller.
    var refused: Set<String> = []
    /// Completions of presentations and dismissals the platform has not finished yet.
    private var transitions: [@MainActor () -> Void] = []

    func canShow(_ module: any Presentable) -> Bool { !refused.contains(module.moduleName) }

    /// Module names this host can present but not push, as UIKit cannot push a navigation controller.
    var unpushable: Set<String> = []

    func canPush(_ module: any Presentable) -> Bool { canShow(module) && !unpushable.contains(module.moduleName) }

    func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        presented.append(module.moduleName)
        calls.append("present \(module.moduleName)")
        transitions.append(completion)
    }

    func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        presented.removeAll { $0 == module.moduleName }
        calls.append("dismiss \(module.moduleName)")
        transitions.append(completion)
    }

    /// The platform finishes its presentations and dismissals, as UIKit does after their animations.
    func finishTransitions() {
        let finished = transitions
        transitions = []
        for completion in finished { completion() }
    }

    func setHidesBottomBar(_ hidden: Bool, for module: any Presentable) {
        if hidden { calls.append("hide bottom bar for \(module.moduleName)") }
    }

    func setNavigationBarHidden(_ hidden: Bool) {
        if hidden { calls.append("hide navigation bar") }
    }

    // MARK: What the user does, as UIKit reports it

    /// The back button: `willShow` then `didShow` with the shorter stack.
    func tapBack() throws {
        guard let router else { return }
        let target = Array(router.stack.dropLast())
        router.hostWillShow(target)
        shown = target.map(\.moduleName)
        try router.hostDidShow(target)
    }

    /// An interactive swipe-back that completes: `willShow`, then (interaction ends) `didShow`.
    func swipeBack() throws { try tapBack() }

    /// An interactive swipe-back let go halfway: `willShow` with the shorter stack, then the transition is cancelled
    /// and UIKit shows the original top again (`didShow` with the full stack).
    func swipeBackAndCancel() throws {
        guard let router else { return }
        let original = router.stack
        router.hostWillShow(Array(original.dropLast()))
        router.hostCancelledTransition()
        try router.hostDidShow(original)
    }

    /// A long press on the back button, choosing a module further down.
    func popBack(to index: Int) throws {
        guard let router else { return }
        let target = Array(router.stack.prefix(index + 1))
        router.hostWillShow(target)
        try router.hostDidShow(target)
    }

    /// A sheet dragged down: `presentationControllerDidDismiss`.
    func swipeDownSheet() {
        guard let router, let top = router.presented.last else { return }
        presented.removeLast()
        router.hostDidDismiss(top)
    }
}
