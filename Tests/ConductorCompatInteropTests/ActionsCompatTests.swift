// The umbrella and dgrzeszczak/Actions' names in one file. The seed's `Action`, `SyncAction`-free `AsyncAction`
// and handler protocols refine Conductor's protocols of the same names, so in such a file those four names are
// written with their module (`ConductorActionsCompat.Action`); everything else reads as in either vocabulary.
import Conductor
import ConductorActionsCompat
import Testing

private struct ShowItem: ConductorActionsCompat.Action { let param: Int }
private struct Doubling: SyncAction {
    let param: Int
    typealias ReturnType = Int
}

@MainActor
@Suite(.serialized)
struct ActionsCompatTests {
    @Test func seedAndConductorFormsWorkSideBySide() throws {
        let seed = ActionsDispatcher()
        var shown: [Int] = []
        seed.register(action: ShowItem.self) { shown.append($0) }
        let native = ActionDispatcher(name: "native")
        try native.register(Doubling.self) { $0.param * 2 }
        ShowItem(param: 3).send()
        #expect(try Doubling(param: 4).send(to: .shared) == 8)
        #expect(shown == [3])
        native.unregister(Doubling.self)
    }
}

// The article's last step: a migrated file reaches Conductor's throwing API through the seed's dispatcher.
private struct NewAction: ConductorActions.Action {}

@MainActor
@Suite(.serialized)
struct ActionsCompatAdoptionTests {
    @Test func theSeedsDispatcherOffersConductorsThrowingAPI() throws {
        let legacyDispatcher = ActionsDispatcher()
        try legacyDispatcher.dispatcher.register(NewAction.self) { _ in }
        #expect(throws: ActionError.self) { try legacyDispatcher.dispatcher.register(NewAction.self) { _ in } }
    }
}
