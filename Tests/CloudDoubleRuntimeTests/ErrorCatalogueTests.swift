import CloudDoubleRuntime
import Foundation
import XCTest

final class ErrorCatalogueTests: XCTestCase {
    let model = ErrorModel.cloudKit

    func testEveryCloudKitCodeFrom1Through37IsCatalogued() {
        XCTAssertEqual(ErrorCatalogue.cloudKit.codes.map(\.rawValue), Array(1...37))
        XCTAssertEqual(Set(ErrorCatalogue.cloudKit.codes.map(\.name)).count, 37)
        XCTAssertEqual(ErrorCatalogue.cloudKit[37]?.name, "participantAlreadyInvited")
    }

    func testTraitsOfTheCodesAppsMustGetRight() {
        let retryable = Set(ErrorCatalogue.cloudKit.codes.filter(\.isRetryable).map(\.name))
        XCTAssertEqual(
            retryable,
            [
                "networkUnavailable", "networkFailure", "serviceUnavailable", "requestRateLimited", "zoneBusy",
                "serverResponseLost", "assetNotAvailable", "assetFileModified",
            ])
        let throttling = Set(ErrorCatalogue.cloudKit.codes.filter(\.isThrottling).map(\.name))
        XCTAssertEqual(throttling, ["serviceUnavailable", "requestRateLimited", "zoneBusy"])
        for name in throttling { XCTAssertEqual(ErrorCatalogue.cloudKit[name: name]?.defaultRetryAfter, 3) }
        let network = Set(ErrorCatalogue.cloudKit.codes(with: .network).map(\.name))
        XCTAssertEqual(
            network, ["networkUnavailable", "networkFailure", "serverResponseLost"], "docs/ErrorCatalogue.md says why not serviceUnavailable")
        XCTAssertTrue(network.isSubset(of: retryable))
        XCTAssertEqual(ErrorCatalogue.cloudKit[name: "limitExceeded"]?.recovery, .splitBatch)
        XCTAssertEqual(ErrorCatalogue.cloudKit[name: "serverRecordChanged"]?.recovery, .resolveConflict)
        XCTAssertEqual(ErrorCatalogue.cloudKit[name: "changeTokenExpired"]?.recovery, .resetChangeToken)
        XCTAssertEqual(ErrorCatalogue.cloudKit[name: "partialFailure"]?.recovery, .inspectItems)
        XCTAssertEqual(ErrorCatalogue.cloudKit[name: "zoneNotFound"]?.recovery, .recreateZone)
        XCTAssertTrue(ErrorCatalogue.cloudKit[name: "quotaExceeded"]!.needsUserAction)
        XCTAssertTrue(ErrorCatalogue.cloudKit[name: "notAuthenticated"]!.needsUserAction)
        XCTAssertTrue(ErrorCatalogue.cloudKit[name: "missingEntitlement"]!.developmentOnly)
        XCTAssertTrue(ErrorCatalogue.cloudKit[name: "badContainer"]!.developmentOnly)
        XCTAssertFalse(ErrorCatalogue.cloudKit[name: "operationCancelled"]!.isRetryable)
    }

    func testTheDocsTableIsGeneratedFromTheSameData() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/ErrorCatalogue.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        XCTAssertTrue(text.contains(ErrorCatalogue.cloudKit.markdownTable()), "regenerate with `swift run clouddouble catalogue`")
    }

    func testConstructedErrorsReadBackLikeCloudKitErrors() {
        let error = model.error(7, retryAfter: 2.5) as NSError
        XCTAssertEqual(error.domain, "CKErrorDomain")
        XCTAssertEqual(error.code, 7)
        XCTAssertEqual(error.userInfo["CKRetryAfter"] as? Double, 2.5)
        XCTAssertEqual(model.retryAfter(of: error), 2.5)
        XCTAssertEqual(model.info(of: error)?.name, "requestRateLimited")
        XCTAssertEqual(error.localizedDescription, "The client is being rate limited.")
        XCTAssertEqual(model.error(named: "zoneBusy").flatMap(model.code(of:)), 23)
        XCTAssertNil(model.error(named: "noSuchCode"))
    }

    func testNestedPartialFailuresRoundTrip() {
        let inner = model.partialFailure(["b": model.error(23), "c": model.error(14)])
        let outer = model.partialFailure(["a": model.error(4), "batch": inner])
        XCTAssertEqual(model.code(of: outer), 2)
        XCTAssertEqual(Set(model.partialErrors(of: outer).keys), ["a", "batch"])
        let leaves = model.leafErrors(of: outer)
        XCTAssertEqual(Set(leaves.keys), ["a", "b", "c"])
        XCTAssertEqual(model.code(of: leaves["c"]!), 14)
        XCTAssertEqual(Set(model.itemsToRetry(in: outer, as: String.self)), ["a", "b"])
    }

    func testConflictRecordsAreCarriedUnderTheSDKKeys() {
        let server = NSString(string: "server")
        let client = NSString(string: "client")
        let error = model.error(14, conflict: .init(server: server, client: client))
        XCTAssertTrue(model.serverRecord(of: error) === server)
        XCTAssertTrue(model.clientRecord(of: error) === client)
        XCTAssertNil(model.ancestorRecord(of: error))
    }

    func testNonCloudKitErrorsAreClassified() {
        XCTAssertEqual(model.diagnose(NSError(domain: NSCocoaErrorDomain, code: 4097)).kind, .daemonDied)
        XCTAssertEqual(model.diagnose(NSError(domain: NSCocoaErrorDomain, code: 4097)).retryAfter, 6)
        XCTAssertEqual(model.diagnose(NSError(domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet)).kind, .offline)
        XCTAssertEqual(model.diagnose(NSError(domain: NSURLErrorDomain, code: NSURLErrorTimedOut)).kind, .timedOut)
        XCTAssertEqual(model.diagnose(CancellationError()).kind, .cancelled)
        XCTAssertEqual(model.diagnose(NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled)).kind, .cancelled)
        XCTAssertEqual(model.diagnose(NSError(domain: "Other", code: 1)).kind, .other)
        let cancelled = model.diagnose(model.error(20))
        XCTAssertEqual(cancelled.kind, .cancelled, "the model's cancelledCode is a cancellation, not a service failure")
        XCTAssertFalse(cancelled.isRetryable)
        XCTAssertEqual(
            ErrorModel(domain: "Store", catalogue: ErrorCatalogue(domain: "Store", codes: []), cancelledCode: 9).diagnose(
                NSError(domain: "Store", code: 9)
            ).kind, .cancelled)
        let throttled = model.diagnose(model.error(23))
        XCTAssertTrue(throttled.isRetryable && throttled.isThrottling)
        XCTAssertEqual(throttled.retryAfter, 3, "the catalogue's default when the server sends none")
    }

    func testAnotherSDKCanBringItsOwnCatalogue() {
        let custom = ErrorModel(
            domain: "Store",
            catalogue: ErrorCatalogue(
                domain: "Store",
                codes: [
                    ErrorCodeInfo(rawValue: 1, name: "offline", meaning: "Offline.", isRetryable: true, appCanHandle: true, recovery: .retry)
                ]), retryAfterKey: "after")
        let error = custom.error(1, retryAfter: 4)
        XCTAssertTrue(custom.diagnose(error).isRetryable)
        XCTAssertEqual(custom.retryAfter(of: error), 4)
        XCTAssertEqual(custom.diagnose(model.error(4)).kind, .other, "CloudKit's codes mean nothing in another domain")
    }
}
