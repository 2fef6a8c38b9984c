// Everything ApplicationCoordinator's code names comes with this one import: Conductor's coordinators, routers and
// deep links, plus the seed's spellings this module adds.
@_exported public import ConductorCoordinators
