// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of ConductorTracing's doc comments, compiled and run with the package's DistributedTracing trait.
#if DistributedTracing
    import ConductorRecording
    import ConductorTracing
    import Testing

    @MainActor
    @Suite struct ConductorTracingDocCommentTests {
        @Test func aTracingObserverWatchesTheCausesWhileItIsAdded() {
            let spans = TracingCauseObserver()
            Causes.addObserver(spans)   // keep `spans` alive: observers are held weakly

            #expect(Causes.isObserved)
            Causes.removeObserver(spans)
        }
    }
#endif
