// Recording and replay use the one format of ConductorRecording; its types come with this module.
@_exported public import ConductorRecording
