// swift-format-ignore-file
// (Documentation code, kept exactly as the articles show it.)
// The Swift code of ConductorActions' module page (ConductorActions.md), compiled and run.
import ConductorActions
import Testing

private struct User: Sendable { let id: Int }

private enum API {
    static func user(_ id: Int) async throws -> User { User(id: id) }
}

private struct ShowProfile: Action { let id: Int }
private struct FetchUser: AsyncAction {
    typealias ReturnType = User
    let id: Int
}

@MainActor
private final class ProfileCoordinator {
    private let dispatcher = ActionDispatcher(name: "Profile")

    init() throws {
        try dispatcher.register(ShowProfile.self) { [weak self] action in self?.show(action.id) }
        try dispatcher.register(FetchUser.self) { action in try await API.user(action.id) }
    }

    private func show(_ id: Int) { /* push the profile screen */  }
}

@MainActor
private func openProfile() async throws -> User {  // anywhere on the main actor, no reference to the coordinator
    try ShowProfile(id: 3).send()
    return try await FetchUser(id: 3).send()
}

@MainActor
@Suite(.serialized)
struct ConductorActionsModulePageTests {
    @Test func anyCodeReachesTheCoordinatorThroughTheSharedRouter() async throws {
        let coordinator = try ProfileCoordinator()
        #expect(try await openProfile().id == 3)
        _ = coordinator
    }
}
