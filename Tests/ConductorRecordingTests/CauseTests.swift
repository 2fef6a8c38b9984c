import ConductorRecording
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
}
