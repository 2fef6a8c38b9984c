import Conductor
import ConductorTesting
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
        #expect(ConductorStore.version == ConductorCommands.version)
        #expect(ConductorCoordinators.version == ConductorStore.version)
    }

    @Test func actionSpyRecordsWhatWasDispatched() throws {
        let router = ActionRouter(name: "spy")
        let dispatcher = ActionDispatcher(router: router)
        let spy = ActionSpy()
        dispatcher.middlewares.append(spy)
        try dispatcher.register(Greet.self) { "Hi \($0.name)" }
        try Greet(name: "a").send(to: router)
        try Greet(name: "b").send(to: router)
        #expect(spy.dispatched.map(\.shortName) == ["Greet", "Greet"])
        #expect(spy.actions(of: Greet.self).map(\.name) == ["a", "b"])
        spy.reset()
        #expect(spy.dispatched.isEmpty)
    }
}
