/// The patterns that match a URL, as the trie finds them. The first is kept apart, so that the common case, one
/// match, allocates nothing.
struct DeepLinkCandidates {
    private(set) var first: DeepLinkTerminal?
    private var others: [DeepLinkTerminal] = []

    var isEmpty: Bool { first == nil }

    mutating func append(_ terminal: DeepLinkTerminal) {
        if first == nil { first = terminal } else { others.append(terminal) }
    }

    /// Every candidate, best first (``DeepLinkTerminal/ranks(before:)``); call only with more than one.
    func ranked() -> [DeepLinkTerminal] {
        guard let first else { return [] }
        return ([first] + others).sorted { $0.ranks(before: $1) }
    }

    /// Whether there is more than one candidate.
    var hasSeveral: Bool { !others.isEmpty }
}
