import Conductor

/// How a front end shows the demo: the routers it makes and how it wraps a screen as a module. The coordinators are
/// the same on every front end.
@MainActor
public struct DemoFrontEnd {
    /// Makes the routers: headless in the terminal, on UIKit or SwiftUI hosts in the apps.
    public var routers: any RouterFactory
    /// Wraps a screen as the front end's module: the screen itself, or a view controller that shows it.
    public var module: @MainActor (Screen) -> any ScreenModule

    /// A front end of `routers`, wrapping screens with `module`.
    public init(routers: any RouterFactory, module: @escaping @MainActor (Screen) -> any ScreenModule) {
        self.routers = routers
        self.module = module
    }

    /// The terminal's (and tests'): in-memory routers, the screens themselves.
    public static var headless: DemoFrontEnd { DemoFrontEnd(routers: HeadlessRouterFactory()) { $0 } }
}

/// What every window of the demo shares: the state, its store and rows, and the database they persist in. A window
/// (``DemoApp``) has its own coordinator tree, routers, commands, action routing and links.
@MainActor
public final class DemoData {
    /// The store of the app's state, shared by its windows.
    public let store: AppStore
    /// The items' row stores, one per item by its id.
    public let itemRows: StoreRows<Item, ItemIntent>
    let database: DemoDatabase

    /// Opens the database and loads the state.
    /// - Parameters:
    ///   - databasePath: The SQLite file; created when missing, never overwritten.
    ///   - reducer: The store's reducer: `appReducer`, or a changed one in a test that must notice the change.
    public init(
        databasePath: String,
        reducer: @escaping (inout AppState, AppIntent) -> [AppEffect] = appReducer
    ) throws(DemoDatabaseError) {
        let database = try DemoDatabase(path: databasePath)
        self.database = database
        let snapshot = try database.load()
        store = Store(state: AppState(), reducer: reducer)
        store.add(effectHandler: PersistenceHandler(database: database))
        itemRows = store.scope(rows: \.items.all, intent: AppIntent.item)
        store.send(.loaded(snapshot))
    }
}

/// Where a window of the demo keeps where the user is.
public enum DemoNavigationSaving: Sendable {
    /// In the database: the terminal's one window, reopened at the next run.
    case database
    /// With the window: the app saves ``DemoApp/navigationJSON()`` where the system keeps the window's state (SwiftUI's
    /// `@SceneStorage`, UIKit's `stateRestorationActivity`) and gives it back to ``DemoApp/start(openURL:restoring:)``.
    case window
}
