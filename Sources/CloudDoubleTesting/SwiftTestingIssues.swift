#if canImport(Testing)
    @_spi(TestSupport) import CloudDoubleRuntime
    import Testing

    /// How the runtime records an unstubbed mock call (or a cassette's failure) as an issue of the
    /// running Swift Testing test: the runtime links neither test framework, so it finds this class
    /// by its name (`CloudDoubleTesting.SwiftTestingIssues`) when a failure happens, in any test
    /// target that links `CloudDoubleTesting`.
    @_spi(TestSupport) public final class SwiftTestingIssues: SwiftTestingIssueRecorder {
        /// Records `message` at the running test's declaration; `false` when no Swift Testing test
        /// runs on this task (an XCTest test, which the runtime reports to instead).
        public static func recordIssue(_ message: String) -> Bool {
            guard let test = Test.current else { return false }
            Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
            return true
        }
    }
#endif
