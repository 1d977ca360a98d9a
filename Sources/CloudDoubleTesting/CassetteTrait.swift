#if canImport(Testing) && compiler(>=6.1)
    import CloudDoubleRuntime
    import Foundation
    import Testing

    /// Runs a Swift Testing test with its cassette: `<directory>/<test file>/<test function>.jsonl`
    /// (by default `Cassettes/` beside the test file), in the mode `CLOUDDOUBLE_CASSETTE` names
    /// (else playback). For the test's duration the cassette is ``CloudDoubleRuntime/Cassette/current``,
    /// so every `CallLog` the test makes, and the mocks that write to it, record to it or play back
    /// from it. When the test returns, a recording is written; in playback, calls on the cassette the
    /// test never made fail it. A test that throws writes nothing.
    ///
    ///     @Test(.cassette(codecs: .cloudKit)) func sync() async throws {
    ///         let log = CallLog()                       // attached to Cassettes/SyncTests/sync.jsonl
    ///         let container = MockCloudContainer(log: log)
    ///         try await app.sync(container)
    ///     }
    ///
    /// Built on `TestScoping` (Swift 6.1 and later). One cassette per test function: the cases of a
    /// parameterized test would share one file, so give each its own test, or use
    /// `withCassette(codecs:log:test:)` with a name per case.
    public struct CassetteTrait: TestTrait, TestScoping {
        public let codecs: CassetteCodecs
        public let mode: CassetteMode?
        public let matching: CassetteMatching
        public let directory: URL?
        public let rewrite: (@Sendable (inout CassetteInteraction) -> Void)?

        public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
            let cassette = try Cassette.forTest(
                codecs: codecs, mode: mode ?? .fromEnvironment(), matching: matching, directory: directory, rewrite: rewrite,
                test: test.name, filePath: test.sourceLocation.filePath)
            try await Cassette.$current.withValue(cassette) {
                try await function()
            }
            try cassette.finish()
        }
    }

    extension Trait where Self == CassetteTrait {
        /// The test's cassette (``CassetteTrait``).
        ///
        /// - Parameters:
        ///   - codecs: how the SDK's values are written (`CassetteCodecs.cloudKit`).
        ///   - mode: `nil` (the default): what `CLOUDDOUBLE_CASSETTE` says, else playback.
        ///   - matching: how playback finds the line that answers a call.
        ///   - directory: where cassettes live; by default `Cassettes` beside the test file.
        ///   - rewrite: redacts or rewrites each interaction before it is written.
        public static func cassette(
            codecs: CassetteCodecs, mode: CassetteMode? = nil, matching: CassetteMatching = .inOrder, directory: URL? = nil,
            rewrite: (@Sendable (inout CassetteInteraction) -> Void)? = nil
        ) -> Self {
            CassetteTrait(codecs: codecs, mode: mode, matching: matching, directory: directory, rewrite: rewrite)
        }
    }
#endif
