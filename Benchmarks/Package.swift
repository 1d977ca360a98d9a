// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so the product keeps zero dependencies and `swift test`
// never times anything. How to run them: README.md.
let package = Package(
    name: "CloudDoubleBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "CloudDouble", path: "..")],
    targets: [
        .executableTarget(
            name: "clouddouble-bench",
            dependencies: [.product(name: "CloudDoubleRuntime", package: "CloudDouble")]
        ),
        // Seeds per second of the NotesSync example's 30%-faults scenario, as fault exploration runs
        // it. Release builds leave the fault wrappers out unless asked, so it is run as
        // swift run -c release -Xswiftc -DCLOUDDOUBLE_FAULTS_IN_RELEASE --package-path Benchmarks seeds-bench
        // `Sources/NotesSync` is a link to the example's sources (a package cannot depend on another's plain target).
        .target(
            name: "NotesSync",
            dependencies: [
                .product(name: "CloudKitDoubles", package: "CloudDouble"),
                .product(name: "CloudDoubleRuntime", package: "CloudDouble"),
            ]
        ),
        .executableTarget(
            name: "seeds-bench",
            dependencies: [
                "NotesSync",
                .product(name: "CloudKitMocks", package: "CloudDouble"),
                .product(name: "CloudKitDoubles", package: "CloudDouble"),
                .product(name: "CloudDoubleRuntime", package: "CloudDouble"),
            ]
        ),
        // Seeds per second and CPU per seed of a 20-record, 4-batch scenario in a debug build
        // (fault wrappers are in debug builds without a flag): swift run --package-path Benchmarks exploration-bench
        .executableTarget(
            name: "exploration-bench",
            dependencies: [
                .product(name: "CloudKitMocks", package: "CloudDouble"),
                .product(name: "CloudKitDoubles", package: "CloudDouble"),
                .product(name: "CloudDoubleRuntime", package: "CloudDouble"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
