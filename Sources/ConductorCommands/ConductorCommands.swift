/// The namespace of ConductorCommands, named operations invoked by identifier strings.
///
/// This module is a placeholder: commands, their manager, identifiers, context and validation arrive with their own
/// issue. It exists now so that the package's products and the umbrella module are stable from the start.
public enum ConductorCommands {
    /// The module's version of the Conductor package.
    public static let version = "0.1.0"
}
