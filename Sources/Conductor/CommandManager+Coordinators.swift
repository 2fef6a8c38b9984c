/// Commands from the coordinator tree: the responder chain is the live tree, from the flow the user sees up to the
/// app.
extension CommandManager {
    /// Makes the responder chain the coordinator tree under `root`: the sender's own chain (if a sender is given),
    /// then the flow on top — the end of `BaseCoordinator/activePath`, a presented modal's flow included — then
    /// each parent up to `root`.
    ///
    /// Coordinators on that chain take part as responders do: a `CommandSupplier` offers the commands that apply
    /// while it is there, a `CommandContextProvider` fills in the context. So validation, menus and help follow the
    /// visible flow, with no list of screens anywhere.
    ///
    /// ```swift
    /// let commands = CommandManager()
    /// commands.followCoordinators(from: appCoordinator)
    /// commands.availableIdentifiers()          // what the visible flow and its parents offer
    /// ```
    ///
    /// The platform's chain is joined, not replaced: on UIKit pass `CommandManager.uiKitChain(from:)`
    /// (ConductorUIKit), so the view controllers from the sender up provide context before the coordinators.
    ///
    /// Views that validated an identifier (SwiftUI's `CommandButton`, a menu built with `withObservationTracking`)
    /// validate again when the tree's active path changes — a flow starts or ends, a tab is selected.
    ///
    /// The manager holds `root` weakly.
    /// - Parameters:
    ///   - root: The coordinator tree's root.
    ///   - platformChain: The sender's own chain, nearest first: `CommandManager.defaultChain(from:)` (which
    ///     follows `CommandResponder`) by default.
    public func followCoordinators(
        from root: BaseCoordinator,
        platformChain: @escaping @MainActor (AnyObject?) -> [AnyObject] = CommandManager.defaultChain(from:)
    ) {
        responderChain = { [weak root] sender in
            platformChain(sender) + (root?.activePath ?? [])
        }
        root.addActivePathObserver(owner: self) { [weak self] in self?.responderChainDidChange() }
    }
}
