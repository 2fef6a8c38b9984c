import ConductorRecording
import Testing

/// Hears the causes whose names start with a prefix of its own, so that tests running at the same time do not mix.
@MainActor
final class CauseLog: CauseObserver {
    let prefix: String
    private(set) var lines: [String] = []
    private(set) var began: [Cause] = []

    init(prefix: String) { self.prefix = prefix }

    func causeDidBegin(_ cause: Cause) {
        guard cause.name.hasPrefix(prefix) else { return }
        began.append(cause)
        lines.append("begin \(cause)")
    }

    func causeDidEnd(_ cause: Cause) {
        guard cause.name.hasPrefix(prefix) else { return }
        lines.append("end \(cause)")
    }
}

@MainActor
struct CausesTests {
    struct Refused: Error, Equatable {}

    @Test func withNoObserverNoCauseBegins() {
        let current = Causes.run(.command, "unobserved") { Cause.current }
        if !Causes.isObserved { #expect(current == nil) }
    }

    @Test func anObservedRunBeginsACauseThatTheBodyCarriesAndEndsIt() {
        let log = CauseLog(prefix: "run.")
        Causes.addObserver(log)
        defer { Causes.removeObserver(log) }

        let inside = Causes.run(.command, "run.Save", location: "Screen.swift:4") { Cause.current }

        #expect(inside?.name == "run.Save")
        #expect(inside?.kind == .command)
        #expect(log.lines == ["begin command run.Save at Screen.swift:4", "end command run.Save at Screen.swift:4"])
        #expect(Cause.current == nil)
    }

    @Test func aRunInsideACauseBelongsToItAndBeginsNone() {
        let log = CauseLog(prefix: "nested.")
        Causes.addObserver(log)
        defer { Causes.removeObserver(log) }

        let (outer, inner) = Causes.run(.link, "nested.link") {
            (Cause.current, Causes.run(.action, "nested.Action") { Cause.current })
        }

        #expect(outer == inner)
        #expect(log.began.map(\.name) == ["nested.link"])
    }

    @Test func eachCauseHasItsOwnTrace() {
        let log = CauseLog(prefix: "each.")
        Causes.addObserver(log)
        defer { Causes.removeObserver(log) }

        Causes.run(.intent, "each.one") {}
        Causes.run(.intent, "each.two") {}

        #expect(Set(log.began.map(\.trace)).count == 2)
    }

    @Test func theBodysTypedErrorComesThroughAndTheCauseStillEnds() {
        let log = CauseLog(prefix: "fails.")
        Causes.addObserver(log)
        defer { Causes.removeObserver(log) }

        #expect(throws: Refused()) {
            try Causes.run(.command, "fails.Save") { () throws(Refused) in throw Refused() }
        }
        #expect(log.lines.count == 2)
    }

    @Test func anAsyncBodyCarriesTheCauseAcrossSuspensionsAndIntoChildTasks() async {
        let log = CauseLog(prefix: "async.")
        Causes.addObserver(log)
        defer { Causes.removeObserver(log) }

        let (before, after, child) = await Causes.run(.command, "async.Load") {
            let before = Cause.current
            await Task.yield()
            let child = await Task { Cause.current }.value
            return (before, Cause.current, child)
        }

        #expect(before?.name == "async.Load")
        #expect(after == before)
        #expect(child == before)
        #expect(log.lines.last == "end command async.Load")
    }

    @Test func aRemovedObserverHearsNothingMore() {
        let log = CauseLog(prefix: "removed.")
        Causes.addObserver(log)
        Causes.removeObserver(log)

        Causes.run(.command, "removed.Save") {}

        #expect(log.lines.isEmpty)
    }

    @Test func anObserverIsHeldWeaklyAndAddedOnce() {
        var log: CauseLog? = CauseLog(prefix: "weak.")
        weak let weakLog = log
        Causes.addObserver(log!)
        Causes.addObserver(log!)
        Causes.run(.command, "weak.Once") {}
        #expect(log?.lines.count == 2)

        log = nil

        #expect(weakLog == nil)
        Causes.run(.command, "weak.Twice") {}
    }

    @Test func anObserverThatHearsIntentsTurnsTheirCausesOnAndOneThatDoesNotLeavesThemOff() {
        let wasObserving = Causes.observesIntents
        let commandsOnly = CommandsOnly()
        Causes.addObserver(commandsOnly)
        if !wasObserving { #expect(!Causes.observesIntents) }
        let log = CauseLog(prefix: "intents.")
        Causes.addObserver(log)
        #expect(Causes.observesIntents)
        Causes.removeObserver(log)
        Causes.removeObserver(commandsOnly)
    }

    @Test func anObserverThatWentAwayWithoutBeingRemovedStopsCausesAtTheNextOne() {
        var log: CauseLog? = CauseLog(prefix: "gone.")
        Causes.addObserver(log!)
        log = nil
        _ = Causes.run(.command, "gone.First") { 1 }
        #expect(Causes.run(.command, "gone.Second") { Cause.current } == nil || Causes.isObserved)
    }
}

/// Hears commands, actions and links only.
@MainActor
final class CommandsOnly: CauseObserver {
    func causeDidBegin(_ cause: Cause) {}
    func causeDidEnd(_ cause: Cause) {}
    var observesIntents: Bool { false }
}
