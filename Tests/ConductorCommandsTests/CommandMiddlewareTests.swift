import ConductorCommands
import Testing

@MainActor
struct CommandMiddlewareTests {
    final class Probe: Command {
        let identifier = "Probe"
        var performed = 0
        func perform(context: CommandContext) async throws { performed += 1 }
    }

    final class Failing: Command {
        let identifier = "Failing"
        struct Refused: Error {}
        func perform(context: CommandContext) async throws { throw Refused() }
    }

    /// Writes what it sees around each command.
    final class Trail: CommandMiddleware {
        let name: String
        var lines: [String]
        init(_ name: String, into lines: [String] = []) {
            self.name = name
            self.lines = lines
        }
        func perform(
            _ identifier: CommandIdentifier, context: CommandContext, next: () async throws(CommandError) -> Void
        ) async throws(CommandError) {
            lines.append("\(name) before \(identifier.name)")
            do {
                try await next()
                lines.append("\(name) after")
            } catch {
                lines.append("\(name) saw \(error.code)")
                throw error
            }
        }
    }

    /// Stops every command.
    final class Gate: CommandMiddleware {
        func perform(
            _ identifier: CommandIdentifier, context: CommandContext, next: () async throws(CommandError) -> Void
        ) async throws(CommandError) {
            throw .notAllowed(identifier: identifier, state: .inactive, reason: "closed")
        }
    }

    @Test func middlewaresRunAroundTheCommandTheFirstOutermost() async throws {
        let manager = CommandManager()
        let probe = Probe()
        manager.register(probe)
        let outer = Trail("outer")
        let inner = Trail("inner")
        manager.middlewares = [outer, inner]

        try await manager.perform(identifier: "Probe")

        #expect(probe.performed == 1)
        #expect(outer.lines == ["outer before Probe", "outer after"])
        #expect(inner.lines == ["inner before Probe", "inner after"])
    }

    @Test func aMiddlewareSeesTheCommandsError() async throws {
        let manager = CommandManager()
        manager.register(Failing())
        let trail = Trail("trail")
        manager.middlewares = [trail]

        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Failing") }

        #expect(trail.lines == ["trail before Failing", "trail saw \(CommandError.Code.failed)"])
    }

    @Test func aMiddlewareThatThrowsStopsTheCommand() async throws {
        let manager = CommandManager()
        let probe = Probe()
        manager.register(probe)
        manager.middlewares = [Gate()]

        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Probe") }

        #expect(probe.performed == 0)
    }

    @Test func aCommandThatIsNotAllowedNeverReachesTheMiddlewares() async throws {
        let manager = CommandManager()
        let trail = Trail("trail")
        manager.middlewares = [trail]

        await #expect(throws: CommandError.self) { try await manager.perform(identifier: "Unknown") }

        #expect(trail.lines.isEmpty)
    }
}
