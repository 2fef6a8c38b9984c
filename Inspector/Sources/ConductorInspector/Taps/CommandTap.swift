internal import ConductorCommands
internal import ConductorRecording

/// Records every command a manager performs — identifier, arguments, context keys, duration, result — and, if asked,
/// every validation.
@MainActor
final class CommandTap: CommandObserver {
    /// Weak: a tap left on a router, manager or store after its session is gone does nothing.
    weak var session: InspectorSession?
    let source: String
    let recordsValidations: Bool
    private var started: [ObjectIdentifier: ContinuousClock.Instant] = [:]
    /// The commands under way that began while time travel showed the past.
    private var startedDuringTravel: Set<ObjectIdentifier> = []

    init(session: InspectorSession, source: String, recordsValidations: Bool) {
        self.session = session
        self.source = source
        self.recordsValidations = recordsValidations
    }

    func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        session?.publishNavigationIfChanged()  // what the command navigates is recorded after its event
        started[ObjectIdentifier(context)] = .now
        if session?.isTravelingInTime == true { startedDuringTravel.insert(ObjectIdentifier(context)) }
    }

    func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        record(identifier, context, error: nil)
    }

    func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {
        record(identifier, context, error: error)
    }

    func commandDidValidate(_ identifier: CommandIdentifier, context: CommandContext?, validation: CommandValidation) {
        guard recordsValidations else { return }
        let keys = context.map(Self.keys) ?? ""
        session?.add(.validation, identifier.text, source: source) {
            var fields = ["state": "\(validation.state)", "enabled": "\(validation.isEnabled)"]
            if let title = validation.title { fields["title"] = title }
            if let reason = validation.reason { fields["reason"] = reason }
            if !keys.isEmpty { fields["context keys"] = keys }
            return fields
        }
    }

    private func record(_ identifier: CommandIdentifier, _ context: CommandContext?, error: CommandError?) {
        let start = context.flatMap { started.removeValue(forKey: ObjectIdentifier($0)) }
        // Whether it began during travel: what it showed then, resume undid, whenever it ends.
        let duringTravel = context.map { startedDuringTravel.remove(ObjectIdentifier($0)) != nil }
        let duration = start.map { ContinuousClock.now - $0 }
        let arguments = context?.arguments ?? identifier.arguments
        let keys = context.map(Self.keys) ?? ""
        let text = identifier.text
        let record: (() -> String?)? =
            error == nil
            ? { try? Recording.line(kind: .command, type: text, payload: CommandRecorder.Entry(arguments: arguments)) }
            : nil  // a failed command is written as its event
        session?.add(
            .command, identifier.text, source: source, record: record, causedNavigation: true,
            duringTravel: duringTravel
        ) {
            var fields = [
                "command": identifier.name,
                "arguments": arguments.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
                    .joined(separator: ", "),
                "result": error == nil ? "performed" : "failed",
            ]
            if let duration { fields["duration"] = "\(duration)" }
            if !keys.isEmpty { fields["context keys"] = keys }
            if let error { fields["error"] = error.description }
            return fields
        }
    }

    private static func keys(_ context: CommandContext) -> String {
        (context.arguments.keys.sorted() + context.valueKeys).joined(separator: ", ")
    }
}
