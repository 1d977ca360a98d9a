import Foundation
import Testing

@_spi(TestSupport) @testable import CloudDoubleRuntime

/// The two ways the runtime reaches Swift Testing (`Mocks/TestFailure.swift`): through
/// `CloudDoubleTesting`, which this target links, and, for test targets that do not link it,
/// through Swift Testing's entry points by their mangled names.
struct TestFailureTests {
    @Test func theRuntimeFindsCloudDoubleTestingsRecorder() {
        #expect(NSClassFromString(testIssueRecorderName) as? any SwiftTestingIssueRecorder.Type != nil)
    }

    @Test func aFailureGoesThroughCloudDoubleTesting() {
        withKnownIssue {
            #expect(TestFailure.record("through CloudDoubleTesting", fileID: "App/Caller.swift", line: 7))
        } matching: { issue in
            // At the test's declaration, not at the location the runtime was given.
            issue.comments.map(\.rawValue) == ["through CloudDoubleTesting"] && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func theFallbackRecordsAtTheGivenLocation() {
        withKnownIssue {
            #expect(
                SwiftTestingEntryPoints.recordIfTesting("through the symbols", fileID: "App/Caller.swift", filePath: "/App/Caller.swift", line: 7))
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["through the symbols"] && issue.sourceLocation?.fileID == "App/Caller.swift"
                && issue.sourceLocation?.line == 7
        }
    }
}
