/// A flow's navigation in a ``NavigationTree``: the flow's own typed value when the tree was captured — compared and
/// restored as it is, encoded only when the tree is encoded — or the JSON value a decoded tree read. Capturing and
/// restoring a tree in memory (each save's comparison, time travel) then never goes through `Codable`.
enum SavedNavigation: Sendable, Equatable {
    /// As read from a saved tree.
    case value(NavigationTree.Value)
    /// As captured from a running flow.
    case state(any CapturedNavigation)

    /// The navigation as its JSON value. A captured value that does not encode (a destination holding a number JSON
    /// cannot hold) is shown as the error, never as nothing; encoding the tree throws that error.
    var value: NavigationTree.Value? {
        switch self {
        case .value(let value): return value
        case .state(let captured):
            do { return try captured.value() } catch { return .string("(does not encode: \(error))") }
        }
    }

    static func == (lhs: SavedNavigation, rhs: SavedNavigation) -> Bool {
        switch (lhs, rhs) {
        case (.value(let a), .value(let b)): return a == b
        case (.state(let a), .state(let b)) where a.isSameType(as: b): return a.isEqual(to: b)
        default: return lhs.value == rhs.value
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .value(let value): try value.encode(to: encoder)
        case .state(let captured): try captured.encode(to: encoder)
        }
    }
}

/// A flow's navigation state, of the flow's destination type. A class: a flow whose navigation has not changed since
/// it was captured hands out the same object again, and restoring it onto that flow is known to change nothing
/// (``Navigation`` keeps it while its router's revision holds).
protocol CapturedNavigation: AnyObject, Sendable {
    func value() throws -> NavigationTree.Value
    func encode(to encoder: any Encoder) throws
    func isSameType(as other: any CapturedNavigation) -> Bool
    func isEqual(to other: any CapturedNavigation) -> Bool
}

final class TypedNavigation<Destination: Codable & Hashable & Sendable>: CapturedNavigation {
    let state: NavigationState<Destination>

    init(state: NavigationState<Destination>) { self.state = state }

    func value() throws -> NavigationTree.Value { try NavigationTree.Value(encoding: state) }
    func encode(to encoder: any Encoder) throws { try state.encode(to: encoder) }
    func isSameType(as other: any CapturedNavigation) -> Bool { other is TypedNavigation<Destination> }
    func isEqual(to other: any CapturedNavigation) -> Bool {
        other === self || (other as? TypedNavigation<Destination>)?.state == state
    }
}

extension NavigationTree.Flow {
    enum CodingKeys: String, CodingKey {
        case name, navigation, place, selectedTab, children
    }

    /// Decodes a saved flow.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        savedNavigation = try container.decodeIfPresent(NavigationTree.Value.self, forKey: .navigation).map {
            .value($0)
        }
        place = try container.decodeIfPresent(String.self, forKey: .place)
        selectedTab = try container.decodeIfPresent(String.self, forKey: .selectedTab)
        children = try container.decode([NavigationTree.Flow].self, forKey: .children)
    }

    /// Encodes the flow; its navigation as JSON inside the tree's JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if let savedNavigation { try savedNavigation.encode(to: container.superEncoder(forKey: .navigation)) }
        try container.encodeIfPresent(place, forKey: .place)
        try container.encodeIfPresent(selectedTab, forKey: .selectedTab)
        try container.encode(children, forKey: .children)
    }
}
