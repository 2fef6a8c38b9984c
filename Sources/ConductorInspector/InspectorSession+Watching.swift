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
        detachers.append { [weak commands] in commands?.removeObserver(tap) }
    }

    /// Records every intent `store` processes with the state diff it caused, and every effect run; time travel can
    /// show the state after any of its intents.
    public func watch<State, IntentType: Sendable, EffectType: Effect>(
        _ store: Store<State, IntentType, EffectType>, name: String
    ) {
        attach(WatchedStore(name: name, store: store, session: self), to: store)
    }

    /// Records a store whose state and intents are `Codable`: as ``watch(_:name:)-(Store<State,IntentType,EffectType>,_)``,
    /// and its intents are exported in the recording, imported recordings replay into it, and — given `test` — its
    /// session can be exported as a Swift Testing test.
    public func watch<State: Codable & Equatable, IntentType: Codable & Sendable, EffectType: Effect>(
        _ store: Store<State, IntentType, EffectType>, name: String, test: TestExport?
    ) {
        let watched = WatchedStore(name: name, store: store, session: self)
        let type = String(reflecting: IntentType.self)
        watched.encodeIntent = { intent throws(RecordingError) in
            try Recording.line(kind: .intent, type: type, payload: intent)
        }
        watched.decodeIntent = { line throws(RecordingError) in try line.payload(as: IntentType.self) }
        if let test {
            watched.test = { initial, intents, replay in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                func json(_ value: some Encodable) -> String? {
                    (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }  // nil: not exported
                }
                guard let initialJSON = json(initial) else { return nil }
                var steps: [(intent: String, state: String)] = []
                var state = initial
                for intent in intents {
                    state = replay([intent], state)
                    guard let intentJSON = json(intent), let stateJSON = json(state) else { return nil }
                    steps.append((intentJSON, stateJSON))
                }
                let function = test.function(
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
        store.effectObserver = { [weak watched] event in watched?.effectEvent(event) }
        detachers.append { [weak store, weak watched] in
            store?.middlewares.removeAll { $0 as AnyObject === watched }
            store?.effectObserver = nil
        }
    }

    /// Shows the tree under `coordinator` (the visible flow highlighted) as it changes, and records every deep link
    /// opened through it.
    public func watch(_ coordinator: BaseCoordinator) {
        navigation.watch(coordinator)
        detachers.append { [weak coordinator] in coordinator?.onDeepLink = nil }
        // The name, not the coordinator: the closure is stored on the coordinator, which must not own itself.
        let name = coordinator.name
        coordinator.onDeepLink = { [weak self] event in
            self?.add(.deepLink, event.source, source: name) {
                var fields = ["link": event.link ?? "(none)"]
                if let error = event.error { fields["error"] = error.description }
                return fields
            }
        }
    }

    /// Shows `router`'s stack as it changes, with the stacks shown inside it (tabs, presented flows).
    public func watch(_ router: any NavigationRouter) {
        navigation.watch(router)
    }
}
