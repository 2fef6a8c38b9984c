// swift-tools-version: 6.2
import PackageDescription

// Fuzz targets for libFuzzer. scripts/fuzz builds them — and the library under them, for coverage — with
// `-sanitize=fuzzer,address`, then runs each for a bounded number of inputs. A package of its own, so that the
// library's build never carries fuzzing flags.
let package = Package(
    name: "ConductorFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Conductor", path: "..")],
    targets: [
        // The entry-point shim both fuzz targets share.
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "DeepLinkFuzzer",
            dependencies: [.product(name: "ConductorCoordinators", package: "Conductor"), "FuzzSupport"],
            // The entry point is libFuzzer's driver, called from `DeepLinkFuzzer_main`; no top-level code.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "CommandIdentifierFuzzer",
            dependencies: [.product(name: "ConductorCommands", package: "Conductor"), "FuzzSupport"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
