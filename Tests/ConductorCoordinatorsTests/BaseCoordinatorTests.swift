import ConductorActions
import ConductorCoordinators
import Testing

@MainActor
final class Child: FlowCoordinator<String> {
    var started = 0
    var handled: [String] = []
    var handles: ((any DeepLink) -> Bool)?
    override func start() { started += 1 }
    override func handle(deepLink: any DeepLink) -> Bool {
        handled.append("\(deepLink)")
        return handles?(deepLink) ?? false
    }
}

struct Link: DeepLink, CustomStringConvertible {
    let value: String
    var description: String { value }
}

struct Ping: Action {}

@MainActor
struct BaseCoordinatorTests {
    let parent = BaseCoordinator(actionRouter: nil)

    @Test func aFinishedChildIsRemovedReleasedAndReportsItsOutput() throws {
        var outputs: [String] = []
        weak var weakChild: Child?
        do {
            let child = Child(actionRouter: nil)
            weakChild = child
            parent.startChild(child) { outputs.append($0) }
            #expect(child.started == 1)
            #expect(parent.childCoordinators.count == 1)
            #expect(child.parent === parent)
            child.finish(with: "saved")
            child.finish(with: "again")
        }
        #expect(outputs == ["saved"])
        #expect(parent.childCoordinators.isEmpty)
        #expect(weakChild == nil)
    }

    @Test func aPresentedChildsSheetIsDismissedWhenItFinishes() throws {
        let main = HeadlessNavigationRouter(name: "main")
        let sheet = HeadlessNavigationRouter(name: "sheet")
        let child = Child(actionRouter: nil)
        var outputs: [String] = []
        try parent.presentChild(child, showing: sheet, on: main, dismissedOutput: "dismissed") { outputs.append($0) }
        #expect(main.presented.count == 1 && main.presented.first === sheet)
        #expect(child.started == 1)
        child.finish(with: "saved")
        #expect(main.presented.isEmpty)
        #expect(outputs == ["saved"])
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func aFinishedChildsSheetLeavesWithWhatWasPresentedOverIt() throws {
        let main = HeadlessNavigationRouter(name: "main")
        let sheet = HeadlessNavigationRouter(name: "sheet")
        let child = Child(actionRouter: nil)
        try parent.presentChild(child, showing: sheet, on: main, dismissedOutput: "dismissed")
        try main.present(HeadlessNavigationRouter(name: "alert"), animated: false, completion: nil)
        child.finish(with: "saved")
        #expect(main.presented.isEmpty)
    }

    @Test func aSheetTheUserDismissesFinishesItsChild() throws {
        let main = HeadlessNavigationRouter(name: "main")
        let sheet = HeadlessNavigationRouter(name: "sheet")
        let child = Child(actionRouter: nil)
        var outputs: [String] = []
        try parent.presentChild(child, showing: sheet, on: main, dismissedOutput: "dismissed") { outputs.append($0) }
        try main.dismiss(animated: true, completion: nil)  // the platform's swipe
        #expect(outputs == ["dismissed"])
        #expect(child.isFinished)
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func aSheetThePlatformRefusesEndsTheChildWithoutAnOutput() {
        let host = ScriptedHost()
        host.refused = ["sheet"]
        let main = HostedNavigationRouter(name: "main", host: host)
        let sheet = HeadlessNavigationRouter(name: "sheet")
        let child = Child(actionRouter: nil)
        var outputs: [String] = []
        #expect(throws: NavigationError.cannotShow(module: "sheet", router: "main")) {
            try parent.presentChild(child, showing: sheet, on: main, dismissedOutput: "dismissed") {
                outputs.append($0)
            }
        }
        #expect(outputs.isEmpty)
        #expect(child.hasEnded)
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func aSheetAlreadyShownIsReportedAndItsChildEnded() throws {
        let main = HeadlessNavigationRouter(name: "main")
        let sheet = HeadlessNavigationRouter(name: "sheet")
        try main.present(sheet, animated: false, completion: nil)
        let child = Child(actionRouter: nil)
        withKnownIssue {
            do {
                try parent.presentChild(child, showing: sheet, on: main, dismissedOutput: "dismissed")
            } catch { Issue.record(error) }
        } matching: {
            $0.description.contains("already shown")
        }
        #expect(child.hasEnded)
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func startingACoordinatorTwiceIsReportedAndDoesNothing() throws {
        let child = Child(actionRouter: nil)
        child.run()
        withKnownIssue {
            child.run()
        } matching: {
            $0.description.contains("'Child' was already started") && $0.description.contains("once")
        }
        withKnownIssue {
            #expect(!parent.startChild(child))
        } matching: {
            $0.description.contains("already started")
        }
        #expect(child.started == 1)
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func addingTheSameChildTwiceIsReportedAndKeepsOne() throws {
        let child = Child(actionRouter: nil)
        parent.addChild(child)
        withKnownIssue {
            #expect(!parent.addChild(child))
        } matching: {
            $0.description.contains("already a child of 'BaseCoordinator'")
        }
        #expect(parent.childCoordinators.count == 1)
        parent.removeChild(child)
        #expect(parent.childCoordinators.isEmpty)
        #expect(child.parent == nil)
    }

    @Test func aChildBelongsToOneParent() throws {
        let other = BaseCoordinator(actionRouter: nil)
        let child = Child(actionRouter: nil)
        parent.addChild(child)
        withKnownIssue {
            #expect(!other.addChild(child))
        } matching: {
            $0.description.contains("already belongs to 'BaseCoordinator'. Remove it there first")
        }
        #expect(other.childCoordinators.isEmpty)
        #expect(child.parent === parent)
    }

    /// The visible flow (the active path, deepest first) is offered a link before hidden flows; then the
    /// coordinator itself, then its other children in the order they were added.
    @Test func aDeepLinkIsOfferedAlongTheActivePathFirstThenToTheOtherChildren() throws {
        let first = Child(actionRouter: nil)
        let second = Child(actionRouter: nil)
        let grandchild = Child(actionRouter: nil)
        parent.startChild(first)
        parent.startChild(second)
        second.startChild(grandchild)
        #expect(
            parent.activePath.map(ObjectIdentifier.init) == [grandchild, second, parent].map(ObjectIdentifier.init))
        grandchild.handles = { ($0 as? Link)?.value == "deep" }
        first.handles = { ($0 as? Link)?.value == "hidden" }
        #expect(parent.offer(Link(value: "deep")))
        #expect(grandchild.handled == ["deep"])
        #expect(second.handled.isEmpty)
        #expect(first.handled.isEmpty)
        #expect(parent.offer(Link(value: "hidden")))
        #expect(grandchild.handled == ["deep", "hidden"])
        #expect(second.handled == ["hidden"])
        #expect(first.handled == ["hidden"])
        #expect(!parent.offer(Link(value: "nobody")))
    }

    /// A coordinator written for the seed, whose `start()` called `start(with: nil)`: it overrides only
    /// `start(with:)` and is started with `start()`.
    final class SeedStyle: BaseCoordinator {
        var began: [String] = []
        override func start(with deepLink: (any DeepLink)?) { began.append("\(deepLink.map { "\($0)" } ?? "nil")") }
    }

    /// An override of `start()` that calls `super.start()` first.
    final class CallsSuper: FlowCoordinator<Void> {
        var bodies = 0
        override func start() {
            super.start()
            bodies += 1
        }
    }

    @Test func aCoordinatorThatOverridesOnlyStartWithBeginsAndRestartsWhenStartedWithStart() {
        let seedStyle = SeedStyle(actionRouter: nil)
        seedStyle.start()
        #expect(seedStyle.began == ["nil"])
        seedStyle.start()  // the seed's apps restart a flow after sign-in this way
        #expect(seedStyle.began == ["nil", "nil"])
        let run = SeedStyle(actionRouter: nil)
        run.run(with: Link(value: "items"))
        #expect(run.began == ["items"])
    }

    @Test func anOverrideOfStartThatCallsSuperRunsItsBodyOnce() {
        let direct = CallsSuper(actionRouter: nil)
        direct.start()
        #expect(direct.bodies == 1)
        let run = CallsSuper(actionRouter: nil)
        run.run()
        #expect(run.bodies == 1)
        let child = CallsSuper(actionRouter: nil)
        parent.startChild(child)
        #expect(child.bodies == 1)
        child.start()  // restarting it runs its body again, and reports nothing
        #expect(child.bodies == 2)
        let plain = BaseCoordinator(actionRouter: nil)
        plain.start()
        plain.start()
        #expect(plain.childCoordinators.isEmpty)
    }

    @Test func startWithAnUnhandledDeepLinkStartsNormally() {
        let child = Child(actionRouter: nil)
        child.start(with: Link(value: "unknown"))
        #expect(child.started == 1)
    }

    @Test func startWithOnARunningFlowIsReportedAndNeverRestartsIt() {
        let flow = Child(actionRouter: nil)
        flow.handles = { "\($0)" == "item" }
        flow.start(with: nil)
        #expect(flow.started == 1)
        withKnownIssue {
            flow.start(with: Link(value: "nobody"))
        }
        withKnownIssue {
            flow.start(with: Link(value: "item"))
        }
        #expect(flow.started == 1)
        #expect(flow.handled == ["nobody", "item"])
    }

    @Test func openThrowsWhenNoFlowTakesTheLink() throws {
        let child = Child(actionRouter: nil)
        child.handles = { "\($0)" == "item" }
        parent.startChild(child)
        try parent.open(Link(value: "item"))
        #expect(child.handled == ["item"])
        #expect(throws: DeepLinkError.self) { try parent.open(Link(value: "nobody")) }
    }

    @Test func aCoordinatorsActionsLeaveTheRouterWhenItIsReleased() throws {
        let router = ActionRouter(name: "coordinator-actions")
        weak var weakCoordinator: BaseCoordinator?
        do {
            let coordinator = BaseCoordinator(actionRouter: router)
            try coordinator.dispatcher.register(Ping.self) { _ in }
            weakCoordinator = coordinator
            #expect(router.isRegistered(Ping.self))
            #expect(coordinator.dispatcher.name == "BaseCoordinator")
        }
        #expect(weakCoordinator == nil)
        #expect(!router.isRegistered(Ping.self))
    }

    @Test func removeAllChildrenEmptiesTheTree() throws {
        parent.addChild(Child(actionRouter: nil))
        parent.addChild(Child(actionRouter: nil))
        parent.removeAllChildren()
        #expect(parent.childCoordinators.isEmpty)
    }

    // MARK: The flow's lifetime

    @Test func whatAFlowKeepsIsReleasedAndItsEndActionsRunWhenItFinishes() throws {
        final class Token {}
        let child = Child(actionRouter: nil)
        weak var weakToken: Token?
        var ended: [String] = []
        do {
            let token = Token()
            weakToken = token
            child.keep(token)
        }
        child.onEnd { ended.append("first") }
        child.onEnd { ended.append("second") }
        parent.startChild(child)
        #expect(weakToken != nil)
        child.finish(with: "done")
        #expect(weakToken == nil)
        #expect(ended == ["first", "second"])
        #expect(child.hasEnded)
        child.onEnd { ended.append("late") }
        #expect(ended.last == "late")
    }

    /// The seed's `addDependency`, `removeDependency`, then start: a child removed before it started runs and
    /// finishes as any flow does, never a flow that runs and cannot end.
    @Test func aChildRemovedBeforeItStartedStartsAndFinishesLater() throws {
        let child = Child(actionRouter: nil)
        parent.addChild(child)
        parent.removeChild(child)
        #expect(!child.hasEnded)
        var outputs: [String] = []
        #expect(parent.startChild(child) { outputs.append($0) })
        child.finish(with: "done")
        #expect(outputs == ["done"])
        #expect(parent.childCoordinators.isEmpty)
    }

    /// A child removed after it started has ended: starting it again is reported, and nothing runs.
    @Test func aChildRemovedAfterItStartedCannotStartAgain() throws {
        let child = Child(actionRouter: nil)
        parent.startChild(child)
        parent.removeChild(child)
        #expect(child.hasEnded)
        withKnownIssue {
            #expect(!parent.startChild(child))
        } matching: {
            $0.description.contains("was already started")
        }
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func endingAFlowEndsItsChildrenFirst() throws {
        let child = Child(actionRouter: nil)
        let grandchild = Child(actionRouter: nil)
        var order: [String] = []
        child.onEnd { order.append("child") }
        grandchild.onEnd { order.append("grandchild") }
        parent.startChild(child)
        child.startChild(grandchild)
        parent.removeChild(child)
        #expect(order == ["grandchild", "child"])
    }

    @Test func theActivePathFollowsTheActiveChildFromTheFlowOnTop() throws {
        let first = Child(actionRouter: nil)
        let second = Child(actionRouter: nil)
        parent.startChild(first)
        parent.startChild(second)
        #expect(parent.activePath.map(ObjectIdentifier.init) == [second, parent].map(ObjectIdentifier.init))
        parent.activeChild = first
        #expect(parent.activePath.first === first)
        first.finish(with: "")
        #expect(parent.activePath.first === second)
    }
}
