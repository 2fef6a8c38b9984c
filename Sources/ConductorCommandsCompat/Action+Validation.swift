extension Action {
    /// How an action shows for a context, in the seed's form: a state and localisable names.
    ///
    /// Converted to and from Conductor's `CommandValidation`: ``fullName`` is its title, ``shortName`` its short
    /// title, ``iconName`` its icon.
    public struct Validation {
        /// The identifier validated.
        public let identifier: String
        /// Whether the action applies.
        public var state: State
        /// The name for menus; `action.<identifier>.title` (a localisation key) by default.
        public var fullName: String
        /// The short name for buttons; `action.<identifier>.short` by default.
        public var shortName: String
        /// The icon's name; `action.<identifier>.icon` by default.
        public var iconName: String
        /// Values to substitute into localised names.
        public var localizationInfo: [String: Any] = [:]

        /// `action.<identifier>.title`.
        public static func defaultFullName(for identifier: String) -> String { "action.\(identifier).title" }
        /// `action.<identifier>.short`.
        public static func defaultShortName(for identifier: String) -> String { "action.\(identifier).short" }
        /// `action.<identifier>.icon`.
        public static func defaultIconName(for identifier: String) -> String { "action.\(identifier).icon" }

        /// This validation's default full name.
        public var defaultFullName: String { Self.defaultFullName(for: identifier) }
        /// This validation's default short name.
        public var defaultShortName: String { Self.defaultShortName(for: identifier) }
        /// This validation's default icon name.
        public var defaultIconName: String { Self.defaultIconName(for: identifier) }

        /// Whether the action is active; setting it makes it active or inactive.
        public var enabled: Bool {
            get { state == .active }
            set { state = newValue ? .active : .inactive }
        }

        /// Whether the action shows at all.
        public var visible: Bool { state != .ineligable }

        /// Creates a validation; names default to the localisation keys.
        public init(
            identifier: String,
            state: State = .active,
            fullName: String? = nil,
            shortName: String? = nil,
            iconName: String? = nil
        ) {
            self.identifier = identifier
            self.state = state
            self.fullName = fullName ?? Self.defaultFullName(for: identifier)
            self.shortName = shortName ?? Self.defaultShortName(for: identifier)
            self.iconName = iconName ?? Self.defaultIconName(for: identifier)
        }

        /// A seed validation of Conductor's.
        public init(identifier: String, _ validation: CommandValidation) {
            let state: State =
                switch validation.state {
                case .active: validation.isEnabled ? .active : .inactive
                case .inactive: .inactive
                case .ineligible: .ineligable
                }
            self.init(
                identifier: identifier, state: state, fullName: validation.title, shortName: validation.shortTitle,
                iconName: validation.iconName)
        }

        /// Conductor's form of this validation.
        public var commandValidation: CommandValidation {
            let state: CommandValidation.State =
                switch self.state {
                case .active: .active
                case .inactive: .inactive
                case .ineligable: .ineligible
                }
            return CommandValidation(
                state: state, title: fullName, shortTitle: shortName, iconName: iconName,
                titleKey: defaultFullName, shortTitleKey: defaultShortName)
        }
    }
}
