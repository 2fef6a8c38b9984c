import DemoActions
import Testing

@MainActor
struct DemoSessionTests {
    @Test func theScriptedSessionPrintsEveryStepAndReplaysIt() async throws {
        var lines: [String] = []
        try await runDemoSession { lines.append($0) }
        #expect(lines.contains("items: #1 Milk, #2 Bread"))
        #expect(lines.contains("detail: #2 Bread"))
        #expect(lines.contains("added #3"))
        #expect(lines.contains("count: 3"))
        #expect(lines.contains("error: There is no item #9; `ShowItems` lists the ids."))
        #expect(lines.contains("error: An item needs a title."))
        #expect(lines.contains("  items: #1 Milk, #2 Bread"))
        #expect(lines.filter { $0.hasPrefix("  {\"action\"") }.count == 6)
        #expect(lines.last?.hasPrefix("replay reproduced the failure: Line 5: sending 'DemoActions.ShowItem'") == true)
    }
}
