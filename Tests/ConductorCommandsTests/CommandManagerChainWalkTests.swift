import ConductorCommands
import Testing

/// The chain order the AppKit glue relies on, with plain objects standing for responders.
@MainActor
struct CommandManagerChainWalkTests {
    final class Node {
        let name: String
        var next: Node?
        init(_ name: String, next: Node? = nil) {
            self.name = name
            self.next = next
        }
    }

    func names(_ chain: [AnyObject]) -> [String] { chain.map { ($0 as? Node)?.name ?? "?" } }

    @Test func eachStartIsFollowedByItsNextsInOrderAndNilStartsAreSkipped() {
        let window = Node("window")
        let view = Node("view", next: Node("controller", next: window))
        let delegate = Node("delegate")
        let chain = CommandManager.chain(walking: [view, nil, delegate]) { ($0 as? Node)?.next }
        #expect(names(chain) == ["view", "controller", "window", "delegate"])
    }

    @Test func startsThatMeetAnEarlierWalkAddOnlyWhatIsNew() {
        let app = Node("app")
        let window = Node("window", next: app)
        let view = Node("view", next: window)
        let chain = CommandManager.chain(walking: [view, window, app, Node("app delegate")]) { ($0 as? Node)?.next }
        #expect(names(chain) == ["view", "window", "app", "app delegate"])
    }

    @Test func aCycleEndsTheWalk() {
        let a = Node("a")
        let b = Node("b", next: a)
        a.next = b
        let chain = CommandManager.chain(walking: [a]) { ($0 as? Node)?.next }
        #expect(names(chain) == ["a", "b"])
        a.next = nil
    }
}
