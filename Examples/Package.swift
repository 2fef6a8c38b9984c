// swift-tools-version: 6.2
import PackageDescription

// The demo app lives in its own package so that users of Conductor never resolve its dependencies (GRDB,
// swift-argument-parser).
let package = Package(
    name: "ConductorExamples",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    // The demo a newcomer runs first builds only what it needs; `--traits Inspector` adds the Inspector (its own
    // package, with its web server) for `--inspect`.
    traits: [
        .trait(name: "Inspector", description: "Builds the demo with the Inspector, for --inspect.")
    ],
    dependencies: [
        .package(name: "Conductor", path: ".."),
        // A development tool, as an app adds it: a separate package, used by the demo's --inspect and its tests.
        .package(name: "ConductorInspector", path: "../Inspector"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Tests only: a seeded generator for the random sessions.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "ConductorDemoKit",
            dependencies: [
                .product(name: "Conductor", package: "Conductor"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "ConductorDemo",
            dependencies: [
                "ConductorDemoKit",
                .product(
                    name: "ConductorInspector", package: "ConductorInspector", condition: .when(traits: ["Inspector"])),
                .product(name: "Conductor", package: "Conductor"),
                .product(name: "ConductorTesting", package: "Conductor"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The same app as SwiftUI and UIKit front ends over the demo's kit: coordinators, store and commands shared.
        // Built where their framework exists (the Apple workflow); elsewhere they print where to run them.
        .executableTarget(
            name: "ConductorDemoSwiftUI",
            dependencies: [
                "ConductorDemoKit", .product(name: "Conductor", package: "Conductor"),
                .product(name: "ConductorSwiftUI", package: "Conductor"),
            ]
        ),
        .executableTarget(
            name: "ConductorDemoUIKit",
            dependencies: [
                "ConductorDemoKit", .product(name: "Conductor", package: "Conductor"),
                .product(name: "ConductorUIKit", package: "Conductor"),
            ],
            exclude: ["Info.plist"],
            linkerSettings: [
                // The app's Info.plist — its scene manifest (a window per scene, each with its own tree) and its
                // activity type — embedded in the executable, as Xcode does for a target without a bundle.
                .unsafeFlags(
                    [
                        "-Xlinker", "-sectcreate", "-Xlinker", "__TEXT", "-Xlinker", "__info_plist", "-Xlinker",
                        Context.packageDirectory + "/Sources/ConductorDemoUIKit/Info.plist",
                    ], .when(platforms: [.iOS]))
            ]
        ),
        .testTarget(
            name: "ConductorDemoKitTests",
            dependencies: [
                "ConductorDemoKit", .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ConductorTesting", package: "Conductor"),
                .product(name: "ConductorInspector", package: "ConductorInspector"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // The recorded session the app tests read beside their source (by #filePath), not a resource.
            exclude: ["Sessions"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
