// swift-tools-version:6.0
import PackageDescription

// CloudDouble: generated protocols, live adapters, fault-injecting wrappers and recording mocks
// for CloudKit and any SDK like it, from a JSON API description. No dependencies beyond the toolchain.

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// On Linux there is no CloudKit: tests compile the generated code against a stand-in module with
// CloudKit's real public signatures. On Apple platforms the real SDK is used instead.
let cloudKitStandIn: Target.Dependency = .target(name: "CloudKit", condition: .when(platforms: [.linux]))

let package = Package(
    name: "CloudDouble",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "CloudDoubleRuntime", targets: ["CloudDoubleRuntime"]),
        .library(name: "CloudDoubleGenerator", targets: ["CloudDoubleGenerator"]),
        .library(name: "CloudKitDoubles", targets: ["CloudKitDoubles"]),
        .library(name: "CloudKitMocks", targets: ["CloudKitMocks"]),
        .library(name: "CloudDoubleTesting", targets: ["CloudDoubleTesting"]),
        .executable(name: "clouddouble", targets: ["clouddouble"]),
        .plugin(name: "CloudDoublePlugin", targets: ["CloudDoublePlugin"]),
        .plugin(name: "CloudDoubleCommand", targets: ["CloudDoubleCommand"]),
    ],
    targets: [
        // The error catalogue: `ErrorCatalogue`, `ErrorCodeInfo`, `ErrorTrait`, `Recovery` and
        // CloudKit's codes. No dependencies, so the generator and the tool can use it without the runtime.
        .target(name: "CloudDoubleCatalogue", swiftSettings: strict),

        // Runtime shared by all generated code: error model, retry policy, fault engine, call log.
        // It re-exports the catalogue, so `import CloudDoubleRuntime` still sees it.
        .target(name: "CloudDoubleRuntime", dependencies: ["CloudDoubleCatalogue"], swiftSettings: strict),

        // Swift Testing traits over the runtime (fault exploration, cassettes). A target of its
        // own, linked by test targets only, so the runtime never imports Testing.
        .target(name: "CloudDoubleTesting", dependencies: ["CloudDoubleRuntime"], swiftSettings: strict),

        // The default templates, where users read and copy them: top-level `Templates/` is a
        // target of its own (its one Swift file finds the directory in the resource bundle), so
        // no target takes the package root as its path and sees every other file under it.
        .target(
            name: "CloudDoubleTemplates",
            path: "Templates",
            resources: [
                // The artifacts' templates, then the partials they include.
                .copy("faultInjecting.mustache"), .copy("live.mustache"), .copy("mocks.mustache"), .copy("protocols.mustache"),
                .copy("backed.mustache"), .copy("blockCalls.mustache"), .copy("childMock.mustache"), .copy("endSourceLocation.mustache"),
                .copy("forwardedProperty.mustache"), .copy("forwardedValue.mustache"), .copy("header.mustache"), .copy("readBlock.mustache"),
                .copy("sourceLocation.mustache"), .copy("typeAttributes.mustache"), .copy("writeBlock.mustache"), .copy("mirror.mustache"),
                .copy("listenerKeys.mustache"), .copy("listenerRegistration.mustache"), .copy("newChildMock.mustache"),
            ],
            swiftSettings: strict
        ),

        // The generator: model, parser, validator, translator, renderer, writer. It depends on the
        // catalogue only (the validator checks error names against it), not on the runtime, and
        // on the templates it renders by default.
        .target(name: "CloudDoubleGenerator", dependencies: ["CloudDoubleCatalogue", "CloudDoubleTemplates"], swiftSettings: strict),
        // The tool builds the generator and the catalogue (`clouddouble catalogue` prints it), not the runtime.
        .executableTarget(name: "clouddouble", dependencies: ["CloudDoubleGenerator", "CloudDoubleCatalogue"], swiftSettings: strict),

        .plugin(
            name: "CloudDoublePlugin",
            capability: .buildTool(),
            dependencies: ["clouddouble"]
        ),
        .plugin(
            name: "CloudDoubleCommand",
            capability: .command(
                intent: .custom(verb: "clouddouble-generate", description: "Generate CloudDouble sources into the package"),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes the generated protocols, adapters, fault wrappers and mocks next to each description")
                ]
            ),
            dependencies: ["clouddouble"]
        ),

        // Linux stand-in for CloudKit (public signatures transcribed from the iOS 18 SDK). Under
        // Sources/ because the products depend on it on Linux; no product exports it.
        .target(name: "CloudKit", swiftSettings: strict),

        // The ready-made CloudKit products: the shipped description's generated code, checked in
        // (CI regenerates it and fails on any difference). The app links CloudKitDoubles; tests
        // link CloudKitMocks too, which adds the mocks and the in-memory CloudKit behind them.
        // On Linux they build against the stand-in, so the same code is compiled and tested there.
        .target(name: "CloudKitDoubles", dependencies: ["CloudDoubleRuntime", cloudKitStandIn], swiftSettings: strict),
        .target(name: "CloudKitMocks", dependencies: ["CloudKitDoubles", "CloudDoubleRuntime", cloudKitStandIn], swiftSettings: strict),

        // A second golden: a made-up SDK exercising what CloudKit's surface does not (settable
        // properties, keyword names, internal access, Void results, custom handler labels).
        .target(name: "KitchenSinkSDK", path: "Tests/StandIns/KitchenSinkSDK", swiftSettings: strict),
        .target(
            name: "KitchenSinkDoubles",
            dependencies: ["CloudDoubleRuntime", "KitchenSinkSDK"],
            path: "Tests/Goldens/KitchenSink",
            swiftSettings: strict
        ),

        // The worked example: a notes sync engine (seed 003) on the ready-made CloudKit products,
        // and its tests under seeded fault plans against the in-memory CloudKit.
        .target(
            name: "NotesSync", dependencies: ["CloudKitDoubles", "CloudDoubleRuntime", cloudKitStandIn],
            path: "Examples/NotesSync/Sources/NotesSync", swiftSettings: strict),
        .testTarget(
            name: "NotesSyncTests", dependencies: ["NotesSync", "CloudKitMocks", "CloudKitDoubles", "CloudDoubleRuntime", cloudKitStandIn],
            path: "Examples/NotesSync/Tests/NotesSyncTests", swiftSettings: strict),

        // The fault-exploration example: a copy of NotesSync with a bug planted, which its test
        // finds by exploring seeds and shrinks to a minimal plan (docs/FaultExploration.md).
        .target(
            name: "BuggyNotesSync", dependencies: ["CloudKitDoubles", "CloudDoubleRuntime", cloudKitStandIn],
            path: "Examples/PlantedBug/Sources/BuggyNotesSync", swiftSettings: strict),
        .testTarget(
            name: "BuggyNotesSyncTests", dependencies: ["BuggyNotesSync", "CloudKitMocks", "CloudKitDoubles", "CloudDoubleRuntime", cloudKitStandIn],
            path: "Examples/PlantedBug/Tests/BuggyNotesSyncTests", swiftSettings: strict),

        // The CKSyncEngine example: a notes app on the `CloudSyncEngine` protocol, run in its tests
        // by the in-memory engine (two devices, seeded faults); the same code runs on the live adapter.
        .target(
            name: "SyncEngineNotes", dependencies: ["CloudKitDoubles", cloudKitStandIn],
            path: "Examples/SyncEngineNotes/Sources/SyncEngineNotes", swiftSettings: strict),
        .testTarget(
            name: "SyncEngineNotesTests",
            dependencies: ["SyncEngineNotes", "CloudKitMocks", "CloudKitDoubles", "CloudDoubleRuntime", cloudKitStandIn],
            path: "Examples/SyncEngineNotes/Tests/SyncEngineNotesTests", swiftSettings: strict),

        .testTarget(
            name: "CloudDoubleRuntimeTests", dependencies: ["CloudDoubleRuntime", "CloudDoubleTesting", "CloudDoubleTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "CommandLineTests", dependencies: ["clouddouble", "CloudDoubleGenerator"], swiftSettings: strict),
        // Two versions of a made-up SDK for the API-drift tests: they extract both modules' symbol
        // graphs, draft a description from version 1 and check it against version 2.
        .target(name: "DriftSDKV1", path: "Tests/Fixtures/DriftSDK/V1", swiftSettings: strict),
        .target(name: "DriftSDKV2", path: "Tests/Fixtures/DriftSDK/V2", swiftSettings: strict),

        .testTarget(
            name: "CloudDoubleGeneratorTests",
            // The SDK modules are dependencies only so that they are built: the drift tests
            // extract their symbol graphs and compile generated code against them.
            dependencies: [
                "CloudDoubleGenerator", "CloudDoubleRuntime", "CloudDoubleTestSupport", "DriftSDKV1", "DriftSDKV2", "KitchenSinkSDK", cloudKitStandIn,
            ],
            swiftSettings: strict
        ),
        // What several test targets share (capturing expected test failures, temporary folders, a
        // thread-safe trace, CloudKit errors described by code name, symbol graphs extracted).
        .target(
            name: "CloudDoubleTestSupport", dependencies: ["CloudDoubleRuntime", "CloudKitDoubles", cloudKitStandIn], path: "Tests/Support",
            swiftSettings: strict),
        // The products' tests, a target per product: the generated CloudKit doubles (live adapters,
        // fault wrappers, cassettes), the mocks and the in-memory CloudKit behind them, and the
        // KitchenSink golden's doubles.
        .testTarget(
            name: "CloudKitDoublesTests",
            dependencies: [
                "CloudKitDoubles", "CloudKitMocks", "KitchenSinkDoubles", "KitchenSinkSDK", "CloudDoubleRuntime", "CloudDoubleTesting",
                "CloudDoubleTestSupport",
                cloudKitStandIn,
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CloudKitMocksTests",
            dependencies: ["CloudKitMocks", "CloudKitDoubles", "CloudDoubleRuntime", "CloudDoubleTestSupport", cloudKitStandIn],
            swiftSettings: strict
        ),
        // The stand-in has Apple's signatures: its symbol graph against a manifest of Apple's
        // CloudKit declarations, less the known gaps, each with its reason (docs/APIDrift.md).
        // The stand-in is a dependency so that it is built; the test reads only its module.
        .testTarget(
            name: "CloudKitStandInTests",
            dependencies: ["CloudDoubleTestSupport", cloudKitStandIn],
            exclude: ["CloudKit.manifest", "CloudKit.knowngaps"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "KitchenSinkDoublesTests",
            dependencies: ["KitchenSinkDoubles", "KitchenSinkSDK", "CloudDoubleRuntime", "CloudDoubleTestSupport"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
