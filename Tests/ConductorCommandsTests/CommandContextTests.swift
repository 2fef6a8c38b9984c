import ConductorCommands
import Testing

@MainActor
final class Renamer: Command {
    func perform(context: CommandContext) async throws {
        let name = try context.string("name")
        context.forEach(.renameObservers) { observer in observer.didRename(to: name) }
    }
}

@MainActor
final class RenameView: RenameObserver, CommandContextProvider {
    var names: [String] = []
    func didRename(to name: String) { names.append(name) }
    func provide(context: CommandContext) { context.append(self, to: .renameObservers) }
}

@MainActor
struct CommandContextTests {
    @Test func theSeedsObserverPatternReachesEveryObserverAProviderAppended() async throws {
        let manager = CommandManager()
        manager.register(Renamer())
        let list = RenameView()
        let inspector = RenameView()
        manager.rootProviders = [list, inspector]
        try await manager.perform(identifier: #"Renamer("name": "Notes")"#)
        #expect(list.names == ["Notes"])
        #expect(inspector.names == ["Notes"])
    }

    @Test func typedAndStringKeysAreSeparateAndTyped() async throws {
        let manager = CommandManager()
        let probe = KeysProbe()
        manager.register(probe)
        try await manager.perform(identifier: "KeysProbe(id: 3, flag: true, name: x)", info: ["extra": .double(0.5)])
        #expect(probe.seen == ["3", "true", "x", "0.5", "typed"])
    }

    @Test func missingAndMistypedArgumentsAreTypedErrors() async throws {
        let manager = CommandManager()
        manager.register(OpenCommand())
        await #expect(
            throws: CommandError.invalidArgument(
                identifier: "Open(id: abc)", key: "id", value: "\"abc\"", expected: "an integer")
        ) {
            try await manager.perform(identifier: "Open(id: abc)")
        }
        let bools = BoolProbe()
        manager.register(bools)
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "BoolProbe(flag: 3)") }
        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "BoolProbe") }
    }
}

@MainActor
final class KeysProbe: Command {
    var seen: [String] = []
    func perform(context: CommandContext) async throws {
        context[.document] = "typed"
        seen = [
            String(try context.int("id")), String(try context.bool("flag")), try context.string("name"),
            context["extra"]?.stringValue ?? "-", context[.document] ?? "-",
        ]
    }
}

@MainActor
final class BoolProbe: Command {
    func perform(context: CommandContext) async throws { _ = try context.bool("flag") }
}
