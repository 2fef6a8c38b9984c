import Conductor

/// Runs the demo's scripted session: actions sent from "screens" that know nothing of the feature handling them,
/// a failure reported as a typed error, and the session recorded and replayed into a fresh router.
@MainActor
public func runDemoSession(output: @escaping (String) -> Void) async throws {
    output("Conductor demo: typed actions, each routed to its one handler")
    let router = ActionRouter(name: "demo")
    let feature = try ItemsFeature(router: router, output: output)
    let recorder = ActionRecorder()
    feature.dispatcher.middlewares.append(recorder)

    output("→ ShowItems()")
    try ShowItems().send(to: router)
    output("→ ShowItem(id: 2)")
    try ShowItem(id: 2).send(to: router)
    output("→ AddItem(title: \"Eggs\")")
    let id = try AddItem(title: "Eggs").send(to: router)
    output("added #\(id)")
    output("→ CountItems() (async)")
    output("count: \(try await CountItems().send(to: router))")
    output("→ ShowItem(id: 9)")
    do { try ShowItem(id: 9).send(to: router) } catch { output("error: \(error)") }
    output("→ AddItem(title: \"  \")")
    do { try AddItem(title: "  ").send(to: router) } catch { output("error: \(error)") }

    output("recording (\(recorder.lines.count) lines):")
    for line in recorder.lines { output("  \(line)") }

    output("replaying into a fresh router:")
    let replayRouter = ActionRouter(name: "replay")
    let replayed = try ItemsFeature(router: replayRouter) { output("  \($0)") }
    var replayer = ActionReplayer()
    replayer.register(ShowItems.self)
    replayer.register(ShowItem.self)
    replayer.register(AddItem.self)
    replayer.register(CountItems.self)
    do {
        let report = try await replayer.replay(recorder.recording, into: replayRouter)
        output("replayed \(report.replayed) actions")
    } catch {
        // The recording holds the failed send too, so the replay reproduces the bug report's failure.
        output("replay reproduced the failure: \(error)")
    }
    _ = replayed
}
