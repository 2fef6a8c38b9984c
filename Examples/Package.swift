// swift-tools-version: 6.1
import PackageDescription

// The demo app lives in its own package so that users of Conductor never resolve its dependencies.
let package = Package(
    name: "ConductorExamples",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    dependencies: [.package(name: "Conductor", path: "..")],
    targets: [
        .target(name: "DemoActions", dependencies: [.product(name: "Conductor", package: "Conductor")]),
        .executableTarget(name: "ConductorDemo", dependencies: ["DemoActions"]),
        .testTarget(name: "DemoActionsTests", dependencies: ["DemoActions"]),
    ],
    swiftLanguageModes: [.v6]
)
