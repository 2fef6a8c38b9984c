import ConductorCommands
import Testing

@MainActor
struct CommandRecorderTests {
    @Test func recordedCommandsReplayInOrderWithTheirArguments() async throws {
        let manager = CommandManager()
        manager.register(OpenCommand())
        let recorder = CommandRecorder()
        manager.addObserver(recorder)
        try await manager.perform(identifier: "menu.Open(id: 1)")
        try await manager.perform(identifier: "Open", info: ["id": .int(2)])
        try? await manager.perform(identifier: "Open")
        #expect(recorder.log.lines.count == 2)

        let replayManager = CommandManager()
        let replayed = OpenCommand()
        replayManager.register(replayed)
        let report = try await CommandRecorder.replay(recorder.log.recording, into: replayManager)
        #expect(report.replayed == 2)
        #expect(recorder.log.lines.allSatisfy { $0.hasPrefix(#"{"kind":"command","payload":"#) })
        #expect(replayed.performed == [1, 2])
    }

    @Test func aBadLineFailsWithItsNumberAndReplaysNothing() async throws {
        let manager = CommandManager()
        let open = OpenCommand()
        manager.register(open)
        let recording = #"{"kind":"command","type":"Open(id: 1)","payload":{"arguments":{}}}"# + "\nnot json\n"
        await #expect {
            try await CommandRecorder.replay(recording, into: manager)
        } throws: { error in
            let error = error as? RecordingError
            return error?.code == .malformedLine && error?.line == 2
        }
        #expect(open.performed.isEmpty)
    }

    @Test func aFailingCommandStopsTheReplayAndSaysWhere() async throws {
        let manager = CommandManager()
        manager.register(OpenCommand())
        let recording =
            #"{"kind":"command","type":"Open(id: 1)","payload":{"arguments":{}}}"# + "\n"
            + #"{"kind":"command","type":"Close","payload":{"arguments":{}}}"#
        await #expect {
            try await CommandRecorder.replay(recording, into: manager)
        } throws: { error in
            guard let error = error as? RecordingError, error.code == .replayFailed else { return false }
            return error.line == 2 && error.replayed == 1
                && error.description.hasPrefix("Line 2: replaying command 'Close' failed after 1 record(s)")
        }
    }
}

extension CommandKey where Value == [Int] {
    static var selection: Self { Self("selection") }
}

@MainActor
final class SelectionProvider: CommandContextProvider {
    var selection: [Int] = []
    func provide(context: CommandContext) { context[.selection] = selection }
}

@MainActor
final class DeleteSelectionCommand: Command {
    var deleted: [[Int]] = []
    func perform(context: CommandContext) async throws { deleted.append(context[.selection] ?? []) }
}

@MainActor
struct CommandRecorderContextTests {
    @Test func recordedTypedContextValuesAreRestoredOnReplay() async throws {
        let manager = CommandManager()
        manager.register(DeleteSelectionCommand())
        let provider = SelectionProvider()
        provider.selection = [3, 4]
        manager.rootProviders = [provider]
        let recorder = CommandRecorder()
        recorder.recordedKeys = [CommandKey<[Int]>.selection]
        manager.addObserver(recorder)
        try await manager.perform(identifier: "DeleteSelection")
        #expect(recorder.log.lines.first?.contains(#""selection":"[3,4]""#) == true)

        let replayManager = CommandManager()
        let replayed = DeleteSelectionCommand()
        replayManager.register(replayed)
        try await CommandRecorder.replay(
            recorder.log.recording, into: replayManager, restoring: [CommandKey<[Int]>.selection])
        #expect(replayed.deleted == [[3, 4]])
        #expect(replayManager.rootProviders.isEmpty)
    }

    /// A recorder once dropped a command whose context value did not encode, silently.
    @Test func aCommandThatCannotBeRecordedIsReportedNotDropped() async throws {
        struct Unencodable: Codable {
            func encode(to encoder: any Encoder) throws { throw Boom() }
        }
        final class Provider: CommandContextProvider {
            func provide(context: CommandContext) { context[CommandKey<Unencodable>("bad")] = Unencodable() }
        }
        let manager = CommandManager()
        manager.register(OpenCommand())
        manager.rootProviders = [Provider()]
        let recorder = CommandRecorder()
        recorder.recordedKeys = [CommandKey<Unencodable>("bad")]
        var failures: [String] = []
        recorder.log.onFailure = { failures.append($0.type ?? "") }
        manager.addObserver(recorder)
        try await manager.perform(identifier: "Open(id: 1)")
        #expect(failures == ["Open(id: 1)"])
        #expect(recorder.log.failures.map(\.code) == [.unencodable])
        #expect(recorder.log.lines.isEmpty)
    }
}
