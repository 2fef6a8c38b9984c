/// What a destination shows: a screen, or — for a presented destination — a child flow on a stack of its own.
///
/// A ``NavigatingFlow`` builds it in ``NavigatingFlow/content(for:)``:
///
/// ```swift
/// func content(for destination: NotesDestination) throws -> NavigationContent {
///     switch destination {
///     case .list: return .screen(NotesList())
///     case .note(let id): return .screen(try NoteScreen(id))   // throws when the note is gone
///     case .editor:
///         let editor = EditorFlow()
///         return .flow(editor, showing: editor.router, dismissedOutput: nil) { draft in print(draft ?? "cancelled") }
///     }
/// }
/// ```
@preconcurrency @MainActor
public struct NavigationContent {
    /// How the content is shown.
    enum Kind {
        /// A module, pushed or presented as it is.
        case screen(any Presentable)
        /// A child flow's router, presented over the stack by `present`, which starts the child.
        case flow(
            router: any NavigationRouter, child: BaseCoordinator,
            present: @MainActor (BaseCoordinator, any NavigationRouter, Bool) throws(NavigationError) -> Void)
    }

    let kind: Kind

    /// A screen: a module pushed onto the stack, or presented over it.
    public static func screen(_ module: any Presentable) -> NavigationContent {
        NavigationContent(kind: .screen(module))
    }

    /// A child flow, started and presented on a stack of its own when its destination is presented; the flow and
    /// the sheet end together (``BaseCoordinator/presentChild(_:showing:on:animated:dismissedOutput:onFinish:)``).
    /// Only a presented destination can be a flow: pushing one is refused with ``NavigationError/Code/cannotShow``.
    /// - Parameters:
    ///   - child: A new flow, which shows its screens on `router`.
    ///   - router: The child's stack, presented over the parent's.
    ///   - dismissedOutput: The child's output when the user dismisses its sheet, or when the parent's navigation
    ///     no longer presents it.
    ///   - onFinish: Receives the child's output once it has been removed and its sheet dismissed.
    public static func flow<Output>(
        _ child: FlowCoordinator<Output>,
        showing router: any NavigationRouter,
        dismissedOutput: Output,
        onFinish: @escaping @MainActor (Output) -> Void = { _ in }
    ) -> NavigationContent {
        NavigationContent(
            kind: .flow(router: router, child: child) { parent, over, animated throws(NavigationError) in
                try parent.presentChild(
                    child, showing: router, on: over, animated: animated, dismissedOutput: dismissedOutput,
                    onFinish: onFinish)
            })
    }

    /// The module a router shows for this content: the screen, or the child flow's router.
    var module: any Presentable {
        switch kind {
        case .screen(let module): module
        case .flow(let router, _, _): router
        }
    }
}
