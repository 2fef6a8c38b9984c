import ConductorCommands
import Testing

@MainActor
struct CommandContextDecodingTests {
    struct OpenArguments: Decodable, Equatable {
        enum Mode: String, Decodable { case read, write }
        let id: Int
        var readOnly: Bool?
        var title: String?
        var zoom: Double?
        var mode: Mode?
        var small: UInt8?
    }

    /// Decodes the arguments of whatever it is performed with.
    final class Capture<Arguments: Decodable>: Command {
        var decoded: [Arguments] = []
        var identifier: String { "Open" }
        func perform(context: CommandContext) async throws { decoded.append(try context.decode(Arguments.self)) }
    }

    private func decode(_ identifier: String) async throws -> OpenArguments? {
        let manager = CommandManager()
        let capture = Capture<OpenArguments>()
        manager.register(capture)
        try await manager.perform(identifier: identifier)
        return capture.decoded.first
    }

    @Test func propertiesComeFromArgumentsByTheTypedValueRules() async throws {
        let decoded = try await decode(#"menu.Open(id: "3", readOnly: yes, title: Notes, zoom: 2, mode: write)"#)
        #expect(decoded == OpenArguments(id: 3, readOnly: true, title: "Notes", zoom: 2, mode: .write))
        #expect(try await decode("Open(id: 4)") == OpenArguments(id: 4))
    }

    @Test func aMissingArgumentIsNamed() async {
        await #expect(throws: CommandError.missingArgument(identifier: "Open(readOnly: true)", key: "id")) {
            _ = try await decode("Open(readOnly: true)")
        }
    }

    @Test func aMistypedArgumentIsNamedWithWhatWasExpected() async {
        await #expect(
            throws: CommandError.invalidArgument(
                identifier: "Open(id: 3, readOnly: maybe)", key: "readOnly", value: "\"maybe\"",
                expected: "true or false")
        ) { _ = try await decode("Open(id: 3, readOnly: maybe)") }
        await #expect(
            throws: CommandError.invalidArgument(
                identifier: "Open(id: 3, small: 300)", key: "small", value: "300",
                expected: "an integer that fits UInt8")
        ) { _ = try await decode("Open(id: 3, small: 300)") }
    }

    @Test func aBadEnumValueIsAnInvalidArgument() async {
        await #expect {
            _ = try await decode("Open(id: 3, mode: delete)")
        } throws: { error in
            let error = error as? CommandError
            return error?.code == .invalidArgument && error?.key == "mode"
        }
    }

    @Test func valuesFromProvidersFillWhatTheIdentifierLacks() async throws {
        struct Selection: Decodable {
            let id: Int
            let names: [String]
        }
        final class Provider: CommandContextProvider {
            func provide(context: CommandContext) { context[CommandKey<[String]>("names")] = ["a", "b"] }
        }
        let manager = CommandManager()
        let capture = Capture<Selection>()
        manager.register(capture)
        let provider = Provider()
        manager.rootProviders = [provider]
        try await manager.perform(identifier: "Open(id: 1)")
        #expect(capture.decoded.first?.names == ["a", "b"])
    }
}
