/// One step in the life of an effect run — started, then finished one way or another — as told to
/// ``Store/addEffectObserver(owner:_:)``: how an inspector or a log sees what effects do and how long they take.
///
/// A run is one effect handled by one handler; its ``run`` number ties the two events together.
public enum EffectEvent<EffectType: Sendable>: Sendable {
    /// A handler started on an effect.
    case started(run: Int, effect: EffectType, handler: String)
    /// The run ended, after `duration`.
    case finished(run: Int, outcome: EffectOutcome, duration: Duration)

    /// The run's number, unique within its store.
    public var run: Int {
        switch self {
        case .started(let run, _, _), .finished(let run, _, _): run
        }
    }
}
