import Foundation

extension Cassette {
    /// The cassette of the test running on this task: set for the test's duration by the
    /// `.cassette` trait (CloudDoubleTesting, Swift Testing), `nil` otherwise. Every ``CallLog``
    /// made while it is set is attached to it, so the test's mocks record to it or play back
    /// from it without being told; give it to a fault wrapper's `FaultInjector(cassette:)` to tape
    /// the wrapper instead. Task-local, not shared: tests running in parallel each see their own.
    @TaskLocal public static var current: Cassette?

    /// The cassette of the running test: `<directory>/<test file>/<test function>.jsonl`, so
    /// each test has its own, named after it. Works the same from XCTest (`testFetch()` gives
    /// `testFetch.jsonl`) and Swift Testing (`@Test func fetch()` gives `fetch.jsonl`), without
    /// the runtime linking either framework.
    ///
    /// - Parameters:
    ///   - codecs: how the SDK's values are written (`CassetteCodecs.cloudKit`).
    ///   - mode: by default what `CLOUDDOUBLE_CASSETTE` says, else playback.
    ///   - matching: how playback finds the line that answers a call.
    ///   - directory: where cassettes live; by default `Cassettes` beside the test file.
    ///   - rewrite: redacts or rewrites each interaction before it is written.
    ///   - test: the test function, which names the cassette; leave the default.
    ///   - filePath: the test file, which names the cassette's folder; leave the default.
    public static func forTest(
        codecs: CassetteCodecs, mode: CassetteMode = .fromEnvironment(), matching: CassetteMatching = .inOrder,
        directory: URL? = nil, rewrite: (@Sendable (inout CassetteInteraction) -> Void)? = nil,
        test: String = #function, filePath: String = #filePath
    ) throws -> Cassette {
        let testFile = URL(fileURLWithPath: filePath)
        let folder = (directory ?? testFile.deletingLastPathComponent().appendingPathComponent("Cassettes"))
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        let name = test.hasSuffix("()") ? String(test.dropLast(2)) : test
        return try Cassette(
            file: folder.appendingPathComponent(name + ".jsonl"), mode: mode, matching: matching, codecs: codecs, rewrite: rewrite)
    }
}

/// Runs `body` with the running test's cassette (``Cassette/forTest(codecs:mode:matching:directory:rewrite:test:filePath:)``)
/// attached to `log`, then finishes it: a recording is written only when `body` returns, and
/// playback fails when calls on the cassette were never made.
///
/// From XCTest or Swift Testing alike:
///
///     try await withCassette(codecs: .cloudKit, log: log) {
///         try await sync.run()
///     }
@discardableResult
public func withCassette<R>(
    codecs: CassetteCodecs, log: CallLog, mode: CassetteMode = .fromEnvironment(), matching: CassetteMatching = .inOrder,
    directory: URL? = nil, rewrite: (@Sendable (inout CassetteInteraction) -> Void)? = nil,
    test: String = #function, filePath: String = #filePath, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
) async throws -> R {
    let cassette = try Cassette.forTest(
        codecs: codecs, mode: mode, matching: matching, directory: directory, rewrite: rewrite, test: test, filePath: filePath)
    cassette.attach(to: log)
    let result = try await body()
    try cassette.finish()
    return result
}
