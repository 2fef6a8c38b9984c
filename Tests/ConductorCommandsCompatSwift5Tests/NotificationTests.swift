// elegantchaos/Actions' notification tests and its test-support base class (ActionsTestSupport), as its users write
// them: the notifications are registered and checked from XCTest cases that are not isolated to the main actor.
import ConductorCommandsCompat
import Foundation
import XCTest

final class ActionsNotificationTests: XCTestCase {
    let manager = ActionManager()

    func testRegistrationSending() {
        var notified: ActionNotificationStage? = nil

        let manager = ActionManager()
        manager.register([Action(identifier: "TestAction")])

        let info = ActionInfo()
        info.registerNotification(for: "TestAction") { (stage, context) in
            notified = stage
        }

        // should get notified
        manager.perform(identifier: "TestAction", info: info)
        XCTAssertEqual(notified, .didPerform)
    }

    func testGlobalNotifications() {
        var count = 0

        manager.registerNotification(for: "TestAction") { (stage, context) in
            count += 1
        }

        manager.register([Action(identifier: "TestAction")])
        manager.perform(identifier: "TestAction")
        XCTAssertEqual(count, 2)
    }
}

/// The seed's `ActionsTestCase` (ActionsTestSupport), which its users subclass.
open class ActionsTestCase: XCTestCase {
    public var manager = ActionManager()
    public var expectation: XCTestExpectation!
    fileprivate var notificationTarget = 0
    public var notifications: [ActionNotificationStage] = []

    open override func setUp() {
        expectation = expectation(description: "completed")
        manager.registerNotification { stage, context in self.notified(stage: stage) }
    }

    open func notified(stage: ActionNotificationStage) {
        notifications.append(stage)
        switch stage {
        case .didPerform, .didFail:
            if notifications.count == notificationTarget {
                expectation.fulfill()
            }
        default:
            break
        }
    }

    open func performAndWaitFor(action identifier: String, notifications: Int = 1) {
        // there will always be two notifications per action: a willPerform and a didPerform/didFail
        notificationTarget = notifications * 2
        manager.perform(identifier: identifier)
        wait(for: [expectation], timeout: 1.0)
    }
}

final class DelegatedActionTests: ActionsTestCase {
    enum Performed {
        case nothing
        case action1
        case action2
    }

    var validated = false
    var performed: Performed = .nothing

    override func setUp() {
        super.setUp()
        let action1 = TestAction(identifier: "test1", perform: .action1, test: self)
        let action2 = TestAction(identifier: "test2", perform: .action2, test: self)
        manager.register([action1, action2])
        XCTAssertTrue(performed == .nothing)
    }

    class TestAction: Action {
        let test: DelegatedActionTests
        let perform: Performed

        init(identifier: String, perform: Performed, test: DelegatedActionTests) {
            self.test = test
            self.perform = perform
            super.init(identifier: identifier)
        }

        override func perform(context: ActionContext, completed: @escaping Action.Completion) {
            test.performed = perform
            completed(.success(()))
        }

        override func validate(context: ActionContext) -> Validation {
            test.validated = true
            return super.validate(context: context)
        }
    }

    func testAction1() {
        performAndWaitFor(action: "test1")
        XCTAssertTrue(performed == .action1)
    }

    func testAction2() {
        performAndWaitFor(action: "test2")
        XCTAssertTrue(performed == .action2)
    }

    func testDelegated() {
        let delegated = DelegatedAction(identifier: "delegated") { (context) in
            return "test1"
        }
        manager.register([delegated])
        performAndWaitFor(action: "delegated", notifications: 2)
        XCTAssertTrue(performed == .action1)
        XCTAssertTrue(manager.validate(identifier: "delegated").enabled)
        XCTAssertTrue(validated)
    }
}

/// An action that finishes later, on another thread, as an action doing I/O does.
final class BackgroundAction: Action {
    override func perform(context: ActionContext, completed: @escaping Action.Completion) {
        Task.detached {
            completed(.ok)
        }
    }
}

final class CompletionTests: XCTestCase {
    private var results: [String] = []

    func testTheCompletionRunsOnTheMainThreadAndOnce() {
        let manager = ActionManager()
        manager.register([BackgroundAction(identifier: "Background")])
        let done = expectation(description: "completed")
        manager.registerNotification(for: "Background") { stage, _ in self.results.append("\(stage)") }
        manager.perform(identifier: "Background") { result in
            if case .success = result { self.results.append("ok, on the main thread: \(Thread.isMainThread)") }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(results, ["willPerform", "didPerform", "ok, on the main thread: true"])
    }

    func testAnIdentifierNamingNoActionCompletesWithAnError() {
        let manager = ActionManager()
        var failed = false
        manager.perform(identifier: "Nowhere") { result in
            if case .failure = result { failed = true }
        }
        XCTAssertTrue(failed)
    }
}
