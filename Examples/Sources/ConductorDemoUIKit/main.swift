#if canImport(UIKit) && os(iOS)
    import Conductor
    import ConductorDemoKit
    import ConductorUIKit
    import Observation
    import UIKit

    // The demo app on UIKit: the same coordinators, store and commands as the terminal demo, on the real adapters.
    // `UIKitRouterFactory` makes the routers — each stack a `UINavigationController` driven through a
    // `UIKitNavigationHost`, the tabs a `UITabBarController` through a `UIKitTabContainer` — so the back button,
    // swipe-back, tab taps and a creation sheet swiped away reach the coordinators. Commands come from the
    // coordinator tree joined to UIKit's responder chain: a "Commands" menu and key commands, validated; the
    // creation screen provides the title it is editing as command context, so ⌘S saves it.

    /// A screen of the demo as a view controller: its lines from the state, redrawn when the state changes, and a
    /// field for typed commands (the terminal's words) — on the creation screen, the new item's title.
    @MainActor
    final class ScreenViewController: UIViewController, ScreenModule, CommandContextProvider, UITextFieldDelegate {
        let screen: Screen
        private let app: DemoAppReference
        private let text = UITextView()
        private let field = UITextField()

        init(screen: Screen, app: DemoAppReference) {
            self.screen = screen
            self.app = app
            super.init(nibName: nil, bundle: nil)
            title = screen.title
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("ScreenViewController is created in code") }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            text.isEditable = false
            text.font = .monospacedSystemFont(ofSize: 15, weight: .regular)
            field.placeholder = screen.kind == .itemCreate ? "Title (⌘S saves)" : "Type a command: help"
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
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Commands", menu: commandsMenu())
            redraw()
        }

        /// The screen shown offers its link to Handoff and Spotlight, as an activity the next device (or the next
        /// launch) continues with `application(_:continue:restorationHandler:)`.
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            guard let demo = app.demo, let link = demo.shownLink else { return }
            userActivity = demo.linkMatcher.userActivity(for: link, type: DemoApp.activityType, title: screen.title)
            userActivity?.becomeCurrent()
        }

        /// Draws the screen from the state, and draws it again when the part of the state it read changes.
        private func redraw() {
            guard let store = app.demo?.store else { return }
            withObservationTracking {
                text.text = (screen.render(store.state) + [""] + app.messages.suffix(3)).joined(separator: "\n")
            } onChange: { [weak self] in
                Task { @MainActor in self?.redraw() }
            }
        }

        /// The commands the visible flow offers, validated each time the menu opens.
        private func commandsMenu() -> UIMenu {
            UIMenu(
                title: "Commands",
                children: [
                    UIDeferredMenuElement.uncached { [weak self] completion in
                        guard let demo = self?.app.demo else { return completion([]) }
                        let identifiers = demo.availableCommands.map(\.identifier)
                        completion(demo.commandManager.uiCommands(for: identifiers, sender: self))
                    }
                ])
        }

        /// ⌘N creates, ⌘S saves, ⌘Z undoes, ⇧⌘Z redoes: validated like the menu, performed by the app's
        /// `UIKitCommandTarget` from this screen.
        override var keyCommands: [UIKeyCommand]? {
            guard let manager = app.demo?.commandManager else { return nil }
            return [
                manager.uiKeyCommand("Create", input: "n", sender: self),
                manager.uiKeyCommand("Save", input: "s", sender: self),
                manager.uiKeyCommand("Undo", input: "z", sender: self),
                manager.uiKeyCommand("Redo", input: "z", modifierFlags: [.command, .shift], sender: self),
            ]
        }

        /// On the creation screen, the title being edited: `Save` reads it when performed from a menu or ⌘S.
        func provide(context: CommandContext) throws {
            guard screen.kind == .itemCreate, let title = field.text, !title.isEmpty, context["title"] == nil else {
                return
            }
            context["title"] = .string(title)
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            guard screen.kind != .itemCreate else { return true }
            let line = textField.text ?? ""
            textField.text = ""
            Task { await app.demo?.handle(line) }
            return true
        }
    }

    /// The demo, reachable from the screens it creates (they are made while it starts).
    @MainActor
    final class DemoAppReference {
        var demo: DemoApp?
        /// The lines the demo printed last (messages and errors), shown under each screen.
        var messages: [String] = []
    }

    @MainActor
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        private let reference = DemoAppReference()
        private var commandTarget: UIKitCommandTarget?

        func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
        ) -> Bool {
            let reference = reference
            let frontEnd = DemoFrontEnd(
                routers: UIKitRouterFactory(
                    tabTitles: ["items": "Items", "settings": "Settings"],
                    tabImages: [
                        "items": UIImage(systemName: "list.bullet"), "settings": UIImage(systemName: "gear"),
                    ].compactMapValues { $0 })
            ) {
                ScreenViewController(screen: $0, app: reference)
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            do {
                let demo = try DemoApp(databasePath: DemoDatabase.defaultPath, frontEnd: frontEnd) { line in
                    reference.messages.append(line)
                }
                reference.demo = demo
                // Context is filled from the first responder up through the view controllers, then the flows.
                demo.commandManager.followCoordinators(
                    from: demo.rootCoordinator, platformChain: CommandManager.uiKitChain(from:))
                commandTarget = UIKitCommandTarget(manager: demo.commandManager) { error in
                    reference.messages.append(error.description)
                }
                let url = (launchOptions?[.url] as? URL)?.absoluteString
                demo.start(openURL: url)
                window.rootViewController = UIKitNavigationHost.viewController(for: demo.router)
            } catch {
                let failure = UIViewController()
                failure.view.backgroundColor = .systemBackground
                let label = UILabel()
                label.text = error.description
                label.numberOfLines = 0
                label.frame = failure.view.bounds.insetBy(dx: 20, dy: 80)
                failure.view.addSubview(label)
                window.rootViewController = failure
            }
            window.makeKeyAndVisible()
            self.window = window
            return true
        }

        /// Where the user is — back swipes and tab taps included — is saved when the app leaves the screen, and
        /// reopened at the next launch.
        func applicationDidEnterBackground(_ application: UIApplication) { reference.demo?.saveNavigation() }

        /// Saved again when the app ends while on screen.
        func applicationWillTerminate(_ application: UIApplication) { reference.demo?.saveNavigation() }

        /// Deep links while running go down the same path as at launch.
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:])
            -> Bool
        {
            Task { await reference.demo?.handle("open-url \(url.absoluteString)") }
            return true
        }

        /// An activity continued — Handoff from another device, Spotlight, a universal link — opens its link, taken
        /// now or kept until sign-in, as any link is.
        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
        ) -> Bool {
            guard let demo = reference.demo else { return false }
            do { try demo.deferredDeepLinks.open(userActivity: userActivity, with: demo.linkMatcher) } catch {
                reference.messages.append(error.description)
            }
            return true
        }

        /// Commands from menus and keys reach the target at the end of the chain, which performs them from the first
        /// responder.
        override var next: UIResponder? { commandTarget ?? super.next }
    }

    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
#else
    print("This example needs UIKit on iOS: build it for the iOS simulator (see .github/workflows/apple.yml).")
#endif
