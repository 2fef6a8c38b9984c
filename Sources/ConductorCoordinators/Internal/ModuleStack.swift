/// A router's stack and its push completions, each run exactly once when its module leaves: the bookkeeping that
/// ``HeadlessNavigationRouter`` and ``HostedNavigationRouter`` share.
///
/// Removing returns the completions instead of running them, so the router runs them after its own state is
/// consistent — a completion may push, pop or read the router.
@MainActor
struct ModuleStack {
    private(set) var modules: [any Presentable] = []
    /// Counts the changes of `modules`: while it is the same, so are they.
    private(set) var revision = 0
    private var onPop: [ObjectIdentifier: () -> Void] = [:]

    /// What a removal took off the stack, top first, and the completions to run, in that order.
    struct Removal {
        var names: [String] = []
        var completions: [() -> Void] = []

        func runCompletions() { for completion in completions { completion() } }
    }

    func contains(_ module: any Presentable) -> Bool { modules.contains { $0 === module } }

    func index(of module: any Presentable) -> Int? { modules.firstIndex { $0 === module } }

    mutating func push(_ module: any Presentable, onPop: (() -> Void)?) {
        modules.append(module)
        revision &+= 1
        if let onPop { self.onPop[ObjectIdentifier(module)] = onPop }
    }

    /// Removes the modules above `index` (all of them for -1), top first; `kept` is not treated as removed.
    mutating func removeModules(above index: Int, keeping kept: (any Presentable)? = nil) -> Removal {
        var removal = Removal()
        revision &+= 1
        while modules.count > index + 1 {
            let module = modules.removeLast()
            guard module !== kept else { continue }
            removal.names.append(module.moduleName)
            if let completion = onPop.removeValue(forKey: ObjectIdentifier(module)) {
                removal.completions.append(completion)
            }
        }
        return removal
    }

    /// Replaces the stack with one root, returning what was removed.
    mutating func setRoot(_ root: any Presentable) -> Removal {
        let removal = removeModules(above: -1, keeping: root)
        modules = [root]
        revision &+= 1
        return removal
    }
}
