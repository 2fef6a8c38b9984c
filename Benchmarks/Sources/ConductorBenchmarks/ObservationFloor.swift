import Observation

/// Observation's own cost with no store: a plain `@Observable` model of a hundred properties, `count` views each
/// reading one and re-tracking when invalidated, one property changed per operation. The floor under
/// `store-observation-100-views`: what any state container that SwiftUI observes pays per change, the registrar's
/// `willSet`/`didSet` and the invalidated view's re-tracking; the store's row minus this one is the store's share.
@MainActor
func observableModelViews(_ count: Int) -> Benchmark {
    let operations = Scale.operations(dividedBy: 20)
    return Benchmark(
        id: "observable-model-\(count)-views",
        name: "plain @Observable model, \(count) views observing one property each, 1 changed (Observation alone)",
        target: "for comparison: the floor of the store's observation row",
        operations: operations
    ) {
        let model = ObservableFields()
        let views = ObservingModelViews(model: model, count: count)
        return {
            for _ in 0..<operations { model.f0 &+= 1 }
            blackHole(views)
        }
    }
}

/// Views that each read one property of the model, tracked by Observation, and read it again when invalidated.
@MainActor
final class ObservingModelViews {
    private let model: ObservableFields
    private let properties: [KeyPath<ObservableFields, Int>]

    init(model: ObservableFields, count: Int) {
        self.model = model
        properties = Array(ObservableFields.keyPaths.prefix(count))
        for index in properties.indices { track(index) }
    }

    private func track(_ index: Int) {
        withObservationTracking {
            blackHole(model[keyPath: properties[index]])
        } onChange: {
            MainActor.assumeIsolated { self.track(index) }
        }
    }
}

/// A hundred observable properties, as the `@Observable` macro writes them. Written out by a script; regenerate
/// rather than edit.
@MainActor
@Observable
final class ObservableFields {
    var f0 = 0
    var f1 = 0
    var f2 = 0
    var f3 = 0
    var f4 = 0
    var f5 = 0
    var f6 = 0
    var f7 = 0
    var f8 = 0
    var f9 = 0
    var f10 = 0
    var f11 = 0
    var f12 = 0
    var f13 = 0
    var f14 = 0
    var f15 = 0
    var f16 = 0
    var f17 = 0
    var f18 = 0
    var f19 = 0
    var f20 = 0
    var f21 = 0
    var f22 = 0
    var f23 = 0
    var f24 = 0
    var f25 = 0
    var f26 = 0
    var f27 = 0
    var f28 = 0
    var f29 = 0
    var f30 = 0
    var f31 = 0
    var f32 = 0
    var f33 = 0
    var f34 = 0
    var f35 = 0
    var f36 = 0
    var f37 = 0
    var f38 = 0
    var f39 = 0
    var f40 = 0
    var f41 = 0
    var f42 = 0
    var f43 = 0
    var f44 = 0
    var f45 = 0
    var f46 = 0
    var f47 = 0
    var f48 = 0
    var f49 = 0
    var f50 = 0
    var f51 = 0
    var f52 = 0
    var f53 = 0
    var f54 = 0
    var f55 = 0
    var f56 = 0
    var f57 = 0
    var f58 = 0
    var f59 = 0
    var f60 = 0
    var f61 = 0
    var f62 = 0
    var f63 = 0
    var f64 = 0
    var f65 = 0
    var f66 = 0
    var f67 = 0
    var f68 = 0
    var f69 = 0
    var f70 = 0
    var f71 = 0
    var f72 = 0
    var f73 = 0
    var f74 = 0
    var f75 = 0
    var f76 = 0
    var f77 = 0
    var f78 = 0
    var f79 = 0
    var f80 = 0
    var f81 = 0
    var f82 = 0
    var f83 = 0
    var f84 = 0
    var f85 = 0
    var f86 = 0
    var f87 = 0
    var f88 = 0
    var f89 = 0
    var f90 = 0
    var f91 = 0
    var f92 = 0
    var f93 = 0
    var f94 = 0
    var f95 = 0
    var f96 = 0
    var f97 = 0
    var f98 = 0
    var f99 = 0

    @ObservationIgnored static let keyPaths: [KeyPath<ObservableFields, Int>] = [
        \ObservableFields.f0, \ObservableFields.f1, \ObservableFields.f2, \ObservableFields.f3,
        \ObservableFields.f4, \ObservableFields.f5, \ObservableFields.f6, \ObservableFields.f7,
        \ObservableFields.f8, \ObservableFields.f9, \ObservableFields.f10, \ObservableFields.f11,
        \ObservableFields.f12, \ObservableFields.f13, \ObservableFields.f14, \ObservableFields.f15,
        \ObservableFields.f16, \ObservableFields.f17, \ObservableFields.f18, \ObservableFields.f19,
        \ObservableFields.f20, \ObservableFields.f21, \ObservableFields.f22, \ObservableFields.f23,
        \ObservableFields.f24, \ObservableFields.f25, \ObservableFields.f26, \ObservableFields.f27,
        \ObservableFields.f28, \ObservableFields.f29, \ObservableFields.f30, \ObservableFields.f31,
        \ObservableFields.f32, \ObservableFields.f33, \ObservableFields.f34, \ObservableFields.f35,
        \ObservableFields.f36, \ObservableFields.f37, \ObservableFields.f38, \ObservableFields.f39,
        \ObservableFields.f40, \ObservableFields.f41, \ObservableFields.f42, \ObservableFields.f43,
        \ObservableFields.f44, \ObservableFields.f45, \ObservableFields.f46, \ObservableFields.f47,
        \ObservableFields.f48, \ObservableFields.f49, \ObservableFields.f50, \ObservableFields.f51,
        \ObservableFields.f52, \ObservableFields.f53, \ObservableFields.f54, \ObservableFields.f55,
        \ObservableFields.f56, \ObservableFields.f57, \ObservableFields.f58, \ObservableFields.f59,
        \ObservableFields.f60, \ObservableFields.f61, \ObservableFields.f62, \ObservableFields.f63,
        \ObservableFields.f64, \ObservableFields.f65, \ObservableFields.f66, \ObservableFields.f67,
        \ObservableFields.f68, \ObservableFields.f69, \ObservableFields.f70, \ObservableFields.f71,
        \ObservableFields.f72, \ObservableFields.f73, \ObservableFields.f74, \ObservableFields.f75,
        \ObservableFields.f76, \ObservableFields.f77, \ObservableFields.f78, \ObservableFields.f79,
        \ObservableFields.f80, \ObservableFields.f81, \ObservableFields.f82, \ObservableFields.f83,
        \ObservableFields.f84, \ObservableFields.f85, \ObservableFields.f86, \ObservableFields.f87,
        \ObservableFields.f88, \ObservableFields.f89, \ObservableFields.f90, \ObservableFields.f91,
        \ObservableFields.f92, \ObservableFields.f93, \ObservableFields.f94, \ObservableFields.f95,
        \ObservableFields.f96, \ObservableFields.f97, \ObservableFields.f98, \ObservableFields.f99,
    ]
}
