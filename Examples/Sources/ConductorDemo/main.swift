import DemoActions
import Foundation

// A small example of Conductor's actions until the full terminal demo lands: run it with
// `swift run --package-path Examples ConductorDemo`.
do {
    try await runDemoSession { print($0) }
} catch {
    print("demo failed: \(error)")
    exit(1)
}
