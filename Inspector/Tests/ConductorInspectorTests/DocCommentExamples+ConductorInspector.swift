// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorInspector's doc comments, compiled and run: an inspector started and told what to
// watch, and a store watched with an import policy. (TestExport.swift's line is held by InspectorDocsTests.)
import Conductor
import ConductorInspector
import Foundation
import Testing

/// The app ImportPolicy.swift's example watches: items with titles, and navigation.
private struct AppState: Codable, Equatable {
    var items: [String] = []
    var screen = "list"
}

private enum AppIntent: Intent, Codable, Equatable {
    case addItem(String)
    case show(String)

    var isNavigation: Bool { if case .show = self { true } else { false } }
}

private func appReducer(_ state: inout AppState, _ intent: AppIntent) -> [Never] {
    switch intent {
    case .addItem(let title): state.items.append(title)
    case .show(let screen): state.screen = screen
    }
    return []
}

/// The rules typed input passes.
private enum TitleRules {
    struct Empty: Error {}
    static func check(_ title: String) throws { if title.isEmpty { throw Empty() } }
}

@MainActor
@Suite(.serialized) struct ConductorInspectorDocCommentTests {
    @Test func anInspectorStartsAndWatchesWhatItIsTold() async throws {
        let store = Store(state: Counter(), reducer: counterReducer)
        let commandManager = CommandManager()
        let appCoordinator = BaseCoordinator(actionRouter: nil)
        let mainRouter = HeadlessNavigationRouter(name: "main")

        let inspector = try await Inspector.start()
        inspector.watch(ActionRouter.shared)
        inspector.watch(store, name: "app", test: TestExport(module: "MyAppKit", reducer: "appReducer"))
        inspector.watch(commandManager)
        inspector.watch(appCoordinator)
        inspector.watch(mainRouter)
        print("Inspector:", inspector.url)

        store.send(.increment)
        #expect(inspector.session.events.filter { $0.kind != .navigation }.map(\.title) == ["increment"])
        #expect(inspector.url.hasPrefix("http://127.0.0.1:"))
        await inspector.stop()
    }

    @Test func anImportsPolicyRefusesABadTitleAndSendsOnlyNavigationLive() async throws {
        let store = Store(state: AppState(), reducer: appReducer)
        let inspector = try await Inspector.start()

        inspector.session.watch(
            store, name: "app", test: nil,
            imports: ImportPolicy(
                validate: { intent in if case .addItem(let title) = intent { try TitleRules.check(title) } },
                sendsLive: { intent in intent.isNavigation }))

        let type = String(reflecting: AppIntent.self)
        var recording = ""
        for intent in [AppIntent.addItem("Milk"), .addItem(""), .show("detail")] {
            recording += try Recording.line(kind: .intent, type: type, payload: intent) + "\n"
        }
        let report = try inspector.session.importRecording(recording)
        #expect(report.imported == 2)
        #expect(report.sentLive == 1)
        #expect(report.skipped.count == 1)
        #expect(store.state == AppState(items: [], screen: "detail"))
        await inspector.stop()
    }
}
