/// The sheets a platform host presented, each with the view controller that presented it, kept apart from the
/// platform so the Linux tests drive the same bookkeeping against a double of the platform's documented rules.
///
/// It serves a platform whose dismissal takes only the view controller it is given — AppKit's
/// `NSViewController.dismiss(_:)` "dismisses a presented view controller, using the same animator that presented it",
/// and documents no sheet taken with the one under it — so what leaves is returned topmost first, the order to
/// dismiss it in.
package struct PresentedSheets<Controller: AnyObject> {
    /// A sheet on screen: the module it shows, the view controller showing it, and the one that presented it.
    package struct Sheet {
        /// The module the router presented.
        package let module: any Presentable
        /// The view controller shown in the sheet.
        package let controller: Controller
        /// The view controller it was presented from: the container, or the sheet under it. Held weakly: what shows
        /// it keeps it, and a strong hold would close a cycle through a screen that holds its coordinator.
        package private(set) weak var presenter: Controller?
    }

    /// The sheets, the first presented from the container, each next one from the sheet under it.
    package private(set) var sheets: [Sheet] = []

    /// No sheet.
    package init() {}

    /// The view controller a new sheet is presented from: the sheet presented last, or the container.
    package func presenter(over container: Controller) -> Controller { sheets.last?.controller ?? container }

    /// Notes a sheet presented from `presenter`.
    package mutating func append(_ module: any Presentable, controller: Controller, presenter: Controller) {
        sheets.append(Sheet(module: module, controller: controller, presenter: presenter))
    }

    /// Takes off the sheet of `module` and every sheet above it, for a dismissal the router asked for: topmost
    /// first, the order to dismiss them in. Empty when no sheet shows `module`.
    package mutating func takeForDismissal(of module: any Presentable) -> [Sheet] {
        guard let index = sheets.lastIndex(where: { $0.module === module }) else { return [] }
        return take(from: index)
    }

    /// The platform ended the sheet of `controller` on its own (the sheet's Cancel button called `dismiss(_:)`):
    /// takes it off with every sheet above it, topmost first — the ended one last. Empty when it was already taken
    /// off (the router asked for the dismissal).
    package mutating func takeEnded(_ controller: Controller) -> [Sheet] {
        guard let index = sheets.firstIndex(where: { $0.controller === controller }) else { return [] }
        return take(from: index)
    }

    /// Takes off every sheet, topmost first: the flow whose stack presented them is leaving the screen.
    package mutating func takeAll() -> [Sheet] { take(from: 0) }

    private mutating func take(from index: Int) -> [Sheet] {
        let taken = sheets[index...].reversed() as [Sheet]
        sheets.removeSubrange(index...)
        return taken
    }
}
