/// The host of a window's router shown by no platform container of its own: headless (tests, the terminal) and
/// SwiftUI, whose `RouterRoot` view observes the router. It shows one root — a stack, tabs or a screen — and has
/// nothing to do when told to show it; the router refuses a push or a present on it.
@MainActor
package final class WindowRootHost: NavigationHost {
    package init() {}

    /// A window's: one root, no push, no present.
    package var isWindow: Bool { true }

    /// Nothing: the root is the router's, and views observe the router.
    package func show(stack: [any Presentable], animated: Bool) {}

    /// Never called: the router refuses a present on a window's router.
    package func present(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        completion()
    }

    /// Never called: nothing is presented on a window's router.
    package func dismiss(_ module: any Presentable, animated: Bool, completion: @escaping @MainActor () -> Void) {
        completion()
    }
}
