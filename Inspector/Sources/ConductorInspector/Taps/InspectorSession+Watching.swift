public import ConductorActions
public import ConductorCommands
public import ConductorCoordinators
internal import ConductorRecording
public import ConductorStore
internal import Foundation

extension InspectorSession {
    /// Records every action sent through `router`, whichever dispatcher handles it (a router-wide middleware).
    public func watch(_ router: ActionRouter) {
        observeCauses()
        let tap = ActionTap(session: self, source: router.name)
        router.middlewares.append(tap)
        detachers.append { [weak router] in router?.middlewares.removeAll { $0 as AnyObject === tap } }
    }

    /// Records every command `commands` performs (and validates, unless the configuration says otherwise).
    public func watch(_ commands: CommandManager, name: String = "commands") {
        observeCauses()
        let tap = CommandTap(session: self, source: name, recordsValidations: configuration.recordsValidations)
        commands.addObserver(tap)
        detachers.append { [weak commands] in commands?.removeObserver(tap) }
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
        watched.importDecoder = ImportDecoder { line throws(RecordingError) in try line.payload(as: IntentType.self) }
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
        observeCauses()
        stores[watched.name] = watched
        store.middlewares.insert(watched, at: 0)
        // Added beside the app's own observers, and removed alone: the app's are never touched.
        store.addEffectObserver(owner: watched) { [weak watched] event in watched?.effectEvent(event) }
        detachers.append { [weak store, weak watched] in
            store?.middlewares.removeAll { $0 as AnyObject === watched }
            if let watched { store?.removeEffectObservers(of: watched) }
        }
    }

    /// Shows the tree under `coordinator` (the visible flow highlighted) as it changes, and records every deep link
    /// opened through it.
    ///
    /// Watch the root of the app's tree: time travel restores the tree under it, through its public value
    /// (`NavigationTree`), and resume restores the tree it left. Nothing in the app knows the Inspector travels: while
    /// it shows the past, the app's own code sees the past too (a `NavigationTree.capture` it saves is of the past).
    public func watch(_ coordinator: BaseCoordinator) {
        observeCauses()
        navigation.watch(coordinator)
        detachers.append { [weak self] in self?.navigation = NavigationWatcher() }
        // A flow that starts or ends, or a tab selected, is recorded once the work that changed it is over (an intent's
        // event recorded first), not only at the next event.
        coordinator.addActivePathObserver(owner: self) { [weak self] in self?.publishNavigationSoon() }
        publishNavigationIfChanged()
        detachers.append { [weak self, weak coordinator] in
            guard let self else { return }
            coordinator?.removeDeepLinkObservers(of: self)
            coordinator?.removeActivePathObservers(of: self)
        }
        // The name, not the coordinator: the closure is stored on the coordinator, which must not own itself.
        let name = coordinator.name
        coordinator.addDeepLinkObserver(owner: self) { [weak self] event in
            self?.linkTold(event, source: name)
        }
    }

    /// Shows `router`'s stack as it changes, with the stacks shown inside it (tabs, presented flows).
    public func watch(_ router: any NavigationRouter) {
        observeCauses()
        navigation.watch(router)
        detachers.append { [weak self] in self?.navigation = NavigationWatcher() }
        isTrackingStacks = false  // track the new stack too
        publishNavigationIfChanged()  // the stacks as they are, from which their changes are followed
    }

    /// Observes the causes the app's work carries (``CauseTap``), from the first thing watched until ``detach()``.
    func observeCauses() { Causes.addObserver(causeTap) }
}
