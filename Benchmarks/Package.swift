// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so the product keeps zero dependencies and `swift test`
// never times anything. Run: swift run -c release --package-path Benchmarks clouddouble-bench
let package = Package(
    name: "CloudDoubleBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "CloudDouble", path: "..")],
    targets: [
        .executableTarget(
            name: "clouddouble-bench",
            dependencies: [
                .product(name: "CloudDoubleGenerator", package: "CloudDouble"),
                .product(name: "CloudDoubleRuntime", package: "CloudDouble"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
