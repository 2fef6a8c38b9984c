/// The namespace of ConductorCoordinators, coordinators that own navigation flows.
///
/// This module is a placeholder: coordinators, the navigation router and deep links arrive with their own issue. It
/// exists now so that the package's products and the umbrella module are stable from the start.
public enum ConductorCoordinators {
    /// The module's version of the Conductor package.
    public static let version = "0.1.0"
}
