import ConductorDemoKit
import Foundation
import Testing

/// The items as rows: each item's screen shows its row's store, and `rename` sends the item's own intent.
extension DemoAppTests {
    @Test func renamingAnItemShowsTheNewTitleAndUndoAndRedoReachItByItsId() async throws {
        let output = try await session(loggedIn + ["create", "save Milk", "rename Oat milk", "help", "undo", "redo"])
        let renamed = try #require(output.firstIndex(of: "> rename Oat milk"))
        #expect(
            Array(output[(renamed + 1)...].prefix(3)) == [
                "[Item #1] items: Items › Item #1", "Item #1", "Title: Oat milk",
            ])
        #expect(output.contains { $0.hasPrefix("  Undo Rename “Milk”") })
        let undone = try #require(output.firstIndex(of: "> undo"))
        #expect(
            Array(output[(undone + 1)...].prefix(3)) == ["[Item #1] items: Items › Item #1", "Item #1", "Title: Milk"])
        #expect(output.suffix(2) == ["Item #1", "Title: Oat milk"])
        // Written to the database: the next run lists the new title.
        let next = try await session(["back"])
        #expect(next.last == "  #1  Oat milk")
    }

    @Test func renameIsOfferedOnAnItemsScreenOnlyAndRefusesTextTypedInputRefuses() async throws {
        let output = try await session(
            loggedIn + [
                "rename Tea", "create", "save Milk", "rename", "rename \u{1B}[2J",
                "rename \("a" + String(repeating: "b", count: 200))",
            ])
        #expect(output.contains("'rename' is disabled right now. Type 'help' to see why."))
        #expect(output.contains("An item needs a title: 'rename <title>'."))
        #expect(output.contains { $0.hasPrefix("A title cannot contain control characters") })
        #expect(output.suffix(2) == ["Item #1", "Title: Milk"])
    }

    /// The item's screen holds its row's store: removing the item (undoing its creation) ends that store, and the
    /// screen says so; bringing the item back (redo) gives the screen a new store of the same row.
    @Test func anItemsScreenShowsItsRowUntilTheRowGoesAndAgainWhenItIsBack() async throws {
        let output = try await session(loggedIn + ["create", "save Milk", "undo", "redo"])
        let undone = try #require(output.firstIndex(of: "> undo"))
        #expect(
            Array(output[(undone + 1)...].prefix(2)) == [
                "[Item #1] items: Items › Item #1", "This item no longer exists. Type 'back'.",
            ])
        #expect(output.suffix(2) == ["Item #1", "Title: Milk"])
    }

    @Test func theItemsRowStoresAreOnePerItemAndEndWithTheirItem() async throws {
        let app = try DemoApp(databasePath: databasePath) { _ in }
        app.start()
        await app.run(lines: loggedIn + ["create", "save Milk", "back", "create", "save Bread", "back"])
        #expect(app.itemRows.map(\.state.title) == ["Milk", "Bread"])
        let milk = try #require(app.itemRows[id: 1])
        #expect(app.itemRows[id: 1] === milk)
        await app.run(lines: ["open 1", "rename Oat milk"])
        #expect(milk.state.title == "Oat milk")
        await app.run(lines: ["undo", "undo", "undo"])  // the rename, Bread's creation, Milk's creation
        #expect(milk.isEnded)
        #expect(app.itemRows.isEmpty)
    }
}
