// ApplicationCoordinator's app, as a team migrates it: the files that name the app's own `DeepLinkOption` —
// `Coordinator` and `BaseCoordinator` — are kept (they take precedence over Conductor's in this module); the seed's
// `Router.swift`, `RouterImp.swift` and `Presentable.swift` are deleted, and `Router`, `Presentable` and Conductor's
// routers come from ConductorCoordinatorsCompat. Compiled in Swift 5 language mode.
import ConductorCoordinatorsCompat

// MARK: Kept from the seed: Protocols/DeepLinkOption.swift, Protocols/Coordinator.swift, Parents/BaseCoordinator.swift

enum DeepLinkOption: DeepLink, Equatable {
    case onboarding
    case items
    case settings
    case login
    case terms
    case signUp
    case item(String?)
}

protocol Coordinator: AnyObject {
    func start()
    func start(with option: DeepLinkOption?)
}

class BaseCoordinator: Coordinator {

    var childCoordinators: [Coordinator] = []

    func start() {
        start(with: nil)
    }

    func start(with option: DeepLinkOption?) {}

    // add only unique object
    func addDependency(_ coordinator: Coordinator) {
        guard !childCoordinators.contains(where: { $0 === coordinator }) else { return }
        childCoordinators.append(coordinator)
    }

    func removeDependency(_ coordinator: Coordinator?) {
        guard
            childCoordinators.isEmpty == false,
            let coordinator = coordinator
        else { return }

        for (index, element) in childCoordinators.enumerated() where element === coordinator {
            childCoordinators.remove(at: index)
            break
        }
    }
}

// MARK: Views: the seed's view controllers and the protocols their coordinators see

/// Stands in for `UIViewController`: a module the routers show. It is `nonisolated` because Conductor's
/// `Presentable` is a main-actor protocol, which a conforming class would otherwise take its isolation from; on UIKit,
/// view controllers are main-actor objects already.
nonisolated class ViewController: Presentable {
    var hidesBottomBarWhenPushed = false
}

struct ItemList {
    let title: String
    let subtitle: String
}

/// The seed's `BaseView` refined `Presentable`. Conductor's `Presentable` is isolated to the main actor, so a
/// protocol that refines it is too, and a coordinator that is not could no longer set its callbacks: the views'
/// protocols refine `AnyObject`, and the factories return them with `& Presentable`.
protocol BaseView: AnyObject {}

protocol ItemsListView: BaseView {
    var onItemSelect: ((ItemList) -> Void)? { get set }
    var onCreateItem: (() -> Void)? { get set }
}

protocol ItemDetailView: BaseView {}

final class ItemsListController: ViewController, ItemsListView {
    var onItemSelect: ((ItemList) -> Void)?
    var onCreateItem: (() -> Void)?
}

final class ItemDetailController: ViewController, ItemDetailView {
    let item: ItemList?

    init(item: ItemList? = nil) {
        self.item = item
    }
}

final class SettingsController: ViewController {}

protocol ItemModuleFactory {
    func makeItemsOutput() -> ItemsListView & Presentable
    func makeItemDetailOutput(item: ItemList) -> ItemDetailView & Presentable
}

final class ModuleFactoryImp: ItemModuleFactory {
    func makeItemsOutput() -> ItemsListView & Presentable { ItemsListController() }
    func makeItemDetailOutput(item: ItemList) -> ItemDetailView & Presentable { ItemDetailController(item: item) }
}

// MARK: The seed's coordinators, unchanged

final class ItemCoordinator: BaseCoordinator {

    private let factory: ItemModuleFactory
    private let router: Router

    init(router: Router, factory: ItemModuleFactory) {
        self.router = router
        self.factory = factory
    }

    override func start() {
        showItemList()
    }

    override func start(with option: DeepLinkOption?) {
        guard case .item(let id)? = option else { return start() }
        showItemList()
        showItemDetail(ItemList(title: id ?? "", subtitle: ""))
    }

    // MARK: - Run current flow's controllers

    private func showItemList() {

        let itemsOutput = factory.makeItemsOutput()
        itemsOutput.onItemSelect = { [weak self] item in
            self?.showItemDetail(item)
        }
        router.setRootModule(itemsOutput)
    }

    private func showItemDetail(_ item: ItemList) {

        let itemDetailFlowOutput = factory.makeItemDetailOutput(item: item)
        router.push(itemDetailFlowOutput, hideBottomBar: true)
    }
}

final class ApplicationCoordinator: BaseCoordinator {

    private let router: Router
    private let factory: ItemModuleFactory

    init(router: Router, factory: ItemModuleFactory) {
        self.router = router
        self.factory = factory
    }

    override func start(with option: DeepLinkOption?) {
        if let option = option, !childCoordinators.isEmpty {
            for coordinator in childCoordinators {
                coordinator.start(with: option)
            }
            return
        }
        let coordinator = ItemCoordinator(router: router, factory: factory)
        addDependency(coordinator)
        coordinator.start(with: option)
    }
}
