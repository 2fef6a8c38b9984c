import ConductorDemoKit
import Foundation
import GRDBSQLite
import Testing

/// What the demo does with hostile input and faulty databases: nothing typed is lost or changed silently, and a
/// database it cannot use is refused before anything is written to it.
@MainActor
struct DemoDataSafetyTests {
    let directory: String = {
        let path = NSTemporaryDirectory() + "conductor-demo-safety-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
    var databasePath: String { directory + "/demo.sqlite" }

    /// An app over the test database, logged in, and what it printed.
    func loggedInApp() async throws -> (DemoApp, Output) {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.run(lines: ["next", "login ada"])
        return (app, output)
    }

    final class Output {
        var lines: [String] = []
    }

    /// Runs SQL on another connection, as another process would.
    func sql(_ statements: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(databasePath, &db) == SQLITE_OK else { throw Failure("open") }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, statements, nil, nil, nil) == SQLITE_OK else {
            throw Failure(String(cString: sqlite3_errmsg(db)))
        }
    }

    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    func itemCount() throws -> Int {
        var db: OpaquePointer?
        sqlite3_open(databasePath, &db)
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, "SELECT count(*) FROM item", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw Failure("count") }
        return Int(sqlite3_column_int64(statement, 0))
    }

    func fileBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: databasePath)) }

    /// The items' titles in id order, read by another connection.
    func titles() throws -> [String] {
        try column("SELECT title FROM item ORDER BY id")
    }

    /// A flag's value as the database holds it, read by another connection; `nil` when it is not set.
    func flag(_ key: String) throws -> String? {
        try column("SELECT value FROM flag WHERE key = '\(key)'").first
    }

    func column(_ query: String) throws -> [String] {
        var db: OpaquePointer?
        guard sqlite3_open(databasePath, &db) == SQLITE_OK else { throw Failure("open") }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, query, -1, &statement, nil) == SQLITE_OK else { throw Failure("prepare") }
        defer { sqlite3_finalize(statement) }
        var values: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let text = sqlite3_column_text(statement, 0) else { throw Failure("null") }
            values.append(String(cString: text))
        }
        return values
    }

    /// Runs `body` while another connection, as another process would, holds an exclusive lock on the database:
    /// every write the demo tries meanwhile fails.
    func whileLocked(_ body: () async -> Void) async {
        var other: OpaquePointer?
        sqlite3_open(databasePath, &other)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        await body()
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
    }

    /// Every line a reader gives until the end of its input.
    func readAll(_ reader: DemoLineReader) throws -> [DemoLine] {
        var reader = reader
        var lines: [DemoLine] = []
        while let line = try reader.next() { lines.append(line) }
        return lines
    }

    // MARK: Saving

    /// One failed save once made every later save report failure while it wrote the row, so retries duplicated
    /// rows and no undo step was registered.
    @Test func aFailedSaveIsReportedAndTheNextSaveSucceedsWithItsUndoStep() async throws {
        let (app, output) = try await loggedInApp()
        await app.handle("create")
        var other: OpaquePointer?
        sqlite3_open(databasePath, &other)
        #expect(sqlite3_exec(other, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        await app.handle("save Milk")
        #expect(output.lines.contains { $0.contains("is locked by another process") })
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
        sqlite3_close(other)
        output.lines.removeAll()
        await app.handle("save Milk")
        #expect(output.lines.first == "[Item #1] items: Items › Item #1")
        #expect(!output.lines.contains { $0.contains("locked") })
        #expect(try itemCount() == 1)
        await app.handle("undo")
        #expect(try itemCount() == 0)
    }

    /// Another process deleted the item shown: the rename fails with the database's word, and nothing changes.
    @Test func renamingAnItemAnotherProcessDeletedFailsAndChangesNothing() async throws {
        let (app, output) = try await loggedInApp()
        await app.run(lines: ["create", "save Milk"])
        try sql("DELETE FROM item WHERE id = 1")
        output.lines.removeAll()
        await app.handle("rename Oat milk")
        #expect(output.lines.first == "There is no item #1 in the database any more.")
        #expect(output.lines.suffix(2) == ["Item #1", "Title: Milk"])
        #expect(try itemCount() == 0)
    }

    @Test func textWithAControlCharacterIsRefusedNotTruncated() async throws {
        let (app, output) = try await loggedInApp()
        await app.run(lines: ["create", "save Mi\u{0}lk"])
        #expect(output.lines.contains { $0.hasPrefix("A title cannot contain control characters (found U+0000)") })
        #expect(try itemCount() == 0)
    }

    @Test func aTitleWithParenthesesIsSavedWithThePlainForm() async throws {
        let (app, output) = try await loggedInApp()
        await app.run(lines: ["create", "save Milk (2 l)"])
        #expect(output.lines.suffix(2) == ["Item #1", "Title: Milk (2 l)"])
    }

    @Test func anUnknownHugeWordIsNotEchoedInFull() async throws {
        let (app, output) = try await loggedInApp()
        await app.handle(String(repeating: "x", count: 1_000_000))
        let message = try #require(output.lines.first { $0.hasPrefix("Unknown command") })
        #expect(message.count < 120)
    }

    @Test(arguments: [
        "next\r\nlogin ada\r\ntab settings\r\n", "next\nlogin ada\ntab settings\n", "next\nlogin ada\r\ntab settings",
    ])
    func aScriptRunsLineByLineWithLFOrCRLFLineEnds(script: String) async throws {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.run(script: script)
        #expect(output.lines.contains("[Settings] settings: Settings"))
    }

    // MARK: Text kept as typed

    /// Words that looked like numbers once became numbers: `save 007` stored "7".
    @Test(arguments: ["007", "1e5", "true", "-0", "3.10", "0x1F", "9223372036854775808", "+1"])
    func aTitleIsKeptAsTypedWhateverItLooksLike(title: String) async throws {
        let (app, output) = try await loggedInApp()
        await app.run(lines: ["create", "save \(title)"])
        #expect(output.lines.suffix(2) == ["Item #1", "Title: \(title)"])
        #expect(try titles() == [title])
    }

    @Test func aNameIsKeptAsTypedWhateverItLooksLike() async throws {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.run(lines: ["next", "login 007", "tab settings"])
        #expect(output.lines.contains("Signed in as 007. ('logout' to sign out)"))
        #expect(try flag("user") == "007")
    }

    @Test func anIdIsAWholeNumberAndAnythingElseIsRefusedWithoutRunning() async throws {
        let (app, output) = try await loggedInApp()
        await app.run(lines: ["create", "save Milk", "back", "open 01"])
        #expect(output.lines.suffix(3) == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])
        output.lines.removeAll()
        await app.run(lines: ["back", "open 1st"])
        #expect(output.lines.contains("'open' takes a whole number, such as 'open 3'; '1st' is not one."))
        #expect(output.lines.suffix(2) == ["[Items] items: Items", "  #1  Milk"])
    }

    // MARK: Lines

    /// A script was once split at every Unicode line break, so part of a title ran as commands: here it would undo
    /// the save and log out. A line ends at LF or CRLF only; the rest is the title's, stored as typed when the title
    /// rules allow it (U+2028, U+2029) and refused whole when they do not (control characters).
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\r"])
    func aLineBreakOtherThanLFOrCRLFIsPartOfTheLine(separator: String) async throws {
        let (app, output) = try await loggedInApp()
        let title = "Milk\(separator)undo\(separator)logout"
        output.lines.removeAll()
        await app.run(script: "create\nsave \(title)\n")
        #expect(app.store.state.session.user == "ada")
        #expect(try flag("user") == "ada")
        #expect(!output.lines.contains("[Login] auth: Login"))
        let saved = try titles()
        if separator.unicodeScalars.first?.properties.generalCategory == .control {
            #expect(saved.isEmpty)
            #expect(output.lines.contains { $0.hasPrefix("A title cannot contain control characters") })
        } else {
            #expect(saved == [title])
        }
    }

    @Test func aLoneCRDoesNotEndALine() async throws {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.run(script: "next\rlogin ada\rtab settings\n")
        #expect(output.lines.contains("'next' takes no argument."))
        #expect(!output.lines.contains("[Settings] settings: Settings"))
        #expect(try flag("user") == nil)
    }

    @Test func aCRLFSplitAcrossTwoReadsEndsOneLine() throws {
        let reader = DemoLineReader(chunks: [Array("save Milk\r".utf8), Array("\nnext".utf8)])
        #expect(try readAll(reader) == [.text("save Milk"), .text("next")])
    }

    @Test func emptyLinesAndALastLineWithoutALineEndAreRead() throws {
        #expect(try readAll(DemoLineReader(chunks: [Array("a\n\nb".utf8)])) == [.text("a"), .text(""), .text("b")])
        #expect(try readAll(DemoLineReader(chunks: [Array("a\n".utf8)])) == [.text("a")])
        #expect(try readAll(DemoLineReader(chunks: [Array("a\r".utf8)])) == [.text("a\r")])
        #expect(try readAll(DemoLineReader(chunks: [[UInt8]]())).isEmpty)
    }

    /// Lines are counted in bytes of UTF-8, without their line end; a longer line is refused whole, never cut, and
    /// the next line is read as usual.
    @Test func aLineLongerThanTheLimitIsRefusedWholeAndTheNextLineIsRead() throws {
        let limit = DemoLineReader.maximumLineLength
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: limit + 1)
        bytes += Array("\nnext\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: limit)
        bytes += Array("\r\n".utf8)
        // In reads of 1,000 bytes, so that the lines span many reads.
        let chunks = stride(from: 0, to: bytes.count, by: 1_000).map { Array(bytes[$0..<min($0 + 1_000, bytes.count)]) }
        let lines = try readAll(DemoLineReader(chunks: chunks))
        #expect(lines.count == 3)
        #expect(lines.first == .refused("Line 1 is longer than 65536 bytes (it has 65537); it was not run."))
        #expect(lines.dropFirst().first == .text("next"))
        #expect(lines.last == .text(String(repeating: "x", count: limit)))
    }

    @Test func aLineThatIsNotUTF8IsRefusedNotRepaired() throws {
        let bytes: [UInt8] = Array("save Mi".utf8) + [0xFF] + Array("lk\nnext\n".utf8)
        #expect(
            try readAll(DemoLineReader(chunks: [bytes]))
                == [.refused("Line 1 is not UTF-8 text; it was not run."), .text("next")])
    }

    final class Pulls {
        var count = 0
    }

    /// A script was once read whole before it ran (a 1 GB script took 2.1 GB). The reader asks for input only when
    /// the next line needs it: of 100,000 reads on offer, three lines take three.
    @Test func theReaderReadsOnlyWhatTheNextLineNeeds() throws {
        let pulls = Pulls()
        let input = AnyIterator<[UInt8]> {
            guard pulls.count < 100_000 else { return nil }
            pulls.count += 1
            return Array("next\n".utf8)
        }
        var reader = DemoLineReader(chunks: AnySequence<[UInt8]> { input })
        for _ in 0..<3 {
            let line = try reader.next()
            #expect(line == .text("next"))
        }
        #expect(pulls.count == 3)
        #expect(reader.lineNumber == 3)
    }

    @Test func aScriptFileIsRunAsItIsRead() async throws {
        let path = directory + "/script.txt"
        try Data("next\r\nlogin ada\r\ntab settings".utf8).write(to: URL(fileURLWithPath: path))
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        try await app.run(script: DemoLineSource(contentsOf: path))
        #expect(output.lines.contains("[Settings] settings: Settings"))
        #expect(throws: DemoReadError.self) { try DemoLineSource(contentsOf: directory + "/missing.txt") }
    }

    // MARK: Limits

    /// One letter carrying a million combining marks is one character: a limit counted in characters let a 2 MB
    /// title through. The limit counts Unicode scalars.
    @Test func aTitleOfOneLetterAndAMillionCombiningMarksIsRefused() async throws {
        let (app, output) = try await loggedInApp()
        await app.handle("create")
        await app.handle("save e" + String(repeating: "\u{0301}", count: 1_000_000))
        #expect(
            output.lines.contains {
                $0.hasPrefix("A title is at most 200 Unicode scalars") && $0.hasSuffix("this one has 1000001.")
            })
        #expect(try itemCount() == 0)
    }

    @Test func aTitleOf200UnicodeScalarsIsSavedAnd201AreRefused() async throws {
        let (app, output) = try await loggedInApp()
        // 100 characters, each a letter and a combining accent: 200 scalars.
        let title = String(repeating: "e\u{0301}", count: 100)
        await app.run(lines: ["create", "save \(title)x"])
        #expect(output.lines.contains { $0.hasSuffix("this one has 201.") })
        #expect(try itemCount() == 0)
        await app.handle("save \(title)")
        #expect(try titles() == [title])
    }

    @Test func aNameOfMoreThan200UnicodeScalarsIsRefused() async throws {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.run(lines: ["next", "login " + String(repeating: "a\u{0308}", count: 101)])
        #expect(output.lines.contains { $0.hasPrefix("A name is at most 200 Unicode scalars") })
        #expect(try flag("user") == nil)
    }

    @Test func anUnknownWordIsEchoedShortAndWithoutControlCharacters() async throws {
        let (app, output) = try await loggedInApp()
        await app.handle("x" + String(repeating: "\u{0301}", count: 100_000))
        await app.handle("\u{1B}[2Jwipe")
        let messages = output.lines.filter { $0.hasPrefix("Unknown command") }
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.unicodeScalars.count < 120 })
        #expect(messages.last == "Unknown command 'U+001B[2Jwipe'. Type 'help' to see the commands of this screen.")
    }

    // MARK: Output

    struct Closed: Error {}

    /// Writing to a closed or full standard output once crashed the demo. A failed write ends the session: the
    /// failure is kept, and no further line runs.
    @Test func aFailedWriteEndsTheSessionAndNoFurtherLineRuns() async throws {
        let output = Output()
        var closed = false
        let app = try DemoApp(databasePath: databasePath) { line in
            if closed { throw Closed() }
            output.lines.append(line)
        }
        app.start()
        await app.run(lines: ["next", "login ada", "create"])
        closed = true
        await app.run(script: "save Milk\nsave Bread\n")
        #expect(app.isFinished)
        #expect(app.outputError is Closed)
        #expect(try titles() == ["Milk"])
    }

    // MARK: Failed writes

    /// A failed toggle once showed the new setting, which the database did not hold, and left an undo step that
    /// would toggle it.
    @Test func aFailedToggleLeavesTheScreenAsTheDatabaseIs() async throws {
        let (app, output) = try await loggedInApp()
        await app.handle("tab settings")
        output.lines.removeAll()
        await whileLocked { await app.handle("toggle-ids") }
        #expect(output.lines.contains("Show item ids: on ('toggle-ids')"))
        #expect(!output.lines.contains("Show item ids: off ('toggle-ids')"))
        #expect(output.lines.contains { $0.contains("is locked by another process") })
        #expect(try flag("showsIDs") == nil)
        output.lines.removeAll()
        await app.handle("undo")
        #expect(output.lines.contains("'undo' is disabled right now. Type 'help' to see why."))
        await app.handle("toggle-ids")
        #expect(output.lines.contains("Show item ids: off ('toggle-ids')"))
        #expect(try flag("showsIDs") == "0")
    }

    /// A failed logout once showed the login screen while the database still held the session.
    @Test func aFailedLogoutLeavesTheSessionAndWhatItCanUndo() async throws {
        let (app, output) = try await loggedInApp()
        await app.run(lines: ["create", "save Milk", "tab settings"])
        output.lines.removeAll()
        await whileLocked { await app.handle("logout") }
        #expect(output.lines.contains("Signed in as ada. ('logout' to sign out)"))
        #expect(!output.lines.contains("[Login] auth: Login"))
        #expect(app.store.state.session.user == "ada")
        #expect(try flag("user") == "ada")
        await app.handle("undo")
        #expect(try itemCount() == 0)
    }

    @Test func aFailedLoginLeavesTheLoginScreen() async throws {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.handle("next")
        output.lines.removeAll()
        await whileLocked { await app.handle("login ada") }
        // The refusal fails the command, said once, then the screen as the database is.
        #expect(output.lines.first?.contains("is locked by another process") == true)
        #expect(output.lines.filter { $0.contains("is locked") }.count == 1)
        #expect(output.lines.dropFirst().first == "[Login] auth: Login")
        #expect(app.store.state.session.user == nil)
        #expect(try flag("user") == nil)
    }

    @Test func settingsShowTheDatabasePath() async throws {
        let (app, output) = try await loggedInApp()
        await app.handle("tab settings")
        #expect(output.lines.contains("Database: \(databasePath)"))
    }
}
