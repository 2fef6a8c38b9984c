import ConductorCommands
import Testing

@Suite struct CommandErrorTests {
    struct Boom: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    @Test func errorsWithTheSameCodeAndDetailsAreEqual() {
        #expect(
            CommandError.missingArgument(identifier: "Open", key: "id")
                == .missingArgument(identifier: "Open", key: "id"))
        #expect(
            CommandError.missingArgument(identifier: "Open", key: "id")
                != .missingArgument(identifier: "Open", key: "x"))
        #expect(CommandError.cancelled(identifier: "Open") != .missingDelegate(identifier: "Open"))
    }

    @Test func underlyingErrorsCompareByTypeAndDescription() {
        let one = CommandError.failed(identifier: "Save", error: Boom(text: "disk full"))
        #expect(one == .failed(identifier: "Save", error: Boom(text: "disk full")))
        #expect(one != .failed(identifier: "Save", error: Boom(text: "offline")))
        #expect(one != .failed(identifier: "Save", error: CancellationError()))
    }

    @Test func theCodeAndDetailsAreReadableWithoutASwitch() {
        let error = CommandError.invalidArgument(
            identifier: "Open(id: x)", key: "id", value: "x", expected: "an integer")
        #expect(error.code == .invalidArgument)
        #expect(error.identifier == "Open(id: x)")
        #expect(error.key == "id" && error.value == "x" && error.expected == "an integer")
        #expect(error.code.description == "invalidArgument")
    }

    @Test func aMalformedIdentifierCarriesTheParserError() throws {
        let parse = CommandIdentifierError(.unbalancedParentheses, at: 10, in: "Open(id: 1")
        let error = CommandError.malformedIdentifier(parse)
        #expect(error.identifierError == parse)
        #expect(error.identifier == nil)
        #expect(error.identifierError?.identifier == "Open(id: 1")
        #expect(error.description == parse.description)
    }

    @Test func everyDescriptionNamesTheIdentifierInvolved() {
        let errors: [CommandError] = [
            .duplicateIdentifier("Open"), .unknownCommand(identifier: "Open", known: []),
            .notAllowed(identifier: "Open", state: .inactive, reason: "nothing selected"),
            .providerFailed(identifier: "Open", provider: "Window", error: Boom(text: "gone")),
            .failed(identifier: "Open", error: Boom(text: "gone")), .cancelled(identifier: "Open"),
            .missingDelegate(identifier: "Open"), .missingArgument(identifier: "Open", key: "id"),
            .invalidArgument(identifier: "Open", key: "id", value: "x", expected: "an integer"),
        ]
        for error in errors { #expect(error.description.contains("'Open'"), "\(error.code)") }
        #expect(CommandError.nothingToUndo(operation: "redo").description == "There is nothing to redo.")
    }
}
