import ConductorDemoKit
import ConductorInspector
import Foundation
import GRDBSQLite
import Testing

/// Time travel while a save waits on the database: once, travel released the creation flow while its save's
/// `sendAndWait` was still waiting, and on resume the save's outcome read the released coordinator (`Fatal error:
/// Attempted to read an unowned reference`, 3 runs of 3); the item was committed and the app reopened on the New
/// item sheet, so the user saved it twice. Now the save's answer closes the sheet restored in place and shows the item.
extension DemoDataSafetyTests {
    @Test func travellingAndResumingWhileSavesWaitOnALockedDatabaseNeverCrashesNorSavesTwice() async throws {
        let (app, reader, _) = try inspectedApp()
        app.start()
        await app.run(lines: ["next", "login ada"])
        await app.store.waitForEffects()
        try await reader.catchUp()
        let first = try #require(reader.events.keys.sorted().first)
        var other: OpaquePointer?
        sqlite3_open(databasePath, &other)
        defer { sqlite3_close(other) }
        // Like any other process, the writer waits for the app's readers: without a timeout its COMMIT fails while
        // the app reads, its transaction stays open, and the next round's BEGIN fails (seen once on CI).
        sqlite3_busy_timeout(other, 10_000)

        var typed: [String] = []
        var shown: [String] = []
        for round in 1...20 {
            await app.handle("tab items")
            await app.handle("create")
            // Another process writes: the save waits on the database's lock while the Inspector travels.
            #expect(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)
            let title = "Round \(round)"
            typed.append(title)
            let saving = Task { await app.handle("save \(title)") }
            for _ in 0..<20 { await Task.yield() }
            _ = try await reader.send(["type": "travel", "sequence": first], untilEventTitled: "time travel")
            _ = try await reader.send(["type": "resume"], untilEventTitled: "resumed live")
            #expect(sqlite3_exec(other, "COMMIT", nil, nil, nil) == SQLITE_OK)
            await saving.value
            await app.store.waitForEffects()
            shown.append(app.visibleLines.first ?? "")
        }

        let saved = try titles()
        #expect(Set(saved).count == saved.count, "an item was saved twice: \(saved)")
        #expect(saved == typed)
        #expect(shown.allSatisfy { $0.hasPrefix("[Item #") }, "the saved item shows, no New item sheet: \(shown)")
        #expect(!app.isFinished)
    }
}
