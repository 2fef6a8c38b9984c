#if canImport(UIKit) && os(iOS)
    public import ConductorCommands
    public import UIKit

    extension CommandManager {
        /// The UIKit responder chain from a sender (a `UIResponder`): the sender, then each `next`. Set it as
        /// ``ConductorCommands/CommandManager/responderChain`` so responders that are
        /// ``ConductorCommands/CommandContextProvider``s or ``ConductorCommands/CommandSupplier``s take part.
        public static func uiKitChain(from sender: AnyObject?) -> [AnyObject] {
            var chain: [AnyObject] = []
            var next = sender as? UIResponder
            while let responder = next {
                chain.append(responder)
                next = responder.next
            }
            return chain
        }

        /// `UICommand`s for the commands, validated now: titled by validation, disabled when inactive, hidden when
        /// they do not apply, each carrying its identifier as its property list and calling
        /// ``UIKitCommandTarget/performCommand(_:)``.
        ///
        /// A command that does not apply yet is included, hidden, so that a main menu built at launch shows it once
        /// a flow supplies it: UIKit validates menu commands again (``UIKitCommandTarget/validate(_:)``) before it
        /// shows them.
        public func uiCommands(for identifiers: [String], sender: AnyObject? = nil) -> [UICommand] {
            identifiers.map { identifier in
                let validation = validate(identifier: identifier, sender: sender)
                let command = UICommand(
                    title: validation.title ?? identifier,
                    image: validation.iconName.flatMap { UIImage(named: $0) ?? UIImage(systemName: $0) },
                    action: #selector(UIKitCommandTarget.performCommand(_:)),
                    propertyList: identifier
                )
                if !validation.isEnabled { command.attributes.insert(.disabled) }
                if !validation.isVisible { command.attributes.insert(.hidden) }
                return command
            }
        }

        /// A `UIKeyCommand` for an identifier, titled and enabled by validation.
        public func uiKeyCommand(
            _ identifier: String,
            input: String,
            modifierFlags: UIKeyModifierFlags = .command,
            sender: AnyObject? = nil
        ) -> UIKeyCommand {
            let validation = validate(identifier: identifier, sender: sender)
            let command = UIKeyCommand(
                title: validation.title ?? identifier,
                action: #selector(UIKitCommandTarget.performCommand(_:)),
                input: input,
                modifierFlags: modifierFlags,
                propertyList: identifier
            )
            if !validation.isEnabled { command.attributes.insert(.disabled) }
            return command
        }
    }

    /// The first-responder entry point of commands: put it in the responder chain (an app delegate or scene's
    /// root responder that forwards to it, or a subclass), and every `UICommand` and `UIKeyCommand` built by
    /// ``ConductorCommands/CommandManager/uiCommands(for:sender:)`` reaches the manager with the identifier it carries.
    @MainActor
    open class UIKitCommandTarget: UIResponder {
        /// The manager that performs the commands.
        public let manager: CommandManager
        /// Receives the errors of commands performed from menus and keys, which have no caller to throw to.
        public var onError: @MainActor (CommandError) -> Void

        /// Creates a target.
        public init(manager: CommandManager, onError: @escaping @MainActor (CommandError) -> Void) {
            self.manager = manager
            self.onError = onError
            super.init()
        }

        /// Performs the command whose identifier the sender (`UICommand`, `UIKeyCommand`) carries, with the context
        /// chain starting at the key window's first responder — where UIKit's own target–action starts — so the view
        /// controllers from there up provide context (with `CommandManager.uiKitChain(from:)` as the manager's
        /// platform chain). When nothing is first responder (no text field is editing), the chain starts at the view
        /// controller the user sees — the top of the key window's presented, navigation and tab controllers — so
        /// menus and keys still get its context; at this target when there is no window.
        @objc open func performCommand(_ sender: Any?) {
            guard let identifier = (sender as? UICommand)?.propertyList as? String else { return }
            let responder = UIResponder.commandChainStart ?? self
            Task {
                do throws(CommandError) {
                    try await manager.perform(identifier: identifier, sender: responder)
                } catch {
                    onError(error)
                }
            }
        }

        /// Validates menu items and key commands built from commands, from the first responder as they perform.
        open override func validate(_ command: UICommand) {
            guard let identifier = command.propertyList as? String else { return super.validate(command) }
            let validation = manager.validate(identifier: identifier, sender: UIResponder.commandChainStart ?? self)
            if let title = validation.title { command.title = title }
            if validation.isEnabled {
                command.attributes.remove(.disabled)
            } else {
                command.attributes.insert(.disabled)
            }
            if validation.isVisible { command.attributes.remove(.hidden) } else { command.attributes.insert(.hidden) }
        }
    }

    extension UIResponder {
        /// The first responder of the key window, found as UIKit finds the target of an action sent to `nil`: the
        /// start of the chain a command's context is filled along.
        @MainActor static var currentFirstResponder: UIResponder? {
            FirstResponderProbe.found = nil
            UIApplication.shared.sendAction(
                #selector(UIResponder.conductorRecordFirstResponder(_:)), to: nil, from: nil, for: nil)
            defer { FirstResponderProbe.found = nil }
            return FirstResponderProbe.found
        }

        @objc fileprivate func conductorRecordFirstResponder(_ sender: Any?) { FirstResponderProbe.found = self }

        /// Where a command's context chain starts: the first responder, or — when nothing is first responder and the
        /// probe reaches a window, or nothing — the view controller the user sees in the key window.
        @MainActor static var commandChainStart: UIResponder? {
            let first = currentFirstResponder
            // With nothing first responder, UIKit hands a nil-targeted action to the window, the application or its
            // delegate: none of them is where the user is.
            if let first, (first is UIView && !(first is UIWindow)) || first is UIViewController { return first }
            let window =
                (first as? UIWindow)
                ?? UIApplication.shared.connectedScenes.lazy.compactMap { $0 as? UIWindowScene }
                .flatMap(\.windows).first(where: \.isKeyWindow)
            return window?.rootViewController.map(UIViewController.conductorVisible(from:)) ?? first
        }
    }

    extension UIViewController {
        /// The view controller the user sees from `root`: down presented controllers, a navigation controller's top
        /// and a tab bar controller's selected one.
        @MainActor static func conductorVisible(from root: UIViewController) -> UIViewController {
            var visible = root
            while true {
                if let presented = visible.presentedViewController, !presented.isBeingDismissed {
                    visible = presented
                } else if let navigation = visible as? UINavigationController, let top = navigation.topViewController {
                    visible = top
                } else if let tabs = visible as? UITabBarController, let selected = tabs.selectedViewController {
                    visible = selected
                } else {
                    return visible
                }
            }
        }
    }

    /// Where the probe action records the first responder it reached.
    @MainActor private enum FirstResponderProbe {
        static weak var found: UIResponder?
    }
#endif
