import ConductorStore
import Testing

/// An app with a sheet's editor (an optional), a session that is signed in or out (an enum), and effects that a
/// scope's intents start.
private struct EditorSheet: Equatable {
    var title = ""
}

private enum UserAuth: Equatable {
    case signedOut
    case signedIn(UserSession)
}

private struct UserSession: Equatable {
    var user: String
    var visits = 0
}

private struct ScopeAppState: Equatable {
    var editor: EditorSheet?
    var auth = UserAuth.signedOut
    var saved: [String] = []
}

private enum EditorIntent: Sendable {
    case rename(String)
    case save
    case saved(String)
}

private enum SessionIntent: Sendable {
    case visit
}

private enum ScopeAppIntent: Sendable {
    case present
    case dismiss
    case editor(EditorIntent)
    case signIn(String)
    case signOut
    case session(SessionIntent)
}

private enum ScopeAppEffect: Effect {
    case persist(String)
}

private func appReducer(_ state: inout ScopeAppState, _ intent: ScopeAppIntent) -> [ScopeAppEffect] {
    switch intent {
    case .present: state.editor = EditorSheet()
    case .dismiss: state.editor = nil
    case .editor(.rename(let title)): state.editor?.title = title
    case .editor(.save): return state.editor.map { [.persist($0.title)] } ?? []
    case .editor(.saved(let title)): state.saved.append(title)
    case .signIn(let user): state.auth = .signedIn(UserSession(user: user))
    case .signOut: state.auth = .signedOut
    case .session(.visit):
        if case .signedIn(var session) = state.auth {
            session.visits += 1
            state.auth = .signedIn(session)
        }
    }
    return []
}

@MainActor
struct StoreScopeTests {
    private func makeStore() -> Store<ScopeAppState, ScopeAppIntent, ScopeAppEffect> {
        Store(state: ScopeAppState(), reducer: appReducer)
    }

    private func editor(of store: Store<ScopeAppState, ScopeAppIntent, ScopeAppEffect>) -> Store<
        EditorSheet, EditorIntent, Never
    >? {
        store.scope(optional: \.editor, intent: ScopeAppIntent.editor) {
            if case .editor(let intent) = $0 { intent } else { nil }
        }
    }

    @Test func anOptionalScopeIsNilWhileItsPartIsAndShowsItWhileItIsThere() throws {
        let store = makeStore()
        #expect(editor(of: store) == nil)
        store.send(.present)
        let sheet = try #require(editor(of: store))
        var titles: [String] = []
        let token = sheet.subscribe(\.title) { titles.append($0) }
        sheet.send(.rename("Milk"))
        #expect(store.state.editor?.title == "Milk")
        #expect(sheet.state.title == "Milk")
        #expect(titles == ["", "Milk"])
        #expect(!sheet.isEnded)
        withExtendedLifetime(token) {}
    }

    @Test func anOptionalScopeEndsWhenItsPartBecomesNilAndDropsWhatItIsSentThen() throws {
        let store = makeStore()
        store.send(.present)
        let sheet = try #require(editor(of: store))
        sheet.send(.rename("Milk"))
        store.send(.dismiss)
        #expect(sheet.isEnded)
        #expect(sheet.state.title == "Milk")  // its last state, for a dismissal animation
        withKnownIssue {
            sheet.send(.rename("Bread"))
        }
        store.send(.present)
        #expect(store.state.editor == EditorSheet())  // the ended store's intent reached nothing, not the new sheet
        let again = try #require(editor(of: store))
        #expect(again !== sheet && !again.isEnded)
    }

    @Test func anEndedScopesEffectsAreCancelledAndWhatTheySendIsDropped() async throws {
        let store = makeStore()
        let gate = ScopeGate()
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                guard case .persist(let title) = effect else { return }
                await gate.wait()
                await send(.editor(.saved(title)))
            })
        store.send(.present)
        let sheet = try #require(editor(of: store))
        sheet.send(.rename("Milk"))
        sheet.send(.save)
        #expect(store.runningEffectCount == 1)
        store.send(.dismiss)
        #expect(await store.waitForEffects(timeout: .seconds(120)))
        await gate.open()
        for _ in 0..<100 { await Task.yield() }  // the cancelled effect resumes and sends: dropped
        #expect(store.state.saved.isEmpty)
    }

    @Test func aLiveScopesEffectsRunAndAnswerItsSendAndWait() async throws {
        let store = makeStore()
        store.add(
            effectHandler: ClosureEffectHandler { effect, send in
                guard case .persist(let title) = effect else { return }
                await send(.editor(.saved(title)))
            })
        store.send(.present)
        let sheet = try #require(editor(of: store))
        sheet.send(.rename("Milk"))
        let answer = await sheet.sendAndWait(.save)
        #expect(answer.count == 1)
        #expect(store.state.saved == ["Milk"])
    }

    @Test func aCaseScopeEndsWhenTheCaseChanges() throws {
        let store = makeStore()
        func session() -> Store<UserSession, SessionIntent, Never>? {
            store.scope(
                case: { if case .signedIn(let session) = $0.auth { session } else { nil } },
                intent: ScopeAppIntent.session)
        }
        #expect(session() == nil)
        store.send(.signIn("ada"))
        let signedIn = try #require(session())
        signedIn.send(.visit)
        #expect(signedIn.state == UserSession(user: "ada", visits: 1))
        store.send(.signOut)
        #expect(signedIn.isEnded)
        withKnownIssue {
            signedIn.send(.visit)
        }
        store.send(.signIn("bob"))
        #expect(signedIn.isEnded)
        #expect(try #require(session()).state.user == "bob")
    }

    @Test func aScopedStoreIsReleasedWithWhatHoldsItAndItsParentsSubscriptionGoesWithIt() {
        let store = makeStore()
        store.send(.present)
        weak var weakSheet: Store<EditorSheet, EditorIntent, Never>?
        do {
            let sheet = editor(of: store)
            weakSheet = sheet
            #expect(weakSheet != nil)
        }
        #expect(weakSheet == nil)
        store.send(.dismiss)  // nothing left to end
        #expect(store.subscriptionCount == 0)
    }

    @Test func restoringAScopedStoreIsReportedAndChangesNothing() throws {
        let store = makeStore()
        store.send(.present)
        let sheet = try #require(editor(of: store))
        withKnownIssue {
            sheet.restore(EditorSheet(title: "Forged"))
        }
        #expect(sheet.state.title == "")
        #expect(store.state.editor?.title == "")
    }
}

/// A gate an effect waits at until the test opens it.
private actor ScopeGate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}
