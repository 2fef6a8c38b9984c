import ConductorActions
import Foundation

struct ShowProfile: Action, Codable, Equatable { let id: Int }
struct MultiplyByTwo: Action, Codable {
    typealias ReturnType = Int
    let value: Int
}
struct Increment: Action {}
struct FetchUser: AsyncAction, Codable, Equatable {
    typealias ReturnType = User
    let id: Int
}
struct Ping: AsyncAction {}
struct NotCodable: Action { let closure: @Sendable () -> Void = {} }
struct User: Sendable, Equatable {
    let id: Int
    let name: String
}
struct Failing: Action {}
struct Boom: Error, Equatable {}

/// Lets a test hold an asynchronous handler until it says so.
@MainActor
final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0

    func wait() async {
        arrivals += 1
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        let pending = waiters
        waiters = []
        for waiter in pending { waiter.resume() }
    }

    /// Yields until `count` handlers are waiting.
    func untilArrivals(_ count: Int) async {
        while arrivals < count { await Task.yield() }
    }
}

/// A fresh router per test, so that parallel tests never share routes.
@MainActor
func makeRouter(_ function: String = #function) -> ActionRouter { ActionRouter(name: "test-\(function)") }
