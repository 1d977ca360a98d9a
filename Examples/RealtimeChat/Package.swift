// swift-tools-version:6.0
import PackageDescription

// A worked example on an SDK that is not CloudKit: a chat room on Firebase Realtime Database.
// `FirebaseDatabase` is a stand-in with the real SDK's public Swift signatures (no dependency on
// firebase-ios-sdk, which does not build on Linux); the app target holds the description and
// applies the build plugin, as a user's app would; the test target gets the mocks.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "RealtimeChat",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(name: "CloudDouble", path: "../..")],
    targets: [
        .target(name: "FirebaseDatabase", swiftSettings: strict),
        .target(
            name: "RealtimeChat",
            dependencies: ["FirebaseDatabase", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            swiftSettings: strict,
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
        .testTarget(
            name: "RealtimeChatTests",
            dependencies: ["RealtimeChat", "FirebaseDatabase", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            swiftSettings: strict,
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
