import ConductorCommands
import ConductorInspector
import ConductorStore
import Foundation

// How long a typed command waits for the main actor while the Inspector works: pages connecting and asking for
// details, and a large import. Wall-clock figures of this machine, printed and never asserted (the issue's target is
// an answer within 100 ms); run with `--latency` (3 s a scenario) or `--latency --quick` (0.5 s, in scripts/test).

struct LoadItem: Codable, Equatable, Sendable {
    var id: Int
    var title: String
}

struct LoadState: Codable, Equatable, Sendable {
    var items: [LoadItem]
}

enum LoadIntent: Intent, Codable, Equatable {
    case add(String)
    case rename(Int, String)
}

enum LoadEffect: Effect {}

func loadReducer(_ state: inout LoadState, _ intent: LoadIntent) -> [LoadEffect] {
    switch intent {
    case .add(let title): state.items.append(LoadItem(id: state.items.count + 1, title: title))
    case .rename(let id, let title) where state.items.indices.contains(id - 1): state.items[id - 1].title = title
    case .rename: break
    }
    return []
}

/// An app of `items` items, watched by an inspector whose ring is full of its intents, and a command that renames an
/// item: what a typed command does.
@MainActor
final class LoadFixture {
    let store: Store<LoadState, LoadIntent, LoadEffect>
    let session: InspectorSession
    let commands = CommandManager()
    let recording: Data

    init(items: Int) throws {
        store = Store(
            state: LoadState(items: (1...items).map { LoadItem(id: $0, title: "Item \($0)") }), reducer: loadReducer)
        session = try InspectorSession()
        session.watch(store, name: "app", test: nil)
        let store = store
        commands.register(
            ClosureCommand("Rename", validate: { _ in .active(title: "Rename") }) { _ in
                store.send(.rename(1, "renamed"))
            })
        for index in 0..<2_000 { store.send(.rename(index % items + 1, "title \(index)")) }
        let type = String(reflecting: LoadIntent.self)
        recording = Data(
            (0..<5_000).map { #"{"kind":"intent","payload":{"add":{"_0":"imported \#($0)"}},"type":"\#(type)"}"# }
                .joined(separator: "\n").utf8)
    }

    /// Connects a page as inspector.js does: waits for its hello, asks for the newest intent's details and waits for
    /// them, then leaves.
    func connectPage() async {
        let page = session.connect()
        var asked = false
        for await message in page.messages {
            if message.hasPrefix(#"{"dropped""#) || message.contains(#""type":"hello""#), !asked {
                asked = true
                await page.send(#"{"type":"details","sequence":\#(Int(Int32.max))}"#)
                await page.send(#"{"type":"history","before":\#(Int(Int32.max))}"#)
            } else if message.contains(#""type":"history""#) {
                break
            }
        }
        page.disconnect()
    }

    /// Imports the 5,000-intent recording through a page, in 256 KiB chunks, as inspector.js sends a file.
    func importRecording() async {
        let page = session.connect()
        await page.send(#"{"type":"importBegin"}"#)
        for start in stride(from: 0, to: recording.count, by: 256 << 10) {
            page.send(chunk: recording[start..<min(start + (256 << 10), recording.count)])
        }
        await page.send(#"{"type":"importEnd"}"#)
        page.disconnect()
    }
}

extension LoadFixture {
    /// Until `deadline`: 10 pages connecting at once, again and again, when `pages`; imports one after another, when
    /// `imports`; nothing otherwise.
    func apply(pages: Bool, imports: Bool, until deadline: ContinuousClock.Instant) async {
        while ContinuousClock.now < deadline {
            var running: [Task<Void, Never>] = []
            if pages { for _ in 0..<10 { running.append(Task { await connectPage() }) } }
            if imports { running.append(Task { await importRecording() }) }
            guard !running.isEmpty else {
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            for task in running { await task.value }
        }
    }
}

/// Prints command latency percentiles with 1,000 and 10,000 items: idle, while 10 pages connect again and again,
/// while 5,000-intent imports run, and both.
@MainActor
func reportInspectorLatency(quick: Bool) async throws {
    let duration: Duration = quick ? .milliseconds(500) : .seconds(3)
    print("| items | load | commands | p50 ms | p99 ms | max ms | issue target: max ≤ 100 ms |")
    print("|---:|---|---:|---:|---:|---:|---|")
    for items in [1_000, 10_000] {
        let fixture = try LoadFixture(items: items)
        for load in ["idle", "10 pages connecting", "5,000-intent imports", "pages and imports"] {
            let deadline = ContinuousClock.now + duration
            let pages = load.contains("pages")
            let imports = load.contains("import")
            let loads = Task { await fixture.apply(pages: pages, imports: imports, until: deadline) }
            let commands = fixture.commands
            let probe = Task.detached { () -> [Double] in
                var latencies: [Double] = []
                while ContinuousClock.now < deadline {
                    let start = ContinuousClock.now
                    do { try await commands.perform(identifier: "menu.Rename") } catch {
                        print("the probe's command failed: \(error)")
                        return latencies
                    }
                    let elapsed = ContinuousClock.now - start
                    latencies.append(
                        Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
                    try? await Task.sleep(for: .milliseconds(10))
                }
                return latencies
            }
            let latencies = await probe.value.sorted()
            await loads.value
            func percentile(_ p: Double) -> String {
                guard !latencies.isEmpty else { return "n/a" }
                let value = latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
                return String(format: "%.1f", value)
            }
            let met = (latencies.last ?? .infinity) <= 100 ? "met" : "missed"
            print(
                "| \(items) | \(load) | \(latencies.count) | \(percentile(0.5)) | \(percentile(0.99)) "
                    + "| \(percentile(1)) | \(met) |")
        }
    }
}
