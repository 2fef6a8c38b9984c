#if canImport(AppKit) && os(macOS)
    public import AppKit
    public import ConductorCommands

    extension CommandManager {
        /// The AppKit responder chain from a sender (an `NSResponder`): the sender, then each `nextResponder`. Set it
        /// as ``ConductorCommands/CommandManager/responderChain`` so responders that are
        /// ``ConductorCommands/CommandContextProvider``s or ``ConductorCommands/CommandSupplier``s take part.
        public static func appKitChain(from sender: AnyObject?) -> [AnyObject] {
            var chain: [AnyObject] = []
            var next = sender as? NSResponder
            // A menu item or toolbar item is not a responder: start at the key window's first responder.
            if next == nil, sender != nil { next = NSApp.keyWindow?.firstResponder }
            while let responder = next {
                chain.append(responder)
                next = responder.nextResponder
            }
            return chain
        }
    }

    /// The AppKit entry point of commands, as elegantchaos/Actions' `ActionManagerMac`: a responder installed in the
    /// chain (``install(in:)``, the seed's `installResponder()`) that performs the command named by a menu item's or
    /// toolbar item's `identifier` (`NSUserInterfaceItemIdentification`), and validates those items from the
    /// commands' validation.
    ///
    /// ```swift
    /// let target = AppKitCommandTarget(manager: commands) { error in NSApp.presentError(error) }
    /// target.install(in: NSApp)
    /// // A menu item with identifier "menu.Open(id: 3)" and action performCommand(_:) now performs Open.
    /// ```
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

        /// Inserts this target after `responder` in its chain (the application by default), so menu items whose
        /// action is ``performCommand(_:)`` find it.
        public func install(in responder: NSResponder) {
            nextResponder = responder.nextResponder
            responder.nextResponder = self
        }

        /// Performs the command the sender's `identifier` names, with the chain from the key window's first
        /// responder.
        @objc open func performCommand(_ sender: Any?) {
            guard let identifier = (sender as? any NSUserInterfaceItemIdentification)?.identifier?.rawValue else {
                return
            }
            Task {
                do throws(CommandError) {
                    try await manager.perform(identifier: identifier, sender: self)
                } catch {
                    onError(error)
                }
            }
        }

        /// Enables, titles and hides a menu item from its command's validation.
        public func validateMenuItem(_ menuItem: NSMenuItem) -> Bool {
            guard let validation = validation(of: menuItem) else { return true }
            if let title = validation.title { menuItem.title = title }
            menuItem.isHidden = !validation.isVisible
            return validation.isEnabled
        }

        /// Enables a toolbar item from its command's validation.
        public func validateToolbarItem(_ item: NSToolbarItem) -> Bool {
            validation(of: item)?.isEnabled ?? true
        }

        /// Enables any other validated item from its command's validation.
        public func validateUserInterfaceItem(_ item: any NSValidatedUserInterfaceItem) -> Bool {
            validation(of: item as AnyObject)?.isEnabled ?? true
        }

        private func validation(of item: AnyObject) -> CommandValidation? {
            guard let identifier = (item as? any NSUserInterfaceItemIdentification)?.identifier?.rawValue else {
                return nil
            }
            return manager.validate(identifier: identifier, sender: self)
        }
    }
#endif
