internal import Foundation
internal import HTTPTypes
internal import Hummingbird
internal import HummingbirdCore
internal import HummingbirdWebSocket
internal import Logging
internal import NIOConcurrencyHelpers
internal import NIOCore
internal import ServiceLifecycle

/// The inspector's HTTP and WebSocket server (Hummingbird): the page and its assets, the session's exports, and
/// `/events`, a WebSocket that streams the session's events and takes time-travel and import requests.
///
/// Everything but the assets asks for the session's token in the query (`?token=`), so only who was shown the URL
/// can read what the app does; what guards the connections themselves is in InspectorServer+Connections.swift.
enum InspectorServer {
    /// The page's files, read from the package's resources once.
    struct Assets: Sendable {
        let html: String
        let script: String
        let style: String

        static func load() throws(InspectorError) -> Assets {
            func read(_ name: String, _ type: String) throws(InspectorError) -> String {
                guard
                    let url = Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Resources"),
                    let text = try? String(contentsOf: url, encoding: .utf8)  // nil: reported below
                else {
                    throw InspectorError(
                        .invalidConfiguration,
                        "The inspector's page (\(name).\(type)) is missing from its resources; rebuild the package."
                    )
                }
                return text
            }
            return Assets(
                html: try read("index", "html"), script: try read("inspector", "js"),
                style: try read("inspector", "css"))
        }
    }

    /// A server that runs.
    struct Running: Sendable {
        /// The port it listens on.
        let port: Int
        /// The most connections it keeps open at once: the configured limit, or fewer when the process's
        /// descriptor limit leaves less room (``Connections/limit(configured:descriptorLimit:open:)``).
        let maximumConnections: Int
        let task: Task<Void, Never>
        let group: ServiceGroup

        /// Stops accepting connections, ends the open ones, and returns when the server has stopped.
        func stop() async {
            await group.triggerGracefulShutdown()
            await task.value
        }
    }

    /// Starts the server in a task and returns how to reach and stop it.
    ///
    /// - Throws: ``InspectorError/Code/invalidConfiguration`` for a limit out of its range or a token a URL
    ///   cannot carry; ``InspectorError/Code/insecureConfiguration`` for a token estimated below 128 bits or a
    ///   host that is not loopback, unless ``InspectorConfiguration/allowsInsecureConfiguration`` is set;
    ///   ``InspectorError/Code/cannotListen`` when the address cannot be listened on.
    @MainActor
    static func start(session: InspectorSession, assets: Assets) async throws(InspectorError) -> Running {
        let configuration = session.configuration
        try configuration.checkServerLimits()
        var logger = Logger(label: "Conductor.Inspector")
        logger.logLevel = .warning
        let insecurities = configuration.insecurities
        if !insecurities.isEmpty {
            guard configuration.allowsInsecureConfiguration else {
                throw InspectorError(
                    .insecureConfiguration,
                    "The inspector did not start: \(insecurities.joined(separator: "; ")). Set "
                        + "InspectorConfiguration.allowsInsecureConfiguration to start it anyway, only on a machine "
                        + "and a network you trust.")
            }
            for insecurity in insecurities {
                logger.warning(
                    "INSECURE INSPECTOR (allowsInsecureConfiguration is set): \(insecurity).")
            }
        }
        let policy = Policy(configuration)
        var maximumConnections = configuration.maximumConnections
        if let use = Connections.descriptorUse() {
            maximumConnections = Connections.limit(
                configured: configuration.maximumConnections, descriptorLimit: use.limit, open: use.open)
            if maximumConnections < configuration.maximumConnections {
                logger.warning(
                    """
                    The inspector keeps at most \(maximumConnections) connection(s), not \
                    \(configuration.maximumConnections): the process may open \(use.limit) descriptors, \
                    \(use.open) are open, and \(Connections.reservedDescriptors) are left to the app. Raise the \
                    limit (ulimit -n) for more.
                    """)
            }
        }
        let router = makeRouter(session: session, assets: assets, configuration: configuration)
        let started = NIOLockedValueBox<CheckedContinuation<Int, any Error>?>(nil)
        let finish: @Sendable (Result<Int, any Error>) -> Void = { result in
            started.withLockedValue { continuation in
                continuation?.resume(with: result)
                continuation = nil
            }
        }
        let app = Application(
            router: router,
            server: server(
                webSocketRouter: router, configuration: configuration, maximumConnections: maximumConnections,
                policy: policy),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "ConductorInspector"),
            onServerRunning: { channel in finish(.success(channel.localAddress?.port ?? configuration.port)) },
            logger: logger
        )
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [], logger: logger))
        do {
            var task: Task<Void, Never>?
            let port = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Int, any Error>) in
                started.withLockedValue { $0 = continuation }
                task = Task.detached {
                    do { try await group.run() } catch { finish(.failure(error)) }
                    finish(.failure(CancellationError()))
                }
            }
            return Running(
                port: port, maximumConnections: maximumConnections, task: task ?? Task {}, group: group)
        } catch {
            throw InspectorError(
                .cannotListen,
                "The inspector cannot listen on \(configuration.host):\(configuration.port): \(error). Choose another "
                    + "port, or 0 for any free one.")
        }
    }

    /// HTTP/1.1 with the upgrade to a WebSocket, its limits from `configuration` and at most `maximumConnections`
    /// open at once, inside the inspector's guards
    /// (see InspectorServer+Connections.swift): bounded connections, deadlines, refusals, security headers and
    /// masked frames.
    private static func server(
        webSocketRouter: Router<BasicWebSocketRequestContext>, configuration: InspectorConfiguration,
        maximumConnections: Int, policy: Policy
    ) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: HTTP1Channel.Configuration(
                idleTimeout: nil,  // the guards' clock keeps the connection's deadlines
                httpDecoderConfiguration: HTTP1Channel.Configuration.DecoderConfiguration(
                    maxHeaderFieldSize: Policy.maximumHeaderFieldSize,
                    maxHeaderListSize: Policy.maximumHeaderListSize,
                    maxHeaderFieldCount: Policy.maximumHeaderFieldCount)),
            ws: WebSocketServerConfiguration(
                // A browser sends a message as one frame: the frame limit is the message limit.
                maxFrameSize: configuration.maximumMessageSize,
                autoPing: .enabled(timePeriod: configuration.idleTimeout),
                closeTimeout: .seconds(10),
                validateUTF8: true))
        let connections = Connections(maximum: maximumConnections)
        return HTTPServerBuilder { responder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: channelConfiguration),
                policy: policy, connections: connections)
        }
    }

    private static func makeRouter(session: InspectorSession, assets: Assets, configuration: InspectorConfiguration)
        -> Router<BasicWebSocketRequestContext>
    {
        let token = configuration.token
        let maximumMessageSize = configuration.maximumMessageSize
        let router = Router(context: BasicWebSocketRequestContext.self)
        @Sendable func authorized(_ request: Request) -> Bool {
            tokenMatches(request.uri.queryParameters.get("token"), token)
        }
        @Sendable func refusal() -> Response {
            text(
                "This inspector needs the token printed when it started: open the URL it printed, with ?token=.",
                status: .forbidden, type: "text/plain; charset=utf-8")
        }
        router.get("/") { request, _ -> Response in
            guard authorized(request) else { return refusal() }
            return text(
                assets.html, type: "text/html; charset=utf-8",
                contentSecurityPolicy: pagePolicy(authority: request.head.authority))
        }
        router.get("/inspector.js") { _, _ in text(assets.script, type: "text/javascript; charset=utf-8") }
        router.get("/inspector.css") { _, _ in text(assets.style, type: "text/css; charset=utf-8") }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.get("/export.jsonl") { request, _ -> Response in
            guard authorized(request) else { return refusal() }
            let recording = await session.exportRecording()
            return text(recording, type: "application/jsonl; charset=utf-8", download: "conductor-session.jsonl")
        }
        router.get("/export-test.swift") { request, _ -> Response in
            guard authorized(request) else { return refusal() }
            let source = await MainActor.run { () -> Result<String, InspectorError> in
                do throws(InspectorError) { return .success(try session.exportTest()) } catch {
                    return .failure(error)
                }
            }
            switch source {
            case .success(let source):
                return text(source, type: "text/x-swift; charset=utf-8", download: "InspectedSessionTests.swift")
            case .failure(let error):
                return text(error.message, status: .notFound, type: "text/plain; charset=utf-8")
            }
        }
        router.get("/export-app-test.json") { request, _ -> Response in
            guard authorized(request) else { return refusal() }
            let script = await MainActor.run { () -> Result<String, InspectorError> in
                do throws(InspectorError) { return .success(try session.exportAppTest()) } catch {
                    return .failure(error)
                }
            }
            switch script {
            case .success(let script):
                return text(script, type: "application/json; charset=utf-8", download: "conductor-app-test.json")
            case .failure(let error):
                return text(error.message, status: .notFound, type: "text/plain; charset=utf-8")
            }
        }
        // The request guard has already refused a socket without the token or from another site's page; this
        // check stays so the route is safe on its own.
        router.ws("/events") { request, _ in
            authorized(request) ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, _ in
            let (id, stream) = await session.subscribe()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in stream {
                        do { try await outbound.write(.text(message)) } catch { return }  // the page went away
                    }
                }
                group.addTask {
                    do {
                        for try await message in inbound.messages(maxSize: maximumMessageSize) {
                            switch message {
                            case .text(let text): await session.handle(request: text, from: id)
                            case .binary(let bytes):
                                await session.receive(chunk: Data(bytes.readableBytesView), from: id)
                            }
                        }
                    } catch {
                        return  // the page went away or sent a message too large: the connection ends
                    }
                }
                await group.next()
                group.cancelAll()
            }
            await session.unsubscribe(id)
        }
        return router
    }

    /// The page's content security policy: its own scripts, styles and images, and connections to its own origin
    /// only — the page's socket to `ws://` and the address it was loaded from; it may not be framed, post forms
    /// or change its base URL.
    static func pagePolicy(authority: String?) -> String {
        var connect = "'self'"
        if let authority, let parsed = Policy.authority(authority) {
            connect += " ws://" + parsed.name + (parsed.port.map { ":\($0)" } ?? "")
        }
        return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src \(connect); frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    }

    /// A text response that is not stored. Every response also gets the security headers of
    /// ``Policy/addSecurityHeaders(to:)`` on its way out.
    private static func text(
        _ body: String, status: HTTPResponse.Status = .ok, type: String, download: String? = nil,
        contentSecurityPolicy: String = "default-src 'none'; frame-ancestors 'none'"
    ) -> Response {
        var headers: HTTPFields = [
            .contentType: type,
            .contentSecurityPolicy: contentSecurityPolicy,
            .cacheControl: "no-store",
        ]
        if let download { headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
