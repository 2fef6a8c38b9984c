/// A registered pattern as the trie holds it: what ranks it among other matches, where its parameters are, and
/// which of the matcher's handlers it calls.
struct DeepLinkTerminal: Sendable {
    let pattern: String
    let priority: Int
    let order: Int
    var literals: Int
    /// The parameters' positions in the key sequence, with their names, in the pattern's order.
    var names: [(position: Int, name: String)]
    /// The index of its handler in the matcher's list.
    let handler: Int
    /// Where a `*` pattern's rest begins; set when collected.
    var wildcardStart: Int?

    /// Whether this match wins over `other`: higher priority, then more literal segments, then no `*`, then a
    /// later `*`, then registered first.
    func ranks(before other: DeepLinkTerminal) -> Bool {
        if priority != other.priority { return priority > other.priority }
        if literals != other.literals { return literals > other.literals }
        if (wildcardStart == nil) != (other.wildcardStart == nil) { return wildcardStart == nil }
        if let left = wildcardStart, let right = other.wildcardStart, left != right { return left > right }
        return order < other.order
    }
}
