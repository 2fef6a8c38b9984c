import Foundation
import GRDB

/// An item of the demo's list: a row, identified by its id (the list's row stores are found by it).
public struct Item: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64
    public var title: String
}

/// What the database holds, read at launch.
public struct Snapshot: Sendable, Equatable, Codable {
    public var items: [Item]
    public var flags: [String: String]
}

/// Why the demo's database cannot be used. The demo never overwrites or recreates a database it cannot read.
public enum DemoDatabaseError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    case emptyPath
    case newerSchema(path: String, migrations: [String])
    case notADemoDatabase(path: String, tables: [String])
    case unreadableRow(path: String, detail: String)
    case corrupt(path: String, detail: String)
    case readOnly(path: String)
    case locked(path: String)
    case cannotOpen(path: String, detail: String)
    case failed(detail: String)
    /// The item asked for is not in the database (another process deleted it).
    case noSuchItem(id: Int64)

    public var description: String {
        switch self {
        case .emptyPath:
            return "The database path is empty. Pass a file with --database, or leave the option out to use the "
                + "default location."
        case .newerSchema(let path, let migrations):
            return "The database at \(path) was written by a newer version of the demo (schema "
                + "\(migrations.joined(separator: ", "))). It was left untouched; use that version, or pass another "
                + "file with --database."
        case .notADemoDatabase(let path, let tables):
            return "The database at \(path) is not the demo's (it holds tables \(tables.joined(separator: ", "))). "
                + "It was left untouched; pass another file with --database."
        case .unreadableRow(let path, let detail):
            return "The database at \(path) holds a row the demo cannot read (\(detail)). It was left untouched; "
                + "repair or move it, or pass another file with --database."
        case .corrupt(let path, let detail):
            return "The database at \(path) is not a valid SQLite database (\(detail)). It was left untouched; move it "
                + "away or pass another file with --database."
        case .readOnly(let path):
            return "The database at \(path) is read-only. Make it writable, or pass another file with --database."
        case .locked(let path):
            return "The database at \(path) is locked by another process. Close the other demo, or pass another file "
                + "with --database."
        case .cannotOpen(let path, let detail):
            return "Cannot open the database at \(path): \(detail)."
        case .failed(let detail):
            return "The database failed: \(detail)."
        case .noSuchItem(let id):
            return "There is no item #\(id) in the database any more."
        }
    }
}

/// The demo's SQLite database, through GRDB: items and a few flags (onboarding shown, session, settings).
public final class DemoDatabase: Sendable {
    public let path: String
    private let queue: DatabaseQueue

    /// Opens (creating if needed) the database at `path`, refusing a file it cannot safely use.
    public init(path: String) throws(DemoDatabaseError) {
        guard !path.isEmpty else { throw .emptyPath }
        self.path = path
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            // Honour the file's mode even when running as root, who could write anyway. Attributes that cannot be
            // read leave the decision to SQLite, whose error opening the file is reported below.
            let attributes = try? manager.attributesOfItem(atPath: path)
            let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
            if mode & 0o200 == 0 { throw .readOnly(path: path) }
        } else {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                do { try manager.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                    throw .cannotOpen(path: path, detail: error.localizedDescription)
                }
            }
        }
        let creating = !manager.fileExists(atPath: path)
        var configuration = Configuration()
        // A second demo on the same file waits for the first one's write (a few milliseconds) instead of failing.
        // The rollback journal stays (not WAL): the database remains one file, which users copy and move.
        configuration.busyMode = .timeout(5)
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            if creating { Self.removeIfEmpty(path) }
            throw Self.map(error, path: path)
        }
        do {
            try checkIntegrity()
            try migrate()
        } catch {
            // A database this run was creating, left empty by a failure (a full disk), is not left behind.
            if creating { Self.removeIfEmpty(path) }
            throw error
        }
    }

    /// Removes the file at `path` when it is empty: what a failed creation leaves.
    private static func removeIfEmpty(_ path: String) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        guard size == 0 else { return }
        do { try FileManager.default.removeItem(atPath: path) } catch {
            // The file stays, empty; the error that made it empty is what the demo reports.
        }
    }

    /// Refuses a file SQLite opens and reads but that is damaged where a read never looks — an index that disagrees
    /// with its table, a free page still in use — before anything is written to it: the next write would make it
    /// worse. `integrity_check`, not `quick_check`, which does not compare indexes with their tables. It reads the
    /// whole file once, at launch (milliseconds for the demo's size).
    private func checkIntegrity() throws(DemoDatabaseError) {
        let problems: [String]
        do {
            problems = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(20)") }
        } catch {
            throw Self.map(error, path: path)
        }
        guard problems == ["ok"] else {
            throw .corrupt(path: path, detail: "integrity check: " + problems.prefix(3).joined(separator: "; "))
        }
    }

    /// The schema, one migration per version. Never edit a shipped migration: add one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // `IF NOT EXISTS` adopts databases written before the demo kept a schema version.
            try db.execute(
                sql: "CREATE TABLE IF NOT EXISTS item (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL)")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS flag (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        }
        migrator.registerMigration("v2: navigation") { db in
            // One row: the coordinator tree where the user left it (a `NavigationTree` as JSON).
            try db.execute(
                sql: "CREATE TABLE navigation (id INTEGER PRIMARY KEY CHECK (id = 1), tree TEXT NOT NULL)")
        }
        return migrator
    }

    /// Brings the schema up to date, refusing — before writing anything — a database of a newer schema or one that
    /// is not the demo's. Writes only when a migration is missing, so that a reader in another process does not stop
    /// the demo from starting.
    private func migrate() throws(DemoDatabaseError) {
        let migrator = Self.migrator
        let needsMigration: Bool
        do {
            needsMigration = try queue.read { db throws(DemoDatabaseError) -> Bool in
                do {
                    let applied = try migrator.appliedMigrations(db)
                    let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations)
                    if !unknown.isEmpty {
                        throw DemoDatabaseError.newerSchema(path: path, migrations: unknown.sorted())
                    }
                    if applied.isEmpty {
                        let tables = try String.fetchAll(
                            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                        // A database with no migration applied predates the navigation table: one with it is not
                        // the demo's (v2 would fail to create it).
                        let foreign = tables.filter { !["item", "flag", "grdb_migrations"].contains($0) }
                        if !foreign.isEmpty {
                            throw DemoDatabaseError.notADemoDatabase(path: path, tables: tables.sorted())
                        }
                    }
                    return try !migrator.hasCompletedMigrations(db)
                } catch let error as DemoDatabaseError {
                    throw error
                } catch {
                    throw Self.map(error, path: path)
                }
            }
        } catch let error as DemoDatabaseError {
            throw error
        } catch {
            throw Self.map(error, path: path)
        }
        guard needsMigration else { return }
        // A database that the demo cannot read is refused before the migration writes to it.
        if try hasAppliedMigrations() { _ = try load() }
        do { try migrator.migrate(queue) } catch { throw Self.map(error, path: path) }
    }

    /// Whether a migration of the demo's was applied: the demo's tables exist.
    private func hasAppliedMigrations() throws(DemoDatabaseError) -> Bool {
        do { return try queue.read { db in try !Self.migrator.appliedIdentifiers(db).isEmpty } } catch {
            throw Self.map(error, path: path)
        }
    }

    /// Everything the app shows at launch. Rows are decoded with GRDB's throwing accessors: a row it cannot decode
    /// (a title that is not UTF-8 text, an id that is not an integer) is an error, never a crash.
    public func load() throws(DemoDatabaseError) -> Snapshot {
        do {
            return try queue.read { db in
                var items: [Item] = []
                for row in try Row.fetchAll(db, sql: "SELECT id, title FROM item ORDER BY id") {
                    items.append(try Self.decodeItem(row, path: path))
                }
                var flags: [String: String] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT key, value FROM flag") {
                    do {
                        flags[try row.decode(String.self, forColumn: "key")] = try row.decode(
                            String.self, forColumn: "value")
                    } catch {
                        throw DemoDatabaseError.unreadableRow(path: path, detail: "a flag: \(error)")
                    }
                }
                return Snapshot(items: items, flags: flags)
            }
        } catch let error as DemoDatabaseError {
            throw error
        } catch {
            throw Self.map(error, path: path)
        }
    }

    private static func decodeItem(_ row: Row, path: String) throws(DemoDatabaseError) -> Item {
        guard row["id"] is Int64 else {
            throw .unreadableRow(path: path, detail: "item id \(row["id"] as DatabaseValue) is not an integer")
        }
        do {
            return Item(id: try row.decode(Int64.self, forColumn: "id"), title: try row.decode(forColumn: "title"))
        } catch {
            throw .unreadableRow(path: path, detail: "item \(row["id"] as DatabaseValue): \(error)")
        }
    }

    /// Adds an item and returns it with its id.
    public func insertItem(title: String) throws(DemoDatabaseError) -> Item {
        try write { db in
            try db.execute(sql: "INSERT INTO item (title) VALUES (?)", arguments: [title])
            return Item(id: db.lastInsertedRowID, title: title)
        }
    }

    /// Puts back an item with its id (for redo).
    public func restoreItem(_ item: Item) throws(DemoDatabaseError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO item (id, title) VALUES (?, ?)", arguments: [item.id, item.title])
        }
    }

    /// Gives an item a new title, and returns the title it had: read and written in one transaction, so the title
    /// returned is the one replaced.
    /// - Throws: ``DemoDatabaseError/noSuchItem(id:)`` when the database has no such item.
    public func renameItem(id: Int64, to title: String) throws(DemoDatabaseError) -> String {
        let previous: String? = try write { db in
            guard let previous = try String.fetchOne(db, sql: "SELECT title FROM item WHERE id = ?", arguments: [id])
            else { return nil }
            try db.execute(sql: "UPDATE item SET title = ? WHERE id = ?", arguments: [title, id])
            return previous
        }
        guard let previous else { throw .noSuchItem(id: id) }
        return previous
    }

    /// Deletes an item.
    public func deleteItem(id: Int64) throws(DemoDatabaseError) {
        try write { db in try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id]) }
    }

    /// Sets or clears a flag.
    public func setFlag(_ key: String, to value: String?) throws(DemoDatabaseError) {
        try write { db in
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO flag (key, value) VALUES (?, ?)", arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM flag WHERE key = ?", arguments: [key])
            }
        }
    }

    /// Saves where the user is: the coordinator tree as JSON, replacing the last one saved.
    public func saveNavigation(_ json: String) throws(DemoDatabaseError) {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO navigation (id, tree) VALUES (1, ?)", arguments: [json])
        }
    }

    /// The coordinator tree saved last, as JSON, or `nil` when none was saved.
    /// - Throws: ``DemoDatabaseError/unreadableRow(path:detail:)`` when the row is not text.
    public func loadNavigation() throws(DemoDatabaseError) -> String? {
        do {
            return try queue.read { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT tree FROM navigation WHERE id = 1") else {
                    return nil
                }
                guard row["tree"] is String else {
                    throw DemoDatabaseError.unreadableRow(path: path, detail: "the saved navigation is not text")
                }
                return try row.decode(String.self, forColumn: "tree")
            }
        } catch let error as DemoDatabaseError {
            throw error
        } catch {
            throw Self.map(error, path: path)
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(DemoDatabaseError) -> T {
        do { return try queue.write(body) } catch { throw Self.map(error, path: path) }
    }

    private static func map(_ error: any Error, path: String) -> DemoDatabaseError {
        guard let error = error as? DatabaseError else { return .cannotOpen(path: path, detail: "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path: path, detail: error.message ?? "\(error)")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM: return .cannotOpen(path: path, detail: error.message ?? "\(error)")
        default: return .failed(detail: error.message ?? "\(error)")
        }
    }

    /// The default location: the user's data directory.
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        #if os(macOS)
            let base = (NSHomeDirectory() as NSString).appendingPathComponent("Library/Application Support")
        #else
            let base =
                environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        #endif
        return ((base as NSString).appendingPathComponent("conductor-demo") as NSString)
            .appendingPathComponent("demo.sqlite")
    }
}
