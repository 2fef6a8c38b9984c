#if canImport(SwiftUI)
    import ConductorDemoKit
    import ConductorSwiftUI
    import SwiftUI

    /// The demo app with a SwiftUI front end: the same coordinators, store and commands as the terminal demo; the
    /// view shows the visible screen, a button per command the responder chain offers (validated by
    /// `CommandButton`), and a field for typed commands such as `save Milk`.
    @main
    struct ConductorDemoSwiftUIApp: App {
        @State private var model = DemoModel()

        var body: some Scene {
            WindowGroup {
                DemoView(model: model)
                    .environment(\.commandManager, model.app?.commandManager)
                    .environment(\.commandErrorHandler) { error in model.messages.append(error.description) }
            }
        }
    }

    /// Owns the demo's kit and what it printed.
    @MainActor
    @Observable
    final class DemoModel {
        private(set) var app: DemoApp?
        private(set) var failure: String?
        var messages: [String] = []
        var input = ""

        init() {
            do {
                let app = try DemoApp(databasePath: DemoDatabase.defaultPath) { [weak self] line in
                    self?.messages.append(line)
                }
                app.start()
                messages.removeAll()
                self.app = app
            } catch {
                failure = error.description
            }
        }

        func submit() async {
            guard let app else { return }
            let line = input
            input = ""
            messages.removeAll()
            await app.handle(line)
        }
    }

    struct DemoView: View {
        @Bindable var model: DemoModel

        var body: some View {
            if let app = model.app {
                VStack(alignment: .leading, spacing: 12) {
                    ForEach(Array(app.visibleLines.enumerated()), id: \.offset) { line in
                        Text(line.element).font(line.offset == 0 ? .headline : .body.monospaced())
                    }
                    Divider()
                    ScrollView(.horizontal) {
                        HStack { CommandItems(app.availableCommands.map(\.identifier)) }
                    }
                    TextField("Type a command, as in the terminal: save Milk", text: $model.input)
                        .onSubmit { Task { await model.submit() } }
                    ForEach(Array(model.messages.suffix(3).enumerated()), id: \.offset) { message in
                        Text(message.element).foregroundStyle(.secondary)
                    }
                }
                .padding()
            } else {
                Text(model.failure ?? "Starting…").padding()
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
