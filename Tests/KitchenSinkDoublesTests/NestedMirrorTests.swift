import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// A mirror holding another mirror (`SinkInvite.entry`, `.history`, `.pinned` hold `SinkEntry`):
/// the live copy makes each nested mirror with its own copy, and a test makes them freely.
final class NestedMirrorTests: XCTestCase {
    func testTheLiveCopyCopiesNestedSDKValuesIntoTheirMirrors() async throws {
        let invite = try await LiveSinkSettings(SettingsStore()).invite(for: "k")
        let entry: SinkEntry = invite.entry
        XCTAssertEqual(entry.key, "k")
        XCTAssertEqual(entry.value, invite.from)
        XCTAssertEqual(entry.default, "none")
        XCTAssertEqual(invite.history?.map(\.value), [invite.from, nil], "an optional array of them, element by element")
        XCTAssertTrue(invite.sdkValue_ != nil, "the outer mirror still keeps its SDK value")
        guard #available(macOS 14.0, iOS 17.0, *) else { throw XCTSkip("the member needs macOS 14") }
        XCTAssertEqual(invite.pinned?.key, "k", "a nested mirror under the newer members' availability")
    }

    func testATestMakesAMirrorHoldingMirrors() throws {
        let entry = SinkEntry(key: "a", value: "1", default: "0")
        let invite = SinkInvite(topic: "t", from: "me", entry: entry, history: [entry, entry])
        XCTAssertEqual(invite.entry.value, "1")
        XCTAssertEqual(invite.history?.count, 2)
        guard #available(macOS 14.0, iOS 17.0, *) else { throw XCTSkip("the member needs macOS 14") }
        XCTAssertNil(invite.pinned, "an optional member not given reads nil")
        let full = SinkInvite(topic: "t", expiry: 1, from: "me", note: nil, entry: entry, history: nil, pinned: entry)
        XCTAssertEqual(full.pinned?.key, "a")
    }
}
