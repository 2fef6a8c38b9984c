import ConductorActions
import Testing

struct ActionErrorTests {
    @Test(arguments: [
        ActionError.duplicateHandler(action: "App.Show", existing: "A", rejected: "A", router: "shared"),
        .duplicateHandler(action: "App.Show", existing: "A", rejected: "B", router: "shared"),
        .unhandled(action: "App.Show", router: "shared", dispatchers: ["A", "B"]),
        .unhandled(action: "App.Show", router: "shared", dispatchers: []),
        .notRegistered(action: "App.Show", dispatcher: "A"),
        .dispatcherReleased(action: "App.Show", dispatcher: "A"),
    ])
    func everyMessageNamesTheActionAndTheDispatchersAndSaysWhatToDo(error: ActionError) {
        #expect(error.action == "App.Show")
        #expect(error.description.contains("'App.Show'"))
        #expect(error.description.contains("'A'") || error.description.contains("no live dispatchers"))
        let advice = ["unregister", "Register", "Keep", "register"]
        #expect(advice.contains { error.description.contains($0) })
    }

    @Test func twoDispatcherDuplicateNamesBothAndTheRouter() {
        let error = ActionError.duplicateHandler(action: "App.Show", existing: "A", rejected: "B", router: "main")
        #expect(error.description.contains("'A'"))
        #expect(error.description.contains("'B'"))
        #expect(error.description.contains("'main'"))
    }
}
