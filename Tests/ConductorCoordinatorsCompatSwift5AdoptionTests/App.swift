// ApplicationCoordinator's app with its five library files deleted — `Router.swift`, `RouterImp.swift`,
// `Presentable.swift`, `Coordinator.swift` and `BaseCoordinator.swift` — and everything they declared taken from
// ConductorCoordinatorsCompat, in Swift 5 language mode, by code that is not isolated to the main actor. What the
// migration article says to change, and nothing else, is changed: `DeepLinkOption` conforms to `DeepLink`, and the
// coordinators' `start(with option: DeepLinkOption?)` overrides take Conductor's `(any DeepLink)?` (no library can
// declare a method that names the app's own type) and read it with `as? DeepLinkOption`.
import ConductorCoordinatorsCompat

// MARK: Kept from the seed: Protocols/DeepLinkOption.swift (the app's links)

enum DeepLinkOption: DeepLink, Equatable {
    case onboarding
    case items
    case settings
    case item(String?)
}

// MARK: Views, as in the seed's sibling test target

/// Stands in for `UIViewController`, which ConductorUIKit makes `Presentable`.
nonisolated class ViewController: Presentable {
    var hidesBottomBarWhenPushed = false
}

struct ItemList {
    let title: String
}

/// The seed's views' protocols refine `Presentable`, as its `BaseView` did.
protocol BaseView: Presentable {}

protocol ItemsListView: BaseView {
    var onItemSelect: ((ItemList) -> Void)? { get set }
}

final class ItemsListController: ViewController, ItemsListView {
    var onItemSelect: ((ItemList) -> Void)?
}

final class ItemDetailController: ViewController {
    let item: ItemList?

    init(item: ItemList? = nil) {
        self.item = item
    }
}

final class SettingsController: ViewController {}

protocol ItemModuleFactory {
    func makeItemsOutput() -> ItemsListView
    func makeItemDetailOutput(item: ItemList) -> Presentable
}

final class ModuleFactoryImp: ItemModuleFactory {
    func makeItemsOutput() -> ItemsListView { ItemsListController() }
    func makeItemDetailOutput(item: ItemList) -> Presentable { ItemDetailController(item: item) }
}

// MARK: The seed's coordinators, on Conductor's BaseCoordinator

final class ItemCoordinator: BaseCoordinator {

    private let factory: ItemModuleFactory
    private let router: Router
    private(set) var detailsClosed = 0

    init(router: Router, factory: ItemModuleFactory) {
        self.router = router
        self.factory = factory
        super.init()
    }

    // The seed's start() called start(with: nil); Conductor's does too, so this one override begins the flow either
    // way.
    override func start(with deepLink: (any DeepLink)?) {
        showItemList()
        guard case .item(let id)? = deepLink as? DeepLinkOption else { return }
        showItemDetail(ItemList(title: id ?? ""))
    }

    // MARK: - Run current flow's controllers

    private func showItemList() {

        let itemsOutput = factory.makeItemsOutput()
        itemsOutput.onItemSelect = { [weak self] item in
            self?.showItemDetail(item)
        }
        router.setRootModule(itemsOutput.toPresent())
    }

    private func showItemDetail(_ item: ItemList) {

        let itemDetailFlowOutput = factory.makeItemDetailOutput(item: item)
        router.push(itemDetailFlowOutput, animated: true, hideBottomBar: true) { [weak self] in
            self?.detailsClosed += 1
        }
    }
}

final class ApplicationCoordinator: BaseCoordinator {

    private let router: Router
    private let factory: ItemModuleFactory

    init(router: Router, factory: ItemModuleFactory) {
        self.router = router
        self.factory = factory
        super.init()
    }

    override func start(with deepLink: (any DeepLink)?) {
        let coordinator = ItemCoordinator(router: router, factory: factory)
        addDependency(coordinator)
        coordinator.start(with: deepLink)
    }
}
