// elegantchaos/Actions' README, compiled against ConductorCommandsCompat with no change but the import. The AppKit
// application delegate (`NSApplicationDelegate`, `ActionManagerMac`, `installResponder()`) cannot be built on Linux;
// its body is kept in `Application` below, and the migration article says what replaces the Mac manager.
import ConductorCommandsCompat
import Testing

// MARK: The README's code

class PersonAction: Action {}

class MyAction: PersonAction {
    var performed = 0
    var colors: [String] = []

    override func perform(context: ActionContext) {
        // do some stuff here
        performed += 1
        if let color = context["color"] as? String { colors.append(color) }

        // notify observers
        context.forEach(key: "MyActionObserver") { (observer: MyActionObserver) in
            observer.myMethod(myArgument: "myValue")
        }
    }
}

class AnotherAction: Action {
    override func validate(context: ActionContext) -> Validation {
        var validation = super.validate(context: context)
        validation.enabled = context["selection"] != nil
        return validation
    }
}

protocol MyActionObserver {
    func myMethod(myArgument: String)
}

class MyViewController: ActionResponder {
    var received: [String] = []
    func next() -> ActionResponder? { nil }
}

extension MyViewController: ActionContextProvider, MyActionObserver {
    func provide(context: ActionContext) {
        context.append(key: "MyActionObserver", value: self)
    }

    func myMethod(myArgument: String) { received.append(myArgument) }
}

@MainActor
class Application {
    let actionManager = ActionManager()

    func applicationWillFinishLaunching() {
        actionManager.register([
            MyAction(identifier: "MyAction"),
            AnotherAction(identifier: "AnotherAction"),
        ])
    }
}

/// A button bound to an action, as the seed's UI items are.
final class Button: ActionIdentification {
    var actionID: String
    let controller: MyViewController?
    init(_ actionID: String, in controller: MyViewController? = nil) {
        self.actionID = actionID
        self.controller = controller
    }
}

extension Button: ActionResponder {
    func next() -> ActionResponder? { controller }
}

// MARK: Behaviour

@MainActor
struct SeedReadmeTests {
    @Test func theReadmesActionsRegisterAndPerformByIdentifier() throws {
        let app = Application()
        app.applicationWillFinishLaunching()
        app.actionManager.perform("MyAction")
        let action = try #require(app.actionManager.commands.command(named: "MyAction"))
        #expect(action.identifier == "MyAction")
        var result: Action.Result?
        app.actionManager.perform(identifier: "menu.MyAction") { result = $0 }
        #expect(result.map { if case .success = $0 { true } else { false } } == true)
    }

    @Test func argumentsInTheIdentifierReachTheContextAsTheSeedsJSONValues() {
        let manager = ActionManager()
        let action = MyAction()
        manager.register([action])
        manager.perform(identifier: #"button.My("color": "red")"#)
        manager.perform(identifier: #"other.prefix.My("color": "blue")"#)
        #expect(action.identifier == "My")
        #expect(action.colors == ["red", "blue"])
    }

    @Test func providersOnTheSendersChainAddObserversTheActionNotifies() {
        let manager = ActionManager()
        manager.register([MyAction(identifier: "MyAction")])
        let controller = MyViewController()
        manager.perform(Button("MyAction", in: controller))
        #expect(controller.received == ["myValue"])
    }

    @Test func validationAsksTheActionUnlessTheInfoSkipsIt() {
        let manager = ActionManager()
        manager.register([AnotherAction()])
        #expect(manager.validate(identifier: "Another").state == .inactive)
        let info = ActionInfo()
        info[.selection] = [3]
        #expect(manager.validate(identifier: "Another", info: info).enabled)
        let skip = ActionInfo()
        skip[.skipValidation] = true
        #expect(manager.validate(identifier: "Another", info: skip).state == .active)
        #expect(manager.validate(identifier: "Missing").state == .ineligable)
    }

    @Test func anUnknownIdentifierCompletesWithATypedError() {
        let manager = ActionManager()
        var outcome: Action.Result?
        manager.perform(identifier: "Nowhere") { outcome = $0 }
        guard case .failure(let error as CommandError)? = outcome else {
            Issue.record("expected a CommandError, got \(String(describing: outcome))")
            return
        }
        #expect(error.code == .unknownCommand)
    }

    @Test func buildItemsValidatesEachIdentifierInOrder() {
        let manager = ActionManager()
        manager.register([MyAction(), AnotherAction()])
        let items = manager.buildItems(forActions: ["My", "Another", "Gone"], withInfo: ActionInfo()) {
            id, validation in
            "\(id):\(validation.state)"
        }
        #expect(items == ["My:active", "Another:inactive", "Gone:ineligable"])
    }
}
