import Conductor

/// The demo's answer to "why is this screen showing?", from Conductor's public causes alone — no Inspector: each
/// command, action, link or intent sent on its own begins a `Cause`, and what it sets off carries it. The log keeps
/// the causes begun since the screen last changed, and what each set off (the intents sent under it, and the screen
/// it led to); when a screen appears, the cause that led to it is its answer.
///
/// ```
/// > why
/// Items › Item #1 shows because of link conductor-demo://items/1, which set off:
///   intent open
///   screen Items › Item #1
/// ```
@MainActor
final class WhyLog: CauseObserver, StoreMiddleware, CommandMiddleware {
    typealias State = AppState
    typealias IntentType = AppIntent

    /// A cause and what it set off in this app, in order.
    struct Chain {
        let cause: Cause
        var events: [String] = []
    }

    /// The causes that reached this app since the screen last changed, oldest first. Causes are the process's: only
    /// those this app's own commands, links and store saw are its.
    private var since: [Chain] = []
    /// The answer for the screen shown, once a screen has changed under a cause.
    private(set) var answer: (screen: String, chain: Chain)?
    /// The screen as last shown.
    private var screen: String?

    // The log observes causes so that they begin (``Causes`` begins none while no one observes), and notes them as
    // they reach the app, below.
    func causeDidBegin(_ cause: Cause) {}
    func causeDidEnd(_ cause: Cause) {}

    /// Notes that the cause under way reached this app, and what it did here.
    func note(_ event: String? = nil) {
        guard let cause = Cause.current else { return }
        // `why` itself is a command: it asks, it does not answer.
        if cause.kind == .command, cause.name == "Why" { return }
        if let index = since.lastIndex(where: { $0.cause == cause }) {
            if let event { since[index].events.append(event) }
            return
        }
        since.append(Chain(cause: cause, events: event.map { [$0] } ?? []))
        if since.count > 64 { since.removeFirst(since.count - 64) }
    }

    func intercept(_ intent: AppIntent, state: () -> AppState, next: (AppIntent) -> Void) {
        note("intent \(String(describing: intent).prefix { $0 != "(" })")
        next(intent)
    }

    func perform(
        _ identifier: CommandIdentifier, context: CommandContext, next: () async throws(CommandError) -> Void
    ) async throws(CommandError) {
        note()
        try await next()
    }

    /// The screen shown now: when it changed, the latest cause since the last change that was not an intent sent on
    /// its own (a command, an action, a link) — or else the latest intent — is why.
    func shown(_ current: String) {
        defer {
            screen = current
            since.removeAll()
        }
        guard current != screen else { return }
        let chain = since.last { $0.cause.kind != .intent } ?? since.last
        guard var chain else {
            answer = nil
            return
        }
        chain.events.append("screen \(current)")
        answer = (current, chain)
    }

    /// What `why` prints.
    var lines: [String] {
        guard let answer else {
            return ["Nothing set this screen off since the app started: it is where the app reopened."]
        }
        let cause = answer.chain.cause
        return ["\(answer.screen) shows because of \(cause.kind) \(cause.name), which set off:"]
            + answer.chain.events.map { "  \($0)" }
    }
}
