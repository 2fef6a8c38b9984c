#if canImport(AppKit) && os(macOS)
    public import AppKit
    public import ConductorCommands

    extension CommandManager {
        /// AppKit's responder chain, in the order `NSApplication.sendAction(_:to:from:)` walks it for an action with
        /// no target. Set it as ``ConductorCommands/CommandManager/responderChain``, or pass it as the platform chain
        /// of `followCoordinators(from:platformChain:)` (module Conductor) to join the coordinator tree after it, so
        /// responders that are ``ConductorCommands/CommandContextProvider``s or ``ConductorCommands/CommandSupplier``s
        /// take part:
        ///
        /// 1. the key window's first responder, then each `nextResponder` — its views, their view controllers, the
        ///    window, the window controller;
        /// 2. the key window, its delegate, its window controller and that controller's document, if not met yet;
        /// 3. when another window is main (a panel is key), the same for the main window;
        /// 4. the application, then each `nextResponder` (an installed ``AppKitCommandTarget``), then the
        ///    application's delegate.
        ///
        /// A sender that is a responder — the first responder ``AppKitCommandTarget`` passes, a view or view
        /// controller that performs a command itself — starts the chain in place of the key window's first responder,
        /// followed by its own window's part (and the main window's, when its window is the key window) and the
        /// application's. Any other sender starts it at the key window's first responder, as AppKit sends an action
        /// with no target: a menu item, a toolbar item, a control (a button sends its action to the first responder,
        /// not along its own chain), `nil`, the application, or an ``AppKitCommandTarget``.
        ///
        /// <!-- not compiled: AppKit, on Apple platforms only -->
        /// ```swift
        /// commands.followCoordinators(from: appCoordinator, platformChain: CommandManager.appKitChain(from:))
        /// ```
        public static func appKitChain(from sender: AnyObject?) -> [AnyObject] {
            let starts = AppKitResponders.starts(from: sender)
            return CommandManager.chain(walking: starts.windows + starts.application) { AppKitResponders.next($0) }
        }

        /// A menu item that performs a command through ``AppKitCommandTarget/performCommand(_:)``: titled from the
        /// command's validation now, and enabled, titled and hidden by ``AppKitCommandTarget`` each time its menu
        /// opens — so a main menu built at launch shows the commands a flow supplies later, when they apply.
        ///
        /// The identifier is the item's `representedObject`: AppKit reserves `:` in `identifier`s, and command
        /// identifiers have arguments such as `menu.Open(id: 3)`.
        /// - Parameters:
        ///   - identifier: The command to perform, such as `menu.Open(id: 3)`.
        ///   - keyEquivalent: The item's key equivalent, such as `"o"` for ⌘O.
        ///   - sender: Where the responder chain of this first validation starts: the key window's first responder by
        ///     default.
        public func appKitMenuItem(
            _ identifier: String,
            keyEquivalent: String = "",
            sender: AnyObject? = nil
        ) -> NSMenuItem {
            let validation = validate(identifier: identifier, sender: sender)
            let item = NSMenuItem(
                title: validation.title ?? identifier,
                action: #selector(AppKitCommandTarget.performCommand(_:)),
                keyEquivalent: keyEquivalent
            )
            item.representedObject = identifier
            return item
        }
    }

    /// The AppKit entry point of commands, as elegantchaos/Actions' `ActionManagerMac`: a responder installed in the
    /// chain (``install(in:)``, the seed's `installResponder()`) that performs the command a menu item or toolbar item
    /// names, and validates those items from the commands' validation.
    ///
    /// An item names its command by its `representedObject` (a `String`, as
    /// ``ConductorCommands/CommandManager/appKitMenuItem(_:keyEquivalent:sender:)`` sets it), else its `identifier`
    /// (`NSUserInterfaceItemIdentification`), or, for a toolbar item, its `itemIdentifier`; its action is
    /// ``performCommand(_:)`` and its target `nil` (the first responder).
    ///
    /// Commands are performed and validated from the key window's first responder, where AppKit's own target–action
    /// starts (from this target when no window is key), so with ``ConductorCommands/CommandManager/appKitChain(from:)``
    /// as the manager's chain the focused view, its view controllers, the window and its controller, the application
    /// and its delegate fill the context, in the order `NSApplication.sendAction(_:to:from:)` walks them:
    ///
    /// <!-- not compiled: AppKit, on Apple platforms only -->
    /// ```swift
    /// commands.followCoordinators(from: app, platformChain: CommandManager.appKitChain(from:))
    /// // Kept by the app delegate: AppKit does not retain a responder chain's `nextResponder`.
    /// commandTarget = AppKitCommandTarget(manager: commands) { error in NSApp.presentError(error) }
    /// commandTarget.install(in: NSApp)
    /// fileMenu.addItem(commands.appKitMenuItem("menu.Open(id: 3)", keyEquivalent: "o"))
    /// ```
    ///
    /// Validation covers menu items (`NSMenuItemValidation`: enabled, title, hidden), toolbar items
    /// (`NSToolbarItemValidation`: enabled; AppKit validates items with a custom view only if they do so themselves)
    /// and any other validated item (`NSUserInterfaceValidations`: enabled), whose action is ``performCommand(_:)``.
    /// Items with another action are left enabled, as AppKit would. Subclasses may override each.
    @MainActor
    open class AppKitCommandTarget: NSResponder, NSMenuItemValidation, NSToolbarItemValidation,
        NSUserInterfaceValidations
    {
        /// The manager that performs the commands.
        public let manager: CommandManager
        /// Receives the errors of commands performed from menus and toolbars, which have no caller to throw to.
        public var onError: @MainActor (CommandError) -> Void

        /// Creates a target.
        public init(manager: CommandManager, onError: @escaping @MainActor (CommandError) -> Void) {
            self.manager = manager
            self.onError = onError
            super.init()
        }

        /// Not supported: create targets in code.
        public required init?(coder: NSCoder) { nil }

        /// Inserts this target right after `responder` in its chain — usually the application (`NSApp`), which every
        /// action with no target reaches — so menu items and toolbar items whose action is ``performCommand(_:)``
        /// find it.
        public func install(in responder: NSResponder) {
            nextResponder = responder.nextResponder
            responder.nextResponder = self
        }

        /// The command an item names: its `representedObject` when it is a `String`, else its `identifier`, or a
        /// toolbar item's `itemIdentifier`; `nil` when it names none.
        public static func commandIdentifier(of item: AnyObject?) -> String? {
            if let identifier = (item as? NSMenuItem)?.representedObject as? String { return identifier }
            if let toolbarItem = item as? NSToolbarItem { return toolbarItem.itemIdentifier.rawValue }
            return (item as? any NSUserInterfaceItemIdentification)?.identifier?.rawValue
        }

        /// Performs the command the sender (a menu item, a toolbar item, a control) names, from the key window's
        /// first responder: the context's sender, where its chain starts. Errors go to ``onError``.
        @objc open func performCommand(_ sender: Any?) {
            guard let identifier = Self.commandIdentifier(of: sender.map { $0 as AnyObject }) else { return }
            let responder = chainStart
            Task {
                do throws(CommandError) {
                    try await manager.perform(identifier: identifier, sender: responder)
                } catch {
                    onError(error)
                }
            }
        }

        /// Goes back in the stack the key window shows, when nothing in it took `goBack:` first: with nothing focused,
        /// AppKit sends the action from the window, past every view controller, and reaches this target (installed
        /// in the window or the application), which hands it to the ``AppKitStackViewController`` the user sees.
        @objc open func goBack(_ sender: Any?) {
            AppKitResponders.visibleStack()?.goBack(sender)
        }

        /// Enables, titles and hides a menu item from its command's validation; `goBack:` is enabled when the
        /// stack the user sees can go back.
        open func validateMenuItem(_ menuItem: NSMenuItem) -> Bool {
            if menuItem.action == #selector(goBack(_:)) { return AppKitResponders.visibleStack()?.canGoBack ?? false }
            guard let validation = validation(of: menuItem, action: menuItem.action) else { return true }
            if let title = validation.title { menuItem.title = title }
            menuItem.isHidden = !validation.isVisible
            return validation.isEnabled
        }

        /// Enables a toolbar item from its command's validation (`goBack:` when the visible stack can go back).
        open func validateToolbarItem(_ item: NSToolbarItem) -> Bool {
            if item.action == #selector(goBack(_:)) { return AppKitResponders.visibleStack()?.canGoBack ?? false }
            return validation(of: item, action: item.action)?.isEnabled ?? true
        }

        /// Enables any other validated item from its command's validation (`goBack:` when the visible stack can go
        /// back).
        open func validateUserInterfaceItem(_ item: any NSValidatedUserInterfaceItem) -> Bool {
            if item.action == #selector(goBack(_:)) { return AppKitResponders.visibleStack()?.canGoBack ?? false }
            return validation(of: item as AnyObject, action: item.action)?.isEnabled ?? true
        }

        /// The validation of the command an item performs; `nil` for an item with another action or no command.
        private func validation(of item: AnyObject, action: Selector?) -> CommandValidation? {
            guard action == #selector(performCommand(_:)), let identifier = Self.commandIdentifier(of: item) else {
                return nil
            }
            return manager.validate(identifier: identifier, sender: chainStart)
        }

        /// The key window's first responder, where AppKit starts an action sent to no target; this target when no
        /// window is key (its chain then starts at the main window, if any, as AppKit's).
        private var chainStart: NSResponder {
            let application: NSApplication? = NSApp
            let key = application?.keyWindow
            // Nothing focused (the window is its own first responder): the view controller the user sees starts the
            // chain, as it would if one of its views were focused, so commands get its context.
            if let key, key.firstResponder === key, let shown = AppKitResponders.visibleController(in: key) {
                return shown
            }
            let first: NSResponder? = key?.firstResponder
            return first ?? self
        }
    }

    /// Where AppKit's action walk starts each part, for ``ConductorCommands/CommandManager/appKitChain(from:)``; the
    /// walk itself, its order and its de-duplication are `CommandManager.chain(walking:next:)`'s.
    @MainActor
    enum AppKitResponders {
        /// The view controller the user sees in `window`: down its content view controller, the top of a stack and
        /// the selected tab, at any depth.
        static func visibleController(in window: NSWindow) -> NSViewController? {
            descend(from: window.contentViewController).shown
        }

        /// The innermost stack container the key window shows, which `goBack:` goes back in.
        static func visibleStack() -> AppKitStackViewController? {
            let application: NSApplication? = NSApp
            return descend(from: application?.keyWindow?.contentViewController).stack
        }

        /// One walk down from `root` — the top of each stack, the selected tab — to the view controller shown, and the
        /// innermost stack container passed on the way.
        private static func descend(from root: NSViewController?) -> (
            shown: NSViewController?, stack: AppKitStackViewController?
        ) {
            var shown = root
            var stack: AppKitStackViewController?
            for _ in 0..<64 {
                if let container = shown as? AppKitStackViewController, let top = container.topViewController {
                    stack = container
                    shown = top
                } else if let tabs = shown as? NSTabViewController,
                    tabs.tabViewItems.indices.contains(tabs.selectedTabViewItemIndex),
                    let selected = tabs.tabViewItems[tabs.selectedTabViewItemIndex].viewController
                {
                    shown = selected
                } else {
                    if let container = shown as? AppKitStackViewController { stack = container }
                    break
                }
            }
            return (shown, stack)
        }

        /// The responder after another: `nextResponder`; nothing after an object that is not a responder.
        static func next(_ object: AnyObject) -> AnyObject? {
            (object as? NSResponder)?.nextResponder
        }

        /// The starts of the windows' part and of the application's part, each in AppKit's order.
        static func starts(from sender: AnyObject?) -> (windows: [AnyObject?], application: [AnyObject?]) {
            let application: NSApplication? = NSApp
            let key = application?.keyWindow
            let start: NSResponder?
            let window: NSWindow?
            if let responder = sender as? NSResponder, !(responder is NSControl), !(responder is NSApplication),
                !(responder is AppKitCommandTarget)
            {
                start = responder
                window = containingWindow(of: responder)
            } else {
                start = key?.firstResponder
                window = key
            }
            var windows: [AnyObject?] = [start]
            windows += parts(of: window)
            // From the key window (or no window at all), AppKit goes on to the main window when a panel is key.
            if window === key, let main = application?.mainWindow, main !== key {
                let mainFirst: NSResponder? = main.firstResponder
                windows.append(mainFirst)
                windows += parts(of: main)
            }
            let app: [AnyObject?] = [application, object(application?.delegate)]
            return (windows: windows, application: app)
        }

        /// A window, its delegate, its window controller and the controller's document.
        private static func parts(of window: NSWindow?) -> [AnyObject?] {
            guard let window else { return [] }
            let controller = window.windowController
            return [window, object(window.delegate), controller, object(controller?.document)]
        }

        /// The window a responder is in, or is.
        private static func containingWindow(of responder: NSResponder) -> NSWindow? {
            switch responder {
            case let window as NSWindow: return window
            case let view as NSView: return view.window
            case let controller as NSViewController: return controller.isViewLoaded ? controller.view.window : nil
            case let controller as NSWindowController: return controller.window
            default: return nil
            }
        }

        /// A value as an object, for delegates and documents, whose Swift types are protocols or `Any`.
        private static func object(_ value: Any?) -> AnyObject? {
            guard let value else { return nil }
            return value as AnyObject
        }
    }
#endif
