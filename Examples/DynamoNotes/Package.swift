// swift-tools-version:6.0
import PackageDescription

// A worked example on a Swift-native SDK: notes in a DynamoDB table through the AWS SDK for
// Swift's `DynamoDBClient`. `AWSDynamoDB` is a stand-in with the real SDK's public Swift
// signatures (no dependency on aws-sdk-swift); the app target holds the description and applies
// the build plugin, as a user's app would; the test target gets the mocks.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "DynamoNotes",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(name: "CloudDouble", path: "../..")],
    targets: [
        .target(name: "AWSDynamoDB", swiftSettings: strict),
        .target(
            name: "DynamoNotes",
            dependencies: ["AWSDynamoDB", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            swiftSettings: strict,
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
        .testTarget(
            name: "DynamoNotesTests",
            dependencies: ["DynamoNotes", "AWSDynamoDB", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            swiftSettings: strict,
            plugins: [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
