import CloudDoubleTestSupport
import Foundation
import XCTest

/// Code that uses CloudKit the way Apple's iOS 18 interface allows type-checks against the stand-in,
/// and code the interface refuses is refused. On a Mac `import CloudKit` is the real SDK, so the
/// same snippets check the interface the stand-in copies.
final class StandInInterfaceTests: XCTestCase {
    /// Type-checks `source` against this build's modules; throws the compiler's output on failure.
    func typecheck(_ source: String) throws {
        guard let tool = SymbolGraphExtraction.tool, let modules = SymbolGraphExtraction.modulesDirectory() else {
            throw XCTSkip("no toolchain tools")
        }
        let swiftc = tool.deletingLastPathComponent().appendingPathComponent("swiftc")
        guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { throw XCTSkip("no swiftc next to \(tool.path)") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-standin-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var arguments = ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "StandInUse", "-I", modules.path]
        #if os(macOS)
            if let sdk = try? SymbolGraphExtraction.run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--show-sdk-path"]) {
                arguments += ["-sdk", sdk.trimmingCharacters(in: .whitespacesAndNewlines), "-target", SymbolGraphExtraction.targetTriple]
            }
        #endif
        _ = try SymbolGraphExtraction.run(swiftc, arguments + [file.path])
    }

    func testTheTypedAccessorsZoneSharesAndZoneSubscriptionsAppsUseTypeCheck() throws {
        try typecheck(
            """
            import CloudKit

            @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
            func use(_ record: CKRecord, in zone: CKRecordZone) -> [Any?] {
                record["title"] = "Pot Roast"
                let title = record["title"] as String?
                let servings: Int? = record.encryptedValues["servings"]
                let share = CKShare(rootRecord: record)
                share[CKShare.SystemFieldKey.title] = "Recipe"
                let subscription = CKRecordZoneSubscription(zoneID: zone.zoneID, subscriptionID: "zone")
                subscription.recordType = "Recipe"
                subscription.notificationInfo = CKSubscription.NotificationInfo(shouldSendContentAvailable: true)
                return [title, servings, zone.share, subscription.zoneID]
            }
            """)
    }

    /// The iOS 18 interface: `@available(*, unavailable) extension
    /// CKDatabase.RecordZoneChange.Modification : Swift.Sendable`.
    func testARecordZoneChangeModificationIsNotSendable() throws {
        let source = """
            import CloudKit

            func requireSendable<T: Sendable>(_ value: T) {}

            @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
            func send(_ modification: CKDatabase.RecordZoneChange.Modification) { requireSendable(modification) }
            """
        XCTAssertThrowsError(try typecheck(source)) { error in
            let output = "\(error)"
            XCTAssertTrue(output.contains("Sendable") && output.contains("unavailable"), output)
        }
    }
}
