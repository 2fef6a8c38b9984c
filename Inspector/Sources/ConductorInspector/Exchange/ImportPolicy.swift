/// What the inspector may do with the intents of a session imported into a watched store
/// (``InspectorSession/watch(_:name:test:imports:)``).
///
/// An imported session is viewed, not executed. Each intent that passes `validate` becomes an event of the
/// timeline; time travel to it shows the state it leads to — the store's reducer run on a copy of the state the import
/// was made on, its effects ignored — and the live store holds every intent sent to it meanwhile. Nothing reaches the
/// app's persistence unless the app lets it through with `sendsLive`, typically the intents its screens send, never
/// those its persistence layer sends back (`loaded`, `itemAdded`).
///
/// ```swift
/// inspector.session.watch(
///     store, name: "app", test: nil,
///     imports: ImportPolicy(
///         validate: { intent in if case .addItem(let title) = intent { try TitleRules.check(title) } },
///         sendsLive: { intent in intent.isNavigation }))
/// ```
public struct ImportPolicy<IntentType> {
    /// Checks an imported intent with the rules typed input passes; what it throws refuses the intent, whose line is
    /// reported in ``ImportReport/skipped`` (as `RecordingError.replayFailed`, with the error's description) and
    /// neither shown nor sent. Accepts every intent by default.
    package var validate: @MainActor (IntentType) throws -> Void
    /// Whether an accepted imported intent is also sent to the live store, where it runs like any other — its effects
    /// included. No intent by default.
    package var sendsLive: @MainActor (IntentType) -> Bool

    /// A policy; by default every decodable intent is accepted for viewing and none is sent live.
    public init(
        validate: @escaping @MainActor (IntentType) throws -> Void = { _ in },
        sendsLive: @escaping @MainActor (IntentType) -> Bool = { _ in false }
    ) {
        self.validate = validate
        self.sendsLive = sendsLive
    }
}
