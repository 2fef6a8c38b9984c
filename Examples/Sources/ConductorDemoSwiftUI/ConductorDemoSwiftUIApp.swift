#if canImport(SwiftUI)
    import Conductor
    import ConductorDemoKit
    import ConductorSwiftUI
    import SwiftUI

    // The demo app on SwiftUI: the same coordinators, store and commands as the terminal demo, on the real adapters.
    // `SwiftUIRouterFactory` makes the routers; `RouterNavigationStack` shows the root stack, and the tab container
    // inside it as a `TabView` of navigation stacks (`RouterTabView`), so back swipes, tab taps and a creation sheet
    // swiped away reach the coordinators. Commands appear as `CommandButton`s and `CommandItems` in toolbars and
    // menus, validated (the Undo button's title follows the undo stack); Settings binds a `Toggle` to the store; the
    // items list is a `ForEach` over the items' row stores (`DemoApp.itemRows`), a view per row.

    @main
    struct ConductorDemoSwiftUIApp: App {
        /// The state every window shares, opened once.
        @State private var data = DemoDataModel()

        var body: some Scene {
            // A tree per window: each window (⌘N on macOS, a second iPad window) makes its own model, with its own
            // routers, commands and links, over the shared state.
            WindowGroup {
                if let data = data.data {
                    DemoWindowView(data: data)
                } else {
                    Text(data.failure ?? "Starting…").padding()
                }
            }
        }
    }

    /// The state every window shares, or why it could not be opened.
    @MainActor
    @Observable
    final class DemoDataModel {
        private(set) var data: DemoData?
        private(set) var failure: String?

        init() {
            do { data = try DemoData(databasePath: DemoDatabase.defaultPath) } catch { failure = error.description }
        }
    }

    /// One window: its own demo over the shared state, its place kept by the system with the window
    /// (`@SceneStorage`), so two windows reopen where each was.
    struct DemoWindowView: View {
        let data: DemoData
        @State private var model: DemoModel?
        @SceneStorage("navigation") private var navigation = ""
        @Environment(\.scenePhase) private var scenePhase

        var body: some View {
            Group {
                if let model, let demo = model.demo {
                    // The window's root: the running flow's stack, or the tabs.
                    RouterRoot(
                        router: demo.router, tabTitles: ["items": "Items", "settings": "Settings"],
                        tabImages: [
                            "items": Image(systemName: "list.bullet"), "settings": Image(systemName: "gear"),
                        ]
                    ) { module in ScreenView(module: module, model: model) }
                    // Handoff and Spotlight carry the link of the screen shown; an activity continued opens
                    // its link, taken now or kept until sign-in.
                    .linkActivity(DemoApp.activityType, link: demo.shownLink, links: demo.linkMatcher)
                    .onContinueLink(
                        DemoApp.activityType, links: demo.linkMatcher, opening: demo.deferredDeepLinks
                    ) { error in model.messages.append(error.description) }
                    .environment(\.commandManager, demo.commandManager)
                    .environment(\.commandErrorHandler) { error in model.messages.append(error.description) }
                    // Deep links while running take the same path as at launch.
                    .onOpenURL { url in Task { await demo.handle("open-url \(url.absoluteString)") } }
                    // Where the user is in this window — back swipes and tab taps included — is kept with the window
                    // when it leaves the screen.
                    .onChange(of: scenePhase) { _, phase in
                        if phase != .active, let json = demo.navigationJSON() { navigation = json }
                    }
                    .onDisappear { demo.close() }
                } else {
                    Text("Starting…").padding()
                }
            }
            .task {
                // Made once per window, where the window's saved place is known.
                if model == nil { model = DemoModel(data: data, restoring: navigation) }
            }
        }
    }

    /// Owns a window's demo and what it printed.
    @MainActor
    @Observable
    final class DemoModel {
        private(set) var demo: DemoApp?
        var messages: [String] = []

        init(data: DemoData, restoring navigation: String) {
            let frontEnd = DemoFrontEnd(routers: SwiftUIRouterFactory()) { $0 }
            let demo = DemoApp(window: data, frontEnd: frontEnd) { [weak self] line in self?.messages.append(line) }
            demo.start(restoring: navigation.isEmpty ? nil : navigation)
            messages.removeAll()
            self.demo = demo
        }

        /// Runs a typed command, as the terminal does.
        func submit(_ line: String) async {
            messages.removeAll()
            await demo?.handle(line)
        }
    }

    /// One screen: its lines from the state, the commands of the visible flow in a menu, Undo, and a field for
    /// typed commands.
    struct ScreenView: View {
        let module: any Presentable
        let model: DemoModel
        @State private var input = ""

        var body: some View {
            if let screen = (module as? any ScreenModule)?.screen, let demo = model.demo {
                List {
                    if screen.kind == .itemsList && !demo.itemRows.isEmpty {
                        // A store per row: a row's view observes its own item, so renaming one redraws that row.
                        ForEach(demo.itemRows) { row in
                            ItemRowView(row: row, showsID: demo.store.settings.showsIDs) {
                                Task { await model.submit("open \(row.id)") }
                            }
                        }
                    } else {
                        ForEach(Array(screen.render(demo.store.state).enumerated()), id: \.offset) { line in
                            Text(line.element)
                        }
                    }
                    if screen.kind == .settings {
                        Toggle(
                            "Show item ids",
                            isOn: demo.store.binding(\.settings.showsIDs) { _ in .settings(.toggleIDs) })
                    }
                    ForEach(Array(model.messages.suffix(3).enumerated()), id: \.offset) { message in
                        Text(message.element).foregroundStyle(.secondary)
                    }
                }
                .navigationTitle(screen.title)
                .toolbar {
                    ToolbarItem { CommandButton("Undo") }
                    ToolbarItem {
                        Menu("Commands") { CommandItems(demo.availableCommands.map(\.identifier)) }
                    }
                }
                .safeAreaInset(edge: .bottom) {
                    TextField("Type a command, as in the terminal: save Milk", text: $input)
                        .textFieldStyle(.roundedBorder)
                        .padding()
                        .onSubmit {
                            let line = input
                            input = ""
                            Task { await model.submit(line) }
                        }
                }
            } else {
                Text(module.moduleName)
            }
        }
    }
    /// An item of the list, from its row's store: it reads the item's fields through the store, so Observation
    /// redraws it when its own item changes only.
    struct ItemRowView: View {
        let row: Store<Item, ItemIntent, Never>
        let showsID: Bool
        let open: () -> Void

        var body: some View {
            Button(action: open) {
                Text(showsID ? "#\(row.id)  \(row.title)" : row.title)
            }
        }
    }
#else
    /// Where SwiftUI does not exist.
    @main
    enum ConductorDemoSwiftUIApp {
        static func main() {
            print(
                "This example needs SwiftUI: run it on macOS with `swift run ConductorDemoSwiftUI`, or build it for iOS."
            )
        }
    }
#endif
