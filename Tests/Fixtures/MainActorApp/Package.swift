// swift-tools-version:6.2
import PackageDescription

// A package set up as Xcode 26 sets up a new app: app code isolated to the main actor by default,
// with approachable concurrency (`NonisolatedNonsendingByDefault`, `InferIsolatedConformances`),
// in Swift 6 mode. It applies the build plugin to its own SDK's description and uses the
// ready-made CloudKit products, in the app and in its tests. `Forecaster` has Xcode 26's settings;
// `ForecasterStrict` compiles the same files with the main actor by default but without the
// approachable-concurrency features (its directory links to `Forecaster`'s files). Xcode 26 gives
// test targets no default isolation (Swift Testing and XCTest need it so): `ForecasterTests` and
// the examples' tests are set up that way; `ForecasterStrictTests` has the main actor by default
// too, so that the plugin's mocks are compiled under it as well.
let mainActor: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
let approachableOnly: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let approachable = mainActor + approachableOnly

let clouddouble: [Target.Dependency] = [
    .product(name: "CloudDoubleRuntime", package: "CloudDouble"),
    .product(name: "CloudKitDoubles", package: "CloudDouble"),
]
let mocks: Target.Dependency = .product(name: "CloudKitMocks", package: "CloudDouble")
let plugin: [Target.PluginUsage] = [.plugin(name: "CloudDoublePlugin", package: "CloudDouble")]

let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(name: "CloudDouble", path: "../../..")],
    targets: [
        // A third-party SDK, compiled as its vendor would (no default isolation).
        .target(name: "ForecastSDK"),
        .target(name: "Forecaster", dependencies: ["ForecastSDK"] + clouddouble, swiftSettings: approachable, plugins: plugin),
        .testTarget(
            name: "ForecasterTests",
            dependencies: ["Forecaster", "ForecastSDK", mocks] + clouddouble,
            swiftSettings: approachableOnly, plugins: plugin),
        .target(
            name: "ForecasterStrict", dependencies: ["ForecastSDK"] + clouddouble, swiftSettings: mainActor + [.define("STRICT")], plugins: plugin),
        .testTarget(
            name: "ForecasterStrictTests",
            dependencies: ["ForecasterStrict", "ForecastSDK", mocks] + clouddouble,
            swiftSettings: mainActor + [.define("STRICT")], plugins: plugin),

        // The project's own generated code and examples, compiled here with these settings
        // (the directories link to the files in the package): the CloudKit products' checked-in
        // generated code, the KitchenSink goldens (all four artifacts of each), and both examples.
        .target(name: "GeneratedCloudKit", dependencies: clouddouble, swiftSettings: approachable),
        .target(name: "GeneratedCloudKitStrict", dependencies: clouddouble, swiftSettings: mainActor),
        .target(name: "KitchenSinkSDK"),
        .target(name: "GeneratedKitchenSink", dependencies: ["KitchenSinkSDK"] + clouddouble, swiftSettings: approachable),
        .target(name: "GeneratedKitchenSinkStrict", dependencies: ["KitchenSinkSDK"] + clouddouble, swiftSettings: mainActor),
        .target(name: "NotesSync", dependencies: clouddouble, path: "Examples/NotesSync", swiftSettings: approachable),
        .testTarget(
            name: "NotesSyncTests", dependencies: ["NotesSync", mocks] + clouddouble, path: "Examples/NotesSyncTests", swiftSettings: approachableOnly
        ),
        .target(name: "SyncEngineNotes", dependencies: clouddouble, path: "Examples/SyncEngineNotes", swiftSettings: mainActor),
        .testTarget(
            name: "SyncEngineNotesTests", dependencies: ["SyncEngineNotes", mocks] + clouddouble, path: "Examples/SyncEngineNotesTests",
            swiftSettings: []),
    ],
    swiftLanguageModes: [.v6]
)
