// swift-tools-version:6.0
import PackageDescription

// An app that applies the CloudDouble plugin, as a user would: the description lives in the
// app target (protocols, live adapters, fault wrappers); the test target gets the mocks.
let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(name: "CloudDouble", path: "../../..")],
    targets: [
        .target(name: "KeyValueSDK"),
        .target(
            name: "NotesApp",
            dependencies: ["KeyValueSDK", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
        .testTarget(
            name: "NotesAppTests",
            dependencies: ["NotesApp", "KeyValueSDK", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
        // An internal description: the test target's mocks use `@testable import InventoryApp`.
        .target(
            name: "InventoryApp",
            dependencies: ["KeyValueSDK", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
        .testTarget(
            name: "InventoryAppTests",
            dependencies: ["InventoryApp", "KeyValueSDK", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
