internal import Logging

/// Where routers report the errors of their non-throwing, seed-named methods unless told otherwise: swift-log at
/// error level, label `Conductor.Navigation`.
enum NavigationErrorLog {
    static let logger = Logger(label: "Conductor.Navigation")

    @MainActor
    static func report(_ error: NavigationError) { logger.error("\(error.description)") }
}
