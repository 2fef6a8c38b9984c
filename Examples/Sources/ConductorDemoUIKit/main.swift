#if canImport(UIKit) && os(iOS)
    import ConductorDemoKit
    import ConductorUIKit
    import UIKit

    /// The demo app with a UIKit front end: the same coordinators, store and commands as the terminal demo. The view
    /// controller shows the visible screen, a menu of the commands the responder chain offers (built by
    /// `CommandManager.uiCommands`, performed through `UIKitCommandTarget`), and a field for typed commands.
    @MainActor
    final class DemoViewController: UIViewController, UITextFieldDelegate {
        private let text = UITextView()
        private let field = UITextField()
        private var app: DemoApp?
        private var messages: [String] = []
        private var target: UIKitCommandTarget?

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            text.isEditable = false
            text.font = .monospacedSystemFont(ofSize: 15, weight: .regular)
            field.placeholder = "Type a command: save Milk"
            field.borderStyle = .roundedRect
            field.delegate = self
            let stack = UIStackView(arrangedSubviews: [text, field])
            stack.axis = .vertical
            stack.spacing = 8
            stack.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                stack.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
            ])
            do {
                let app = try DemoApp(databasePath: DemoDatabase.defaultPath) { [weak self] in self?.messages.append($0)
                }
                app.start()
                self.app = app
                target = UIKitCommandTarget(manager: app.commandManager) { [weak self] error in
                    self?.messages.append(error.description)
                    self?.refresh()
                }
            } catch {
                messages = [error.description]
            }
            refresh()
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            let line = textField.text ?? ""
            textField.text = ""
            messages.removeAll()
            Task {
                await app?.handle(line)
                refresh()
            }
            return true
        }

        /// Commands from menus reach the target, in the responder chain after this controller.
        override var next: UIResponder? { target ?? super.next }

        private func refresh() {
            guard let app else {
                text.text = messages.joined(separator: "\n")
                return
            }
            text.text = (app.visibleLines + [""] + messages.suffix(3)).joined(separator: "\n")
            let menu = app.commandManager.uiMenu(
                title: "Commands", for: app.availableCommands.map(\.identifier), sender: self)
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Commands", menu: menu)
        }
    }

    @MainActor
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
        ) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = UINavigationController(rootViewController: DemoViewController())
            window.makeKeyAndVisible()
            self.window = window
            return true
        }
    }

    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
#else
    print("This example needs UIKit on iOS: build it for the iOS simulator (see .github/workflows/apple.yml).")
#endif
