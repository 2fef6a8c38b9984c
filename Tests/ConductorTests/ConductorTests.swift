import Conductor
import Testing

struct Greet: Action {
    typealias ReturnType = String
    let name: String
}

@MainActor
struct ConductorTests {
    @Test func theUmbrellaModuleExportsEveryLibraryModule() throws {
        let router = ActionRouter(name: "umbrella")
        let dispatcher = ActionDispatcher(router: router)
        try dispatcher.register(Greet.self) { "Hello, \($0.name)" }
        #expect(try Greet(name: "Ada").send(to: router) == "Hello, Ada")

        let store = Store<Int, Int, Never>(state: 0) { state, intent in
            state += intent
            return []
        }
        store.send(2)
        #expect(store.state == 2)
        #expect(CommandManager().registeredIdentifiers.isEmpty)
        #expect(HeadlessNavigationRouter(name: "umbrella").stack.isEmpty)
    }
}
