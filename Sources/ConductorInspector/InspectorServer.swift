// Built with the package's `InspectorServer` trait, which brings in the server's dependencies.
#if InspectorServer
    internal import ConductorSupport
    internal import Foundation
    internal import Hummingbird
    internal import HummingbirdWebSocket
    internal import Logging
    internal import NIOCore
    internal import ServiceLifecycle

    /// The inspector's HTTP and WebSocket server (Hummingbird): the page and its assets, the session's exports, and
    /// `/events`, a WebSocket that streams the session's events and takes time-travel and import requests.
    ///
    /// Everything but the assets asks for the session's token in the query (`?token=`), so only who was shown the URL
    /// can read what the app does.
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
            let task: Task<Void, Never>
            let group: ServiceGroup

            /// Stops accepting connections, ends the open ones, and returns when the server has stopped.
            func stop() async {
                await group.triggerGracefulShutdown()
                await task.value
            }
        }

        /// Starts the server in a task and returns how to reach and stop it.
        @MainActor
        static func start(session: InspectorSession, assets: Assets) async throws(InspectorError) -> Running {
            let configuration = session.configuration
            guard (0...65_535).contains(configuration.port) else {
                throw InspectorError(.invalidConfiguration, "Port \(configuration.port) is not between 0 and 65535.")
            }
            let router = makeRouter(session: session, assets: assets, token: configuration.token)
            var logger = Logger(label: "Conductor.Inspector")
            logger.logLevel = .warning
            let started = Locked<CheckedContinuation<Int, any Error>?>(nil)
            let finish: @Sendable (Result<Int, any Error>) -> Void = { result in
                started.withLock { continuation in
                    continuation?.resume(with: result)
                    continuation = nil
                }
            }
            let app = Application(
                router: router,
                server: .http1WebSocketUpgrade(webSocketRouter: router),
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
                    started.withLock { $0 = continuation }
                    task = Task.detached {
                        do { try await group.run() } catch { finish(.failure(error)) }
                        finish(.failure(CancellationError()))
                    }
                }
                return Running(port: port, task: task ?? Task {}, group: group)
            } catch {
                throw InspectorError(
                    .cannotListen,
                    "The inspector cannot listen on \(configuration.host):\(configuration.port): \(error). Choose another "
                        + "port, or 0 for any free one.")
            }
        }

        private static func makeRouter(session: InspectorSession, assets: Assets, token: String)
            -> Router<BasicWebSocketRequestContext>
        {
            let router = Router(context: BasicWebSocketRequestContext.self)
            @Sendable func authorized(_ request: Request) -> Bool {
                request.uri.queryParameters.get("token") == token
            }
            @Sendable func refusal() -> Response {
                text(
                    "This inspector needs the token printed when it started: open the URL it printed, with ?token=.",
                    status: .forbidden, type: "text/plain; charset=utf-8")
            }
            router.get("/") { request, _ -> Response in
                guard authorized(request) else { return refusal() }
                return text(assets.html, type: "text/html; charset=utf-8")
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
                            for try await message in inbound.messages(maxSize: 64 << 20) {
                                guard case .text(let text) = message else { continue }
                                await session.handle(request: text)
                            }
                        } catch {
                            return  // the page went away or sent a frame too large: the connection ends
                        }
                    }
                    await group.next()
                    group.cancelAll()
                }
                await session.unsubscribe(id)
            }
            return router
        }

        private static func text(
            _ body: String, status: HTTPResponse.Status = .ok, type: String, download: String? = nil
        ) -> Response {
            var headers: HTTPFields = [
                .contentType: type,
                .init("Content-Security-Policy")!:
                    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:",
                .init("X-Content-Type-Options")!: "nosniff",
                .cacheControl: "no-store",
            ]
            if let download { headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
    }

    extension InspectorSession {
        /// A page's request: `{"type": "travel", "sequence": 12}`, `{"type": "resume"}` or
        /// `{"type": "import", "recording": "…"}`. What cannot be done is told back as an inspector event.
        func handle(request text: String) {
            struct Request: Decodable {
                let type: String
                let sequence: Int?
                let recording: String?
            }
            // A message that does not decode is told back to the pages, below.
            guard let request = try? JSONDecoder().decode(Request.self, from: Data(text.utf8)) else {
                return notice("ignored a page message that is not JSON")
            }
            switch request.type {
            case "travel":
                do { try travel(to: request.sequence ?? -1) } catch { notice(error.message) }
            case "resume":
                resume()
            case "import":
                do { try importRecording(request.recording ?? "") } catch { notice("import failed: \(error)") }
            default:
                notice("ignored an unknown page request '\(request.type)'")
            }
        }
    }
#endif
