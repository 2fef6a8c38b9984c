// The seed's names sit on ConductorCommands, whose own names stay available while code moves over.
@_exported public import ConductorCommands
