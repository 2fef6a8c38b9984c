// These declarations and calls are the seed's README (dgrzeszczak/Actions), unchanged except for test scaffolding:
// this file imports only the compatibility module, as a migrating user does.
import ConductorActionsCompat
import Testing

private struct UserProfile: Sendable, Equatable { let id: Int }

private struct ShowMainScreen: Action {}
private struct ShowProfileScreen: Action { let param: Int }
private struct MultipleIntByTwo: SyncAction {
    let param: Int
    typealias ReturnType = Int
}
private struct FetchUserProfile: AsyncAction {
    let param: Int
    typealias ReturnType = UserProfile
}
private struct FetchSettings: AsyncAction { typealias ReturnType = String }

private struct Doubler: ActionHandler {
    typealias Act = DoubleWithHandler
    func handle(param: Int) -> Int { param * 2 }
}
private struct DoubleWithHandler: SyncAction {
    let param: Int
    typealias ReturnType = Int
}
private struct LoadWithHandler: AsyncAction {
    let param: Int
    typealias ReturnType = UserProfile
}
private struct Loader: AsyncActionHandler {
    typealias Act = LoadWithHandler
    func handle(param: Int, completion: @escaping (UserProfile) -> Void) {
        completion(UserProfile(id: param))
    }
}

private struct Unhandled: Action {}
private struct UnhandledAsync: AsyncAction {}
private struct Twice: Action {}
private struct CalledTwice: AsyncAction {}
private struct Private: Action { typealias ReturnType = Int }

/// Collects what the compatibility layer reports instead of throwing.
@MainActor
private final class Reports {
    var errors: [String] = []
    func install() { ActionsCompatibility.reportIssue = { self.errors.append("\($0)") } }
}

// The shared router and `reportIssue` are process-wide, so these tests run one at a time.
@MainActor
@Suite(.serialized)
struct SeedReadmeTests {
    @Test func theReadmesRegistrationsAndDispatchesWork() async throws {
        let dispatcher = ActionsDispatcher()
        var events: [String] = []
        dispatcher.register(action: ShowMainScreen.self) { events.append("main") }
        dispatcher.register(action: ShowProfileScreen.self) { id in events.append("profile \(id)") }
        dispatcher.register(action: FetchUserProfile.self) { id, completion in completion(UserProfile(id: id)) }
        dispatcher.register(action: MultipleIntByTwo.self) { number in return number * 2 }

        dispatcher.dispatch(ShowMainScreen())
        dispatcher.dispatch(ShowProfileScreen(param: 3))
        let profile = await withCheckedContinuation { continuation in
            dispatcher.dispatch(FetchUserProfile(param: 3)) { userProfile in continuation.resume(returning: userProfile)
            }
        }
        let result = dispatcher.dispatch(MultipleIntByTwo(param: 4))

        #expect(events == ["main", "profile 3"])
        #expect(profile == UserProfile(id: 3))
        #expect(result == 8)

        // The router forms, without a reference to the dispatcher.
        ShowMainScreen().send()
        ShowProfileScreen(param: 5).send()
        let routed = await withCheckedContinuation { continuation in
            FetchUserProfile(param: 6).async { userProfile in continuation.resume(returning: userProfile) }
        }
        let doubled = MultipleIntByTwo(param: 21).send()
        #expect(events == ["main", "profile 3", "main", "profile 5"])
        #expect(routed == UserProfile(id: 6))
        #expect(doubled == 42)
        #expect(ShowMainScreen.isRegistered)
        #expect(FetchUserProfile.isRegistered)
        #expect(dispatcher.supports(action: ShowProfileScreen.self))
        #expect(dispatcher.supports(action: FetchUserProfile.self))
        #expect(!dispatcher.supports(action: Unhandled.self))
        #expect(dispatcher.actions.count == 4)
    }

    @Test func asyncActionsWithoutAParameterTakeOnlyACompletion() async {
        let dispatcher = ActionsDispatcher(routingEnabled: false)
        dispatcher.register(action: FetchSettings.self) { completion in completion("dark") }
        let value = await withCheckedContinuation { continuation in
            dispatcher.dispatch(FetchSettings()) { continuation.resume(returning: $0) }
        }
        #expect(value == "dark")
        #expect(!FetchSettings.isRegistered)
    }

    @Test func handlerObjectsReceiveTheParam() async {
        let dispatcher = ActionsDispatcher(routingEnabled: false)
        dispatcher.register(handler: Doubler())
        dispatcher.register(handler: Loader())
        #expect(dispatcher.handle(action: DoubleWithHandler(param: 4)) == 8)
        let profile = await withCheckedContinuation { continuation in
            dispatcher.handle(action: LoadWithHandler(param: 9)) { continuation.resume(returning: $0) }
        }
        #expect(profile == UserProfile(id: 9))
    }

    @Test func routingCanBeDisabled() {
        let dispatcher = ActionsDispatcher(routingEnabled: false)
        dispatcher.register(action: Private.self) { 1 }
        #expect(!dispatcher.routingEnabled)
        #expect(!Private.isRegistered)
        #expect(dispatcher.dispatch(Private()) == 1)
    }

    @Test func aReleasedDispatcherLeavesTheRouter() {
        weak var weakDispatcher: ActionsDispatcher?
        do {
            let dispatcher = ActionsDispatcher()
            dispatcher.register(action: Twice.self) {}
            weakDispatcher = dispatcher
            #expect(Twice.isRegistered)
        }
        #expect(weakDispatcher == nil)
        #expect(!Twice.isRegistered)
    }

    @Test func aDuplicateRegistrationIsReportedNotSilentAndKeepsTheFirst() {
        let reports = Reports()
        reports.install()
        let first = ActionsDispatcher()
        let second = ActionsDispatcher()
        var handledBy: [String] = []
        first.register(action: Twice.self) { handledBy.append("first") }
        second.register(action: Twice.self) { handledBy.append("second") }
        first.register(action: Twice.self) { handledBy.append("first again") }
        Twice().send()
        #expect(handledBy == ["first"])
        #expect(reports.errors.count == 2)
        #expect(reports.errors.allSatisfy { $0.contains("Twice") })
        #expect(reports.errors[0].contains(first.dispatcher.name) && reports.errors[0].contains(second.dispatcher.name))
    }

    @Test func aVoidActionNobodyHandlesIsReportedNotFatal() async {
        let reports = Reports()
        reports.install()
        Unhandled().send()
        ActionsDispatcher(routingEnabled: false).dispatch(Unhandled())
        #expect(reports.errors.count == 2)
        #expect(reports.errors.allSatisfy { $0.contains("Unhandled") })
        UnhandledAsync().async { Issue.record("completion must not run") }
        while reports.errors.count < 3 { await Task.yield() }
        #expect(reports.errors[2].contains("UnhandledAsync"))
    }

    @Test func aCompletionCalledTwiceIsReportedAndCountsOnce() async {
        let reports = Reports()
        reports.install()
        let dispatcher = ActionsDispatcher(routingEnabled: false)
        dispatcher.register(action: CalledTwice.self) { completion in
            completion(())
            completion(())
        }
        var calls = 0
        await withCheckedContinuation { continuation in
            dispatcher.dispatch(CalledTwice()) {
                calls += 1
                continuation.resume()
            }
        }
        #expect(calls == 1)
        #expect(reports.errors.count == 1)
        #expect(reports.errors.first?.contains("more than once") == true)
    }

    @Test func anUnhandledActionThatMustReturnAValueStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = await MainActor.run { MultipleIntByTwo(param: 1).send() }
        }
    }
}
