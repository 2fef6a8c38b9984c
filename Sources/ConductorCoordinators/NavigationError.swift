/// A navigation request that cannot be carried out, naming the module or router involved and what to do.
public enum NavigationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A module's `toPresent()` returned `nil`, so there was nothing to show.
    case nothingToShow(operation: String)
    /// `pop` was called on a stack holding only its root (or nothing).
    case nothingToPop(router: String)
    /// `dismiss` was called with no module presented.
    case nothingPresented(router: String)
    /// The module is already on the stack or presented; a module is shown in one place at a time.
    case alreadyShown(module: String, router: String)
    /// The platform reported popping a module that is not on the stack.
    case notOnStack(module: String, router: String)
    /// A tab container has no tab of this name.
    case noSuchTab(tab: String, container: String, tabs: [String])

    /// Says what went wrong and what to do.
    public var description: String {
        switch self {
        case .nothingToShow(let operation):
            return "\(operation): the module's toPresent() returned nil, so there is nothing to show. Return the "
                + "view (or the flow's root) from toPresent()."
        case .nothingToPop(let router):
            return "Router '\(router)' cannot pop: its stack holds only its root. Check `canPop` first, or "
                + "dismiss or set a new root instead."
        case .nothingPresented(let router):
            return "Router '\(router)' cannot dismiss: nothing is presented. Check `presented` first."
        case .alreadyShown(let module, let router):
            return "Module '\(module)' is already shown by router '\(router)'; a module is shown in one place at a "
                + "time. Create a new module, or pop back to it."
        case .noSuchTab(let tab, let container, let tabs):
            return "Tab container '\(container)' has no tab '\(tab)'; its tabs are \(tabs.joined(separator: ", "))."
        case .notOnStack(let module, let router):
            return "The platform popped module '\(module)', which router '\(router)' does not have on its stack."
        }
    }
}
