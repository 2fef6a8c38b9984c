#if canImport(SwiftUI)
    public import ConductorCoordinators
    internal import Logging
    public import SwiftUI

    /// A link in a screen that pushes a destination through its flow, so the screen it shows is in the flow's
    /// navigation value — restored, linked to, popped by the flow — where a `NavigationLink { Detail() }` pushes a
    /// view the value never holds (and the flow's next change pops without a word).
    ///
    /// <!-- not compiled: SwiftUI, on Apple platforms only -->
    /// ```swift
    /// FlowLink(to: .note(note.id), in: notesFlow) { Text(note.title) }
    /// ```
    ///
    /// A destination that cannot be shown any more (its ``ConductorCoordinators/NavigatingFlow/content(for:)``
    /// throws: the item was deleted) leaves the screen as it is, and its error goes to `onError` — logged by default
    /// (swift-log, label `Conductor.SwiftUI`).
    public struct FlowLink<Flow: NavigatingFlow, Label: View>: View {
        private let flow: Flow
        private let destination: Flow.Destination
        private let label: Label
        private let onError: @MainActor (any Error) -> Void

        /// A link that pushes `destination` onto `flow`'s stack.
        /// - Parameters:
        ///   - destination: Where the link goes.
        ///   - flow: The flow that shows it.
        ///   - onError: Receives the error of a destination that cannot be shown; logged by default.
        ///   - label: What the link shows.
        public init(
            to destination: Flow.Destination,
            in flow: Flow,
            onError: (@MainActor (any Error) -> Void)? = nil,
            @ViewBuilder label: () -> Label
        ) {
            self.flow = flow
            self.destination = destination
            self.onError = onError ?? { error in Logger(label: "Conductor.SwiftUI").error("FlowLink: \(error)") }
            self.label = label()
        }

        /// A button that pushes the destination.
        public var body: some View {
            Button {
                do { try flow.push(destination) } catch { onError(error) }
            } label: {
                label
            }
        }
    }
#endif
