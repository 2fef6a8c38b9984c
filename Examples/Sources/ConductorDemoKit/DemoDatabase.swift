import Foundation
import GRDB

/// An item of the demo's list.
public struct Item: Sendable, Equatable, Codable {
    public var id: Int64
    public var title: String
}

/// What the database holds, read at launch.
public struct Snapshot: Sendable, Equatable {
    public var items: [Item]
    public var flags: [String: String]
}

/// Why the demo's database cannot be used. The demo never overwrites or recreates a database it cannot read.
public enum DemoDatabaseError: Error, Equatable, CustomStringConvertible {
    case corrupt(path: String, detail: String)
    case readOnly(path: String)
    case locked(path: String)
    case cannotOpen(path: String, detail: String)
    case failed(detail: String)

    public var description: String {
        switch self {
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
        }
    }
}

/// The demo's SQLite database, through GRDB: items and a few flags (onboarding shown, session, settings).
public final class DemoDatabase: Sendable {
    public let path: String
    private let queue: DatabaseQueue

    /// Opens (creating if needed) the database at `path`, refusing a file it cannot safely use.
    public init(path: String) throws(DemoDatabaseError) {
        self.path = path
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            // Honour the file's mode even when running as root, who could write anyway.
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
        var configuration = Configuration()
        configuration.busyMode = .timeout(0.25)
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw Self.map(error, path: path)
        }
        try migrate()
    }

    private func migrate() throws(DemoDatabaseError) {
        try write { db in
            try db.execute(
                sql: "CREATE TABLE IF NOT EXISTS item (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL)")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS flag (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        }
    }

    /// Everything the app shows at launch.
    public func load() throws(DemoDatabaseError) -> Snapshot {
        do {
            return try queue.read { db in
                let items = try Row.fetchAll(db, sql: "SELECT id, title FROM item ORDER BY id").map {
                    Item(id: $0["id"], title: $0["title"])
                }
                var flags: [String: String] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT key, value FROM flag") { flags[row["key"]] = row["value"] }
                return Snapshot(items: items, flags: flags)
            }
        } catch {
            throw Self.map(error, path: path)
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
