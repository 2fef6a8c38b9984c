internal import Foundation

/// A message to a page. Encoded off the main actor when it is large.
enum PageMessage: Encodable, Sendable {
    /// The first message: the newest events, how many older ones the ring still has, the counts, the stores.
    case hello(events: [InspectorEvent], earlier: Int, evicted: Int, dropped: Int, stores: [StoreSummary])
    /// A new event, without its details.
    case event(InspectorEvent, dropped: Int)
    /// An event in full, as asked for; `nil` when it has left the ring.
    case details(sequence: Int, event: InspectorEvent?)
    /// Older events, as asked for: those before `before`, and how many older still the ring has.
    case history(before: Int, events: [InspectorEvent], earlier: Int)

    enum CodingKeys: String, CodingKey { case type, events, earlier, evicted, dropped, stores, event, sequence, before }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .hello(let events, let earlier, let evicted, let dropped, let stores):
            try container.encode("hello", forKey: .type)
            try container.encode(events, forKey: .events)
            try container.encode(earlier, forKey: .earlier)
            try container.encode(evicted, forKey: .evicted)
            try container.encode(dropped, forKey: .dropped)
            try container.encode(stores, forKey: .stores)
        case .event(let event, let dropped):
            try container.encode("event", forKey: .type)
            try container.encode(event, forKey: .event)
            try container.encode(dropped, forKey: .dropped)
        case .details(let sequence, let event):
            try container.encode("details", forKey: .type)
            try container.encode(sequence, forKey: .sequence)
            try container.encodeIfPresent(event, forKey: .event)
        case .history(let before, let events, let earlier):
            try container.encode("history", forKey: .type)
            try container.encode(min(before, Int(Int32.max)), forKey: .before)
            try container.encode(events, forKey: .events)
            try container.encode(earlier, forKey: .earlier)
        }
    }
}

/// A request from a page, decoded off the main actor (an import's can be large).
struct PageRequest: Sendable {
    let type: String
    let sequence: Int?
    let before: Int?
    let recording: Data?

    private struct Wire: Decodable {
        let type: String
        let sequence: Int?
        let before: Int?
        let recording: String?
    }

    /// The request, or `nil` when `text` is not a JSON object with a string `type`.
    static func decode(_ text: String) -> PageRequest? {
        do {
            let wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
            return PageRequest(
                type: wire.type, sequence: wire.sequence, before: wire.before,
                recording: wire.recording.map { Data($0.utf8) })
        } catch {
            return nil  // told to the pages by the caller
        }
    }
}
