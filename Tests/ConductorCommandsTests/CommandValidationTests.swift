import ConductorCommands
import Testing

struct CommandValidationTests {
    @Test func eachStateSetsWhetherItIsEnabledAndVisible() {
        #expect(CommandValidation.active().isEnabled && CommandValidation.active().isVisible)
        #expect(!CommandValidation.inactive().isEnabled && CommandValidation.inactive().isVisible)
        #expect(!CommandValidation.ineligible().isEnabled && !CommandValidation.ineligible().isVisible)
    }

    @Test func everyTextReadsBackWhatWasGivenOrSet() {
        var validation = CommandValidation(
            state: .active, title: "Undo Rename", shortTitle: "Undo", iconName: "arrow", titleKey: "undo.title",
            shortTitleKey: "undo.short", reason: "why")
        #expect(validation.title == "Undo Rename")
        #expect(validation.shortTitle == "Undo")
        #expect(validation.iconName == "arrow")
        #expect(validation.titleKey == "undo.title")
        #expect(validation.shortTitleKey == "undo.short")
        #expect(validation.reason == "why")
        validation.iconName = nil
        validation.reason = "because"
        #expect(validation.iconName == nil)
        #expect(validation.reason == "because")
        #expect(validation.shortTitle == "Undo")
    }

    @Test func aCopyIsIndependentOfTheOriginal() {
        let original = CommandValidation.active(title: "Open", shortTitle: "O")
        var copy = original
        copy.shortTitle = "Op"
        #expect(original.shortTitle == "O")
        #expect(copy.shortTitle == "Op")
        #expect(original != copy)
    }

    @Test func validationsWithEqualTextsAreEqualHoweverTheyWereMade() {
        var built = CommandValidation.active(title: "Open")
        built.iconName = "folder"
        #expect(built == .active(title: "Open", iconName: "folder"))
        built.iconName = nil
        #expect(built == .active(title: "Open"))
        #expect(CommandValidation.active(title: "Open") != .active(title: "Open", iconName: "folder"))
        #expect(CommandValidation.inactive(title: "Open") != .active(title: "Open"))
    }
}
