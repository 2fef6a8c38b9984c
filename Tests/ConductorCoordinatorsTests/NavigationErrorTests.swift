import ConductorCoordinators
import Testing

@Suite struct NavigationErrorTests {
    @Test func errorsWithTheSameCodeAndDetailsAreEqual() {
        #expect(NavigationError.nothingToPop(router: "main") == .nothingToPop(router: "main"))
        #expect(NavigationError.nothingToPop(router: "main") != .nothingPresented(router: "main"))
        #expect(NavigationError.cannotShow(module: "A", router: "main") != .cannotShow(module: "B", router: "main"))
    }

    @Test func theDetailsAreReadableWithoutASwitch() {
        let error = NavigationError.noSuchTab(tab: "profile", container: "main", tabs: ["items", "settings"])
        #expect(error.code == .noSuchTab)
        #expect(error.router == "main" && error.tab == "profile" && error.tabs == ["items", "settings"])
        #expect(error.description.contains("items, settings"))
    }
}
