import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Testing

/// Under Swift Testing, an unstubbed call records an issue in the running test (the XCTest side
/// is in `MockTests`). `withKnownIssue` fails the test when no matching issue is recorded, so
/// these tests fail if the report goes missing.
struct UnstubbedCallIssueTests {
    @Test func anUnstubbedCallIsAnIssueEvenWhenTheAppSwallowsTheError() async {
        let database = MockCloudDatabase()
        await withKnownIssue {
            _ = try? await database.record(for: CKRecord.ID(recordName: "missing"))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("MockCloudDatabase.fetchRecord was called (async form) with CKRecord.ID(missing, _defaultZone)")
                && text.contains("stub it first: mock.stub(.fetchRecord, .value(<CKRecord>))")
        }
    }

    /// The issue is at the test's declaration, in the test's file (the app's call site is not the
    /// test's, and the runtime's own file would say nothing): `CloudDoubleTesting`, which this
    /// target links, records it.
    @Test func theIssueIsAtTheRunningTest() async {
        let database = MockCloudDatabase()
        await withKnownIssue {
            _ = try? await database.record(for: CKRecord.ID(recordName: "missing"))
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func theCallStillThrows() async {
        let database = MockCloudDatabase()
        await withKnownIssue {
            await #expect(throws: UnstubbedCallError.self) { try await database.record(for: CKRecord.ID(recordName: "missing")) }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("MockCloudDatabase.fetchRecord")
        }
    }
}
