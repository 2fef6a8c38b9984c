import ConductorCoordinators

/// A screen the tests show: a module with a name.
final class Page: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}
