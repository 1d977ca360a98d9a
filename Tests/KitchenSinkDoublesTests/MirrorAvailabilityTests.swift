import CloudKitDoubles
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// Mirrored members newer than the floor (`SinkInvite.expiry`, `.note`: macOS 14, iOS 17): the
/// live copy fills them where the SDK has them; a test makes the mirror with or without them.
final class MirrorAvailabilityTests: XCTestCase {
    func testTheLiveCopyFillsMembersNewerThanTheFloor() async throws {
        guard #available(macOS 14.0, iOS 17.0, *) else { throw XCTSkip("the members need macOS 14") }
        let invite = try await LiveSinkSettings(SettingsStore()).invite(for: "k")
        XCTAssertEqual(invite.expiry, 7)
        XCTAssertEqual(invite.note, "for k")
    }

    func testATestMakesTheMirrorWithOrWithoutThem() throws {
        guard #available(macOS 14.0, iOS 17.0, *) else { throw XCTSkip("the members need macOS 14") }
        let full = SinkInvite(
            topic: "k", expiry: 3, from: "me", note: nil, entry: SinkEntry(key: "k", value: nil, default: "d"), history: nil, pinned: nil)
        XCTAssertEqual(full.expiry, 3)
        XCTAssertNil(full.note)
        let floor = SinkInvite(topic: "k", from: "me", entry: SinkEntry(key: "k", value: nil, default: "d"), history: nil)
        XCTAssertNil(floor.note, "an optional member not given reads nil")
        XCTAssertNil(floor.expiryStorage_, "a non-optional one is absent (reading it stops the program)")
    }
}
