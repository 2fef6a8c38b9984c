import Conductor
import Testing

@MainActor
struct StoreActionEffectsTests {
    let router = ActionRouter(name: "effects")

    @Test func anEffectBecomesAnActionHandledByTheCoordinatorThatOwnsTheStack() throws {
        let store = Store(state: NotesState(), reducer: notesReducer)
        let navigation = HeadlessNavigationRouter(name: "main")
        let coordinator = BaseCoordinator(actionRouter: router)
        try coordinator.dispatcher.register(ShowNote.self) { action in
            try navigation.push(Page("Note \(action.id)"), animated: false, hidesBottomBar: false, onPop: nil)
        }
        try navigation.setRoot(Page("Notes"), hideBar: false)
        store.add(
            effectHandler: ActionEffects(router: router) { effect in
                if case .showNote(let id) = effect { return ShowNote(id: id) }
                return nil
            })
        store.send(.open(7))
        #expect(navigation.description == "main: Notes › Note 7")
    }

    @Test func anActionNobodyHandlesIsReportedNotDropped() {
        let store = Store(state: NotesState(), reducer: notesReducer)
        var failures: [String] = []
        store.onEffectError = { failures.append($0.description) }
        store.add(effectHandler: ActionEffects(router: router) { _ in ShowNote(id: 1) })
        store.send(.open(1))
        #expect(failures.count == 1)
        #expect(failures.first?.contains("ShowNote") == true)
    }

    @Test func effectsPerformedByACoordinatorStopWhenItIsReleased() {
        let store = Store(state: NotesState(), reducer: notesReducer)
        var performed = 0
        var coordinator: BaseCoordinator? = BaseCoordinator(actionRouter: nil)
        store.add(effectHandler: PerformedEffects(by: coordinator!) { _, _ in performed += 1 })
        store.send(.open(1))
        weak let released = coordinator
        coordinator = nil
        #expect(released == nil)
        store.send(.open(2))
        #expect(performed == 1)
    }

    @Test func whatACoordinatorThrowsIsReported() {
        let store = Store(state: NotesState(), reducer: notesReducer)
        var failures = 0
        store.onEffectError = { _ in failures += 1 }
        let coordinator = BaseCoordinator(actionRouter: nil)
        store.add(effectHandler: PerformedEffects(by: coordinator) { _, _ in throw SaveFailed(message: "no") })
        store.send(.open(1))
        #expect(failures == 1)
    }
}
