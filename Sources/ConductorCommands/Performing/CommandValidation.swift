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
    public var shortTitle: String? {
        get { texts?.values.shortTitle }
        set { changeTexts { $0.shortTitle = newValue } }
    }
    /// The name of an icon, in the app's icon set.
    public var iconName: String? {
        get { texts?.values.iconName }
        set { changeTexts { $0.iconName = newValue } }
    }
    /// The localisation key of ``title``, for apps that translate it.
    package var titleKey: String? {
        get { texts?.values.titleKey }
        set { changeTexts { $0.titleKey = newValue } }
    }
    /// The localisation key of ``shortTitle``.
    package var shortTitleKey: String? {
        get { texts?.values.shortTitleKey }
        set { changeTexts { $0.shortTitleKey = newValue } }
    }
    /// Why the command is not active, for diagnostics: an unknown identifier, a parse error.
    public var reason: String? {
        get { texts?.values.reason }
        set { changeTexts { $0.reason = newValue } }
    }

    /// The texts besides the title, in one shared box, or `nil` when there are none: a validation is made, copied
    /// and dropped for every perform and every menu item, most of them with a title at most, and five more optional
    /// strings inline would cost five more reference counts per copy.
    private var texts: Texts?

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
        let texts = Texts.Values(
            shortTitle: shortTitle, iconName: iconName, titleKey: titleKey, shortTitleKey: shortTitleKey, reason: reason
        )
        self.texts = texts.isEmpty ? nil : Texts(texts)
    }

    private mutating func changeTexts(_ change: (inout Texts.Values) -> Void) {
        var values = texts?.values ?? Texts.Values()
        change(&values)
        texts = values.isEmpty ? nil : Texts(values)
    }

    /// A validation's texts; immutable, so copies of a validation share it safely.
    private final class Texts: Sendable, Equatable {
        struct Values: Equatable {
            var shortTitle: String?
            var iconName: String?
            var titleKey: String?
            var shortTitleKey: String?
            var reason: String?

            var isEmpty: Bool {
                shortTitle == nil && iconName == nil && titleKey == nil && shortTitleKey == nil && reason == nil
            }
        }

        let values: Values

        init(_ values: Values) { self.values = values }

        static func == (lhs: Texts, rhs: Texts) -> Bool { lhs === rhs || lhs.values == rhs.values }
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
