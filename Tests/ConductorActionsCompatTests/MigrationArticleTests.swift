// swift-format-ignore-file
// (Documentation code, kept exactly as the article "Migrating from Actions (dgrzeszczak)" shows it.)
import ConductorActionsCompat
import Foundation
import Testing

private struct UserProfile: Sendable { let id: Int }
private struct ShowMainScreen: Action {}
private struct ShowProfileScreen: Action { let param: Int }
private struct MultipleIntByTwo: SyncAction { let param: Int; typealias ReturnType = Int }
private struct FetchUserProfile: AsyncAction { let param: Int; typealias ReturnType = UserProfile }
private struct ThumbnailLoaded: Action { let param: Data }

private func loadThumbnail() -> Data { Data([1, 2, 3]) }

/// What the article's completion shows.
@MainActor private var shown: [UserProfile] = []
@MainActor private func show(_ profile: UserProfile) { shown.append(profile) }
private func log(_ error: any Error) { Issue.record(error) }

@MainActor
@Suite(.serialized)
struct MigrationArticleTests {
    @Test func theArticlesSeedCodeRunsUnchanged() async throws {
        let dispatcher = ActionsDispatcher()
        dispatcher.register(action: ShowMainScreen.self) { print("main") }
        dispatcher.register(action: ShowProfileScreen.self) { id in print(id) }
        dispatcher.register(action: FetchUserProfile.self) { id, completion in completion(UserProfile(id: id)) }
        dispatcher.register(action: MultipleIntByTwo.self) { number in return number * 2 }

        dispatcher.dispatch(ShowMainScreen())
        let result = dispatcher.dispatch(MultipleIntByTwo(param: 4))
        ShowProfileScreen(param: 3).send()
        FetchUserProfile(param: 3).async { userProfile in show(userProfile) }
        #expect(result == 8)
        // The dispatcher must outlive the asynchronous action (released mid-flight, the seed's form must stop the
        // program): wait for its completion, however busy the main actor is.
        let deadline = ContinuousClock.now + .seconds(30)
        while shown.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(shown.map(\.id) == [3])
        withExtendedLifetime(dispatcher) {}
    }

    @Test func aBackgroundQueuePostsToTheMainActor() async throws {
        let dispatcher = ActionsDispatcher()
        var received: [Data] = []
        dispatcher.register(action: ThumbnailLoaded.self) { data in received.append(data) }
        DispatchQueue.global().async {
            let data = loadThumbnail()
            ThumbnailLoaded(param: data).post { error in log(error) }
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while received.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(received == [Data([1, 2, 3])])
        withExtendedLifetime(dispatcher) {}
    }
}
