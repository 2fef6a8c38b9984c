// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// The settings every target of the package shares, as the library's: Swift 6 language mode (below), existentials
/// explicit and imports honest.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Conductor's Inspector: a live web page of what an app does — its events, causes, stores and navigation, time
// travel, import and export — as a development tool beside the library, not in it. It attaches to an app only
// through Conductor's public API (middleware lists, observers, the trace context), as Redux DevTools attaches through
// a store enhancer; an app adds it to its debug builds. Its server brings Hummingbird and SwiftNIO, which an app that
// uses only the architecture never resolves.
let package = Package(
    name: "ConductorInspector",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "ConductorInspector", targets: ["ConductorInspector"])
    ],
    dependencies: [
        .package(name: "Conductor", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // Without its default traits: the Inspector reads no configuration (swift-configuration, which also needs
        // a newer standard library than iOS 17 SDKs carry) and uses nothing its full-Foundation trait adds.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.86.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    ],
    targets: [
        .target(
            name: "ConductorInspector",
            dependencies: [
                .product(name: "Conductor", package: "Conductor"),
                .product(name: "ConductorRecording", package: "Conductor"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConductorInspectorTests",
            dependencies: [
                "ConductorInspector",
                .product(name: "ConductorTesting", package: "Conductor"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The DocC plugin is only needed to build the documentation (`.ci/run` sets CONDUCTOR_DOCS=1).
if ProcessInfo.processInfo.environment["CONDUCTOR_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
