/// A hundred stored properties, so that benchmarks can subscribe to a hundred distinct key paths of the kind views
/// use. Written out by a script; regenerate rather than edit.
struct Fields: Equatable {
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

    @MainActor static let keyPaths: [WritableKeyPath<Fields, Int>] = [
        \Fields.f0, \Fields.f1, \Fields.f2, \Fields.f3, \Fields.f4, \Fields.f5, \Fields.f6, \Fields.f7, \Fields.f8,
        \Fields.f9, \Fields.f10, \Fields.f11, \Fields.f12, \Fields.f13, \Fields.f14, \Fields.f15, \Fields.f16,
        \Fields.f17, \Fields.f18, \Fields.f19, \Fields.f20, \Fields.f21, \Fields.f22, \Fields.f23, \Fields.f24,
        \Fields.f25, \Fields.f26, \Fields.f27, \Fields.f28, \Fields.f29, \Fields.f30, \Fields.f31, \Fields.f32,
        \Fields.f33, \Fields.f34, \Fields.f35, \Fields.f36, \Fields.f37, \Fields.f38, \Fields.f39, \Fields.f40,
        \Fields.f41, \Fields.f42, \Fields.f43, \Fields.f44, \Fields.f45, \Fields.f46, \Fields.f47, \Fields.f48,
        \Fields.f49, \Fields.f50, \Fields.f51, \Fields.f52, \Fields.f53, \Fields.f54, \Fields.f55, \Fields.f56,
        \Fields.f57, \Fields.f58, \Fields.f59, \Fields.f60, \Fields.f61, \Fields.f62, \Fields.f63, \Fields.f64,
        \Fields.f65, \Fields.f66, \Fields.f67, \Fields.f68, \Fields.f69, \Fields.f70, \Fields.f71, \Fields.f72,
        \Fields.f73, \Fields.f74, \Fields.f75, \Fields.f76, \Fields.f77, \Fields.f78, \Fields.f79, \Fields.f80,
        \Fields.f81, \Fields.f82, \Fields.f83, \Fields.f84, \Fields.f85, \Fields.f86, \Fields.f87, \Fields.f88,
        \Fields.f89, \Fields.f90, \Fields.f91, \Fields.f92, \Fields.f93, \Fields.f94, \Fields.f95, \Fields.f96,
        \Fields.f97, \Fields.f98, \Fields.f99,
    ]
}

extension BenchState {
    /// A hundred hand-written selectors, one per field, as views would write them.
    static let selectors: [@Sendable (BenchState) -> Int] = [
        { $0.fields.f0 }, { $0.fields.f1 }, { $0.fields.f2 }, { $0.fields.f3 }, { $0.fields.f4 }, { $0.fields.f5 },
        { $0.fields.f6 }, { $0.fields.f7 }, { $0.fields.f8 }, { $0.fields.f9 }, { $0.fields.f10 }, { $0.fields.f11 },
        { $0.fields.f12 }, { $0.fields.f13 }, { $0.fields.f14 }, { $0.fields.f15 }, { $0.fields.f16 },
        { $0.fields.f17 }, { $0.fields.f18 }, { $0.fields.f19 }, { $0.fields.f20 }, { $0.fields.f21 },
        { $0.fields.f22 }, { $0.fields.f23 }, { $0.fields.f24 }, { $0.fields.f25 }, { $0.fields.f26 },
        { $0.fields.f27 }, { $0.fields.f28 }, { $0.fields.f29 }, { $0.fields.f30 }, { $0.fields.f31 },
        { $0.fields.f32 }, { $0.fields.f33 }, { $0.fields.f34 }, { $0.fields.f35 }, { $0.fields.f36 },
        { $0.fields.f37 }, { $0.fields.f38 }, { $0.fields.f39 }, { $0.fields.f40 }, { $0.fields.f41 },
        { $0.fields.f42 }, { $0.fields.f43 }, { $0.fields.f44 }, { $0.fields.f45 }, { $0.fields.f46 },
        { $0.fields.f47 }, { $0.fields.f48 }, { $0.fields.f49 }, { $0.fields.f50 }, { $0.fields.f51 },
        { $0.fields.f52 }, { $0.fields.f53 }, { $0.fields.f54 }, { $0.fields.f55 }, { $0.fields.f56 },
        { $0.fields.f57 }, { $0.fields.f58 }, { $0.fields.f59 }, { $0.fields.f60 }, { $0.fields.f61 },
        { $0.fields.f62 }, { $0.fields.f63 }, { $0.fields.f64 }, { $0.fields.f65 }, { $0.fields.f66 },
        { $0.fields.f67 }, { $0.fields.f68 }, { $0.fields.f69 }, { $0.fields.f70 }, { $0.fields.f71 },
        { $0.fields.f72 }, { $0.fields.f73 }, { $0.fields.f74 }, { $0.fields.f75 }, { $0.fields.f76 },
        { $0.fields.f77 }, { $0.fields.f78 }, { $0.fields.f79 }, { $0.fields.f80 }, { $0.fields.f81 },
        { $0.fields.f82 }, { $0.fields.f83 }, { $0.fields.f84 }, { $0.fields.f85 }, { $0.fields.f86 },
        { $0.fields.f87 }, { $0.fields.f88 }, { $0.fields.f89 }, { $0.fields.f90 }, { $0.fields.f91 },
        { $0.fields.f92 }, { $0.fields.f93 }, { $0.fields.f94 }, { $0.fields.f95 }, { $0.fields.f96 },
        { $0.fields.f97 }, { $0.fields.f98 }, { $0.fields.f99 },
    ]
}
