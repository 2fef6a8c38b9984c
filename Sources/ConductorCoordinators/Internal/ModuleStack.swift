/// A router's stack and its push completions, each run exactly once when its module leaves: the bookkeeping that
/// ``HeadlessNavigationRouter`` and ``HostedNavigationRouter`` share.
///
/// Removing returns the completions instead of running them, so the router runs them after its own state is
/// consistent — a completion may push, pop or read the router.
///
/// Every question a push, a pop or a read of a flow's value asks is answered without walking the stack: a module's
/// position is a hashed lookup, and which part of the stack is unchanged since a revision is a binary search over
/// the revisions at which its modules were pushed. A deep stack costs what a shallow one does.
@MainActor
struct ModuleStack {
    private(set) var modules: [any Presentable] = []
    /// Counts the changes of `modules`: while it is the same, so are they.
    private(set) var revision = 0
    private var onPop: [ObjectIdentifier: () -> Void] = [:]
    /// The position of each module on the stack, by identity (the stack holds its modules, so an identity is never
    /// reused while its module is on it).
    private var positions: [ObjectIdentifier: Int] = [:]
    /// The revision at which the module at each position was pushed: strictly increasing from the root up, as a
    /// module is only ever pushed over the modules below it.
    private var pushedAt: [Int] = []

    /// What a removal took off the stack, top first, and the completions to run, in that order.
    struct Removal {
        var names: [String] = []
        var completions: [() -> Void] = []

        func runCompletions() { for completion in completions { completion() } }
    }

    func contains(_ module: any Presentable) -> Bool { index(of: module) != nil }

    func index(of module: any Presentable) -> Int? {
        guard let index = positions[ObjectIdentifier(module)] else { return nil }
        assert(modules[index] === module, "ModuleStack's positions differ from its modules.")
        return index
    }

    /// The module on the stack with identity `id`.
    func module(identifiedBy id: ObjectIdentifier) -> (any Presentable)? { positions[id].map { modules[$0] } }

    /// How many modules, from the root up, are the ones the stack held at `revision`, at the same positions: the
    /// part of the stack no change since then touched.
    func unchangedCount(since revision: Int) -> Int {
        // The first position pushed after `revision`: every one below it was pushed before, and is still there.
        var low = 0
        var high = pushedAt.count
        while low < high {
            let middle = (low + high) / 2
            if pushedAt[middle] <= revision { low = middle + 1 } else { high = middle }
        }
        return low
    }

    mutating func push(_ module: any Presentable, onPop: (() -> Void)?) {
        revision &+= 1
        positions[ObjectIdentifier(module)] = modules.count
        modules.append(module)
        pushedAt.append(revision)
        if let onPop { self.onPop[ObjectIdentifier(module)] = onPop }
    }

    /// Removes the modules above `index` (all of them for -1), top first; `kept` is not treated as removed.
    mutating func removeModules(above index: Int, keeping kept: (any Presentable)? = nil) -> Removal {
        var removal = Removal()
        revision &+= 1
        while modules.count > index + 1 {
            let module = modules.removeLast()
            pushedAt.removeLast()
            positions[ObjectIdentifier(module)] = nil
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
        push(root, onPop: nil)
        return removal
    }
}
