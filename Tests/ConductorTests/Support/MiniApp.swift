import Conductor

/// A small app built only from the library's joins, for the tests of each join and of a whole flow.
struct Note: Equatable, Sendable {
    var id: Int
    var title: String
}

struct NotesState: Equatable, Sendable {
    var notes: [Note] = []
    var nextID = 1
}

enum NotesIntent: Intent, Equatable {
    case add(String)
    case added(Note)
    case remove(Int)
    case restore(Note)
    case failed(String)
    case open(Int)

    /// The note this intent reports added, if it is `added`: an answer read from `IntentOutcome.sentBack`.
    var addedNote: Note? { if case .added(let note) = self { note } else { nil } }
    /// The failure this intent reports, if it is `failed`.
    var failure: String? { if case .failed(let message) = self { message } else { nil } }
    /// The failure this intent reports, typed: for `IntentCommand`'s `failure`.
    var saveFailure: SaveFailed? { failure.map { SaveFailed(message: $0) } }
}

enum NotesEffect: Effect, Equatable {
    case persist(String)
    case showNote(Int)
    case longSync

    var cancellationID: EffectID? { self == .longSync ? "sync" : nil }
}

func notesReducer(_ state: inout NotesState, _ intent: NotesIntent) -> [NotesEffect] {
    switch intent {
    case .add(let title):
        return [.persist(title)]
    case .added(let note):
        state.notes.append(note)
        return []
    case .remove(let id):
        state.notes.removeAll { $0.id == id }
        return []
    case .restore(let note):
        state.notes.append(note)
        state.notes.sort { $0.id < $1.id }
        return []
    case .failed:
        return []
    case .open(let id):
        return [.showNote(id)]
    }
}

/// A "database" off the main actor: gives ids, fails on titles it refuses.
actor NotesDatabase {
    private var nextID = 1
    func insert(_ title: String) async throws -> Note {
        // "slow…" titles take longer, so that calls made together finish in the other order.
        if title.hasPrefix("slow") { try await Task.sleep(for: .milliseconds(5)) }
        await Task.yield()
        if title == "fail" { throw DatabaseFailure() }
        defer { nextID += 1 }
        return Note(id: nextID, title: title)
    }
}

struct DatabaseFailure: Error, CustomStringConvertible {
    var description: String { "the database refused it" }
}

struct PersistenceHandler: EffectHandler {
    let database: NotesDatabase
    func handle(effect: NotesEffect, send: Send<NotesIntent>) async throws {
        switch effect {
        case .persist(let title):
            do { await send(.added(try await database.insert(title))) } catch { await send(.failed("\(error)")) }
        case .longSync:
            try await Task.sleep(for: .seconds(60))
        case .showNote:
            break
        }
    }
}

/// A screen: any object the headless router shows.
@MainActor
final class Page: Presentable {
    let moduleName: String
    init(_ name: String) { self.moduleName = name }
}

struct ShowNote: Action { let id: Int }
struct SaveNote: AsyncAction {
    typealias ReturnType = Note
    let title: String
}

struct SaveFailed: Error, Equatable { let message: String }
