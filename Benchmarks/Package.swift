// swift-tools-version: 6.2
import PackageDescription

// Benchmarks live in their own package so that users of Conductor never resolve or build them.
let package = Package(
    name: "ConductorBenchmarks",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    dependencies: [
        .package(name: "Conductor", path: ".."),
        // The Inspector's rows (a watched send, latency under a page) run in the same binary, against the same
        // baseline, through its own package.
        .package(name: "ConductorInspector", path: "../Inspector"),
    ],
    targets: [
        .executableTarget(
            name: "ConductorBenchmarks",
            dependencies: [
                .product(name: "Conductor", package: "Conductor"),
                .product(name: "ConductorActions", package: "Conductor"),
                .product(name: "ConductorStore", package: "Conductor"),
                .product(name: "ConductorCoordinators", package: "Conductor"),
                .product(name: "ConductorCommands", package: "Conductor"),
                .product(name: "ConductorRecording", package: "Conductor"),
                .product(name: "ConductorInspector", package: "ConductorInspector"),
                "BenchmarkSupport",
            ]
        ),
        // C: a malloc counter, glibc's mallinfo2 (which Swift's Glibc module does not expose) and callgrind's requests.
        .target(name: "BenchmarkSupport"),
    ],
    swiftLanguageModes: [.v6]
)
