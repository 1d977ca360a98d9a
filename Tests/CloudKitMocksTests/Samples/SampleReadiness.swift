import CloudKit
import CloudKitDoubles
import CloudKitMocks
import XCTest

/// The readiness check every one of Apple's CloudKit samples opens its test suite with
/// (`test_CloudKitReadiness` in sample-cloudkit-sharing, -zonesharing, -privatedb-sync, -queries,
/// -encryption and -privatedb): list the private database's zones and read a failure as a setup
/// problem. Returns what the sample would fail with, or nil when the container is ready.
enum SampleReadiness {
    static func failure(of container: any CloudContainer) async -> String? {
        do {
            _ = try await container.privateCloudDatabase.allRecordZones()
            return nil
        } catch let error as CKError {
            switch error.code {
            case .badContainer, .badDatabase: return "no CloudKit container selected for the target"
            case .permissionFailure, .notAuthenticated: return "no iCloud account signed in"
            default: return "CKError: \(error)"
            }
        } catch {
            return "\(error)"
        }
    }
}

/// The readiness check's other side: on a device with no iCloud account the samples fail with
/// "needs a signed-in iCloud account", because the private database answers `notAuthenticated`.
final class SampleReadinessTests: XCTestCase {
    func testWithoutAnAccountTheSamplesAskForOne() async {
        let failure = await SampleReadiness.failure(of: InMemoryCloudKit(accountStatus: .noAccount).mockContainer())
        XCTAssertEqual(failure, "no iCloud account signed in")
    }
}
