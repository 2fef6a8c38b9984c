import Conductor

/// How the Items flow ends.
enum ItemsOutput: Equatable {
    /// The session is gone: the app must ask for a login.
    case authNeeded
}

/// Where the Items flow can go: its navigation is a `NavigationState` of these, saved and restored with nothing
/// written per flow, and carried by links (`DemoLink.items`).
public enum ItemsDestination: Codable, Hashable, Sendable {
    /// The list of items: the stack's root.
    case list
    /// An item's detail, over the list.
    case item(Int64)
    /// The creation flow, presented on a stack of its own.
    case create
}

/// The Items tab: the list, an item's detail, and the creation flow presented modally. Asks for login (finishes with
/// ``ItemsOutput/authNeeded``) when the session is gone.
@MainActor
final class ItemsCoordinator: FlowCoordinator<ItemsOutput>, LinkedFlow, CommandSupplier {
    /// Every destination has its link, and `DemoLink.items` opens its destination: "share this screen" reads this.
    static let links = DestinationLinks<DemoLink, ItemsDestination>(
        link: { .items($0) }, destination: { if case .items(let destination) = $0 { destination } else { nil } })

    let navigation: Navigation<ItemsDestination>
    let factory: CoordinatorFactory
    private(set) var suppliedCommands: [String: any Command] = [:]
    var router: any NavigationRouter { navigation.router }

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.navigation = Navigation(router: router)
        self.factory = factory
        super.init(actionRouter: factory.actions)
        let store = factory.store
        let actionRouter = factory.actions
        suppliedCommands = [
            "Open": ClosureCommand("Open") { _ in
                store.state.items.all.isEmpty ? .inactive(title: "open <id>") : .active(title: "open <id>")
            } perform: { context in
                try ShowItem(id: Int64(try context.int("id"))).send(to: actionRouter)
            },
            // Sends the item's own intent, by its id, as its row's store would: undo and redo then reach the item
            // by id too, whichever row store shows it by then.
            "Rename": IntentCommand("Rename", store: store, failure: \.failure) { [weak self] state, _ in
                guard let id = self?.shownItem, state.items.item(id) != nil else {
                    return .inactive(title: "rename <title>")
                }
                return .active(title: "rename <title>")
            } intent: { [weak self] context in
                guard let id = self?.shownItem else { throw DemoProblem("Open an item to rename it.") }
                return .item(
                    id: id, .rename(try DemoText.title(context["title"]?.stringValue, usage: "rename <title>")))
            } outcome: { outcome, _ in
                guard let (item, previous) = outcome.first(where: \.renamedItem) else { return nil }
                return .init(
                    title: "Rename “\(previous)”", undo: .item(id: item.id, .rename(previous)),
                    redo: .item(id: item.id, .rename(item.title)))
            },
            "Create": ClosureCommand("Create") { [weak self] _ in
                self?.navigationState.presented == .create
                    ? .ineligible(reason: "already creating") : .active(title: "create")
            } perform: { [weak self] _ in
                try self?.present(.create)
            },
            "Back": ClosureCommand("Back") { [weak self] _ in
                self?.router.canPop == true ? .active(title: "back") : .inactive(title: "back")
            } perform: { [weak self] _ in
                try self?.pop()
            },
        ]
        do {
            // Any screen can send ShowItem; this flow, which owns the stack, shows it.
            try dispatcher.register(ShowItem.self) { [weak self] action in try self?.show(.item(action.id)) }
        } catch {
            factory.report(error.description)
        }
    }

    /// The item whose screen shows, when nothing is presented over it.
    var shownItem: Int64? {
        let state = navigationState
        guard state.presented == nil, case .item(let id)? = state.top else { return nil }
        return id
    }

    /// What each destination shows; an item that no longer exists cannot be shown.
    func content(for destination: ItemsDestination) throws -> NavigationContent {
        switch destination {
        case .list:
            return .screen(factory.modules.itemsList())
        case .item(let id):
            guard let item = factory.store.state.items.item(id) else {
                throw DemoProblem("There is no item #\(id). 'tab items' lists them.")
            }
            return .screen(factory.modules.itemDetail(item))
        case .create:
            let flow = factory.itemCreate()
            return .flow(flow, showing: flow.router, dismissedOutput: nil) { [weak self] item in
                // The item the creation saved is shown over the list.
                guard let self, let item else { return }
                do { try show(.item(item.id)) } catch { factory.report("\(error)") }
            }
        }
    }

    override func start() {
        factory.navigate { try setRoot(.list) }
        observe(factory.store, \.session.user) { [weak self] user in if user == nil { self?.finish(with: .authNeeded) }
        }
    }

    /// Shows `destination` as a link or an action asks: an item over the list (closing the creation flow), the list
    /// alone, or the creation flow over whatever the stack shows.
    func show(_ destination: ItemsDestination) throws {
        switch destination {
        case .list: try navigate(to: NavigationState(stack: [.list]))
        case .item: try navigate(to: NavigationState(stack: [.list, destination]), animated: true)
        case .create: if navigationState.presented != .create { try present(.create) }
        }
    }

    override func handle(deepLink: any DeepLink) -> Bool {
        guard let destination = destination(of: deepLink) else { return false }
        do { try show(destination) } catch { factory.report("\(error)") }
        return true
    }
}
