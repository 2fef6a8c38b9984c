import Conductor

/// How the Items flow ends.
enum ItemsOutput: Equatable {
    /// The session is gone: the app must ask for a login.
    case authNeeded
}

/// The Items tab: the list, an item's detail, and the creation flow presented modally. Asks for login (finishes with
/// ``ItemsOutput/authNeeded``) when the session is gone.
@MainActor
final class ItemsCoordinator: FlowCoordinator<ItemsOutput>, CommandSupplier {
    let router: any NavigationRouter
    let factory: CoordinatorFactory
    private(set) var suppliedCommands: [String: any Command] = [:]

    init(router: any NavigationRouter, factory: CoordinatorFactory) {
        self.router = router
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
            "Create": ClosureCommand("Create") { [unowned self] _ in
                creation != nil ? .ineligible(reason: "already creating") : .active(title: "create")
            } perform: { [unowned self] _ in
                try runCreation()
            },
            "Back": ClosureCommand("Back") { [unowned self] _ in
                self.router.canPop ? .active(title: "back") : .inactive(title: "back")
            } perform: { [unowned self] _ in
                try self.router.pop(animated: true)
            },
        ]
        do {
            // Any screen can send ShowItem; this flow, which owns the stack, shows it.
            try dispatcher.register(ShowItem.self) { [unowned self] action in try showItem(action.id) }
        } catch {
            factory.report(error.description)
        }
    }

    override func start() {
        factory.navigate { try router.setRoot(factory.modules.itemsList(), hideBar: false) }
        observe(factory.store, \.session.user) { [unowned self] user in if user == nil { finish(with: .authNeeded) } }
    }

    /// Shows the item with this id, from a link or an action: only an id arrives, so it is looked up.
    func showItem(_ id: Int64) throws {
        guard let item = factory.store.state.items.item(id) else {
            throw DemoProblem("There is no item #\(id). 'tab items' lists them.")
        }
        try showItem(item)
    }

    /// Shows an item over the list, closing the creation flow if it is open.
    func showItem(_ item: Item) throws(NavigationError) {
        creation?.finish(with: nil)
        router.popToRoot(animated: false)
        try router.push(factory.modules.itemDetail(item), animated: true, hidesBottomBar: false, onPop: nil)
    }

    /// The creation flow, while it runs.
    var creation: ItemCreateCoordinator? { childCoordinators.lazy.compactMap { $0 as? ItemCreateCoordinator }.first }

    /// Presents the creation flow on a stack of its own; the item it saves is shown when it finishes.
    func runCreation() throws(NavigationError) {
        guard creation == nil else { return }
        let flow = factory.itemCreate()
        try presentChild(flow, showing: flow.router, on: router, dismissedOutput: nil) { [unowned self] item in
            guard let item else { return }
            do { try showItem(item) } catch { factory.report("\(error)") }
        }
    }

    override func handle(deepLink: any DeepLink) -> Bool {
        switch deepLink as? DemoLink {
        case .items?:
            creation?.finish(with: nil)
            router.popToRoot(animated: false)
            return true
        case .item(let id)?:
            do { try showItem(id) } catch { factory.report("\(error)") }
            return true
        case .newItem?:
            do { try runCreation() } catch { factory.report(error.description) }
            return true
        default:
            return false
        }
    }
}

extension ItemsCoordinator: RestorableFlow {
    /// Where the Items flow is: the item shown over the list, and whether the creation flow is open over it.
    struct Place: Codable, Equatable {
        var item: Int64?
        var creating: Bool
    }

    var place: Place {
        var item: Int64?
        if case .itemDetail(let id)? = (router.topModule as? any ScreenModule)?.screen.kind { item = id }
        return Place(item: item, creating: creation != nil)
    }

    /// Shows the saved item (it throws when the item is gone) and opens the creation flow again — from a fresh
    /// start at launch, or from wherever time travel finds the flow.
    func restore(_ place: Place) throws {
        guard place != self.place else { return }  // already there: the sheet, and what it holds, stay
        if !place.creating { creation?.finish(with: nil) }
        if let item = place.item { try showItem(item) } else { router.popToRoot(animated: false) }
        if place.creating { try runCreation() }
    }
}
