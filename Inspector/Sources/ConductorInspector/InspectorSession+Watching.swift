public import ConductorActions
public import ConductorCommands
public import ConductorCoordinators
internal import ConductorRecording
public import ConductorStore
internal import Foundation

extension InspectorSession {
    /// Records every action sent through `router`, whichever dispatcher handles it (a router-wide middleware).
    public func watch(_ router: ActionRouter) {
        let tap = ActionTap(session: self, source: router.name)
        router.middlewares.append(tap)
        detachers.append { [weak router] in router?.middlewares.removeAll { $0 as AnyObject === tap } }
    }

    /// Records every command `commands` performs (and validates, unless the configuration says otherwise).
    public func watch(_ commands: CommandManager, name: String = "commands") {
        let tap = CommandTap(session: self, source: name, recordsValidations: configuration.recordsValidations)
        commands.addObserver(tap)
        // Each command sets off a trace — or joins the one under way — with where it was performed from. One session
        // binds a manager's traces at a time: the latest to watch it; its detach leaves another session's hook alone.
        commands.performAround = (
            owner: tap,
            run: { [weak self] identifier, location, body in
                guard let self else { return try await body() }
                try await caused(by: "command \(identifier.text)", at: location, body)
            }
        )
        detachers.append { [weak commands] in
            commands?.removeObserver(tap)
            if commands?.performAround?.owner === tap { commands?.performAround = nil }
        }
    }

    /// Records every intent `store` processes with the state diff it caused, and every effect run; time travel can
    /// show the state after any of its intents. While it does, the intents sent to the store are held, not processed,
    /// until `resume()`: no reducer runs on the state shown, and no effect starts.
    public func watch<State, IntentType: Sendable, EffectType: Effect>(
        _ store: Store<State, IntentType, EffectType>, name: String
    ) {
        attach(WatchedStore(name: name, store: store, session: self), to: store)
    }

    /// Records a store whose state and intents are `Codable`: as ``watch(_:name:)-(Store<State,IntentType,EffectType>,_)``,
    /// and its intents are exported in the recording, recordings can be imported into it to be viewed, and — given
    /// `test` — its session can be exported as a Swift Testing test.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - name: Its name in the timeline and the exports.
    ///   - test: How to write its session as a test, or `nil`.
    ///   - imports: What imported intents must pass and may do. By default every decodable intent is accepted and
    ///     none reaches the live store: an imported session is viewed (with time travel, on a copy of the state),
    ///     not executed.
    public func watch<State: Codable & Equatable, IntentType: Codable & Sendable, EffectType: Effect>(
        _ store: Store<State, IntentType, EffectType>, name: String, test: TestExport?,
        imports: ImportPolicy<IntentType> = ImportPolicy()
    ) {
        let watched = WatchedStore(name: name, store: store, session: self)
        let type = String(reflecting: IntentType.self)
        watched.encodeIntent = { intent throws(RecordingError) in
            try Recording.line(kind: .intent, type: type, payload: intent)
        }
        watched.importDecoder = { line throws(RecordingError) in try line.payload(as: IntentType.self) }
        watched.json = (
            state: { state in try AppTestExport.json(state) }, intent: { intent in try AppTestExport.json(intent) }
        )
        watched.importPolicy = imports
        if let test {
            watched.test = { initial, intents, replay throws(InspectorError) in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                func json(_ value: some Encodable, _ what: String) throws(InspectorError) -> String {
                    do { return String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
                        throw InspectorError(
                            .cannotExportTest,
                            "Store '\(name)' cannot be exported as a test: \(what) does not encode as JSON (\(error)).")
                    }
                }
                let initialJSON = try json(initial, "its initial state")
                var steps: [(intent: String, state: String)] = []
                var state = initial
                for (index, intent) in intents.enumerated() {
                    state = replay([intent], state)
                    let intentJSON = try json(intent, "intent \(index + 1)")
                    let stateJSON = try json(state, "the state after intent \(index + 1)")
                    steps.append((intentJSON, stateJSON))
                }
                let function = try test.function(
                    store: name, stateType: String(reflecting: State.self), intentType: type, initial: initialJSON,
                    steps: steps)
                return (test.imports(), function)
            }
        }
        attach(watched, to: store)
    }

    private func attach<State, IntentType: Sendable, EffectType: Effect>(
        _ watched: WatchedStore<State, IntentType, EffectType>, to store: Store<State, IntentType, EffectType>
    ) {
        stores[watched.name] = watched
        store.middlewares.insert(watched, at: 0)
        // Added beside the app's own observers, and removed alone: the app's are never touched.
        store.addEffectObserver(watched) { [weak watched] event in watched?.effectEvent(event) }
        detachers.append { [weak store, weak watched] in
            store?.middlewares.removeAll { $0 as AnyObject === watched }
            if let watched { store?.removeEffectObservers(of: watched) }
        }
    }

    /// Shows the tree under `coordinator` (the visible flow highlighted) as it changes, and records every deep link
    /// opened through it.
    ///
    /// Watch the root of the app's tree: time travel restores the tree under it, and while travel shows the past,
    /// capturing that root (`NavigationTree.capture`) gives the live tree and `DeferredDeepLinks` on it or under it
    /// wait for the live tree. A subtree watched alone travels too, but what the app holds at its root then sees the
    /// past.
    public func watch(_ coordinator: BaseCoordinator) {
        navigation.watch(coordinator)
        detachers.append { [weak self] in self?.navigation = NavigationWatcher() }
        // A flow that starts or ends, or a tab selected, is recorded once the work that changed it is over (an intent's
        // event recorded first), not only at the next event.
        coordinator.addActivePathObserver(owner: self) { [weak self] in self?.publishNavigationSoon() }
        publishNavigationIfChanged()
        detachers.append { [weak self, weak coordinator] in
            if let self { coordinator?.removeDeepLinkObservers(of: self) }
        }
        // The name, not the coordinator: the closure is stored on the coordinator, which must not own itself.
        let name = coordinator.name
        coordinator.addDeepLinkObserver(self) { [weak self] event in
            // The link was taken before it is told: what it navigated is recorded after its event.
            guard let self else { return }
            caused(by: "link \(event.source)") {
                add(.deepLink, event.source, source: name, causedNavigation: true) {
                    var fields = ["link": event.link ?? "(none)"]
                    if let error = event.error { fields["error"] = error.description }
                    return fields
                }
            }
        }
    }

    /// Shows `router`'s stack as it changes, with the stacks shown inside it (tabs, presented flows).
    public func watch(_ router: any NavigationRouter) {
        navigation.watch(router)
        detachers.append { [weak self] in self?.navigation = NavigationWatcher() }
        isTrackingStacks = false  // track the new stack too
        publishNavigationIfChanged()  // the stacks as they are, from which their changes are followed
    }
}

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
