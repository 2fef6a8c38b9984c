/// What ``DeferredDeepLinks`` does with a flow presented over the screens (a sheet started with
/// ``BaseCoordinator/presentChild(_:showing:on:animated:dismissedOutput:onFinish:)``) when a link arrives.
public enum ModalPolicy: Sendable, Equatable {
    /// The link is offered with the flow in place: the flow, first on the active path, may take it; otherwise the
    /// flows under it are offered it and what they show stays under the sheet until it closes.
    case offerOver
    /// The link waits, kept, while a presented flow is on the active path, and is offered once the flow ends.
    case wait
    /// A link that arrives dismisses the presented flows on the active path first, as the user would dismiss them
    /// (each finishes with its dismissed output), then is offered — and kept if no flow takes it. A link already kept
    /// waits for the sheet to close instead: it never dismisses a sheet opened after it arrived.
    case dismiss
}
