// Code written the way dgrzeszczak/Actions' users write it — a coordinator that is a plain struct, an app delegate
// that keeps coordinators, XCTest cases that are not isolated to the main actor, actions sent from background queues —
// compiled in Swift 5 language mode with only the import changed.
import ConductorActionsCompat
import Dispatch
import Foundation
import XCTest

struct UserProfile: Equatable {
    let id: Int
}

struct ShowMainScreen: Action {}

struct ShowProfileScreen: Action {
    let param: Int  // user's profile id
}

struct FetchUserProfile: AsyncAction {
    let param: Int  // user's profile id
    typealias ReturnType = UserProfile
}

struct MultipleIntByTwo: SyncAction {
    let param: Int
    typealias ReturnType = Int
}

/// What the coordinator below shows, in place of a `UINavigationController`.
final class NavigationStack {
    private(set) var screens: [String] = []

    func setViewControllers(_ screens: [String]) { self.screens = screens }
    func pushViewController(_ screen: String) { screens.append(screen) }
}

/// The seed README's coordinator: a struct that registers its actions and keeps its dispatcher.
struct MyCoordinator {
    private let navigationController: NavigationStack
    private let dispatcher = ActionsDispatcher()

    init(with navigationController: NavigationStack) {
        self.navigationController = navigationController
        dispatcher.register(action: ShowMainScreen.self) { navigationController.setViewControllers(["Home"]) }
        dispatcher.register(action: ShowProfileScreen.self) { id in
            navigationController.pushViewController("Profile \(id)")
        }
    }
}

/// The README's app delegate: it keeps the coordinators, because the router holds dispatchers weakly.
final class AppDelegate {
    private var coordinators: [Any]?

    func application(didFinishLaunchingWith navigation: NavigationStack) {
        coordinators = [MyCoordinator(with: navigation)]
    }

    func applicationWillTerminate() { coordinators = nil }
}

final class SeedReadmeTests: XCTestCase {
    private var dispatcher: ActionsDispatcher!
    private var events: [String] = []
    private var profile: UserProfile?

    override func setUp() {
        super.setUp()
        dispatcher = ActionsDispatcher(routingEnabled: false)
        events = []
        profile = nil
    }

    override func tearDown() {
        dispatcher = nil
        super.tearDown()
    }

    func testTheReadmesRegistrationsAndDispatches() {
        dispatcher.register(action: ShowMainScreen.self) { self.events.append("main") }
        dispatcher.register(action: ShowProfileScreen.self) { id in self.events.append("profile \(id)") }
        dispatcher.register(action: FetchUserProfile.self) { id, completion in completion(UserProfile(id: id)) }
        dispatcher.register(action: MultipleIntByTwo.self) { number in return number * 2 }

        dispatcher.dispatch(ShowMainScreen())
        dispatcher.dispatch(ShowProfileScreen(param: 3))
        let loaded = expectation(description: "profile loaded")
        dispatcher.dispatch(FetchUserProfile(param: 3)) { userProfile in
            self.profile = userProfile
            loaded.fulfill()
        }
        let result = dispatcher.dispatch(MultipleIntByTwo(param: 4))
        wait(for: [loaded], timeout: 10)

        XCTAssertEqual(events, ["main", "profile 3"])
        XCTAssertEqual(profile, UserProfile(id: 3))
        XCTAssertEqual(result, 8)
        XCTAssertEqual(dispatcher.actions.count, 4)
        XCTAssertTrue(dispatcher.supports(action: ShowMainScreen.self))
        XCTAssertTrue(dispatcher.supports(action: FetchUserProfile.self))
        XCTAssertFalse(dispatcher.routingEnabled)
    }

    func testTheAppDelegatesCoordinatorsHandleActionsSentFromAnywhere() {
        let navigation = NavigationStack()
        let appDelegate = AppDelegate()
        appDelegate.application(didFinishLaunchingWith: navigation)

        ShowMainScreen().send()
        ShowProfileScreen(param: 3).send()
        XCTAssertEqual(navigation.screens, ["Home", "Profile 3"])
        XCTAssertTrue(ShowMainScreen.isRegistered)

        appDelegate.applicationWillTerminate()
        XCTAssertFalse(ShowMainScreen.isRegistered)
    }
}

/// Actions whose handlers the tests below register on the shared router, one type per test.
struct Doubled: SyncAction {
    let param: Int
    typealias ReturnType = Int
}

struct Tripled: SyncAction {
    let param: Int
    typealias ReturnType = Int
}

struct LoadProfile: AsyncAction {
    let param: Int
    typealias ReturnType = UserProfile
}

struct Refresh: Action {}

struct Quadrupled: SyncAction {
    let param: Int
    typealias ReturnType = Int
}

struct LoadBadge: AsyncAction {
    let param: Int
    typealias ReturnType = UserProfile
}

struct Nobody: Action {}

struct LoadSlowly: AsyncAction {
    let param: Int
    typealias ReturnType = UserProfile
}

final class SendingFromAnyThreadTests: XCTestCase {
    private var reported: [String] = []
    private var original: (@MainActor @Sendable (any Error) -> Void)?
    private var pending: ((UserProfile) -> Void)?
    private var delivered: [UserProfile] = []

    override func setUp() {
        super.setUp()
        reported = []
        original = ActionsCompatibility.reportIssue
        ActionsCompatibility.reportIssue = { error in self.reported.append("\(error)") }
    }

    override func tearDown() {
        if let original { ActionsCompatibility.reportIssue = original }
        super.tearDown()
    }

    func testSendFromABackgroundQueueReturnsTheHandlersResult() {
        let dispatcher = ActionsDispatcher()
        let ranOnMainThread = Shared<Bool?>(nil)
        dispatcher.register(action: Doubled.self) { number in
            ranOnMainThread.value = Thread.isMainThread
            return number * 2
        }
        let result = Shared<Int?>(nil)
        let sent = expectation(description: "sent from a background queue")
        DispatchQueue.global().async {
            result.value = Doubled(param: 21).send()
            sent.fulfill()
        }
        wait(for: [sent], timeout: 10)

        XCTAssertEqual(result.value, 42)
        XCTAssertEqual(ranOnMainThread.value, true)
        XCTAssertEqual(reported, [])
        withExtendedLifetime(dispatcher) {}
    }

    func testDispatchAndAsyncFromABackgroundQueue() {
        let dispatcher = ActionsDispatcher()
        dispatcher.register(action: Tripled.self) { number in number * 3 }
        dispatcher.register(action: LoadProfile.self) { id, completion in completion(UserProfile(id: id)) }
        let tripled = Shared<Int?>(nil)
        let loaded = Shared<UserProfile?>(nil)
        let done = expectation(description: "dispatched and loaded")
        done.expectedFulfillmentCount = 2
        DispatchQueue.global().async {
            tripled.value = dispatcher.dispatch(Tripled(param: 5))
            done.fulfill()
            LoadProfile(param: 7).async { profile in
                loaded.value = profile
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 10)

        XCTAssertEqual(tripled.value, 15)
        XCTAssertEqual(loaded.value, UserProfile(id: 7))
        withExtendedLifetime(dispatcher) {}
    }

    func testRegisteringFromABackgroundQueueIsReportedAndStillDone() {
        let dispatcher = ActionsDispatcher()
        let registered = expectation(description: "registered from a background queue")
        DispatchQueue.global().async {
            dispatcher.register(action: Refresh.self) {}
            registered.fulfill()
        }
        wait(for: [registered], timeout: 10)

        XCTAssertTrue(dispatcher.supports(action: Refresh.self))
        XCTAssertEqual(reported.count, 1)
        XCTAssertTrue(reported.first?.contains("register(action:handler:)") == true)
        XCTAssertTrue(reported.first?.contains("off the main thread") == true)
        withExtendedLifetime(dispatcher) {}
    }

    func testTheSeedsLabelledDispatchAndItsDispatcherProtocols() {
        let dispatcher = ActionsDispatcher()
        dispatcher.register(action: Quadrupled.self) { number in number * 4 }
        dispatcher.register(action: LoadBadge.self) { id, completion in completion(UserProfile(id: id)) }
        let sync: SyncActionDispatcher = dispatcher
        let async: AsyncActionDispatcher = dispatcher
        XCTAssertEqual(sync.dispatch(action: Quadrupled(param: 2)), 8)
        XCTAssertEqual(dispatcher.dispatch(action: Quadrupled(param: 3)), 12)
        let loaded = expectation(description: "loaded")
        async.dispatch(action: LoadBadge(param: 9)) { profile in
            XCTAssertEqual(profile, UserProfile(id: 9))
            loaded.fulfill()
        }
        wait(for: [loaded], timeout: 10)
        XCTAssertEqual(reported, [])
    }

    func testADispatcherReleasedMidFlightIsReportedAndItsCompletionDropped() {
        var dispatcher: ActionsDispatcher? = ActionsDispatcher()
        dispatcher?.register(action: LoadSlowly.self) { _, completion in self.pending = completion }
        LoadSlowly(param: 1).async { profile in self.delivered.append(profile) }
        let deadline = Date().addingTimeInterval(10)
        while pending == nil, Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertNotNil(pending, "the handler never ran")

        dispatcher = nil  // the screen that loaded is gone
        while reported.isEmpty, Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        pending?(UserProfile(id: 1))  // the late completion is ignored
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))

        XCTAssertEqual(delivered, [])
        XCTAssertEqual(reported.count, 1)
        XCTAssertTrue(reported.first?.contains("was released while handling action") == true, "\(reported)")
        XCTAssertTrue(reported.first?.contains("LoadSlowly") == true)
    }

    func testAVoidActionNobodyHandlesIsReportedNotFatal() {
        Nobody().send()
        XCTAssertEqual(reported.count, 1)
        XCTAssertTrue(reported.first?.contains("Nobody") == true)
    }
}

/// The seed's handler objects.
struct Doubler: ActionHandler {
    typealias Act = DoubleWithHandler
    func handle(param: Int) -> Int { param * 2 }
}

struct DoubleWithHandler: SyncAction {
    let param: Int
    typealias ReturnType = Int
}

final class ProfileLoader: AsyncActionHandler {
    typealias Act = LoadWithHandler
    private(set) var requested: [Int] = []

    func handle(param: Int, completion: @escaping (UserProfile) -> Void) {
        requested.append(param)
        completion(UserProfile(id: param))
    }
}

struct LoadWithHandler: AsyncAction {
    let param: Int
    typealias ReturnType = UserProfile
}

final class HandlerObjectTests: XCTestCase {
    private var loaded: UserProfile?

    func testHandlerObjectsReceiveTheParam() {
        let dispatcher = ActionsDispatcher(routingEnabled: false)
        let loader = ProfileLoader()
        dispatcher.register(handler: Doubler())
        dispatcher.register(handler: loader)
        XCTAssertEqual(dispatcher.handle(action: DoubleWithHandler(param: 4)), 8)

        let done = expectation(description: "loaded")
        dispatcher.handle(action: LoadWithHandler(param: 9)) { profile in
            self.loaded = profile
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(loaded, UserProfile(id: 9))
        XCTAssertEqual(loader.requested, [9])
    }
}

/// An app's own test double of the seed's dispatcher protocols, as its users inject them.
final class DispatcherMock: SyncActionDispatcher, AsyncActionDispatcher {
    private(set) var dispatched: [String] = []

    func dispatch<A: Action>(action: A) -> A.ReturnType {
        dispatched.append(String(describing: A.self))
        if let doubled = action as? Doubled, let result = doubled.param * 2 as? A.ReturnType { return result }
        fatalError("the mock answers only Doubled")
    }

    func dispatch<A: AsyncAction>(action: A, completion: @escaping @MainActor (A.ReturnType) -> Void) {
        dispatched.append(String(describing: A.self))
    }
}

/// A view model written against the protocols, as the seed's users wrote theirs.
final class ProfileViewModel {
    private let dispatcher: SyncActionDispatcher & AsyncActionDispatcher

    init(dispatcher: SyncActionDispatcher & AsyncActionDispatcher) { self.dispatcher = dispatcher }

    func double(_ value: Int) -> Int { dispatcher.dispatch(action: Doubled(param: value)) }
    func load(_ id: Int) { dispatcher.dispatch(action: LoadProfile(param: id)) { _ in } }
}

final class DispatcherProtocolTests: XCTestCase {
    func testAnAppsMockStandsInForTheDispatcher() {
        let mock = DispatcherMock()
        let model = ProfileViewModel(dispatcher: mock)
        XCTAssertEqual(model.double(4), 8)
        model.load(3)
        XCTAssertEqual(mock.dispatched, ["Doubled", "LoadProfile"])
    }
}
