// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// Settings every target of the package shares: Swift 6 language mode is set package-wide below; these add the
/// upcoming features that keep existentials explicit and imports honest.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Conductor",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "Conductor", targets: ["Conductor"]),
        .library(name: "ConductorActions", targets: ["ConductorActions"]),
        .library(name: "ConductorActionsCompat", targets: ["ConductorActionsCompat"]),
        .library(name: "ConductorStore", targets: ["ConductorStore"]),
        .library(name: "ConductorStoreCompat", targets: ["ConductorStoreCompat"]),
        .library(name: "ConductorCoordinators", targets: ["ConductorCoordinators"]),
        .library(name: "ConductorCoordinatorsCompat", targets: ["ConductorCoordinatorsCompat"]),
        .library(name: "ConductorCommands", targets: ["ConductorCommands"]),
        .library(name: "ConductorCommandsCompat", targets: ["ConductorCommandsCompat"]),
        .library(name: "ConductorRecording", targets: ["ConductorRecording"]),
        .library(name: "ConductorTesting", targets: ["ConductorTesting"]),
        // Causes as spans through swift-distributed-tracing, with the `DistributedTracing` trait (an app opts in).
        .library(name: "ConductorTracing", targets: ["ConductorTracing"]),
        // Platform adapters: compiled where their framework exists, empty modules elsewhere.
        .library(name: "ConductorUIKit", targets: ["ConductorUIKit"]),
        .library(name: "ConductorAppKit", targets: ["ConductorAppKit"]),
        .library(name: "ConductorSwiftUI", targets: ["ConductorSwiftUI"]),
    ],
    traits: [
        .trait(
            name: "DistributedTracing",
            description:
                "Builds ConductorTracing's TracingCauseObserver: each cause a span through swift-distributed-tracing."
        )
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        // ConductorTracing's spans only, with the DistributedTracing trait: SwiftPM resolves it for no one else.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // Test-only: property-based tests. Only test targets use it, so packages that depend on Conductor do not
        // build it.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    ],
    targets: [
        .target(
            name: "Conductor",
            dependencies: [
                "ConductorActions", "ConductorStore", "ConductorCoordinators", "ConductorCommands",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        // Internal helpers shared by the library modules with `package` access; not a product.
        .target(name: "ConductorSupport", swiftSettings: strictSettings),
        // The one JSON-lines recording format, its error and its replay policy, shared by actions, commands and
        // intents; re-exported by the modules that record.
        .target(
            name: "ConductorRecording",
            dependencies: ["ConductorSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorActions",
            dependencies: [
                "ConductorSupport", "ConductorRecording", .product(name: "Logging", package: "swift-log"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorActionsCompat",
            dependencies: ["ConductorActions", "ConductorSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorStore",
            dependencies: [
                "ConductorSupport", "ConductorRecording", .product(name: "Logging", package: "swift-log"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        // Glue's names (Store, Intent, Effect, EffectHandler, DispatchFunc, dispatch) over ConductorStore.
        .target(
            name: "ConductorStoreCompat", dependencies: ["ConductorStore", "ConductorSupport"],
            swiftSettings: strictSettings),
        .target(
            name: "ConductorCoordinators",
            dependencies: [
                "ConductorActions", "ConductorRecording", "ConductorSupport",
                .product(name: "Logging", package: "swift-log"),
                // Misuse (a fixed tab list that repeats a name) is reported, not thrown.
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        // ApplicationCoordinator's names (Router, setRootModule, popModule, addDependency, build(with:)).
        .target(
            name: "ConductorCoordinatorsCompat",
            dependencies: [
                "ConductorCoordinators", "ConductorSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorCommands",
            dependencies: [
                "ConductorActions", "ConductorSupport", "ConductorRecording",
                .product(name: "Logging", package: "swift-log"),
                // An identifier literal that does not parse is reported, not thrown.
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        // elegantchaos/Actions' names (ActionManager, Action, ActionContext, ActionInfo, ActionKey) over
        // ConductorCommands.
        .target(
            name: "ConductorCommandsCompat",
            dependencies: ["ConductorCommands", "ConductorSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorUIKit",
            dependencies: [
                "ConductorCoordinators", "ConductorCommands",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorAppKit", dependencies: ["ConductorCoordinators", "ConductorCommands"],
            swiftSettings: strictSettings),
        .target(
            name: "ConductorSwiftUI",
            dependencies: [
                "ConductorCoordinators", "ConductorCommands", "ConductorStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorTesting",
            dependencies: [
                "ConductorActions", "ConductorStore", "ConductorCommands", "ConductorCoordinators",
                "ConductorRecording",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                // Lets IssueReporting record failures in Swift Testing on every platform; ConductorTesting is only
                // linked into test targets, so users get it without adding it themselves.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ConductorTracing",
            dependencies: [
                "ConductorRecording",
                .product(
                    name: "Tracing", package: "swift-distributed-tracing",
                    condition: .when(traits: ["DistributedTracing"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConductorTracingTests",
            dependencies: [
                "ConductorTracing",
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing",
                    condition: .when(traits: ["DistributedTracing"])),
                .product(
                    name: "Tracing", package: "swift-distributed-tracing",
                    condition: .when(traits: ["DistributedTracing"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConductorActionsTests",
            dependencies: ["ConductorActions", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        // The compatibility tests import only `ConductorActionsCompat`, as a migrating user does, and keep the
        // default member visibility so they prove the seed's calls resolve without `MemberImportVisibility`.
        .testTarget(name: "ConductorActionsCompatTests", dependencies: ["ConductorActionsCompat"]),
        // Likewise for Glue: imports only `ConductorStoreCompat`, default settings, as a migrating user's code.
        .testTarget(name: "ConductorStoreCompatTests", dependencies: ["ConductorStoreCompat"]),
        .testTarget(name: "ConductorCoordinatorsCompatTests", dependencies: ["ConductorCoordinatorsCompat"]),
        .testTarget(name: "ConductorCommandsCompatTests", dependencies: ["ConductorCommandsCompat"]),
        // Each compatibility module imported with the umbrella in one file, as a team midway through a migration
        // does.
        .testTarget(
            name: "ConductorCompatInteropTests",
            dependencies: [
                "Conductor", "ConductorActionsCompat", "ConductorStoreCompat", "ConductorCoordinatorsCompat",
                "ConductorCommandsCompat",
            ]
        ),
        .testTarget(
            name: "ConductorStoreTests",
            dependencies: [
                "ConductorStore", "ConductorTesting", .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                // Collection scopes over swift-identified-collections' IdentifiedArray, as apps keep lists; a test
                // dependency only: the library takes any random-access collection of identifiable rows.
                .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConductorCoordinatorsTests",
            dependencies: [
                // The seed's sample app (Support/SeedApp.swift) is written in its own vocabulary.
                "ConductorCoordinators", "ConductorCoordinatorsCompat", "ConductorActions",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConductorCommandsTests",
            dependencies: [
                "ConductorCommands", "ConductorActions",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConductorTestingTests",
            dependencies: [
                "ConductorTesting", "ConductorActions", "ConductorStore", "ConductorCommands", "ConductorCoordinators",
                "ConductorRecording",
            ],
            swiftSettings: strictSettings
        ),
        // The Swift code of README.md and the DocC articles, compiled with the default settings a reader's package
        // has; scripts/check-docs fails when a block is not held here (or by a compatibility test target).
        .testTarget(
            name: "ConductorDocsTests",
            dependencies: [
                "Conductor", "ConductorTesting", .product(name: "Logging", package: "swift-log"),
                // The doc comments' examples of these modules (DocCommentExamples+<Module>.swift).
                "ConductorTracing", "ConductorActionsCompat", "ConductorStoreCompat", "ConductorCoordinatorsCompat",
                "ConductorCommandsCompat",
            ]
        ),
        .testTarget(
            name: "ConductorRecordingTests",
            dependencies: ["ConductorRecording", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ConductorTests", dependencies: ["Conductor", "ConductorTesting"], swiftSettings: strictSettings),
        // Many tasks through every part at once, with exact counts; bounded, and run under ThreadSanitizer by CI.
        .testTarget(name: "ConductorStressTests", dependencies: ["Conductor"], swiftSettings: strictSettings),
        // Each seed's users' code and tests in Swift 5 language mode — XCTest cases that are not isolated to the main
        // actor, an app's own router mock — importing only the compatibility module, as a team starts migrating.
        // The coordinators' adoption target deletes the seed's five library files and uses Conductor's coordinators.
        .testTarget(
            name: "ConductorActionsCompatSwift5Tests", dependencies: ["ConductorActionsCompat"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "ConductorStoreCompatSwift5Tests", dependencies: ["ConductorStoreCompat"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "ConductorCoordinatorsCompatSwift5Tests", dependencies: ["ConductorCoordinatorsCompat"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "ConductorCoordinatorsCompatSwift5AdoptionTests", dependencies: ["ConductorCoordinatorsCompat"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "ConductorCommandsCompatSwift5Tests", dependencies: ["ConductorCommandsCompat"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ],
    swiftLanguageModes: [.v6]
)

// The DocC plugin is only needed to build the documentation (`.ci/run` sets CONDUCTOR_DOCS=1), so a package that
// depends on Conductor never resolves it.
if ProcessInfo.processInfo.environment["CONDUCTOR_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
