import ConductorRecording
import Foundation
import Logging
import Testing

struct CauseTests {
    @Test func aCauseSaysWhatSetItOffAndWhere() {
        let cause = Cause(trace: 7, kind: .command, name: "Save(title: \"Milk\")", location: "ItemsScreen.swift:42")
        #expect(cause.description == "command Save(title: \"Milk\") at ItemsScreen.swift:42")
        #expect(Cause(trace: 1, kind: .link, name: "app://items/3").description == "link app://items/3")
    }

    @Test func itsMetadataNamesTheTraceForAnAppsOwnLogLines() {
        let cause = Cause(trace: 7, kind: .intent, name: "addItem")
        #expect(cause.metadata["conductor.trace"] == "7")
        #expect(cause.metadata["conductor.cause"] == "intent addItem")
    }

    /// Counts how many times a name was written.
    final class Tally: @unchecked Sendable {
        // Sound: every access to `count` holds `lock`.
        private let lock = NSLock()
        private var count = 0
        func write() -> String {
            lock.withLock { count += 1 }
            return "addItem"
        }
        var value: Int { lock.withLock { count } }
    }

    @Test func aCausesNameIsWrittenOnlyWhenReadAndEachTimeItIs() {
        let tally = Tally()
        let cause = Cause(trace: 3, kind: .intent, name: { tally.write() }, location: { nil })
        #expect(tally.value == 0)
        #expect(cause.name == "addItem")
        #expect(cause.description == "intent addItem")
        #expect(tally.value == 2)
    }

    @Test func causesAreEqualByTraceAndKindWhateverTheirText() {
        #expect(Cause(trace: 1, kind: .command, name: "A") == Cause(trace: 1, kind: .command, name: "B"))
        #expect(Cause(trace: 1, kind: .command, name: "A") != Cause(trace: 2, kind: .command, name: "A"))
        #expect(Cause(trace: 1, kind: .command, name: "A") != Cause(trace: 1, kind: .action, name: "A"))
    }
}
