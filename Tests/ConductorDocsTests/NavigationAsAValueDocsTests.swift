// swift-format-ignore-file
// (Documentation code, kept exactly as the article shows it.)
// The Swift code of the article "Navigation as a value" (NavigationAsAValue.md), compiled and run.
import ConductorCoordinators
import Testing

@MainActor
private final class NoteLibrary {
    var titles: [Int: String] = [1: "Groceries", 2: "Ideas", 3: "Trips"]
    var drafts: [String] = []
    var problems: [String] = []
}

private struct NoteGone: Error { let id: Int }

@MainActor
private final class NotesList: Presentable {}

@MainActor
private final class NoteScreen: Presentable {
    let title: String
    init(title: String) { self.title = title }
}

@MainActor
private final class EditorFlow: FlowCoordinator<String?> {
    let router = HeadlessNavigationRouter(name: "editor")
    init() { super.init(actionRouter: nil) }
    override func start() { try? router.setRoot(NotesList(), hideBar: false) }
}

@MainActor
private final class Session {
    var user: String?
    var isPaid = false
}

private enum NotesDestination: Codable, Hashable, Sendable {
    case list
    case note(Int)
    case editor
}

@MainActor
private final class NotesFlow: FlowCoordinator<Void>, NavigatingFlow {
    let navigation: Navigation<NotesDestination>
    let library: NoteLibrary

    init(router: any NavigationRouter, library: NoteLibrary) {
        navigation = Navigation(router: router)
        self.library = library
        super.init(actionRouter: nil)
    }

    func content(for destination: NotesDestination) throws -> NavigationContent {
        switch destination {
        case .list:
            return .screen(NotesList())
        case .note(let id):
            guard let title = library.titles[id] else { throw NoteGone(id: id) }
            return .screen(NoteScreen(title: title))
        case .editor:
            let editor = EditorFlow()
            return .flow(editor, showing: editor.router, dismissedOutput: nil) { [weak self] draft in
                if let draft { self?.library.drafts.append(draft) }
            }
        }
    }

    override func start() {
        do { try setRoot(.list) } catch { library.problems.append("\(error)") }
    }
}

private enum NotesLink: DeepLink, Hashable {
    case notes(NotesDestination)
    case billing

    var requirement: DeepLinkRequirement? {
        switch self {
        case .notes: "signed in"
        case .billing: "paid plan"
        }
    }
}

private func notesLinks() -> DeepLinkMatcher<NotesLink> {
    var links = DeepLinkMatcher<NotesLink>()
    links.register("https://notes.example/notes", .notes(.list))
    links.register("https://notes.example/notes/:id") { p in .notes(.note(try p.int("id"))) } parameters: {
        if case .notes(.note(let id)) = $0 { ["id": String(id)] } else { nil }
    }
    links.register("https://notes.example/billing", .billing)
    return links
}

// Next to the destinations: the flow's links, both ways.
extension NotesFlow: LinkedFlow {
    static let links = DestinationLinks<NotesLink, NotesDestination>(
        link: { destination in destination == .editor ? nil : .notes(destination) },  // no link opens the editor
        destination: { link in
            if case .notes(let destination) = link { destination } else { nil }
        })
}

/// A flow that takes the article's links: a note link shows its note, billing is counted.
@MainActor
private final class LinkTaker: FlowCoordinator<Void> {
    var taken: [NotesLink] = []
    override func handle(deepLink: any DeepLink) -> Bool {
        guard let link = deepLink as? NotesLink else { return false }
        taken.append(link)
        return true
    }
}

@MainActor
struct NavigationAsAValueDocsTests {
    @Test func editingTheValue() throws {
        let root = BaseCoordinator(actionRouter: nil)
        let library = NoteLibrary()
        let notes = NotesFlow(router: HeadlessNavigationRouter(name: "notes"), library: library)
        root.startChild(notes)

        try notes.push(.note(1))
        try notes.present(.editor)
        print(notes.navigationState)        // list › note(1) [editor]

        // Any value at once: the shared part of the stack stays, the rest is popped and pushed, the sheet follows.
        try notes.navigate(to: NavigationState(stack: [.list, .note(2)]))
        print(notes.navigationState)        // list › note(2)

        #expect(notes.navigationState == NavigationState(stack: [.list, .note(2)]))
        #expect(library.problems.isEmpty)
        #expect(throws: NoteGone.self) { try notes.push(.note(9)) }
    }

    @Test func linksInAndOut() throws {
        let links = notesLinks()
        let url = links.url(for: .notes(.note(3)))                       // "https://notes.example/notes/3"
        let components = links.universalLinkComponents(host: "notes.example")
        // [["/": "/notes", …], ["/": "/notes/*", …], ["/": "/billing", …]]

        #expect(url == "https://notes.example/notes/3")
        #expect(try links.resolve(url ?? "") == .notes(.note(3)))
        #expect(components.map { $0["/"] } == ["/notes", "/notes/*", "/billing"])
    }

    @Test func shareThisScreen() throws {
        let root = BaseCoordinator(actionRouter: nil)
        let notes = NotesFlow(router: HeadlessNavigationRouter(name: "notes"), library: NoteLibrary())
        root.startChild(notes)
        try notes.push(.note(1))
        let links = notesLinks()

        // "Share this screen": the link of what the user sees, as a URL.
        let url = root.shownLink(as: NotesLink.self).flatMap(links.url(for:))

        #expect(url == "https://notes.example/notes/1")
        #expect(notes.destination(of: try links.resolve(url ?? "")) == .note(1))
        try notes.present(.editor)
        #expect(root.shownLink(as: NotesLink.self) == nil)
    }

    @Test func eachLinkWaitsForWhatItNeeds() throws {
        let root = BaseCoordinator(actionRouter: nil)
        let taker = LinkTaker(actionRouter: nil)
        root.startChild(taker)
        let session = Session()

        let deferred = DeferredDeepLinks(
            root: root,
            requirements: ["signed in": { session.user != nil }, "paid plan": { session.isPaid }])
        deferred.open(NotesLink.billing)             // kept: not paid
        deferred.open(NotesLink.notes(.note(1)))     // kept: signed out
        session.user = "ada"
        deferred.offerKept()                         // the note opens; billing still waits

        #expect(taker.taken == [.notes(.note(1))])
        #expect(deferred.pending == ["billing"])
    }
}
