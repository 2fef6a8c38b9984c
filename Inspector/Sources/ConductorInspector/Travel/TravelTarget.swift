/// Where time travel goes: the state after a step of a store's live log, or after a step of the session imported
/// into it.
enum TravelTarget: Equatable {
    case live(step: Int)
    case imported(batch: Int, step: Int)

    var isImported: Bool {
        if case .imported = self { return true }
        return false
    }
}
