/// How a command shows in menus and buttons for a context, and whether it may be performed.
public struct CommandValidation: Sendable, Equatable {
    /// Whether the command applies.
    public enum State: Sendable, Equatable {
        /// The command does not apply here: hidden and disabled.
        case ineligible
        /// The command applies but cannot run now: shown, disabled.
        case inactive
        /// The command can run: shown, enabled.
        case active
    }

    /// Whether the command applies and can run.
    public var state: State
    /// Whether a menu item or button shows enabled; by default, `state == .active`.
    public var isEnabled: Bool
    /// Whether a menu item or button shows at all; by default, `state != .ineligible`.
    public var isVisible: Bool
    /// The full title, such as `Undo Rename`.
    public var title: String?
    /// A short title for compact places, such as `Undo`.
    public var shortTitle: String?
    /// The name of an icon: an image of the app's asset catalog, or else an SF Symbol (UIKit menus look it up in that
    /// order).
    public var iconName: String?
    /// The localisation key of ``title``, for apps that translate it.
    package var titleKey: String?
    /// The localisation key of ``shortTitle``.
    package var shortTitleKey: String?
    /// Why the command is not active, for diagnostics: an unknown identifier, a parse error.
    public var reason: String?

    /// Creates a validation.
    public init(
        state: State,
        title: String? = nil,
        shortTitle: String? = nil,
        iconName: String? = nil,
        titleKey: String? = nil,
        shortTitleKey: String? = nil,
        reason: String? = nil
    ) {
        self.state = state
        self.isEnabled = state == .active
        self.isVisible = state != .ineligible
        self.title = title
        self.shortTitle = shortTitle
        self.iconName = iconName
        self.titleKey = titleKey
        self.shortTitleKey = shortTitleKey
        self.reason = reason
    }

    /// Shown and enabled.
    public static func active(title: String? = nil, shortTitle: String? = nil, iconName: String? = nil) -> Self {
        Self(state: .active, title: title, shortTitle: shortTitle, iconName: iconName)
    }

    /// Shown but disabled.
    public static func inactive(title: String? = nil, shortTitle: String? = nil, iconName: String? = nil) -> Self {
        Self(state: .inactive, title: title, shortTitle: shortTitle, iconName: iconName)
    }

    /// Hidden and disabled; `reason` says why.
    public static func ineligible(reason: String? = nil) -> Self { Self(state: .ineligible, reason: reason) }
}
