// swift-format-ignore-file
// (Documentation code, kept exactly as ConductorInspector's module page shows it.)
// The server's tests: built with the package's `InspectorServer` trait.
import Conductor
import ConductorInspector
import Testing

@MainActor
struct InspectorDocsTests {
    @Test func theModulePagesSetUpServesTheSession() async throws {
        let store = Store(state: Counter(), reducer: counterReducer)
        let commandManager = CommandManager()
        let appCoordinator = BaseCoordinator(actionRouter: nil)
        let mainRouter = HeadlessNavigationRouter(name: "main")

#if DEBUG
let inspector = try await Inspector.start()
inspector.watch(ActionRouter.shared)
inspector.watch(store, name: "app", test: TestExport(module: "MyAppKit", reducer: "appReducer"))
inspector.watch(commandManager)
inspector.watch(appCoordinator)
inspector.watch(mainRouter)
print("Inspector:", inspector.url)   // http://127.0.0.1:PORT/?token=…
#endif

        store.send(.increment)
        // The tree and the stack are recorded at once, the intent after them.
        #expect(inspector.session.events.filter { $0.kind != .navigation }.map(\.title) == ["increment"])
        #expect(try inspector.session.exportTest().contains("@testable import MyAppKit"))
        await inspector.stop()
    }
}
