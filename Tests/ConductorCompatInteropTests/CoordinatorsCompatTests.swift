// The umbrella and ApplicationCoordinator's names in one file: `Router` and `addDependency` next to Conductor's
// joins.
import Conductor
import ConductorCoordinatorsCompat
import Testing

@MainActor
struct CoordinatorsCompatTests {
    final class Screen: Presentable {
        func toPresent() -> AnyObject? { self }
    }

    @Test func seedRouterNamesAndConductorJoinsSideBySide() {
        let router: any Router = HeadlessNavigationRouter(name: "main")
        router.setRootModule(Screen())
        router.push(Screen())
        router.popModule()
        let parent = BaseCoordinator()
        let child = BaseCoordinator()
        parent.addDependency(child)
        #expect(parent.childCoordinators.count == 1)
        #expect((router as? HeadlessNavigationRouter)?.stack.count == 1)
    }
}
