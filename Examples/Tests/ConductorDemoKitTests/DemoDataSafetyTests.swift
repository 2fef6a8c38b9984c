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
        "next\r\nlogin ada\r\ntab settings\r\n", "next\rlogin ada\rtab settings", "next\nlogin ada\ntab settings\n",
    ])
    func aScriptRunsLineByLineWhateverItsLineEnds(script: String) async throws {
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.run(script: script)
        #expect(output.lines.contains("[Settings] settings: Settings"))
    }

    @Test func settingsShowTheDatabasePath() async throws {
        let (app, output) = try await loggedInApp()
        await app.handle("tab settings")
        #expect(output.lines.contains("Database: \(databasePath)"))
    }

    // MARK: Databases it must refuse

    @Test func anEmptyDatabasePathIsAnError() {
        #expect(throws: DemoDatabaseError.emptyPath) { _ = try DemoApp(databasePath: "") { _ in } }
    }

    @Test func aDatabaseOfANewerSchemaIsRefusedAndLeftUntouched() async throws {
        _ = try await loggedInApp()
        try sql("ALTER TABLE item RENAME TO item_v2; INSERT INTO grdb_migrations VALUES ('v2')")
        let before = try fileBytes()
        #expect(throws: DemoDatabaseError.newerSchema(path: databasePath, migrations: ["v2"])) {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        }
        #expect(try fileBytes() == before)
    }

    @Test func aDatabaseThatIsNotTheDemosIsRefusedAndLeftUntouched() throws {
        try sql("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        let before = try fileBytes()
        #expect(throws: DemoDatabaseError.notADemoDatabase(path: databasePath, tables: ["invoices"])) {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        }
        #expect(try fileBytes() == before)
    }

    /// GRDB's non-throwing row subscripts once crashed the demo at launch (SIGILL) on these rows.
    @Test(arguments: [
        "INSERT INTO item (id, title) VALUES (1, X'FF00FE')",
        "INSERT INTO item (id, title) VALUES (1, NULL)",
    ])
    func aRowItCannotDecodeIsAnErrorNotACrash(insert: String) async throws {
        try sql(
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1');
            CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, title);
            CREATE TABLE flag (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            \(insert);
            """)
        let before = try fileBytes()
        #expect {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        } throws: { error in
            guard case .unreadableRow? = error as? DemoDatabaseError else { return false }
            return true
        }
        #expect(try fileBytes() == before)
    }

    @Test func anItemIdThatIsNotAnIntegerIsAnError() throws {
        try sql(
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1');
            CREATE TABLE item (id, title TEXT NOT NULL);
            CREATE TABLE flag (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO item VALUES ('abc', 'Milk');
            """)
        #expect {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        } throws: { error in
            guard case .unreadableRow(_, let detail)? = error as? DemoDatabaseError else { return false }
            return detail.contains("not an integer")
        }
    }

    @Test func aDatabaseWrittenBeforeSchemaVersionsIsAdopted() async throws {
        try sql(
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL);
            CREATE TABLE flag (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO item (title) VALUES ('Milk');
            INSERT INTO flag VALUES ('onboardingShown', '1'), ('user', 'ada');
            """)
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        #expect(output.lines == ["[Items] items: Items", "  #1  Milk"])
    }

    @Test func anotherProcessReadingDoesNotStopTheDemoFromStarting() async throws {
        _ = try await loggedInApp()
        var reader: OpaquePointer?
        sqlite3_open(databasePath, &reader)
        defer { sqlite3_close(reader) }
        #expect(sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM item;", nil, nil, nil) == SQLITE_OK)
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        #expect(output.lines.first == "[Items] items: Items")
        sqlite3_exec(reader, "ROLLBACK", nil, nil, nil)
    }
}
