import ConductorCoordinatorsCompat
import Testing

/// A Swift 6 coordinator that holds the seed's `Router` and touches itself in the completions it passes.
@MainActor
private final class DetailFlow: BaseCoordinator {
    let router: any Router
    var closed: [String] = []

    init(router: any Router) {
        self.router = router
        super.init(actionRouter: nil)
    }

    override func start() { router.setRootModule(Screen("ItemsList")) }

    func showDetail(_ name: String, hidingTheBottomBar: Bool) {
        if hidingTheBottomBar {
            router.push(Screen(name), animated: false, hideBottomBar: true) { self.closed.append(name) }
        } else {
            router.push(Screen(name), animated: false) { self.closed.append(name) }
        }
    }

    func showSheet() {
        router.present(Screen("Sheet"), animated: false)
    }

    func closeSheet() {
        router.dismissModule(animated: false) { self.closed.append("Sheet") }
    }
}

@MainActor
struct RouterMainActorCompletionsTests {
    @Test func aMainActorCoordinatorsPushCompletionTouchesItWhenTheModuleLeaves() {
        let router = HeadlessNavigationRouter(name: "main")
        let flow = DetailFlow(router: router)
        flow.start()
        flow.showDetail("Item 1", hidingTheBottomBar: false)
        flow.showDetail("Item 2", hidingTheBottomBar: true)
        #expect(router.stack.count == 3)
        #expect(flow.closed.isEmpty)

        router.popModule(animated: false)
        router.popModule(animated: false)
        #expect(flow.closed == ["Item 2", "Item 1"])
    }

    @Test func aMainActorCoordinatorsDismissCompletionRunsOnceTheSheetIsGone() {
        let router = HeadlessNavigationRouter(name: "main")
        let flow = DetailFlow(router: router)
        flow.start()
        flow.showSheet()
        #expect(router.presented.count == 1)
        flow.closeSheet()
        #expect(router.presented.isEmpty)
        #expect(flow.closed == ["Sheet"])
    }
}
