// Built with the package's `InspectorServer` trait, which brings in the server's dependencies.
public import ConductorActions
public import ConductorCommands
public import ConductorCoordinators
public import ConductorStore

/// A live web page of what the app does — a timeline of actions, commands, intents with the state diff each caused,
/// effects, navigation and deep links; the coordinator tree and the stacks; time travel; exports as JSON lines and as
/// a test — served from inside the app.
///
/// Start it, usually in debug builds, and tell it what to watch:
///
/// ```swift
/// let inspector = try await Inspector.start()
/// inspector.watch(ActionRouter.shared)
/// inspector.watch(store, name: "app", test: TestExport(module: "MyAppKit", reducer: "appReducer"))
/// inspector.watch(commandManager)
/// inspector.watch(appCoordinator)
/// inspector.watch(mainRouter)
/// print("Inspector:", inspector.url)
/// ```
///
/// Safe by default: it listens on loopback only, the page and its socket need the random token in ``url``, it never
/// starts unless asked, and it keeps at most `InspectorConfiguration.capacity` events; a slow page never blocks the
/// app (its waiting events are dropped, counted and shown). Its server defends itself against other processes on
/// the machine and other sites in the browser — bounded connections, deadlines, refusals, security headers — as
/// the module's Security section lists.
@MainActor
public final class Inspector {
    /// What the inspector has seen.
    public let session: InspectorSession
    private let server: InspectorServer.Running

    /// The port the server listens on.
    package var port: Int { server.port }

    /// The most connections the server keeps open at once: `InspectorConfiguration.maximumConnections`, or fewer
    /// when the process's descriptor limit would leave the app fewer than 64 free descriptors.
    package var maximumConnections: Int { server.maximumConnections }

    /// The connection limit a server takes when it is configured for `configured` connections, the process may
    /// open `descriptorLimit` descriptors and `open` are in use: at most `configured`, leaving 64 descriptors to
    /// the app, and at least one.
    package static func connectionLimit(configured: Int, descriptorLimit: Int, open: Int) -> Int {
        InspectorServer.Connections.limit(configured: configured, descriptorLimit: descriptorLimit, open: open)
    }

    private init(session: InspectorSession, server: InspectorServer.Running) {
        self.session = session
        self.server = server
    }

    /// Starts the server.
    /// - Throws: ``InspectorError``: ``InspectorError/Code/invalidConfiguration`` when the configuration is not
    ///   usable, ``InspectorError/Code/insecureConfiguration`` when its token is estimated below 128 bits or its
    ///   host is not loopback (unless `InspectorConfiguration.allowsInsecureConfiguration` is set), and
    ///   ``InspectorError/Code/cannotListen`` when the port cannot be listened on.
    public static func start(_ configuration: InspectorConfiguration = InspectorConfiguration())
        async throws(InspectorError) -> Inspector
    {
        let session = try InspectorSession(configuration: configuration)
        let assets = try InspectorServer.Assets.load()
        let server = try await InspectorServer.start(session: session, assets: assets)
        return Inspector(session: session, server: server)
    }

    /// The page's address, with its token: `http://127.0.0.1:PORT/?token=…`.
    public var url: String {
        let host =
            session.configuration.host.contains(":")
            ? "[\(session.configuration.host)]" : session.configuration.host
        return "http://\(host):\(port)/?token=\(session.configuration.token)"
    }

    /// Stops watching (the app's routers, stores and managers lose the inspector's taps), ends every page's
    /// connection, and stops the server.
    public func stop() async {
        session.detach()
        await server.stop()
    }

    /// Records every action sent through `router`.
    public func watch(_ router: ActionRouter) { session.watch(router) }

    /// Records every command `commands` performs and validates.
    public func watch(_ commands: CommandManager, name: String = "commands") { session.watch(commands, name: name) }

    /// Records every intent and effect of `store`; time travel can show any of its past states.
    public func watch<State, IntentType: Sendable, EffectType: Effect>(
        _ store: Store<State, IntentType, EffectType>, name: String
    ) {
        session.watch(store, name: name)
    }

    /// Records a store with `Codable` state and intents: exported and imported as JSON lines, and as a test given
    /// `test`. Imported intents pass `imports`' validation and are viewed, not executed, unless it says
    /// otherwise.
    public func watch<State: Codable & Equatable, IntentType: Codable & Sendable, EffectType: Effect>(
        _ store: Store<State, IntentType, EffectType>, name: String, test: TestExport?,
        imports: ImportPolicy<IntentType> = ImportPolicy()
    ) {
        session.watch(store, name: name, test: test, imports: imports)
    }

    /// Shows the tree under `coordinator` and records the deep links opened through it.
    public func watch(_ coordinator: BaseCoordinator) { session.watch(coordinator) }

    /// Shows `router`'s stack, and those shown inside it.
    public func watch(_ router: any NavigationRouter) { session.watch(router) }

    /// Holds `links`' deep links while time travel shows the past, and offers them on resume
    /// (`InspectorSession.watch(_:)` of a `DeferredDeepLinks`).
    public func watch(_ links: DeferredDeepLinks) { session.watch(links) }
}
