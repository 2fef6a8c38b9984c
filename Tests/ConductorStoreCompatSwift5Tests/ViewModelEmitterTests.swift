// Glue's view-model layer as its users test it: a renderer of their own, registered with the store's emitter.
import ConductorStoreCompat
import Foundation
import XCTest

private struct AppendLetterA: Intent {}
private struct DoNothing: Intent {}

private func messageReducer(state: inout String, action: Intent) -> [Effect] {
    if action is AppendLetterA {
        state += "A"
    }
    return []
}

class MockRenderer: Renderer {
    var calledExp: XCTestExpectation?

    private(set) var viewModels = [Int]()
    private(set) var renderedOnMainThread = true

    func render(viewModel: Int) {
        renderedOnMainThread = renderedOnMainThread && Thread.isMainThread
        viewModels.append(viewModel)
        calledExp?.fulfill()
    }
}

class ViewModelEmitterTests: XCTestCase {

    func testNotifiesOnMainThreadWhenViewModelChanges() {
        let store = Store(state: "", reducer: messageReducer)
        let renderer = MockRenderer()
        let vmEmitter = store.viewModelEmitter { $0.count }
        let exp = expectation(description: "render")
        exp.expectedFulfillmentCount = 3
        renderer.calledExp = exp
        vmEmitter.register(renderer: renderer)
        store.dispatch(AppendLetterA())
        store.dispatch(DoNothing())
        store.dispatch(AppendLetterA())
        wait(for: [exp], timeout: 1)
        XCTAssertEqual(renderer.viewModels, [0, 1, 2])  // length of the message
        XCTAssertTrue(renderer.renderedOnMainThread)
    }

    func testStopsNotificationAfterUnregister() {
        let store = Store(state: "", reducer: messageReducer)
        let renderer = MockRenderer()
        let vmEmitter = store.viewModelEmitter { $0.count }
        let initialRender = expectation(description: "initial render")
        renderer.calledExp = initialRender
        vmEmitter.register(renderer: renderer)
        wait(for: [initialRender], timeout: 1)
        vmEmitter.unregister()
        let unregistered = expectation(description: "unregistered")
        unregistered.isInverted = true
        renderer.calledExp = unregistered
        store.dispatch(AppendLetterA())
        wait(for: [unregistered], timeout: 0.5)
        XCTAssertEqual(renderer.viewModels, [0])  // length of the message
    }

    func testAnEmitterCanBeWrappedAgain() {
        let store = Store(state: "A", reducer: messageReducer)
        let emitter: AnyViewModelEmitter<Int> = store.viewModelEmitter { $0.count }
        let wrapped = AnyViewModelEmitter(emitter)
        let renderer = MockRenderer()
        wrapped.register(renderer: renderer)
        XCTAssertEqual(renderer.viewModels, [1])
        XCTAssertTrue(wrapped.base is AnyViewModelEmitter<Int>)
    }
}
