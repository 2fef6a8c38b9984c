internal import IssueReporting

extension BaseCoordinator {
    /// Hands what arrives late for this ended flow to `successor`, the flow of the same type restored in its place,
    /// and keeps this one alive for as long as `successor` lives.
    ///
    /// A restore that replaces a running flow — a debugger's time travel and its return, a window rebuilt from its
    /// saved tree — ends it and starts a new one, while the answer of the old one's save may still be on its way.
    /// After the hand-off, the old flow's late ``FlowCoordinator/finish(with:)`` finishes `successor` (its parent
    /// hears the output, as it would have heard the old flow's), and an output that arrived before the hand-off is
    /// passed on at once. ``FlowPlaces`` finds the pairs of a whole tree.
    ///
    /// ```swift
    /// let before = FlowPlaces(of: root)
    /// earlierTree.restore(into: root)  // the sheet's flow ends, its save in flight
    /// currentTree.restore(into: root)  // a new sheet's flow in its place
    /// before.handOff(to: root)  // the save's answer closes the new sheet
    /// ```
    ///
    /// Handing a flow that has not ended, or to a flow of another type or one that has ended, is a mistake in the
    /// program: it is reported (`reportIssue`) and nothing changes.
    /// - Returns: Whether `successor` now receives this flow's late output.
    @discardableResult
    public func handOff(to successor: BaseCoordinator) -> Bool {
        guard hasEnded, !successor.hasEnded, successor !== self, type(of: successor) == type(of: self) else {
            reportIssue(
                "'\(name)' can hand off only once it has ended, and only to a running flow of its own type "
                    + "('\(successor.name)' \(successor.hasEnded ? "has ended" : "runs")). Hand an ended flow to the "
                    + "flow restored in its place.")
            return false
        }
        self.successor = successor
        successor.predecessors.append(self)
        forgetFinishHandler()
        if let late = lateOutput {
            lateOutput = nil
            late(successor)
        }
        return true
    }
}
