// The seed's test double, as its users wrote it (ApplicationCoordinatorTests/Router/RouterMock.swift), against the
// compatibility module's `Router`. One change: it reads the module as its own view type with `as?`, because
// Conductor's `toPresent()` is a main-actor requirement that returns `(any Presentable)?` (the migration article
// lists it).
import ConductorCoordinatorsCompat

protocol RouterMock: Router {
    var navigationStack: [ViewController] { get }
    var presented: ViewController? { get }
}

final class RouterMockImp: RouterMock {

    // in test cases router store the rootController referense
    private(set) var navigationStack: [ViewController] = []
    private(set) var presented: ViewController?
    private var completions: [ObjectIdentifier: () -> Void] = [:]

    func toPresent() -> ViewController? {
        return nil
    }

    // all of the actions without animation
    func present(_ module: Presentable?) {
        present(module, animated: false)
    }
    func present(_ module: Presentable?, animated: Bool) {
        guard let controller = module as? ViewController else { return }
        presented = controller
    }

    func push(_ module: Presentable?) {
        push(module, animated: false)
    }

    func push(_ module: Presentable?, animated: Bool) {
        push(module, animated: animated, completion: nil)
    }

    func push(_ module: Presentable?, hideBottomBar: Bool) {
        guard let controller = module as? ViewController else { return }
        controller.hidesBottomBarWhenPushed = hideBottomBar
        push(module, animated: false)
    }

    func push(_ module: Presentable?, animated: Bool, hideBottomBar: Bool, completion: (() -> Void)?) {
        guard let controller = module as? ViewController else { return }
        controller.hidesBottomBarWhenPushed = hideBottomBar
        push(module, animated: animated, completion: completion)
    }

    func push(_ module: Presentable?, animated: Bool, completion: (() -> Void)?) {
        guard let controller = module as? ViewController else { return }
        if let completion = completion {
            completions[ObjectIdentifier(controller)] = completion
        }
        navigationStack.append(controller)
    }

    func popModule() {
        popModule(animated: false)
    }

    func popModule(animated: Bool) {
        let controller = navigationStack.removeLast()
        runCompletion(for: controller)
    }

    func dismissModule() {
        dismissModule(animated: false, completion: nil)
    }

    func dismissModule(animated: Bool, completion: (() -> Void)?) {
        presented = nil
        completion?()
    }

    func setRootModule(_ module: Presentable?) {
        setRootModule(module, hideBar: false)
    }

    func setRootModule(_ module: Presentable?, hideBar: Bool) {
        guard let controller = module as? ViewController else { return }
        navigationStack = [controller]
    }

    func popToRootModule(animated: Bool) {
        guard let first = navigationStack.first else { return }

        for controller in navigationStack.dropFirst().reversed() {
            runCompletion(for: controller)
        }
        navigationStack = [first]
    }

    private func runCompletion(for controller: ViewController) {
        guard let completion = completions[ObjectIdentifier(controller)] else { return }
        completion()
        completions.removeValue(forKey: ObjectIdentifier(controller))
    }
}
