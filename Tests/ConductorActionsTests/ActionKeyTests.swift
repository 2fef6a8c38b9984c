import ConductorActions
import Testing

struct ActionKeyTests {
    @Test func keysOfOneTypeAreEqualAndNamed() {
        let key = ActionKey(ShowProfile.self)
        #expect(key == ActionKey(ShowProfile.self))
        #expect(key != ActionKey(Increment.self))
        #expect(key.name == "ConductorActionsTests.ShowProfile")
        #expect(key.shortName == "ShowProfile")
        #expect(key.description == key.name)
        #expect(!key.isAsync)
        #expect(ActionKey(Ping.self).isAsync)
        #expect(Set([key, ActionKey(ShowProfile.self), ActionKey(Ping.self)]).count == 2)
    }
}
