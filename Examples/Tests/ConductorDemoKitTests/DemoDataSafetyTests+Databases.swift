import ConductorDemoKit
import Foundation
import GRDBSQLite
import Testing

/// Databases the demo must refuse, or adopt: never half-migrated, never overwritten.
extension DemoDataSafetyTests {
    /// An index entry changed by one byte: every row still reads, so a full read misses it, and `toggle-ids`
    /// (`INSERT OR REPLACE`) would have added a second `showsIDs` row. Refused at launch, the file left as it was.
    @Test func aDatabaseWhoseIndexDisagreesWithItsTableIsRefusedAndLeftUntouched() async throws {
        do {
            let (app, _) = try await loggedInApp()
            await app.handle("tab settings")
            await app.handle("toggle-ids")
        }
        let root = Int(try column("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_flag_1'")[0])!
        let pageSize = Int(try column("PRAGMA page_size")[0])!
        var bytes = try fileBytes()
        let page = (root - 1) * pageSize..<root * pageSize
        let key = Data("showsIDs".utf8)
        let found = try #require(bytes[page].range(of: key))
        bytes[found.upperBound - 1] = UInt8(ascii: "t")  // "showsIDt": same length, same order
        try bytes.write(to: URL(fileURLWithPath: databasePath))
        // The premise: every row still reads.
        #expect(try column("SELECT key FROM flag NOT INDEXED ORDER BY key") == ["onboardingShown", "showsIDs", "user"])
        #expect(try titles().isEmpty)

        #expect {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        } throws: { error in
            guard case .corrupt(_, let detail) = error as? DemoDatabaseError else { return false }
            return detail.hasPrefix("integrity check:")
        }
        #expect(try fileBytes() == bytes)
    }

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

    /// A database written before the demo saved where the user was (schema v1) gains the navigation table and
    /// keeps everything it held.
    @Test func aVersion1DatabaseIsMigratedAndKeepsItsItemsAndFlags() async throws {
        try sql(
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1');
            CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL);
            CREATE TABLE flag (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO item (id, title) VALUES (1, 'Milk');
            INSERT INTO flag (key, value) VALUES ('onboardingShown', '1'), ('user', 'ada');
            """)
        let output = Output()
        let app = try DemoApp(databasePath: databasePath) { output.lines.append($0) }
        app.start()
        await app.handle("open 1")
        #expect(output.lines.suffix(3) == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])

        let database = try DemoDatabase(path: databasePath)
        #expect(try database.load().items.map { "\($0.id) \($0.title)" } == ["1 Milk"])
        #expect(try database.loadNavigation()?.contains("ItemsCoordinator") == true)
    }

    @Test func aDatabaseThatIsNotTheDemosIsRefusedAndLeftUntouched() throws {
        try sql("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        let before = try fileBytes()
        #expect(throws: DemoDatabaseError.notADemoDatabase(path: databasePath, tables: ["invoices"])) {
            _ = try DemoApp(databasePath: databasePath) { _ in }
        }
        #expect(try fileBytes() == before)
    }

    @Test func aDatabaseWithANavigationTableButNoSchemaVersionIsRefusedNotHalfMigrated() throws {
        try sql("CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL)")
        try sql("CREATE TABLE navigation (id INTEGER PRIMARY KEY, tree TEXT NOT NULL)")
        let before = try fileBytes()
        #expect(throws: DemoDatabaseError.notADemoDatabase(path: databasePath, tables: ["item", "navigation"])) {
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
