import ConductorCoordinators
import PropertyBased
import Testing

/// The AppKit host's sheets: what it takes off and in which order, and — against ``AppKitDouble``, which keeps
/// AppKit's documented rules — that the windows on screen are the routers' presented modules after every step.
@MainActor
struct PresentedSheetsTests {
    typealias Controller = AppKitDouble.ViewController

    // MARK: The bookkeeping

    @Test func eachSheetIsPresentedFromTheOneUnderItOrTheContainer() {
        var sheets = PresentedSheets<Controller>()
        let container = Controller("container")
        let first = Controller("first")
        #expect(sheets.presenter(over: container) === container)
        sheets.append(first, controller: first, presenter: container)
        #expect(sheets.presenter(over: container) === first)
    }

    @Test func aDismissalTakesTheSheetAndThoseAboveTopmostFirst() {
        var sheets = PresentedSheets<Controller>()
        let container = Controller("container")
        let chain = (0..<3).map { Controller("sheet \($0)") }
        for sheet in chain { sheets.append(sheet, controller: sheet, presenter: sheets.presenter(over: container)) }
        let taken = sheets.takeForDismissal(of: chain[1])
        #expect(taken.map(\.controller.moduleName) == ["sheet 2", "sheet 1"])
        #expect(sheets.sheets.map(\.controller.moduleName) == ["sheet 0"])
        #expect(sheets.takeForDismissal(of: chain[2]).isEmpty)
    }

    @Test func aSheetTheRouterAlreadyTookOffIsNotReportedWhenAppKitEndsIt() {
        var sheets = PresentedSheets<Controller>()
        let container = Controller("container")
        let sheet = Controller("sheet")
        sheets.append(sheet, controller: sheet, presenter: container)
        #expect(sheets.takeForDismissal(of: sheet).count == 1)
        #expect(sheets.takeEnded(sheet).isEmpty)
    }

    @Test func thePresenterIsHeldWeakly() {
        var sheets = PresentedSheets<Controller>()
        let sheet = Controller("sheet")
        weak var gone: Controller?
        do {
            let container = Controller("container")
            gone = container
            sheets.append(sheet, controller: sheet, presenter: container)
        }
        #expect(gone == nil)
        #expect(sheets.sheets.first?.presenter == nil)
    }

    // MARK: Against AppKit's rules

    enum Place: Codable, Hashable, Sendable {
        case list
        case item(Int)
        case sheet(Int)
        case editor
    }

    /// A flow with screens, screens as sheets, and an editor flow presented on a stack of its own.
    final class Flow: FlowCoordinator<Void>, NavigatingFlow {
        let navigation: Navigation<Place>
        let screen: AppKitDouble.Screen
        private(set) var editors: [Editor] = []
        init(router: HostedNavigationRouter, screen: AppKitDouble.Screen) {
            navigation = Navigation(router: router)
            self.screen = screen
            super.init(actionRouter: nil)
        }
        func content(for destination: Place) throws -> NavigationContent {
            guard destination == .editor else { return .screen(Controller("\(destination)")) }
            let host = AppKitDouble("editor", screen: screen)
            let router = HostedNavigationRouter(name: "editor", host: host)
            host.router = router
            let editor = Editor(router: router)
            editors.append(editor)
            return .flow(editor, showing: router, dismissedOutput: ())
        }
        override func start() { try? setRoot(.list) }
        /// The editor flow running now.
        var editor: Editor? { editors.last { !$0.hasEnded } }
    }

    /// The editor: a root screen and sheets of its own.
    final class Editor: FlowCoordinator<Void> {
        let router: HostedNavigationRouter
        init(router: HostedNavigationRouter) {
            self.router = router
            super.init(actionRouter: nil)
        }
        override func start() { try? router.setRoot(Controller("editor"), hideBar: false) }
        func presentSheet(_ n: Int) throws {
            try router.present(Controller("editor sheet \(n)"), animated: false, completion: nil)
        }
    }

    func started() -> (Flow, AppKitDouble, HostedNavigationRouter) {
        let screen = AppKitDouble.Screen()
        let double = AppKitDouble("main", screen: screen)
        let router = HostedNavigationRouter(name: "main", host: double)
        double.router = router
        let flow = Flow(router: router, screen: screen)
        flow.run()
        return (flow, double, router)
    }

    /// The windows on screen are exactly the sheets the running routers hold, in order; the main stack is the
    /// router's; the flow's value is what shows.
    func expectScreenIsValue(_ flow: Flow, _ double: AppKitDouble, _ router: HostedNavigationRouter) {
        var held = router.presented.compactMap(AppKitDouble.controller(for:))
        if let editor = flow.editor { held += editor.router.presented.compactMap(AppKitDouble.controller(for:)) }
        #expect(Set(double.screen.sheets.map(ObjectIdentifier.init)) == Set(held.map(ObjectIdentifier.init)))
        #expect(double.screen.sheets.count == held.count)
        #expect(router.stack.count == double.stack.count)
        #expect(zip(router.stack, double.stack).allSatisfy { $0 === $1 })
        let navigation = flow.navigation
        let shownStack = double.stack.compactMap { navigation.destination(of: $0) }
        #expect(flow.navigationState.stack == shownStack)
        #expect((flow.navigationState.presented == .editor) == (flow.editor != nil))
    }

    @Test func dismissingAFlowWhoseStackShowsASheetTakesThatSheetOffTheScreenToo() throws {
        let (flow, double, router) = started()
        try flow.present(.editor, animated: false)
        let editor = try #require(flow.editor)
        try editor.presentSheet(1)
        #expect(double.screen.sheets.count == 2)

        try flow.dismiss(animated: false)
        #expect(double.screen.sheets.isEmpty)
        #expect(editor.router.presented.isEmpty)
        #expect(editor.hasEnded)
        expectScreenIsValue(flow, double, router)
    }

    @Test func aSheetsCancelButtonEndsItsFlowInTheValue() throws {
        let (flow, double, router) = started()
        try flow.present(.editor, animated: false)
        AppKitDouble.userCancelsTopSheet(on: double.screen)
        #expect(flow.navigationState.presented == nil)
        #expect(flow.editor == nil)
        expectScreenIsValue(flow, double, router)
    }

    @Test func goingBackPopsTheValue() throws {
        let (flow, double, router) = started()
        try flow.push(.item(1), animated: false)
        double.userGoesBack()
        #expect(flow.navigationState.stack == [.list])
        expectScreenIsValue(flow, double, router)
    }

    /// Random sessions of the flow's edits, the editor's sheets, the user's Back and Cancel: after every step the
    /// windows and the stack are what the routers hold.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func theScreenIsTheValueAfterEveryStepOfARandomSession(seed: UInt64) throws {
        let (flow, double, router) = started()
        var random = Xoshiro(seed: (seed, 0x5851_F42D_4C95_7F2D, 3, 4))  // the same session for the same seed
        for _ in 0..<300 {
            let n = Int(random.next() % 50)
            switch random.next() % 10 {
            case 0, 1: try flow.push(.item(n), animated: false)
            case 2: if router.stack.count > 1 { try flow.pop(animated: false) }
            case 3: if router.presented.isEmpty { try flow.present(n % 2 == 0 ? .editor : .sheet(n), animated: false) }
            case 4: if !router.presented.isEmpty { try flow.dismiss(animated: false) }
            case 5:
                let stack = [Place.list] + (0..<(n % 5)).map { Place.item($0) }
                try flow.navigate(to: NavigationState(stack: stack, presented: n % 3 == 0 ? .editor : nil))
            case 6: try flow.editor?.presentSheet(n)
            case 7: double.userGoesBack()
            case 8: AppKitDouble.userCancelsTopSheet(on: double.screen)
            default:
                if let editor = flow.editor, !editor.router.presented.isEmpty {
                    try editor.router.dismiss(animated: false, completion: nil)
                }
            }
            expectScreenIsValue(flow, double, router)
        }
    }
}
