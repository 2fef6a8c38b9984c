import ConductorCoordinators
import Testing

struct RestorationReportTests {
    @Test func eachReasonExplainsItself() {
        #expect(RestorationReport.Reason.notRestorable.description.contains("start() alone rebuilds it"))
        #expect(RestorationReport.Reason.notFound.description.contains("not running any more"))
        #expect(RestorationReport.Reason.failed("item 3 is gone").description.hasSuffix("item 3 is gone"))
    }

    @Test func anEmptyReportSaysNothingWasSkipped() {
        #expect(RestorationReport().description == "nothing skipped")
        #expect(RestorationReport().losses.isEmpty)
    }
}
