// swift-format-ignore-file
// (Documentation code, kept exactly as the article "Migrating from Actions (dgrzeszczak)" shows it.)
import ConductorActionsCompat
import Dispatch
import Foundation
import XCTest

struct RenderThumbnail: SyncAction {
    let param: String
    typealias ReturnType = String
}

/// Where the article's background queue keeps what it rendered.
final class ThumbnailCache: @unchecked Sendable {
    // @unchecked Sendable is sound: `thumbnails` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var thumbnails: [String] = []
    private let stored: XCTestExpectation

    init(stored: XCTestExpectation) { self.stored = stored }

    func store(_ thumbnail: String) {
        lock.lock()
        thumbnails.append(thumbnail)
        lock.unlock()
        stored.fulfill()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return thumbnails
    }
}

final class DoublingTests: XCTestCase {
    func testTheHandlerDoublesTheNumber() {
        let dispatcher = ActionsDispatcher(routingEnabled: false)
        dispatcher.register(action: MultipleIntByTwo.self) { number in number * 2 }
        XCTAssertEqual(dispatcher.dispatch(MultipleIntByTwo(param: 4)), 8)
    }
}

final class MigrationArticleTests: XCTestCase {
    func testABackgroundQueueGetsTheRenderedThumbnailBack() {
        let dispatcher = ActionsDispatcher()
        dispatcher.register(action: RenderThumbnail.self) { name in "thumbnail of \(name)" }
        let cache = ThumbnailCache(stored: expectation(description: "stored"))

        DispatchQueue.global().async {
            let thumbnail = RenderThumbnail(param: "photo-3").send()
            cache.store(thumbnail)
        }

        waitForExpectations(timeout: 10)
        XCTAssertEqual(cache.all, ["thumbnail of photo-3"])
        withExtendedLifetime(dispatcher) {}
    }
}
