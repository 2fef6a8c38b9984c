#if canImport(SwiftUI)
    internal import ConductorCommands
    public import SwiftUI

    /// The buttons of several identifiers, for a menu (`CommandMenu`, `Menu`) or a toolbar: each validated, the
    /// ones that do not apply left out.
    public struct CommandItems: View {
        private let identifiers: [String]
        private let fileID: String
        private let line: Int

        /// Buttons for `identifiers`, in order.
        /// - Parameters:
        ///   - identifiers: The commands, each validated and performed as a ``CommandButton``.
        ///   - fileID: Where the items are declared, which causal traces name as where a command was performed from:
        ///     the caller's file by default.
        ///   - line: The line they are declared on.
        public init(_ identifiers: [String], fileID: String = #fileID, line: Int = #line) {
            self.identifiers = identifiers
            self.fileID = fileID
            self.line = line
        }

        /// One ``CommandButton`` per identifier.
        public var body: some View {
            ForEach(identifiers, id: \.self) { CommandButton($0, fileID: fileID, line: line) }
        }
    }
#endif
