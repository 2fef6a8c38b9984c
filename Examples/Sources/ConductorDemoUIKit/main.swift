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

    /// The app: the state every window shares, opened once; each window is a scene of its own (``SceneDelegate``).
    @MainActor
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        /// The state the app's windows share, or why it could not be opened.
        static let data: Result<DemoData, DemoDatabaseError> = {
            do throws(DemoDatabaseError) {
                return .success(try DemoData(databasePath: DemoDatabase.defaultPath))
            } catch {
                return .failure(error)
            }
        }()

        /// Every window is the demo's (Info.plist's scene manifest names the same delegate).
        func application(
            _ application: UIApplication,
            configurationForConnecting connectingSceneSession: UISceneSession,
            options: UIScene.ConnectionOptions
        ) -> UISceneConfiguration {
            let configuration = UISceneConfiguration(name: "Demo", sessionRole: connectingSceneSession.role)
            configuration.delegateClass = SceneDelegate.self
            return configuration
        }
    }

    /// A window of the demo: a coordinator tree, routers, commands and links of its own over the shared state, its
    /// place kept by the system with the scene (`stateRestorationActivity`), so two windows reopen where each was.
    @MainActor
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private let reference = DemoAppReference()
        /// The key of the restoration activity's `userInfo` that holds the window's navigation tree.
        static let navigationKey = "navigation"

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            let window = DemoWindow(windowScene: windowScene)
            let reference = reference
            let frontEnd = DemoFrontEnd(
                // The window's router shows each flow's stack, and the tab bar, as the window's root view controller.
                routers: UIKitRouterFactory(
                    window: window, tabTitles: ["items": "Items", "settings": "Settings"],
                    tabImages: [
                        "items": UIImage(systemName: "list.bullet"), "settings": UIImage(systemName: "gear"),
                    ].compactMapValues { $0 })
            ) {
                ScreenViewController(screen: $0, app: reference)
            }
            switch AppDelegate.data {
            case .success(let data):
                let demo = DemoApp(window: data, frontEnd: frontEnd) { line in reference.messages.append(line) }
                reference.demo = demo
                // Context is filled from the first responder up through the view controllers, then the flows.
                demo.commandManager.followCoordinators(
                    from: demo.rootCoordinator, platformChain: CommandManager.uiKitChain(from:))
                window.commandTarget = UIKitCommandTarget(manager: demo.commandManager) { error in
                    reference.messages.append(error.description)
                }
                // Where this window was (the system keeps it with the scene), then the link it was opened with: a
                // URL, or — a cold launch from Handoff or Spotlight — an activity.
                let saved = session.stateRestorationActivity?.userInfo?[Self.navigationKey] as? String
                demo.start(openURL: connectionOptions.urlContexts.first?.url.absoluteString, restoring: saved)
                for activity in connectionOptions.userActivities { open(activity) }
            case .failure(let error):
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
        }

        /// Where the user is in this window — back swipes and tab taps included — asked by the system as the scene
        /// goes to the background, and given back when it reconnects.
        func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
            guard let json = reference.demo?.navigationJSON() else { return nil }
            let activity = NSUserActivity(activityType: DemoApp.activityType)
            activity.addUserInfoEntries(from: [Self.navigationKey: json])
            return activity
        }

        /// The window closed: what it added to the shared state leaves with it.
        func sceneDidDisconnect(_ scene: UIScene) { reference.demo?.close() }

        /// Deep links while running go down the same path as at launch.
        func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
            for context in urlContexts {
                Task { await reference.demo?.handle("open-url \(context.url.absoluteString)") }
            }
        }

        /// An activity continued — Handoff from another device, Spotlight, a universal link — opens its link, taken
        /// now or kept until sign-in, as any link is.
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { open(userActivity) }

        private func open(_ activity: NSUserActivity) {
            guard let demo = reference.demo, activity.userInfo?[Self.navigationKey] == nil else { return }
            do { try demo.deferredDeepLinks.open(userActivity: activity, with: demo.linkMatcher) } catch {
                reference.messages.append(error.description)
            }
        }
    }

    /// A window whose responder chain ends at its own command target: commands from menus and keys reach the
    /// window's command manager, never another window's.
    @MainActor
    final class DemoWindow: UIWindow {
        var commandTarget: UIKitCommandTarget?
        override var next: UIResponder? { commandTarget ?? super.next }
    }

    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
#else
    print("This example needs UIKit on iOS: build it for the iOS simulator (see .github/workflows/apple.yml).")
#endif
