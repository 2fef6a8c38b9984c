internal import ConductorRecording

extension InspectorSession {
    /// The session as JSON lines in Conductor's recording format: actions, commands and intents as their
    /// recorders write them (when their values are `Codable`), every other event as a record of its kind whose
    /// payload is the event. Imported intents are written as `importedIntent` records, so importing the export again
    /// does not take them for intents of this session.
    public func exportRecording() -> String {
        var text = ""
        for entry in entries {
            let isImported = entry.target?.isImported == true
            var line = isImported ? nil : entry.record?()  // nil when it does not encode: the event is written below
            if line == nil {
                let kind = RecordKind(rawValue: isImported ? "importedIntent" : entry.kind.rawValue)
                do {
                    line = try Recording.line(
                        kind: kind, type: entry.title, payload: event(for: entry, full: !isImported))
                } catch {
                    line = nil
                }
            }
            if let line { text += line + "\n" }
        }
        return text
    }

    /// A Swift Testing test that replays each watched store's session with `TestStore` and asserts every state
    /// change — for stores watched with a ``TestExport`` and `Codable` state and intents. The app's data is written
    /// only as escaped string literals (see ``TestExport``): nothing of it is compiled as code.
    /// - Throws: ``InspectorError/Code/cannotExportTest`` when no watched store can be exported, or one that should
    ///   be cannot (a state that does not encode, a name that is not an identifier).
    public func exportTest() throws(InspectorError) -> String {
        var sources: [(imports: [String], function: String)] = []
        for name in stores.keys.sorted() {
            guard let source = try stores[name]?.testSource() else { continue }
            sources.append(source)
        }
        guard !sources.isEmpty else {
            throw InspectorError(
                .cannotExportTest,
                "No watched store can be exported as a test: watch a store whose state is Codable and Equatable and "
                    + "whose intents are Codable, with a TestExport that names its module and reducer.")
        }
        return TestExport.file(sources)
    }
}
