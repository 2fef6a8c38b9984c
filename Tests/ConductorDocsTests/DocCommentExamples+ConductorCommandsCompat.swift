// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorCommandsCompat's doc comments (elegantchaos/Actions' names), compiled and run. Like a
// migrating user's file, this one imports only the compatibility module.
import ConductorCommandsCompat
import Testing

private protocol MyActionObserver {
    func myMethod(myArgument: String)
}

/// ActionContextProvider.swift: a view controller that provides itself to the actions it starts.
private final class MyViewController: ActionResponder, MyActionObserver {
    var received: [String] = []
    func next() -> ActionResponder? { nil }
    func myMethod(myArgument: String) { received.append(myArgument) }
}

extension MyViewController: ActionContextProvider {
    func provide(context: ActionContext) {
        context.append(key: "MyActionObserver", value: self)
    }
}

/// A button on the controller, bound to an action.
private final class Button: ActionIdentification, ActionResponder {
    var actionID: String
    let controller: MyViewController
    init(_ actionID: String, in controller: MyViewController) {
        self.actionID = actionID
        self.controller = controller
    }
    func next() -> ActionResponder? { controller }
}

/// An action that tells its observers.
private final class NotifyingAction: Action {
    override func perform(context: ActionContext) {
        context.forEach(key: "MyActionObserver") { (observer: MyActionObserver) in
            observer.myMethod(myArgument: "myValue")
        }
    }
}

/// An action that runs a closure.
private final class ClosureAction: Action {
    let body: (ActionContext) -> Void
    init(_ identifier: String, _ body: @escaping (ActionContext) -> Void) {
        self.body = body
        super.init(identifier: identifier)
    }
    override func perform(context: ActionContext) { body(context) }
}

/// ActionKey.swift, as a playground: an argument read by key, and a value appended under a key.
private final class Observer: MyActionObserver {
    var heard = 0
    func myMethod(myArgument: String) { heard += 1 }

    @DocCommentPlayground
    func keys(in context: ActionContext) -> [Any] {
        context["color"]                                  // an identifier's argument
        context.append(key: "MyActionObserver", value: self)
    }
}

/// The tabs DelegatedAction.swift's action reads.
private final class Tabs { var showsBooks = true }

@MainActor
@Suite struct ConductorCommandsCompatDocCommentTests {
    @Test func anActionSubclassRegisteredWithTheManagerIsEnabled() {
        let actionManager = ActionManager()

        class MyAction: Action {
            override func perform(context: ActionContext) {
                // do stuff here
            }
        }
        actionManager.register([MyAction(identifier: "MyAction")])

        #expect(actionManager.validate(identifier: "MyAction").enabled)
    }

    @Test func aProviderOnTheSendersChainAppendsItselfAndTheActionTellsIt() {
        let actionManager = ActionManager()
        let controller = MyViewController()
        actionManager.register([NotifyingAction(identifier: "Notify")])
        actionManager.perform(Button("Notify", in: controller))
        #expect(controller.received == ["myValue"])
    }

    @Test func aContextReadsAnArgumentAndKeepsWhatIsAppended() {
        let actionManager = ActionManager()
        let observer = Observer()
        var color: String?
        actionManager.register([
            ClosureAction("Paint") { context in
                color = observer.keys(in: context).first as? String
                context.forEach(key: "MyActionObserver") { (observer: MyActionObserver) in
                    observer.myMethod(myArgument: "painted")
                }
            }
        ])
        actionManager.perform(identifier: #"button.Paint("color": "red")"#)
        #expect(color == "red")
        #expect(observer.heard == 1)
    }

    @Test func aDelegatedActionPerformsTheActionItNames() {
        let actionManager = ActionManager()
        let tabs = Tabs()
        var performed: [String] = []
        actionManager.register([
            ClosureAction("AddBook") { _ in performed.append("AddBook") },
            ClosureAction("AddPerson") { _ in performed.append("AddPerson") },
        ])

        let addItem = DelegatedAction(identifier: "AddItem") { context in
            tabs.showsBooks ? "AddBook" : "AddPerson"
        }

        actionManager.register([addItem])
        actionManager.perform("AddItem")
        tabs.showsBooks = false
        actionManager.perform("AddItem")
        #expect(performed == ["AddBook", "AddPerson"])
    }
}
