internal import Logging

/// Where routers report the errors of their non-throwing, seed-named methods unless told otherwise: swift-log at
/// error level, label `Conductor.Navigation`.
package enum NavigationErrorLog {
    static let logger = Logger(label: "Conductor.Navigation")

    @MainActor
    package static func report(_ error: NavigationError) { logger.error("\(error.description)") }
}
