import ConductorCoordinators
import Observation
import Testing

@MainActor
final class Module: Presentable {
    let name: String
    init(_ name: String) { self.name = name }
    var moduleName: String { name }
}

/// A presentable that has nothing to show.
@MainActor
final class Empty: Presentable {
    func toPresent() -> (any Presentable)? { nil }
}

@MainActor
struct HeadlessNavigationRouterTests {
    let router = HeadlessNavigationRouter(name: "main")

    @Test func pushAndPopMaintainTheStackAndLogEvents() throws {
        try router.setRoot(Module("A"), hideBar: true)
        try router.push(Module("B"), animated: true, hidesBottomBar: true, onPop: nil)
        #expect(router.breadcrumb == "A › B")
        #expect(router.hidesBottomBar && router.hidesNavigationBar)
        #expect(router.canPop)
        try router.pop(animated: true)
        #expect(router.breadcrumb == "A")
        #expect(router.events.map(\.description) == ["setRoot A", "push B", "pop B"])
        #expect(router.description == "main: A")
    }

    @Test func eachPushCompletionRunsExactlyOnceWhenItsModuleLeaves() throws {
        var popped: [String] = []
        try router.setRoot(Module("Root"), hideBar: false)
        for name in ["B", "C", "D"] {
            try router.push(Module(name), animated: true, hidesBottomBar: false) { popped.append(name) }
        }
        try router.pop(animated: true)
        router.popToRoot(animated: true)
        router.popToRoot(animated: true)
        #expect(popped == ["D", "C", "B"])
    }

    @Test func settingANewRootRunsTheCompletionsOfEveryRemovedModule() throws {
        var popped: [String] = []
        try router.setRoot(Module("Root"), hideBar: false)
        try router.push(Module("B"), animated: true, hidesBottomBar: false) { popped.append("B") }
        try router.setRoot(Module("New"), hideBar: false)
        #expect(popped == ["B"])
        #expect(router.breadcrumb == "New")
    }

    @Test func aPlatformPopRunsTheCompletionsAboveTheModuleOnce() throws {
        var popped: [String] = []
        let root = Module("Root")
        let middle = Module("B")
        try router.setRoot(root, hideBar: false)
        try router.push(middle, animated: true, hidesBottomBar: false) { popped.append("B") }
        try router.push(Module("C"), animated: true, hidesBottomBar: false) { popped.append("C") }
        try router.platformDidPop(to: middle)
        try router.platformDidPop(to: middle)
        try router.platformDidPop(to: root)
        #expect(popped == ["C", "B"])
        #expect(router.events.last == .platformPop(["B"]))
        try router.setRoot(Module("X"), hideBar: false)
        #expect(popped == ["C", "B"])
    }

    @Test func presentAndDismissRunTheirCompletionsOnce() throws {
        var log: [String] = []
        try router.setRoot(Module("Root"), hideBar: false)
        try router.present(Module("Modal"), animated: true) { log.append("presented") }
        #expect(router.breadcrumb == "Root [modal: Modal]")
        try router.dismiss(animated: true) { log.append("dismissed") }
        #expect(log == ["presented", "dismissed"])
        #expect(router.presented.isEmpty)
    }

    @Test func nestedModalRoutersPrintNested() throws {
        let modal = HeadlessNavigationRouter(name: "create")
        try modal.setRoot(Module("Form"), hideBar: false)
        try router.setRoot(Module("List"), hideBar: false)
        try router.present(modal, animated: true, completion: nil)
        #expect(router.description == "main: List [modal create: Form]")
    }

    @Test func popOnAnEmptyStackThrows() {
        #expect(throws: NavigationError.nothingToPop(router: "main")) { try router.pop(animated: true) }
    }

    @Test func popAtTheRootThrowsAndPopToRootDoesNothing() throws {
        try router.setRoot(Module("Root"), hideBar: false)
        #expect(throws: NavigationError.nothingToPop(router: "main")) { try router.pop(animated: true) }
        router.popToRoot(animated: true)
        #expect(router.events.count == 1)
    }

    @Test func dismissWithNothingPresentedThrows() {
        #expect(throws: NavigationError.nothingPresented(router: "main")) {
            try router.dismiss(animated: true, completion: nil)
        }
    }

    @Test func showingOneModuleTwiceIsReportedAndDoesNothing() throws {
        let module = Module("Once")
        try router.setRoot(Module("Root"), hideBar: false)
        try router.push(module, animated: true, hidesBottomBar: false, onPop: nil)
        withKnownIssue {
            do { try router.push(module, animated: true, hidesBottomBar: false, onPop: nil) } catch {
                Issue.record(error)
            }
        } matching: {
            $0.description.contains("'Once' is already shown by router 'main', so push did nothing")
        }
        withKnownIssue {
            do { try router.present(module, animated: true, completion: nil) } catch { Issue.record(error) }
        } matching: {
            $0.description.contains("so present did nothing")
        }
        #expect(router.stack.count == 2)
        #expect(router.presented.isEmpty)
    }

    @Test func aModuleWithNothingToShowThrows() {
        #expect(throws: NavigationError.nothingToShow(operation: "push")) {
            try router.push(Empty(), animated: true, hidesBottomBar: false, onPop: nil)
        }
    }

    @Test func aPlatformPopToAnUnknownModuleThrows() {
        #expect(throws: NavigationError.notOnStack(module: "Ghost", router: "main")) {
            try router.platformDidPop(to: Module("Ghost"))
        }
    }

    @Test func errorsSayWhatToDo() {
        let errors: [NavigationError] = [
            .nothingToShow(operation: "push"), .nothingToPop(router: "r"), .nothingPresented(router: "r"),
            .cannotShow(module: "M", router: "r"), .notOnStack(module: "M", router: "r"),
        ]
        for error in errors { #expect(error.description.count > 40) }
    }

    @Test func observationSeesTheStackChange() async throws {
        let changed = Changed()
        withObservationTracking {
            _ = router.stack
        } onChange: {
            Task { @MainActor in changed.value = true }
        }
        try router.setRoot(Module("Root"), hideBar: false)
        for _ in 0..<100 where !changed.value { await Task.yield() }
        #expect(changed.value)
    }
}

@MainActor
final class Changed { var value = false }

@MainActor
struct HeadlessNavigationRouterEventLogTests {
    @Test func theEventLogStaysBounded() throws {
        let router = HeadlessNavigationRouter(name: "bounded")
        router.eventLimit = 10
        try router.setRoot(Module("Root"), hideBar: false)
        let module = Module("M")
        for _ in 0..<100 {
            try router.push(module, animated: false, hidesBottomBar: false, onPop: nil)
            try router.pop(animated: false)
        }
        #expect(router.events.count <= 16)
        #expect(router.events.last == .pop(["M"]))
    }
}
