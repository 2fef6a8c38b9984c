// swift-format-ignore-file
// (Documentation code, kept exactly as the doc comments show it.)
// The Swift code of the doc comments of DestinationLinks.swift and LinkedFlow.swift, compiled and run, headless.
import ConductorCoordinators
import Foundation
import Testing

private final class Page: Presentable {
    let moduleName: String
    init(_ name: String) { moduleName = name }
}

private enum NotesDestination: Codable, Hashable, Sendable { case list, note(Int), editor }

private enum NotesLink: DeepLink, Hashable { case notes(NotesDestination), billing }

private func notesLinks() -> DeepLinkMatcher<NotesLink> {
    var links = DeepLinkMatcher<NotesLink>()
    links.register("https://notes.example/notes", .notes(.list))
    links.register("https://notes.example/notes/:id") { p in .notes(.note(try p.int("id"))) } parameters: {
        if case .notes(.note(let id)) = $0 { ["id": String(id)] } else { nil }
    }
    return links
}

/// The notes flow of the doc comments: the list, a note, an editor sheet (a screen here).
private final class NotesFlow: FlowCoordinator<Void> {
    let navigation = Navigation<NotesDestination>(router: HeadlessNavigationRouter(name: "notes"))

    func content(for destination: NotesDestination) throws -> NavigationContent { .screen(Page("\(destination)")) }

    override func start() { try? setRoot(.list) }

    // LinkedFlow.swift
    override func handle(deepLink: any DeepLink) -> Bool {
        guard let destination = destination(of: deepLink) else { return false }
        do { try navigate(to: NavigationState(stack: destination == .list ? [.list] : [.list, destination])) } catch {
            return false
        }
        return true
    }
}

// DestinationLinks.swift
extension NotesFlow: LinkedFlow {
    static let links = DestinationLinks<NotesLink, NotesDestination>(
        link: { destination in destination == .editor ? nil : .notes(destination) },  // no link opens the editor
        destination: { link in
            if case .notes(let destination) = link { destination } else { nil }
        })
}

@MainActor
@Suite struct ConductorCoordinatorsLinkedFlowDocCommentTests {
    @Test func aLinkOpensItsDestinationAndTheShownScreenGivesItBack() throws {
        let root = BaseCoordinator(actionRouter: nil)
        root.run()
        let notes = NotesFlow(actionRouter: nil)
        root.startChild(notes)
        let links = notesLinks()

        try root.open(NotesLink.notes(.note(3)))
        #expect(notes.navigationState == NavigationState(stack: [.list, .note(3)]))
        #expect(throws: DeepLinkError.self) { try root.open(NotesLink.billing) }

        let url = root.shownLink(as: NotesLink.self).flatMap(links.url(for:))   // "https://notes.example/notes/3"

        #expect(url == "https://notes.example/notes/3")
    }
}
