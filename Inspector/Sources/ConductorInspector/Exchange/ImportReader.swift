internal import ConductorRecording
internal import Foundation

/// Decodes an imported intent line as a watched store's intent type. `@Sendable` and free of the store, so a
/// recording is decoded off the main actor.
///
/// A struct, not a bare function type: a typed-throws function type kept in an optional, a tuple or a dictionary
/// needs the runtime's support for such types, which iOS 17 and macOS 14 do not have (`scripts/apple-check`).
struct ImportDecoder: Sendable {
    let decode: @Sendable (Recording.Line) throws(RecordingError) -> any Sendable

    init(_ decode: @escaping @Sendable (Recording.Line) throws(RecordingError) -> any Sendable) {
        self.decode = decode
    }

    func callAsFunction(_ line: Recording.Line) throws(RecordingError) -> any Sendable { try decode(line) }
}

/// An intent decoded from an imported recording, not yet validated: its line, its type's name and its value.
struct ImportedIntent: Sendable {
    let line: Int
    let type: String
    let value: any Sendable
}

/// Reads an imported recording off the main actor: bounds, then lines, then each intent decoded as its store's type.
enum ImportReader {
    /// The watched stores' decoders, by intent type's name.
    typealias Decoders = [String: StoreDecoder]

    /// The decoder of one store's intents.
    struct StoreDecoder: Sendable {
        let store: String
        let decode: ImportDecoder
    }

    /// What a recording held.
    struct Read: Sendable {
        /// The decoded intents, by store name, in the recording's order.
        var intents: [String: [ImportedIntent]] = [:]
        /// The lines left out.
        var skipped: [RecordingError] = []
        /// How many records were not intents.
        var ignored = 0
    }

    static func read(_ data: Data, decoders: Decoders, maximumBytes: Int, maximumLines: Int)
        -> Result<Read, RecordingError>
    {
        let name = "(imported recording)"
        guard data.count <= maximumBytes else {
            let reason = "it is \(data.count) bytes, and an import reads at most \(maximumBytes)"
            return .failure(.unreadable(path: name, reason: reason))
        }
        var newlines = 0
        for byte in data where byte == UInt8(ascii: "\n") { newlines += 1 }
        guard newlines <= maximumLines else {
            return .failure(
                .unreadable(path: name, reason: "it has more than \(maximumLines) lines, the most an import reads"))
        }
        var read = Read()
        let lines: [Recording.Line]
        do throws(RecordingError) {
            let result = try Recording.lines(in: data, mode: .skipInvalidLines)
            lines = result.lines
            read.skipped = result.skipped
        } catch {
            return .failure(error)
        }
        let known = decoders.keys.sorted()
        for line in lines {
            guard line.kind == .intent else {
                read.ignored += 1
                continue
            }
            guard let decoder = decoders[line.type] else {
                read.skipped.append(.unknownType(line: line.number, kind: .intent, type: line.type, known: known))
                continue
            }
            do throws(RecordingError) {
                let value = try decoder.decode(line)
                read.intents[decoder.store, default: []].append(
                    ImportedIntent(line: line.number, type: line.type, value: value))
            } catch {
                read.skipped.append(error)
            }
        }
        return .success(read)
    }
}
