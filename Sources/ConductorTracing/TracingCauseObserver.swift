#if DistributedTracing
    public import ConductorRecording
    public import Tracing

    /// Reports each `Cause` (ConductorRecording) as a span through swift-distributed-tracing — the command, action,
    /// link or intent that set work off, from its beginning to its end — to the tracer bootstrapped in
    /// `InstrumentationSystem`, or one of your own: any tracing backend shows what the app was busy with, and why.
    /// Built with the package's `DistributedTracing` trait; no Inspector needed.
    ///
    /// ```swift
    /// let spans = TracingCauseObserver()
    /// Causes.addObserver(spans)   // keep `spans` alive: observers are held weakly
    /// ```
    @MainActor
    public final class TracingCauseObserver: CauseObserver {
        /// Where the spans go.
        public let tracer: any Tracer
        private var spans: [Int: any Span] = [:]

        /// An observer that starts its spans with `tracer`: the one bootstrapped in `InstrumentationSystem` by
        /// default.
        public init(tracer: any Tracer = InstrumentationSystem.tracer) {
            self.tracer = tracer
        }

        /// Starts the cause's span, named by what set it off, with its trace and location as attributes.
        public func causeDidBegin(_ cause: Cause) {
            let span = tracer.startSpan("\(cause.kind) \(cause.name)", context: .topLevel, ofKind: .internal)
            span.attributes["conductor.trace"] = cause.trace
            if let location = cause.location { span.attributes["code.location"] = location }
            spans[cause.trace] = span
        }

        /// Ends the cause's span.
        public func causeDidEnd(_ cause: Cause) {
            spans.removeValue(forKey: cause.trace)?.end()
        }

        /// The span of a cause under way — to start the app's own spans in (a fetch an effect makes):
        /// `tracer.startSpan("fetch", context: observer.span(of: Cause.current)?.context ?? .topLevel)`.
        public func span(of cause: Cause?) -> (any Span)? {
            cause.flatMap { spans[$0.trace] }
        }
    }
#endif
