// The umbrella module: `import Conductor` brings in every library module.
@_exported public import ConductorActions
@_exported public import ConductorCommands
@_exported public import ConductorCoordinators
@_exported public import ConductorRecording
@_exported public import ConductorStore
