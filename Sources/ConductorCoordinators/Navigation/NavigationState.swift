/// A flow's navigation as a value: the destinations on its stack, root first, and at most one presented over them.
///
/// A flow declares its destinations as one `Codable`, `Hashable` type — typically an enum — and its navigation is a
/// `NavigationState` of that type. The flow's router renders it (``NavigatingFlow/content(for:)`` builds each
/// destination's screen, or the flow it presents), and what the user does on the platform — the back button, a swipe
/// back, a sheet swiped away — changes the router and so the value. Restoration (``NavigationTree``), links,
/// previews and tests read and write this one value:
///
/// ```swift
/// enum NotesDestination: Codable, Hashable, Sendable { case list, note(Int), editor }
///
/// var state = NavigationState<NotesDestination>(stack: [.list])
/// state.stack.append(.note(3))
/// state.presented = .editor
/// let data = try JSONEncoder().encode(state)   // {"stack":[{"list":{}},{"note":{"_0":3}}],"presented":{"editor":{}}}
/// ```
///
/// Like SwiftUI's `NavigationPath` and TCA's `StackState`, the value holds what to show, not how: screens are built
/// from it, and two equal values show the same screens.
public struct NavigationState<Destination: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The destinations on the stack, root first.
    public var stack: [Destination]
    /// The destination presented over the stack (a sheet or a full-screen flow), if any.
    public var presented: Destination?

    /// A navigation of `stack`, root first, with `presented` over it.
    public init(stack: [Destination] = [], presented: Destination? = nil) {
        self.stack = stack
        self.presented = presented
    }

    /// The destination the user sees on the stack: its top.
    public var top: Destination? { stack.last }

    /// The destination the user sees: what is presented, or else the top of the stack.
    public var shown: Destination? { presented ?? stack.last }
}

extension NavigationState: CustomStringConvertible {
    /// The stack joined by `›`, the presented destination in brackets: `list › note(id: 3) [editor]`.
    public var description: String {
        var text = stack.isEmpty ? "(empty)" : stack.map { "\($0)" }.joined(separator: " › ")
        if let presented { text += " [\(presented)]" }
        return text
    }
}
