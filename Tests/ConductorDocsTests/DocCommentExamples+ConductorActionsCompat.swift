// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorActionsCompat's doc comments, compiled and run. Like a migrating user's file, this one
// imports only the compatibility module.
import ConductorActionsCompat
import Testing

private struct UserProfile: Sendable, Equatable { let id: Int }

private struct ShowMainScreen: Action {}
private struct ShowProfileScreen: Action { let param: Int }
private struct MultipleIntByTwo: SyncAction { let param: Int; typealias ReturnType = Int }

private struct FetchUserProfile: AsyncAction {
    let param: Int
    typealias ReturnType = UserProfile
}

@MainActor
@Suite struct ConductorActionsCompatDocCommentTests {
    @Test func theSeedsDispatcherRegistersEachKindOfActionAndDispatchesThem() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let dispatcher = ActionsDispatcher()
        dispatcher.register(action: ShowMainScreen.self) { print("main") }
        dispatcher.register(action: ShowProfileScreen.self) { id in print("profile", id) }
        dispatcher.register(action: FetchUserProfile.self) { id, completion in completion(UserProfile(id: id)) }
        dispatcher.register(action: MultipleIntByTwo.self) { number in number * 2 }
        let eight = dispatcher.dispatch(MultipleIntByTwo(param: 4))

        dispatcher.dispatch(ShowProfileScreen(param: 3))
        #expect(eight == 8)
        #expect(printed == ["profile 3"])
    }
}
