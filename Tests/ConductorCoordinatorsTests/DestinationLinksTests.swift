import ConductorCoordinators
import Testing

/// A table of links and destinations answers both ways, and `nil` where it has no answer.
struct DestinationLinksTests {
    enum Destination: Hashable, Sendable {
        case list
        case item(Int)
        case sheet
    }

    enum Link: DeepLink, Hashable {
        case list
        case item(Int)
        case elsewhere
    }

    let table = DestinationLinks<Link, Destination>(
        link: { destination in
            switch destination {
            case .list: .list
            case .item(let id): .item(id)
            case .sheet: nil
            }
        },
        destination: { link in
            switch link {
            case .list: .list
            case .item(let id): .item(id)
            case .elsewhere: nil
            }
        })

    @Test func eachDirectionGivesWhatItsClosureSays() {
        #expect(table.link(for: .item(7)) == .item(7))
        #expect(table.destination(for: .item(7)) == .item(7))
        #expect(table.link(for: .list) == .list)
    }

    @Test func aDestinationNoLinkShowsAndALinkTheFlowDoesNotTakeHaveNone() {
        #expect(table.link(for: .sheet) == nil)
        #expect(table.destination(for: .elsewhere) == nil)
    }

    @Test func everyDestinationWithALinkGoesBackToItself() {
        for destination in [Destination.list, .item(0), .item(-1), .item(.max)] {
            let link = table.link(for: destination)
            #expect(link.flatMap(table.destination(for:)) == destination)
        }
    }
}
