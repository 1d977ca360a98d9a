import CloudDoubleRuntime
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// An object-style listener whose registration protocol refines `NSObjectProtocol`
/// (`addObjectListener`, `"refinesNSObjectProtocol": true`, as Firestore's
/// `ListenerRegistration`): the mock's and the fault wrapper's registrations are `NSObject`s, and
/// removing one ends its registration as for any registration object.
final class NSObjectRegistrationTests: XCTestCase {
    func testTheMocksRegistrationIsAnNSObjectThatEndsTheRegistration() throws {
        let mock = MockSinkFeed()
        let seen = ListenerTests.Seen()
        let registration = mock.addObjectListener(seen.either)
        XCTAssertTrue(registration is NSObject)
        XCTAssertTrue(registration.isEqual(registration), "NSObjectProtocol's requirements, from NSObject")
        let registered = try XCTUnwrap(mock.registrations(.addObjectListener).first)
        registered.emit("x")
        registration.remove()
        XCTAssertTrue(registered.isRemoved)
        XCTAssertFalse(registered.emit("y"))
        XCTAssertEqual(seen.values, ["x"])
        XCTAssertEqual(mock.log.records.last?.form, .remove)
    }

    func testTheFaultWrappersRegistrationRemovesTheSDKs() {
        let feed = SettingsFeed()
        let faulty = FaultInjectingSinkFeed(wrapping: LiveSinkFeed(feed), plan: .none)
        let seen = ListenerTests.Seen()
        let registration = faulty.addObjectListener(seen.either)
        XCTAssertTrue(registration is NSObject)
        feed.publish("x")
        registration.remove()
        feed.publish("y")
        XCTAssertEqual(seen.values, ["x"])
    }
}
