// elegantchaos/Actions' own notification tests, in its vocabulary.
import ConductorCommandsCompat
import Testing

@MainActor
struct NotificationTests {
    let manager = ActionManager()

    init() {
        manager.register([Action(identifier: "TestAction"), Action(identifier: "OtherAction")])
    }

    @Test func aNotificationInTheInfoHearsItsActionOnly() {
        var notified: ActionNotificationStage?
        let info = ActionInfo()
        info.registerNotification(for: "TestAction") { stage, _ in notified = stage }
        manager.perform(identifier: "TestAction", info: info)
        #expect(notified == .didPerform)
        notified = nil
        manager.perform(identifier: "OtherAction", info: info)
        #expect(notified == nil)
    }

    @Test func aGlobalNotificationHearsEveryStageOfItsAction() {
        var stages: [ActionNotificationStage] = []
        manager.registerNotification(for: "TestAction") { stage, _ in stages.append(stage) }
        manager.perform(identifier: "TestAction")
        manager.perform(identifier: "OtherAction")
        #expect(stages == [.willPerform, .didPerform])
    }

    @Test func aNotificationForEveryActionHearsThemAll() {
        var count = 0
        manager.registerNotification { _, _ in count += 1 }
        manager.perform(identifier: "TestAction")
        manager.perform(identifier: "OtherAction")
        #expect(count == 4)
    }

    @Test func aFailedPerformIsADidFailWithItsError() {
        struct Broken: Error {}
        class Failing: Action {
            override func perform(context: ActionContext, completed: @escaping Completion) {
                completed(.failure(Broken()))
            }
        }
        manager.register([Failing()])
        var stages: [ActionNotificationStage] = []
        manager.registerNotification(for: "Failing") { stage, _ in stages.append(stage) }
        manager.perform(identifier: "Failing")
        #expect(stages == [.willPerform, .didFail(Broken())])
    }

    @Test func aDelegatedActionWithNoDelegateFailsWithMissingDelegate() {
        manager.register([DelegatedAction(identifier: "AddItem") { _ in "" }])
        #expect(manager.validate(identifier: "AddItem").state == .ineligable)
        var outcome: Action.Result?
        manager.perform(identifier: "AddItem") { outcome = $0 }
        guard case .failure(let error as DelegatedAction.Error)? = outcome else {
            Issue.record("expected missingDelegate, got \(String(describing: outcome))")
            return
        }
        #expect(error == .missingDelegate(""))
    }

    @Test func aDelegatedActionPerformsTheActionItNames() {
        var performed: [String] = []
        manager.registerNotification { stage, context in
            if stage == .didPerform { performed.append(context.action.identifier) }
        }
        manager.register([DelegatedAction(identifier: "AddItem") { _ in "TestAction" }])
        manager.perform(identifier: "AddItem")
        #expect(performed == ["TestAction", "AddItem"])
    }
}
