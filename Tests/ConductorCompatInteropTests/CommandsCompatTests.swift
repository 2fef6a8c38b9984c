// The umbrella and elegantchaos/Actions' names in one file. Conductor (a protocol for typed actions) and the seed (a
// class for commands) both call something `Action`; in such a file each is written with its module. Every other
// seed name (`ActionManager`, `ActionContext`, `ActionInfo`, `ActionKey`…) reads unqualified.
import Conductor
import ConductorCommandsCompat
import Testing

private final class Greet: ConductorCommandsCompat.Action {
    var greeted: [String] = []
    override func perform(context: ActionContext) { greeted.append(context["name"] as? String ?? "?") }
}

private struct Ping: ConductorActions.Action {}

@MainActor
struct CommandsCompatTests {
    @Test func seedActionsAndConductorActionsSideBySide() throws {
        let manager = ActionManager()
        let greet = Greet()
        manager.register([greet])
        manager.perform(identifier: #"Greet("name": "Ada")"#)
        #expect(greet.greeted == ["Ada"])

        let dispatcher = ActionDispatcher(name: "pings", router: ActionRouter(name: "test"))
        var pings = 0
        try dispatcher.register(Ping.self) { _ in pings += 1 }
        try dispatcher.dispatch(Ping())
        #expect(pings == 1)
    }
}
