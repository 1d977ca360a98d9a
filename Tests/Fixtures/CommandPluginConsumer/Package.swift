// swift-tools-version:6.0
import PackageDescription

// An app that checks its generated code in with the command plugin
// (`swift package --allow-writing-to-package-directory clouddouble-generate --target Forecast`)
// instead of applying the build plugin. Its description is `internal`: the mocks, written into the
// test target, reach the protocols through `@testable import`. CI runs the plugin, with and
// without options, then builds and tests the package; nothing generated is committed.
let package = Package(
    name: "CommandPluginConsumer",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(name: "CloudDouble", path: "../../..")],
    targets: [
        .target(name: "WeatherSDK"),
        .target(
            name: "Forecast",
            dependencies: ["WeatherSDK", .product(name: "CloudDoubleRuntime", package: "CloudDouble")],
            exclude: ["Weather.clouddouble.json"]
        ),
        .testTarget(
            name: "ForecastTests",
            dependencies: ["Forecast", "WeatherSDK", .product(name: "CloudDoubleRuntime", package: "CloudDouble")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
