#if canImport(SwiftUI)
    public import ConductorCommands
    internal import Logging
    public import SwiftUI

    extension EnvironmentValues {
        /// The command manager that ``CommandButton`` and ``CommandItems`` validate and perform with.
        public var commandManager: CommandManager? {
            get { self[CommandManagerKey.self] }
            set { self[CommandManagerKey.self] = newValue }
        }

        /// Where ``CommandButton`` and ``CommandItems`` report the errors of the commands they perform, which have no
        /// caller to throw to. Logs them at error level through swift-log (label `Conductor.Commands`) by default.
        public var commandErrorHandler: @MainActor @Sendable (CommandError) -> Void {
            get { self[CommandErrorHandlerKey.self] }
            set { self[CommandErrorHandlerKey.self] = newValue }
        }
    }

    // Written out rather than with `@Entry`, whose macro ships only with Xcode: the Apple check compiles this module
    // with the swift.org toolchain.
    private enum CommandManagerKey: EnvironmentKey {
        static let defaultValue: CommandManager? = nil
    }

    private enum CommandErrorHandlerKey: EnvironmentKey {
        static let defaultValue: @MainActor @Sendable (CommandError) -> Void = { error in
            Logger(label: "Conductor.Commands").error("\(error.description)")
        }
    }

    /// A button for a command identifier: titled, enabled and shown as the command validates — again whenever the
    /// state the validation reads changes — and performing the command when tapped.
    ///
    /// <!-- not compiled: SwiftUI, on Apple platforms only -->
    /// ```swift
    /// CommandButton("menu.Save")
    ///     .environment(\.commandManager, commands)
    /// ```
    public struct CommandButton: View {
        @Environment(\.commandManager) private var manager
        @Environment(\.commandErrorHandler) private var onError
        private let identifier: String
        private let fileID: String
        private let line: Int

        /// A button for `identifier`.
        /// - Parameters:
        ///   - identifier: The command it validates and performs, such as `menu.Open("id": "3")`.
        ///   - fileID: Where the button is declared, which causal traces name as where the command was performed from
        ///     (the Inspector's "why is this screen showing?"): the caller's file by default.
        ///   - line: The line it is declared on.
        public init(_ identifier: String, fileID: String = #fileID, line: Int = #line) {
            self.identifier = identifier
            self.fileID = fileID
            self.line = line
        }

        /// Whether the command this button performed is still running: a second tap meanwhile does nothing.
        @State private var isPerforming = false

        /// The button, or nothing when the command does not apply.
        ///
        /// Titled by the command's validation, or — with none — by the identifier's name (`menu.Save` reads "Save",
        /// for VoiceOver too, never the raw identifier); a disabled button gives its validation's reason as its help
        /// and accessibility hint; a tap while the command it performed runs does nothing, so a quick double tap
        /// performs once.
        public var body: some View {
            let validation =
                manager?.validate(identifier: identifier)
                ?? .ineligible(reason: "no command manager in the environment")
            if validation.isVisible {
                let title = validation.title ?? Self.readableName(of: identifier)
                Button(title) {
                    guard let manager, !isPerforming else { return }
                    isPerforming = true
                    Task { @MainActor in
                        defer { isPerforming = false }
                        do throws(CommandError) {
                            try await manager.perform(identifier: identifier, fileID: fileID, line: line)
                        } catch {
                            onError(error)
                        }
                    }
                }
                .disabled(!validation.isEnabled || isPerforming)
                .accessibilityLabel(title)
                .help(validation.isEnabled ? "" : (validation.reason ?? ""))
                .accessibilityHint(validation.isEnabled ? "" : (validation.reason ?? ""))
            }
        }

        /// The name of the command an identifier names, as a person reads it: `menu.Open("id": "3")` reads "Open".
        static func readableName(of identifier: String) -> String {
            let name = identifier.prefix { $0 != "(" }
            return String(name.split(separator: ".").last ?? name[...])
        }
    }

#endif
