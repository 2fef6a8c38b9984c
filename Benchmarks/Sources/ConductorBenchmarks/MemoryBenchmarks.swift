import ConductorActions
import ConductorStore

/// Memory per subscriber, per selector subscription and per registered handler, counted whole: everything malloc
/// handed out, the large tables it mapped on their own included. Prints one line each.
@MainActor
func reportMemory() {
    let count = 10_000
    let paths = Fields.keyPaths.map { (\BenchState.fields).appending(path: $0) }

    let keyed = BenchStore(state: BenchState(), reducer: benchReducer)
    let subscribers = bytesPerItem(count) { (0..<count).map { keyed.subscribe(paths[$0 % 100]) { blackHole($0) } } }
    report("key-path subscriber (10,000 on 100 key paths)", subscribers.perItem, target: "≤ 200")

    let selected = BenchStore(state: BenchState(), reducer: benchReducer)
    let selectors = bytesPerItem(count) {
        (0..<count).map { selected.subscribe(selector: BenchState.selectors[$0 % 100]) { blackHole($0) } }
    }
    report("selector subscription (10,000)", selectors.perItem, target: "≤ 200")

    // The types' own metadata is created first: it is the app's, whoever registers them.
    var touch = Touch()
    forEachActionType(0..<count, &touch)
    /// Registers a handler for each of the types on a new dispatcher of a new router.
    func registerAll(_ name: String) -> (perItem: Int?, kept: (ActionRouter, ActionDispatcher)) {
        let router = ActionRouter(name: name)
        return bytesPerItem(count) {
            let dispatcher = ActionDispatcher(name: name, router: router)
            var registrar = Registrar(dispatcherFor: { _ in dispatcher })
            forEachActionType(0..<count, &registrar)
            return (router, dispatcher)
        }
    }
    let cold = registerAll("cold")
    report("handler, the first time its type registers (10,000, routed)", cold.perItem, target: "≤ 250")
    let warm = registerAll("warm")
    report("handler, its type registered before (10,000, routed)", warm.perItem, target: "report")
    blackHole((subscribers.kept, selectors.kept, touch.keys.count, cold.kept, warm.kept, keyed, selected))
}

private func report(_ what: String, _ bytes: Int?, target: String) {
    print("memory per \(what): \(bytes.map { "\($0) bytes" } ?? "not measured on this platform") (target \(target))")
}
