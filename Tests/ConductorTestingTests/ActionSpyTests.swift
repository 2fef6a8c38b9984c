import ConductorActions
import ConductorTesting
import Testing

private struct Greet: Action {
    typealias ReturnType = String
    let name: String
}

@MainActor
struct ActionSpyTests {
    @Test func recordsWhatWasDispatchedInOrder() throws {
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
