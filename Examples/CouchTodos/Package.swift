// swift-tools-version:6.0
import PackageDescription

// A worked example on an SDK that is not CloudKit: a to-do list on Couchbase Lite's Objective-C
// API. `CouchbaseLite` is a stand-in with the real SDK's public Swift signatures (no dependency on
// couchbase-lite-ios, which does not build on Linux); the app target holds the description and
// applies the build plugin, as a user's app would; the test target gets the mocks.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "CouchTodos",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(name: "CloudDouble", path: "../..")],
    targets: [
        .target(name: "CouchbaseLite", swiftSettings: strict),
        .target(
            name: "CouchTodos",
            dependencies: ["CouchbaseLite", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            swiftSettings: strict,
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
        .testTarget(
            name: "CouchTodosTests",
            dependencies: ["CouchTodos", "CouchbaseLite", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            swiftSettings: strict,
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
