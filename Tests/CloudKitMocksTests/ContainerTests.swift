import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

/// Containers as CloudKit gives them (issue #12, points 12 and 13): the in-memory container
/// answers the account calls with no stubs, and every container hands out the same database
/// object each time, as `CKContainer` does.
final class ContainerTests: XCTestCase {
    func testTheInMemoryContainerAnswersTheAccountWithNoStubs() async throws {
        let cloud = InMemoryCloudKit()
        let container = cloud.mockContainer()
        let status = try await container.accountStatus()
        XCTAssertEqual(status, .available)
        let first = try await container.userRecordID()
        let second = try await container.userRecordID()
        XCTAssertEqual(first, second, "the user record ID is stable per container")
        XCTAssertTrue(first.recordName.hasPrefix("_"))
        XCTAssertEqual(container.callCount(.accountStatus), 1, "the mock still records the call")
    }

    func testTheCompletionFormsAnswerToo() async {
        let container = InMemoryCloudKit(accountStatus: .noAccount).mockContainer()
        let status = await withCheckedContinuation { continuation in
            container.accountStatus { status, _ in continuation.resume(returning: status) }
        }
        XCTAssertEqual(status, .noAccount)
        let failure = await withCheckedContinuation { continuation in
            container.fetchUserRecordID { _, error in continuation.resume(returning: error) }
        }
        XCTAssertEqual((failure as? CKError)?.code, .notAuthenticated, "CKContainer.h: no account gives notAuthenticated")
    }

    func testAnAccountChangeIsPostedAsCloudKitPostsIt() async throws {
        let center = NotificationCenter()
        let cloud = InMemoryCloudKit(notificationCenter: center)
        let container = cloud.mockContainer()
        let posted = Locked(0)
        let observer = center.addObserver(forName: .CKAccountChanged, object: nil, queue: nil) { _ in posted.withLock { $0 += 1 } }
        defer { center.removeObserver(observer) }
        cloud.simulateAccountChange(to: .temporarilyUnavailable)
        XCTAssertEqual(posted.withLock { $0 }, 1)
        let status = try await container.accountStatus()
        XCTAssertEqual(status, .temporarilyUnavailable)
    }

    func testAStubStillWinsOverTheStore() async throws {
        let container = InMemoryCloudKit().mockContainer()
        container.stub(.accountStatus, .value(.restricted))
        let status = try await container.accountStatus()
        XCTAssertEqual(status, .restricted)
    }

    func testLiveAndFaultContainersHandOutTheSameDatabaseEachTime() {
        let live = LiveCloudContainer(CKContainer(identifier: "iCloud.test"))
        XCTAssertTrue(live.privateCloudDatabase === live.privateCloudDatabase)
        XCTAssertTrue(live.database(with: .private) === live.privateCloudDatabase, "CKContainer gives one private database")
        XCTAssertFalse(live.publicCloudDatabase === live.privateCloudDatabase)

        let faulty = FaultInjectingCloudContainer(wrapping: live, plan: .none)
        XCTAssertTrue(faulty.privateCloudDatabase === faulty.privateCloudDatabase)
        XCTAssertTrue(faulty.database(with: .shared) === faulty.sharedCloudDatabase)

        let mock = InMemoryCloudKit().mockContainer()
        XCTAssertTrue(mock.privateCloudDatabase === mock.privateCloudDatabase)
    }

    func testAMockDatabaseKnowsTheContainerMemberThatHandedItOut() throws {
        let container = MockCloudContainer()
        let origin = try XCTUnwrap((container.privateCloudDatabase as? MockCloudDatabase)?.origin)
        XCTAssertTrue(origin.parent === container)
        XCTAssertEqual(origin.call, "privateCloudDatabase")
        XCTAssertNotNil(origin.arguments(CloudContainerCall.privateCloudDatabase), "a property's arguments are ()")
        let shared = try XCTUnwrap(container.database(with: .shared) as? MockCloudDatabase)
        XCTAssertEqual(shared.origin?.arguments(CloudContainerCall.database), .shared)
    }
}
