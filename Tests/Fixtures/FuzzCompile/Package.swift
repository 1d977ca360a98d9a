// swift-tools-version: 6.0
// Compiles the fuzz sample: random valid descriptions' generated doubles over a made-up SDK with
// exactly the described members, and every hostile case the generator accepts. CI fills Sources/ with
// `CLOUDDOUBLE_FUZZ_OUTPUT=Tests/Fixtures/FuzzCompile/Sources swift test --filter "FuzzTests|HostileCorpusTests"`.
import PackageDescription

let package = Package(
    name: "FuzzCompile",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    dependencies: [.package(name: "CloudDouble", path: "../../..")],
    targets: [
        .target(name: "FuzzSDK"),
        .target(
            name: "FuzzDoubles",
            dependencies: ["FuzzSDK", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            exclude: ["Inputs"]),
    ],
    swiftLanguageModes: [.v6]
)
