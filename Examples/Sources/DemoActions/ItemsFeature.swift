public import Conductor
import Foundation

/// Shows the list of items.
public struct ShowItems: Action, Codable {
    public init() {}
}

/// Shows one item's detail.
public struct ShowItem: Action, Codable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

/// Adds an item and returns its id.
public struct AddItem: Action, Codable {
    public typealias ReturnType = Int
    public let title: String
    public init(title: String) { self.title = title }
}

/// Counts the items, asynchronously, as a slow store would.
public struct CountItems: AsyncAction, Codable {
    public typealias ReturnType = Int
    public init() {}
}

/// Why an item action was refused.
public enum ItemsError: Error, Equatable, CustomStringConvertible {
    case noSuchItem(Int)
    case emptyTitle

    public var description: String {
        switch self {
        case .noSuchItem(let id): "There is no item #\(id); `ShowItems` lists the ids."
        case .emptyTitle: "An item needs a title."
        }
    }
}

/// The items feature: owns its data and a dispatcher that handles the items actions, and prints what it shows.
///
/// Screens never hold a reference to it: they send `ShowItem(id: 3)` and the router finds this feature.
@MainActor
public final class ItemsFeature {
    public let dispatcher: ActionDispatcher
    private var items: [(id: Int, title: String)] = [(1, "Milk"), (2, "Bread")]
    private let output: (String) -> Void

    /// Creates the feature and registers its handlers on a dispatcher joined to `router`.
    public init(router: ActionRouter, output: @escaping (String) -> Void) throws {
        self.output = output
        dispatcher = ActionDispatcher(name: "ItemsFeature", router: router)
        try dispatcher.register(ShowItems.self) { [unowned self] _ in
            self.output("items: " + self.items.map { "#\($0.id) \($0.title)" }.joined(separator: ", "))
        }
        try dispatcher.register(ShowItem.self) { [unowned self] action in
            guard let item = self.items.first(where: { $0.id == action.id }) else {
                throw ItemsError.noSuchItem(action.id)
            }
            self.output("detail: #\(item.id) \(item.title)")
        }
        try dispatcher.register(AddItem.self) { [unowned self] action in
            let title = action.title.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { throw ItemsError.emptyTitle }
            let id = (self.items.map(\.id).max() ?? 0) + 1
            self.items.append((id, title))
            return id
        }
        try dispatcher.register(CountItems.self) { [unowned self] _ in
            await Task.yield()
            return self.items.count
        }
    }
}
