import CloudDoubleTestSupport
import Foundation
import XCTest

/// The Linux stand-in for CloudKit has Apple's signatures: its symbol graph is diffed against
/// `CloudKit.manifest` (Apple's declarations, from the iOS 18 SDK), and every difference must be a
/// known gap in `CloudKit.knowngaps`, with its reason. docs/APIDrift.md says how both are kept.
final class StandInManifestTests: XCTestCase {
    func testTheStandInHasAppleSignatures() throws {
        #if !os(Linux)
            throw XCTSkip("the stand-in is built on Linux only; elsewhere the SDK's CloudKit is used")
        #else
            let differences = try ManifestDiff(
                manifest: Manifest(),
                standIn: StandInSymbols(
                    // Internal level keeps the public `__CKRecordID` and its kin.
                    graphs: SymbolGraphExtraction.graphs(of: "CloudKit", minimumAccessLevel: "internal"))
            ).differences
            let gaps = try Manifest.knownGaps()
            let unexplained = differences.filter { difference in !gaps.contains { difference.isCovered(by: $0.subject) } }
            let stale = gaps.filter { gap in !differences.contains { $0.isCovered(by: gap.subject) } }
            XCTAssert(
                unexplained.isEmpty,
                "The stand-in differs from Apple's CloudKit (Tests/CloudKitStandInTests/CloudKit.manifest); fix the stand-in, or list the difference in CloudKit.knowngaps with its reason:\n"
                    + unexplained.map { "  \($0)" }.joined(separator: "\n"))
            XCTAssert(
                stale.isEmpty,
                "These known gaps no longer differ; remove them from Tests/CloudKitStandInTests/CloudKit.knowngaps:\n"
                    + stale.map { "  \($0.subject) | \($0.reason)" }.joined(separator: "\n"))
        #endif
    }

    /// The check itself finds what it is for: a declaration that is not `@discardableResult`, a
    /// missing one, a deprecation the stand-in lacks, a Sendable conformance Apple marks
    /// unavailable, a member Apple marks unavailable that the stand-in offers (one it lacks is no
    /// difference), and a public member Apple lacks in an all-Swift type (SPI and a conformance's
    /// witnesses aside).
    func testTheDiffReportsEachKindOfDifference() throws {
        let manifest = try manifest(
            """
            CKThing | class CKThing |
            CKThing.save(_:) | @discardableResult func save(_ record: CKRecord) async throws -> CKRecord |
            CKThing.gone() | func gone() |
            CKThing.old() | func old() | deprecated iOS 17.0
            CKThing.late() | func late() | introduced iOS 17.0, macOS 14.0
            CKThing.init() | init() | unavailable *
            CKThing.hidden() | func hidden() | unavailable *
            CKThing | conforms Sendable | unavailable *
            CKThing | conforms Hashable |
            CKThing | complete |
            """)
        let graph = """
            {"module": {"name": "CloudKit"}, "symbols": [
              {"kind": {"identifier": "swift.class"}, "identifier": {"precise": "s:8CloudKit7CKThingC"}, "pathComponents": ["CKThing"],
               "declarationFragments": [{"kind": "text", "spelling": "class CKThing"}], "accessLevel": "public"},
              {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "a"}, "pathComponents": ["CKThing", "save(_:)"],
               "declarationFragments": [{"kind": "text", "spelling": "func save(_ record: CKRecord) async throws -> CKRecord"}], "accessLevel": "public"},
              {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "b"}, "pathComponents": ["CKThing", "old()"],
               "declarationFragments": [{"kind": "text", "spelling": "func old()"}], "accessLevel": "public"},
              {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "c"}, "pathComponents": ["CKThing", "late()"],
               "declarationFragments": [{"kind": "text", "spelling": "func late()"}], "accessLevel": "public",
               "availability": [{"domain": "iOS", "introduced": {"major": 17, "minor": 0}}, {"domain": "macOS", "introduced": {"major": 14}}]},
              {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "g"}, "pathComponents": ["CKThing", "hidden()"],
               "declarationFragments": [{"kind": "text", "spelling": "func hidden()"}], "accessLevel": "public"},
              {"kind": {"identifier": "swift.init"}, "identifier": {"precise": "d"}, "pathComponents": ["CKThing", "init(x:)"],
               "declarationFragments": [{"kind": "text", "spelling": "init(x: Int)"}], "accessLevel": "public"},
              {"kind": {"identifier": "swift.init"}, "identifier": {"precise": "e"}, "pathComponents": ["CKThing", "init(y:)"],
               "declarationFragments": [{"kind": "text", "spelling": "init(y: Int)"}], "accessLevel": "public", "spi": true},
              {"kind": {"identifier": "swift.property"}, "identifier": {"precise": "f"}, "pathComponents": ["CKThing", "hashValue"],
               "declarationFragments": [{"kind": "text", "spelling": "var hashValue: Int { get }"}], "accessLevel": "public"}
            ], "relationships": [
              {"kind": "conformsTo", "source": "s:8CloudKit7CKThingC", "target": "s:s8SendableP", "targetFallback": "Swift.Sendable"},
              {"kind": "conformsTo", "source": "s:8CloudKit7CKThingC", "target": "s:SH", "targetFallback": "Swift.Hashable"}
            ]}
            """
        let differences = ManifestDiff(manifest: manifest, standIn: try StandInSymbols(graphs: [Data(graph.utf8)])).differences.map(\.description)
        XCTAssertEqual(differences.count, 6, differences.joined(separator: "\n"))
        XCTAssert(differences.contains { $0.hasPrefix("CKThing.save(_:): differs") }, "\(differences)")
        XCTAssert(differences.contains { $0.hasPrefix("CKThing.gone(): missing") }, "\(differences)")
        XCTAssert(differences.contains { $0.hasPrefix("CKThing.old(): availability") }, "\(differences)")
        XCTAssert(differences.contains { $0.hasPrefix("CKThing conforms Sendable: Apple marks it unavailable") }, "\(differences)")
        XCTAssert(differences.contains { $0.hasPrefix("CKThing.init(x:): Apple does not declare") }, "\(differences)")
        XCTAssert(differences.contains { $0.hasPrefix("CKThing.hidden(): availability differs") }, "\(differences)")
        XCTAssertFalse(differences.contains { $0.hasPrefix("CKThing.init()") }, "an unavailable init() the stand-in lacks is no difference")
    }

    func testShapesIgnoreSpellingButNotSignature() {
        let apple =
            "@preconcurrency public func fetch(withRecordIDs recordIDs: [CloudKit.CKRecord.ID], desiredKeys: [CloudKit.CKRecord.FieldKey]? = nil, completionHandler: @escaping @Sendable (Swift.Result<[CloudKit.CKRecord.ID : Swift.Result<CloudKit.CKRecord, any Swift.Error>], any Swift.Error>) -> Swift.Void)"
        let standIn =
            "func fetch(withRecordIDs recordIDs: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil, completionHandler: @escaping @Sendable (Result<[CKRecord.ID: Result<CKRecord, any Error>], any Error>) -> Void)"
        XCTAssertEqual(DeclarationShape(apple), DeclarationShape(standIn))
        XCTAssertEqual(DeclarationShape("public let zoneID: CKRecordZone.ID"), DeclarationShape("var zoneID: CKRecordZone.ID { get }"))
        XCTAssertEqual(
            DeclarationShape("init?(p: Int, provider: @Sendable (Int) async -> (CKRecord?)) async"),
            DeclarationShape("init?(p: Int, provider: @Sendable (Int) async -> CKRecord?) async"))
        XCTAssertEqual(DeclarationShape("var block: ((_ recordID: CKRecord.ID) -> Void)?"), DeclarationShape("var block: ((CKRecord.ID) -> Void)?"))
        XCTAssertNotEqual(DeclarationShape("func save(_ record: CKRecord)"), DeclarationShape("func save(record: CKRecord)"))
        XCTAssertNotEqual(DeclarationShape("@discardableResult func f() -> Int"), DeclarationShape("func f() -> Int"))
        XCTAssertNotEqual(DeclarationShape("func f(_ x: Int?)"), DeclarationShape("func f(_ x: Int)"))
        XCTAssertNotEqual(DeclarationShape("func f(x: Int = 1)"), DeclarationShape("func f(x: Int)"))
    }

    func testStandardTypeNamesFromUSRs() {
        XCTAssertEqual(StandInSymbols.standardTypeName("s:Si"), "Int")
        XCTAssertEqual(StandInSymbols.standardTypeName("s:s5Int64V"), "Int64")
        XCTAssertEqual(StandInSymbols.standardTypeName("s:20FoundationEssentials4DateV"), "Date")
        XCTAssertEqual(StandInSymbols.standardTypeName("s:10Foundation4DataV"), "Data")
        XCTAssertNil(StandInSymbols.standardTypeName("c:objc(cs)NSObject"))
    }

    private func manifest(_ lines: String) throws -> Manifest {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try Data(lines.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Manifest(contentsOf: url)
    }
}
