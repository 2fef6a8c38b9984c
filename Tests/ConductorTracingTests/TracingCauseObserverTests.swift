#if DistributedTracing
    import ConductorRecording
    import ConductorTracing
    import InMemoryTracing
    import Testing
    import Tracing

    @MainActor
    struct TracingCauseObserverTests {
        @Test func eachCauseIsASpanFromItsBeginningToItsEnd() throws {
            let tracer = InMemoryTracer()
            let observer = TracingCauseObserver(tracer: tracer)
            Causes.addObserver(observer)
            defer { Causes.removeObserver(observer) }

            let inside = Causes.run(.command, "spans.Save", location: "Screen.swift:4") {
                observer.span(of: Cause.current)?.operationName
            }

            #expect(inside == "command spans.Save")
            let span = try #require(tracer.finishedSpans.first { $0.operationName == "command spans.Save" })
            #expect(span.attributes["code.location"]?.toSpanAttribute() == .string("Screen.swift:4"))
            #expect(observer.span(of: nil) == nil)
        }
    }
#endif
