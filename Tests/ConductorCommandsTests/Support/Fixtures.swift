import ConductorCommands

/// Records what it was asked to do.
@MainActor
final class OpenCommand: Command {
    var performed: [Int] = []
    var validations = 0
    func validate(context: CommandContext) -> CommandValidation {
        validations += 1
        return context["id"] == nil ? .inactive(title: "Open") : .active(title: "Open", iconName: "folder")
    }
    func perform(context: CommandContext) async throws {
        performed.append(try context.int("id"))
    }
}

@MainActor
final class FailingCommand: Command {
    func perform(context: CommandContext) async throws { throw Boom() }
}

@MainActor
final class HiddenCommand: Command {
    func validate(context: CommandContext) -> CommandValidation { .ineligible(reason: "never here") }
    func perform(context: CommandContext) async throws {}
}

@MainActor
final class SlowCommand: Command {
    func perform(context: CommandContext) async throws { try await Task.sleep(for: .seconds(30)) }
}

struct Boom: Error {}

extension CommandKey where Value == String {
    static var document: Self { Self("document") }
}

extension CommandKey where Value == [String] {
    static var trail: Self { Self("trail") }
}

extension CommandKey where Value == [any RenameObserver] {
    static var renameObservers: Self { Self("renameObservers") }
}

@MainActor
protocol RenameObserver: AnyObject {
    func didRename(to name: String)
}

/// A responder that provides context and passes to its next responder.
@MainActor
final class Responder: CommandResponder, CommandContextProvider {
    let name: String
    var nextCommandResponder: (any CommandResponder)?
    var provided = 0
    var fails = false
    init(_ name: String, next: (any CommandResponder)? = nil) {
        self.name = name
        self.nextCommandResponder = next
    }
    func provide(context: CommandContext) throws {
        if fails { throw Boom() }
        provided += 1
        context.append(name, to: .trail)
        if context[.document] == nil { context[.document] = "doc of \(name)" }
    }
}

/// A menu item: a sender carrying its identifier.
@MainActor
final class MenuItem: CommandSender, CommandResponder {
    let commandIdentifier: String
    var nextCommandResponder: (any CommandResponder)?
    init(_ identifier: String, next: (any CommandResponder)?) {
        self.commandIdentifier = identifier
        self.nextCommandResponder = next
    }
}

/// Collects notifications in order.
@MainActor
final class Log: CommandObserver {
    var entries: [String] = []
    let name: String
    init(_ name: String = "log") { self.name = name }
    func commandWillPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        entries.append("\(name) will \(identifier.name)")
    }
    func commandDidPerform(_ identifier: CommandIdentifier, context: CommandContext) {
        entries.append("\(name) did \(identifier.name)")
    }
    func commandDidFail(_ identifier: CommandIdentifier, context: CommandContext?, error: CommandError) {
        entries.append("\(name) failed \(identifier.name)")
    }
}
