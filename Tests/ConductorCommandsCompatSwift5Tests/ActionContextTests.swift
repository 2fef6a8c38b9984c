// elegantchaos/Actions' context, info, identification and observer tests, in its users' style. The seed's own tests
// built contexts with its internal initialiser; here the manager builds them, as it does for an app.
import ConductorCommandsCompat
import XCTest

class ActionContextTests: XCTestCase {
    private var contexts: [ActionContext] = []

    override func tearDown() {
        contexts = []
        super.tearDown()
    }

    private func performedContext(identifier: String = "Test", info: ActionInfo = ActionInfo()) -> ActionContext? {
        let manager = ActionManager()
        manager.register([Action(identifier: "Test")])
        manager.registerNotification { stage, context in
            if stage == .willPerform { self.contexts.append(context) }
        }
        manager.perform(identifier: identifier, info: info)
        return contexts.last
    }

    func testBasics() {
        let context = performedContext()
        context?.info.append(key: "test", value: "item1")
        context?.info.append(key: "test", value: "item2")

        var items = [String]()
        context?.info.forEach(key: "test") {
            items.append($0)
        }

        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(items[0], "item1")
        XCTAssertEqual(items[1], "item2")
    }

    func testExplicitSender() {
        let context = performedContext(info: ActionInfo(sender: self))
        XCTAssertTrue(context?.sender as? ActionContextTests === self)
    }

    func testDefaultSender() {
        let context = performedContext()
        XCTAssertTrue(context?.sender is ActionManager)
    }

    func testFlags() {
        let info = ActionInfo()
        XCTAssertFalse(info.flag(key: "test"))

        info["test"] = 0
        XCTAssertFalse(info.flag(key: "test"))

        info["test"] = false
        XCTAssertFalse(info.flag(key: "test"))

        info["test"] = "false"
        XCTAssertFalse(info.flag(key: "test"))

        info["test"] = "NO"
        XCTAssertFalse(info.flag(key: "test"))

        info["test"] = 1
        XCTAssertTrue(info.flag(key: "test"))

        info["test"] = true
        XCTAssertTrue(info.flag(key: "test"))

        info["test"] = "true"
        XCTAssertTrue(info.flag(key: "test"))

        info["test"] = "YES"
        XCTAssertTrue(info.flag(key: "test"))
    }

    func testDescription() {
        let info = ActionInfo()
        info["foo"] = "bar"
        let context = performedContext(info: info)
        XCTAssertEqual(context?.description, "«context ConductorCommandsCompat.Action keys: foo»")
        XCTAssertEqual("\(info)", "foo")
    }

    /// Printing a context is safe from any thread, as printing the seed's was.
    func testDescriptionOffTheMainThread() {
        let info = ActionInfo()
        info["foo"] = "bar"
        info["baz"] = 1
        guard let context = performedContext(info: info) else { return XCTFail("not performed") }
        let described = expectation(description: "described on another thread")
        let text = Shared<String?>(nil)
        Task.detached {
            text.value = "\(context)"
            described.fulfill()
        }
        wait(for: [described], timeout: 10)
        XCTAssertEqual(text.value, "«context ConductorCommandsCompat.Action keys: baz,foo»")
    }

    func testDefaultIdentifierTrailingAction() {
        class DoStuffAction: Action {}

        let action = DoStuffAction()
        XCTAssertEqual(action.identifier, "DoStuff")
    }

    func testDefaultIdentifierMultipleActions() {
        class DoActionStuffAction: Action {}

        let action = DoActionStuffAction()
        XCTAssertEqual(action.identifier, "DoActionStuff")
    }

    func testDefaultIdentifierNoTrailingAction() {
        class DoStuff: Action {}

        let action = DoStuff()
        XCTAssertEqual(action.identifier, "DoStuff")
    }
}

class FixedIdentifiable: ActionIdentification {
    public var actionID: String {
        get { return "myID" }
        set(value) {}
    }
}

class BasicIdentifiable: ActionIdentification {
    var actionID: String = ""
}

class ActionIdentificationTests: XCTestCase {
    func testBasics() {
        let thing = BasicIdentifiable()
        thing.actionID = "testID"
        XCTAssertEqual(thing.actionID, "testID")
    }

    func testFixed() {
        let thing = FixedIdentifiable()
        XCTAssertEqual(thing.actionID, "myID")
    }
}

final class ActionObserverTests: XCTestCase {
    class TestObserver: ActionObserver, Hashable {

        let name: String

        init(_ name: String) {
            self.name = name
        }

        static func == (lhs: ActionObserverTests.TestObserver, rhs: ActionObserverTests.TestObserver) -> Bool {
            return lhs.name == rhs.name
        }

        func hash(into hasher: inout Hasher) {
            name.hash(into: &hasher)
        }
    }

    func testBasics() {
        let info = ActionInfo()
        let obs1 = TestObserver("test1")
        info.addObserver(obs1)

        let obs2 = TestObserver("test2")
        info.addObserver(obs2)

        var observers = [TestObserver]()
        info.forObservers {
            observers.append($0)
        }

        XCTAssertEqual(observers.count, 2)
        XCTAssertTrue(observers.contains(obs1))
        XCTAssertTrue(observers.contains(obs2))
    }

    func testNoDuplication() {
        let info = ActionInfo()
        let obs1 = TestObserver("test1")
        info.addObserver(obs1)
        info.addObserver(obs1)

        var observers = [TestObserver]()
        info.forObservers {
            observers.append($0)
        }

        XCTAssertEqual(observers.count, 1)
        XCTAssertTrue(observers.contains(obs1))
    }
}
