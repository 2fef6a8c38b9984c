/// A node of the deep-link trie: children by literal key, one child for a `:parameter`, and the patterns that end
/// here (`terminals`) or continue with `*` from here (`wildcards`).
struct DeepLinkNode: Sendable {
    var literals: [String: DeepLinkNode] = [:]
    var param: DeepLinkNode? {
        get { paramBox.first }
        set { paramBox = newValue.map { [$0] } ?? [] }
    }
    /// A recursive value needs indirection: an array of at most one node.
    private var paramBox: [DeepLinkNode] = []
    var terminals: [DeepLinkTerminal] = []
    var wildcards: [DeepLinkTerminal] = []

    /// Adds `terminal` under `keys`; a key starting with `:` (after the scheme) is a parameter.
    mutating func insert(_ terminal: DeepLinkTerminal, keys: ArraySlice<String>, position: Int, wildcard: Bool) {
        guard let key = keys.first else {
            if wildcard { wildcards.append(terminal) } else { terminals.append(terminal) }
            return
        }
        let rest = keys.dropFirst()
        if key.hasPrefix(":") && position > 0 {
            var child = param ?? DeepLinkNode()
            child.insert(terminal, keys: rest, position: position + 1, wildcard: wildcard)
            param = child
        } else {
            literals[key, default: DeepLinkNode()].insert(
                terminal, keys: rest, position: position + 1, wildcard: wildcard)
        }
    }

    /// Appends every pattern that matches `keys` from `index`. A parameter's value is the key at its position, so
    /// nothing is captured on the way.
    func collect(_ keys: [String], _ index: Int, into candidates: inout DeepLinkCandidates) {
        for var terminal in wildcards {
            terminal.wildcardStart = index
            candidates.append(terminal)
        }
        guard index < keys.count else {
            for terminal in terminals { candidates.append(terminal) }
            return
        }
        literals[keys[index]]?.collect(keys, index + 1, into: &candidates)
        param?.collect(keys, index + 1, into: &candidates)
    }
}
