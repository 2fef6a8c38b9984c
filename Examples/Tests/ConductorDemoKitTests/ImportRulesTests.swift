import ConductorDemoKit
import Foundation
import Testing

/// What an imported recording may carry: what a user could type, checked as typed input is.
@MainActor
struct ImportRulesTests {
    @Test(arguments: [
        AppIntent.addItem("Milk"), .logIn("ada"), .logOut, .finishOnboarding, .settings(.toggleIDs), .removeItem(3),
        .item(id: 3, .rename("Oat milk")),
    ])
    func intentsAUserCouldTypeAreAccepted(intent: AppIntent) throws {
        try AppIntent.validateImported(intent)
    }

    @Test(arguments: [
        AppIntent.itemRemoved(1), .persistenceFailed(.failed(detail: "x")), .addItem("\u{1B}[31mred"),
        .addItem(String(repeating: "a", count: 201)), .addItem("   "), .logIn("a\u{0}b"), .removeItem(0),
        .removeItem(Int64.min), .item(id: 0, .rename("x")), .item(id: 3, .rename("\u{1B}[2J")),
        .itemRenamed(
            try! JSONDecoder().decode(Item.self, from: Data(#"{"id":1,"title":"Forged"}"#.utf8)), previous: "x"),
        .restoreItem(try! JSONDecoder().decode(Item.self, from: Data(#"{"id":9223372036854775807,"title":"x"}"#.utf8))),
    ])
    func intentsOnlyTheDatabaseSendsAndTextTypedInputRefusesAreRefused(intent: AppIntent) {
        #expect(throws: (any Error).self) { try AppIntent.validateImported(intent) }
    }
}
