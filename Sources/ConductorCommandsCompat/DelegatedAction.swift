/// An action that behaves as another, chosen when it is validated or performed — a button that adds a book or a
/// person depending on the visible tab.
///
/// ```swift
/// let addItem = DelegatedAction(identifier: "AddItem") { context in
///     tabs.showsBooks ? "AddBook" : "AddPerson"
/// }
/// ```
///
/// An empty identifier from the determiner makes the action ineligible, and performing it completes with
/// ``Error/missingDelegate(_:)``.
open class DelegatedAction: Action {
    /// Why a delegated action could not perform.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The determiner chose no action.
        case missingDelegate(String)

        /// Names the identifier the determiner returned.
        public var description: String {
            switch self {
            case .missingDelegate(let id): "Couldn't find delegate with identifier '\(id)'."
            }
        }
    }

    /// Chooses the identifier of the action to behave as.
    public typealias ActionDeterminer = (ActionContext) -> String
    let determiner: ActionDeterminer

    /// Creates an action that delegates to the action `determiner` names.
    public init(identifier: String? = nil, determiner: @escaping ActionDeterminer) {
        self.determiner = determiner
        super.init(identifier: identifier)
    }

    /// The delegate's validation, or ineligible when there is none.
    open override func validate(context: ActionContext) -> Validation {
        let identifier = determiner(context)
        guard !identifier.isEmpty else { return Validation(identifier: identifier, state: .ineligable) }
        return context.manager.validate(identifier: identifier, info: context.info)
    }

    /// Performs the delegate with this context's info.
    open override func perform(context: ActionContext, completed: @escaping Completion) {
        let identifier = determiner(context)
        guard !identifier.isEmpty else { return completed(.failure(Error.missingDelegate(identifier))) }
        context.manager.perform(identifier: identifier, info: context.info, completion: completed)
    }
}
