import CloudDoubleTestSupport
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import XCTest

@testable import CloudDoubleRuntime

/// Record → replay round trips on the stand-in: what an app saw while a cassette recorded the
/// in-memory CloudKit is what it sees when the same cassette answers a mock with no backing.
final class CassetteTests: FailureCapturingTestCase {
    private lazy var folder = temporaryFolder()

    private func file(_ name: String) -> URL { folder.appendingPathComponent(name + ".jsonl") }

    /// A container on the in-memory CloudKit for recording, or a bare mock for playback.
    private func container(_ log: CallLog, backed: Bool) -> MockCloudContainer {
        backed ? InMemoryCloudKit().mockContainer(log: log, delivery: .immediate) : MockCloudContainer(log: log, delivery: .immediate)
    }

    /// Runs `scenario` once recording (on the in-memory CloudKit), once playing back (no
    /// backing, nothing stubbed), and returns both observations and the cassette.
    private func roundTrip<T>(
        _ name: String, matching: CassetteMatching = .inOrder, prepare: (MockCloudDatabase) -> Void = { _ in },
        _ scenario: (any CloudContainer) async throws -> T
    ) async throws -> (recorded: T, replayed: T, cassette: [CassetteInteraction]) {
        let recordingLog = CallLog()
        let recordingContainer = container(recordingLog, backed: true)
        prepare(recordingContainer.privateCloudDatabase as! MockCloudDatabase)
        recordingLog.removeAll()  // set-up, not the app's calls
        let recorder = try Cassette(file: file(name), mode: .record, matching: matching, codecs: .cloudKit)
        recorder.attach(to: recordingLog)
        let recorded = try await scenario(recordingContainer)
        try recorder.finish()

        let playingLog = CallLog()
        let player = try Cassette(file: file(name), mode: .playback, matching: matching, codecs: .cloudKit)
        player.attach(to: playingLog)
        let replayed = try await scenario(container(playingLog, backed: false))
        try player.finish()
        XCTAssertEqual(playingLog.calls, recordingLog.calls)
        return (recorded, replayed, player.interactions)
    }

    struct Seen: Equatable {
        var title: String?
        var changeTag: String?
        var missingCode: Int?
        var items: [String]
        var status: Int
    }

    /// Calls, a per-item result with an item failure, and an error.
    func testCallsPerItemResultsAndErrorsRoundTrip() async throws {
        let (recorded, replayed, cassette) = try await roundTrip("calls") { container -> Seen in
            let database = container.privateCloudDatabase
            let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note-1"))
            note["title"] = "Groceries"
            note["count"] = 3
            let saved = try await database.save(note)
            let fetched = try await database.record(for: note.recordID)
            var missingCode: Int?
            do {
                _ = try await database.record(for: CKRecord.ID(recordName: "gone"))
            } catch let error as CKError {
                missingCode = error.code.rawValue
            }
            let items = try await database.records(for: [note.recordID, CKRecord.ID(recordName: "gone")], desiredKeys: nil)
            let described = items.sorted { $0.key.recordName < $1.key.recordName }.map { id, result in
                switch result {
                case .success(let record): return "\(id.recordName): \(record["title"] as? String ?? "-") \(record["count"] as? Int ?? -1)"
                case .failure(let error): return "\(id.recordName): error \((error as NSError).code)"
                }
            }
            let status = try await container.accountStatus()
            XCTAssertEqual(saved.recordChangeTag, fetched.recordChangeTag)
            return Seen(
                title: fetched["title"] as? String, changeTag: fetched.recordChangeTag, missingCode: missingCode, items: described,
                status: status.rawValue)
        }
        XCTAssertEqual(replayed, recorded)
        XCTAssertNotNil(recorded.changeTag, "the in-memory store answered the recording")
        XCTAssertEqual(recorded.missingCode, CKError.Code.unknownItem.rawValue)
        XCTAssertEqual(recorded.items, ["gone: error \(CKError.Code.unknownItem.rawValue)", "note-1: Groceries 3"])
        XCTAssertEqual(cassette.map(\.call), ["saveRecord", "fetchRecord", "fetchRecord", "fetchRecords", "accountStatus"])
    }

    /// A stubbed error is recorded with its domain, code and user info (retry-after included)
    /// and comes back as a `CKError`.
    func testErrorsRoundTripWithRetryAfter() async throws {
        let busy = ErrorModel.cloudKit.error(CKError.Code.zoneBusy.rawValue, retryAfter: 7.5)
        let (recorded, replayed, cassette) = try await roundTrip("errors", prepare: { $0.stub(.saveRecord, .error(busy)) }) { container -> [String] in
            do {
                _ = try await container.privateCloudDatabase.save(CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "n")))
                return ["saved"]
            } catch let error as CKError {
                return [error.errorCode.description, "\(error.retryAfterSeconds ?? -1)", error.localizedDescription, (error as NSError).domain]
            }
        }
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(recorded[0], "\(CKError.Code.zoneBusy.rawValue)")
        XCTAssertEqual(recorded[1], "7.5")
        guard case .error(let error) = cassette.first?.outcome else { return XCTFail("no error on the cassette") }
        XCTAssertEqual(error["domain"], .string(CKErrorDomain))
        XCTAssertEqual(error["userInfo"]?[ErrorModel.cloudKit.retryAfterKey!], .object(["Double": .double(7.5)]))
    }

    /// `modifyRecords`: a tuple of two per-item maps, one with a failed item.
    func testModifyRecordsWithAnItemFailureRoundTrips() async throws {
        let (recorded, replayed, _) = try await roundTrip("modify") { container -> [String] in
            let database = container.privateCloudDatabase
            let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a"))
            note["title"] = "A"
            let results = try await database.modifyRecords(
                saving: [note], deleting: [CKRecord.ID(recordName: "never-saved")], savePolicy: .ifServerRecordUnchanged, atomically: false)
            return results.saveResults.map { "save \($0.key.recordName) \((try? $0.value.get())?["title"] as? String ?? "failed")" }
                + results.deleteResults.map { "delete \($0.key.recordName) \((try? $0.value.get()) == nil ? "failed" : "ok")" }
        }
        XCTAssertEqual(replayed.sorted(), recorded.sorted())
        XCTAssertEqual(recorded.first, "save a A")
    }

    /// The change fetches: their mirrors, token and `moreComing` are written and read back.
    func testChangeFetchesRoundTrip() async throws {
        let zone = CKRecordZone.ID(zoneName: "Notes")
        let (recorded, replayed, _) = try await roundTrip(
            "changes",
            prepare: { database in
                let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "a", zoneID: zone))
                note["title"] = "A"
                let done = Locked(false)
                database.save(CKRecordZone(zoneID: zone)) { _, _ in
                    database.save(note) { _, _ in done.withLock { $0 = true } }
                }
                XCTAssertTrue(done.snapshot)
            }
        ) { container -> [String] in
            let database = container.privateCloudDatabase
            let changes = try await database.recordZoneChanges(inZoneWith: zone, since: nil)
            let zones = try await database.databaseChanges(since: nil)
            return changes.modificationResultsByID.map { "\($0.key.recordName) \((try? $0.value.get().record["title"] as? String) ?? "failed")" }
                + changes.deletions.map { "deleted \($0.recordID.recordName)" } + ["more \(changes.moreComing)"]
                + zones.modifications.map { "zone \($0.zoneID.zoneName)" } + ["zones more \(zones.moreComing)"]
        }
        XCTAssertEqual(recorded, ["a A", "more false", "zone Notes", "zones more false"])
        XCTAssertEqual(replayed, recorded)
    }

    /// Operations: what the blocks received, item failures included, in the SDK's order.
    func testOperationsWithItemFailuresRoundTrip() async throws {
        let (recorded, replayed, cassette) = try await roundTrip("operations") { container -> [String] in
            let database = container.privateCloudDatabase
            let trace = Trace()
            let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "op-1"))
            note["title"] = "By operation"
            let modify = CKModifyRecordsOperation(recordsToSave: [note], recordIDsToDelete: [CKRecord.ID(recordName: "op-missing")])
            modify.perRecordSaveBlock = { id, result in
                trace.add("saved \(id.recordName) \((try? result.get())?["title"] as? String ?? describe(result))")
            }
            modify.perRecordDeleteBlock = { id, result in trace.add("deleted \(id.recordName) \(describe(result))") }
            modify.modifyRecordsResultBlock = { result in trace.add("modify final \(describe(result))") }
            let fetch = CKFetchRecordsOperation(recordIDs: [note.recordID, CKRecord.ID(recordName: "op-gone")])
            fetch.perRecordResultBlock = { id, result in
                trace.add("fetched \(id.recordName) \((try? result.get())?["title"] as? String ?? describe(result))")
            }
            fetch.fetchRecordsResultBlock = { result in trace.add("fetch final \(describe(result))") }
            for operation in [modify, fetch] as [CKDatabaseOperation] {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    operation.completionBlock = { done.resume() }
                    database.add(operation)
                }
            }
            return trace.lines
        }
        XCTAssertEqual(replayed, recorded)
        XCTAssertTrue(recorded.contains("saved op-1 By operation"), "\(recorded)")
        XCTAssertTrue(recorded.contains("fetched op-1 By operation"), "\(recorded)")
        XCTAssertTrue(recorded.contains("fetched op-gone unknownItem"), "\(recorded)")
        XCTAssertEqual(cassette.map(\.call), ["addOperation", "modifyRecordsOperation", "addOperation", "fetchRecordsOperation"])
    }

    /// An asset field is written by content (SHA-256, size, bytes) and comes back as a file with
    /// the same bytes.
    func testAssetsRoundTripByContentHash() async throws {
        let contents = Data(String(repeating: "note ", count: 200).utf8)
        let source = folder.appendingPathComponent("attachment.txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents.write(to: source)
        let (recorded, replayed, cassette) = try await roundTrip("assets") { container -> Data? in
            let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "with-asset"))
            note["attachment"] = CKAsset(fileURL: source)
            _ = try await container.privateCloudDatabase.save(note)
            let fetched = try await container.privateCloudDatabase.record(for: note.recordID)
            return (fetched["attachment"] as? CKAsset)?.fileURL.flatMap { FileManager.default.contents(atPath: $0.path) }
        }
        XCTAssertEqual(recorded, contents)
        XCTAssertEqual(replayed, contents)
        guard case .value(let value) = cassette.last?.outcome else { return XCTFail("no fetched record") }
        XCTAssertEqual(
            value["fields"]?["attachment"]?["CKAsset"]?["sha256"], .string("d52891fcc0d475789b543eda521570295f4871874fe591c02a45d3a5fb3e65f5"))
    }

    /// A record's archive carries its asset as a `CKAsset` (PortableArchive), with the recording
    /// machine's file URL. Where that file is gone (another machine), the line's bytes answer,
    /// and the record still has its system fields from the archive.
    func testAnAssetInARecordArchiveReadsWhereItsFileIsGone() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("picture.bin")
        try Data("picture".utf8).write(to: source)
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "with-asset"))
        record["picture"] = CKAsset(fileURL: source)
        let codecs = CassetteCodecs.cloudKit
        let line = try codecs.encode(record)

        let here = try codecs.decode(CKRecord.self, from: line)
        XCTAssertEqual((here["picture"] as? CKAsset)?.fileURL?.standardizedFileURL, source.standardizedFileURL, "the archive's asset")
        try FileManager.default.removeItem(at: source)
        let elsewhere = try codecs.decode(CKRecord.self, from: line)
        let asset = try XCTUnwrap(elsewhere["picture"] as? CKAsset)
        XCTAssertEqual(asset.fileURL.flatMap { FileManager.default.contents(atPath: $0.path) }, Data("picture".utf8), "the line's bytes")
        XCTAssertTrue(elsewhere.changedKeys().contains("picture"))
    }

    /// The sharing mirrors are written by their members and read back with them.
    func testShareMetadataAndUserIdentityMirrorsRoundTrip() throws {
        let codecs = CassetteCodecs.cloudKit
        var name = PersonNameComponents()
        name.givenName = "Bob"
        name.familyName = "Smith"
        let identity = CloudUserIdentity(userRecordID: CKRecord.ID(recordName: "_bob"), nameComponents: name, hasiCloudAccount: true)
        let identityBack = try codecs.decode(CloudUserIdentity.self, from: try codecs.encode(identity))
        XCTAssertEqual(identityBack.userRecordID, identity.userRecordID)
        XCTAssertEqual(identityBack.nameComponents, name)
        XCTAssertTrue(identityBack.hasiCloudAccount)

        let rootID = CKRecord.ID(recordName: "list", zoneID: CKRecordZone.ID(zoneName: "Notes", ownerName: "_alice"))
        let share = CKShare(rootRecord: CKRecord(recordType: "Note", recordID: rootID))
        let metadata = CloudShareMetadata(
            containerIdentifier: "iCloud.com.example.notes", share: share, hierarchicalRootRecordID: rootID, participantRole: .privateUser,
            participantStatus: .pending, participantPermission: .readWrite, ownerIdentity: identity, rootRecord: nil)
        let back = try codecs.decode(CloudShareMetadata.self, from: try codecs.encode(metadata))
        XCTAssertEqual(back.containerIdentifier, "iCloud.com.example.notes")
        XCTAssertEqual(back.share.recordID, share.recordID)
        XCTAssertEqual(back.hierarchicalRootRecordID, rootID)
        XCTAssertEqual(back.participantRole, .privateUser)
        XCTAssertEqual(back.participantStatus, .pending)
        XCTAssertEqual(back.participantPermission, .readWrite)
        XCTAssertNil(back.rootRecord)
        XCTAssertEqual(back.ownerIdentity.userRecordID, identity.userRecordID, "the owner is written as a user identity")
        XCTAssertEqual(back.ownerIdentity.nameComponents, name)
        XCTAssertTrue(codecs.supports([URL: Result<CloudShareMetadata, any Error>].self))

        // `accept(_:)` of several answers keyed by the metadata: the key is written by its members
        // (and reads back a new share object, so equal to no mirror the app holds).
        XCTAssertTrue(codecs.supports([CloudShareMetadata: Result<CKShare, any Error>].self))
        let answered: [CloudShareMetadata: Result<CKShare, any Error>] = [metadata: .success(share)]
        let answeredBack = try codecs.decode([CloudShareMetadata: Result<CKShare, any Error>].self, from: try codecs.encode(answered))
        let (key, value) = try XCTUnwrap(answeredBack.first)
        XCTAssertEqual(key.share.recordID, share.recordID, "the key reads back with its members")
        XCTAssertEqual(try value.get().recordID, share.recordID)
    }

    /// A share is written as a record, and reads back as a share where a record is expected.
    func testAShareIsWrittenAsARecord() throws {
        let root = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "shared-note"))
        let share = CKShare(rootRecord: root)
        share["label"] = "Shopping"
        share.publicPermission = .readOnly
        let codecs = CassetteCodecs.cloudKit
        let json = try codecs.encode(share as CKRecord)
        XCTAssertEqual(json["recordType"], .string("cloudkit.share"))
        let asRecord = try codecs.decode(CKRecord.self, from: json)
        let asShare = try codecs.decode(CKShare.self, from: json)
        XCTAssertTrue(asRecord is CKShare)
        XCTAssertEqual(asShare["label"] as? String, "Shopping")
        XCTAssertEqual(asShare.publicPermission, .readOnly, "from the archive")
        XCTAssertEqual(asShare.recordID, share.recordID)
        // The sharing calls' results (archived: none of them has a public initialiser).
        for type in [CKShare.Participant.self, CKShare.Metadata.self, CKUserIdentity.self] as [Any.Type] {
            XCTAssertTrue(codecs.supports(type), "\(type)")
        }
        XCTAssertTrue(codecs.supports([URL: Result<CKShare.Metadata, any Error>].self))
    }

    /// A record whose archive cannot be read (written on the other platform) comes back from
    /// its readable part: type, ID and fields.
    func testARecordWithAnUnreadableArchiveComesBackFromItsFields() throws {
        let line = try CassetteJSON.parse(
            """
            {"fields":{"title":{"String":"Kept"}},"recordID":{"ownerName":"__defaultOwner__","recordName":"x","zoneName":"_defaultZone"},\
            "recordType":"Note","secureCodingArchive":"\(Data("not an archive".utf8).base64EncodedString())"}
            """)
        let record = try CassetteCodecs.cloudKit.decode(CKRecord.self, from: line)
        XCTAssertEqual(record.recordID.recordName, "x")
        XCTAssertEqual(record["title"] as? String, "Kept")
        XCTAssertNil(record.recordChangeTag)
    }

    /// A partial failure keeps its per-item errors, and a conflict its server record.
    func testPartialFailuresAndConflictsRoundTrip() throws {
        let codecs = CassetteCodecs.cloudKit
        let model = ErrorModel.cloudKit
        let id = CKRecord.ID(recordName: "item")
        let partial = model.partialFailure([id: model.error(CKError.Code.unknownItem.rawValue)])
        let decodedPartial = try XCTUnwrap(try codecs.decodeError(codecs.encodeError(partial)) as? CKError)
        XCTAssertEqual(decodedPartial.code, .partialFailure)
        XCTAssertEqual((decodedPartial.partialErrorsByItemID?[id] as? CKError)?.code, .unknownItem)

        let server = CKRecord(recordType: "Note", recordID: id)
        server["title"] = "Theirs"
        let conflict = model.error(CKError.Code.serverRecordChanged.rawValue, conflict: ErrorModel.Conflict(server: server))
        let decodedConflict = try XCTUnwrap(try codecs.decodeError(codecs.encodeError(conflict)) as? CKError)
        XCTAssertEqual(decodedConflict.serverRecord?["title"] as? String, "Theirs")
    }

    func testContentHashIsSHA256() {
        XCTAssertEqual(ContentHash.sha256(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(ContentHash.sha256(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// In-order playback names the expected and the actual call when they differ.
    func testInOrderPlaybackNamesBothCallsOnAMismatch() async throws {
        let cassetteFile = file("mismatch")
        try write(cassetteFile, [fetchLine("note-1", title: "Shopping")])
        let log = CallLog()
        let player = try Cassette(file: cassetteFile, mode: .playback, codecs: .cloudKit)
        player.attach(to: log)
        let database = container(log, backed: false).privateCloudDatabase
        let failures = await expectFailures {
            do {
                _ = try await database.record(for: CKRecord.ID(recordName: "note-2"))
                XCTFail("answered a call the cassette does not have")
            } catch {
                XCTAssertTrue(error is CassetteMismatchError)
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures[0].contains(
                "CloudDouble: cassette mismatch.jsonl: call #1: the arguments differ at recordName: the cassette has \"note-1\", the app passed \"note-2\"; expected call #1"
            ),
            failures[0])
        XCTAssertTrue(
            failures[0].contains("expected call #1 Database.fetchRecord {\"ownerName\":\"__defaultOwner__\",\"recordName\":\"note-1\""), failures[0])
        XCTAssertTrue(
            failures[0].contains("actual call Database.fetchRecord {\"ownerName\":\"__defaultOwner__\",\"recordName\":\"note-2\""), failures[0])
        XCTAssertThrowsError(try player.finish()) { error in
            XCTAssertTrue("\(error)".contains("1 call(s) on the cassette mismatch.jsonl were never made"), "\(error)")
        }
    }

    /// The difference is named when the cassette holds another call, and, matching by
    /// arguments, from the first unplayed call of the same type and id; a nested argument by its path.
    func testMismatchesNameTheFirstDifference() async throws {
        let cassetteFile = file("differences")
        try write(cassetteFile, [fetchLine("note-1", title: "Shopping")])
        for matching in [CassetteMatching.inOrder, .byArguments] {
            let log = CallLog()
            let player = try Cassette(file: cassetteFile, mode: .playback, matching: matching, codecs: .cloudKit)
            player.attach(to: log)
            let database = container(log, backed: false).privateCloudDatabase
            let failures = await expectFailures {
                _ = try? await database.record(for: CKRecord.ID(recordName: "note-1", zoneID: CKRecordZone.ID(zoneName: "Notes")))
                _ = try? await database.save(CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note-1")))
            }
            XCTAssertEqual(failures.count, 2)
            guard failures.count == 2 else { continue }
            let lead = matching == .inOrder ? "call #1" : "closest call #1"
            XCTAssertTrue(
                failures[0].contains("\(lead): the arguments differ at zoneName: the cassette has \"_defaultZone\", the app passed \"Notes\";"),
                failures[0])
            if matching == .inOrder {
                XCTAssertTrue(
                    failures[1].contains("call #1: the cassette has Database.fetchRecord, the app called Database.saveRecord;"), failures[1])
            } else {
                XCTAssertTrue(failures[1].contains("no unplayed call of Database.saveRecord is on the cassette"), failures[1])
            }
        }
        let nested = CassetteDifference(
            expected: CassetteInteraction(
                type: "T", call: "c", form: "async", arguments: try .parse(#"{"records":[{"title":"a"},{"title":"b"}]}"#), outcome: .value(.null)),
            actual: CassetteInteraction(
                type: "T", call: "c", form: "async", arguments: try .parse(#"{"records":[{"title":"a"}]}"#), outcome: .value(.null)))
        XCTAssertEqual(nested?.description, #"the arguments differ at records[1]: the cassette has {"title":"b"}, the app passed nothing"#)
    }

    /// A call the mocks do not have is refused when the cassette opens, with its file and line;
    /// a type the codecs know no calls of is not checked.
    func testAnUnknownCallIsReportedWhenTheCassetteOpens() throws {
        let cassetteFile = file("unknown")
        let misspelt = fetchLine("note-1", title: "Shopping").replacingOccurrences(of: "\"fetchRecord\"", with: "\"fetchRecrod\"")
        try write(cassetteFile, [fetchLine("note-1", title: "Shopping"), misspelt])
        XCTAssertThrowsError(try Cassette(file: cassetteFile, mode: .playback, codecs: .cloudKit)) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix("\(cassetteFile.path):3:1: error: unknown call Database.fetchRecrod: Database has no call 'fetchRecrod'"),
                "\(error)")
        }
        let otherType = fetchLine("note-1", title: "Shopping").replacingOccurrences(of: "\"Database\"", with: "\"Ledger\"")
        try write(cassetteFile, [otherType])
        XCTAssertNoThrow(try Cassette(file: cassetteFile, mode: .playback, codecs: .cloudKit))
    }

    /// The calls CloudKit's codecs know are the generated call keys' ids, type by type.
    func testTheKnownCallsAreTheGeneratedCallKeys() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CloudKitDoubles")
        var generated: [String: Set<String>] = [:]
        for name in ["CloudKit.Protocols.swift", "KeyValueStore.Protocols.swift"] {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            var type: String?
            for line in text.split(separator: "\n") {
                if let range = line.range(of: "public static var typeName_: Swift.String { \"") {
                    type = String(line[range.upperBound...].prefix { $0 != "\"" })
                } else if let type, line.contains(": Self { Self(\""), let start = line.range(of: "Self(\"") {
                    generated[type, default: []].insert(String(line[start.upperBound...].prefix { $0 != "\"" }))
                }
            }
        }
        XCTAssertEqual(Set(generated.keys), ["Container", "Database", "KeyValueStore"])
        XCTAssertEqual(CassetteCodecs.cloudKit.calls, generated)
    }

    /// A cassette with no calls cannot answer anything: playback says so when it opens.
    func testAnEmptyCassetteIsReportedWhenItOpens() throws {
        let cassetteFile = file("empty")
        try write(cassetteFile, [])
        XCTAssertThrowsError(try Cassette(file: cassetteFile, mode: .playback, codecs: .cloudKit)) { error in
            XCTAssertTrue("\(error)".contains("the cassette \(cassetteFile.path) has no calls"), "\(error)")
        }
        XCTAssertNoThrow(try Cassette(file: cassetteFile, mode: .record, codecs: .cloudKit))
    }

    /// Matching by arguments answers calls in any order; in order the same calls fail.
    func testMatchingByArgumentsAnswersOutOfOrder() async throws {
        let cassetteFile = file("any-order")
        try write(cassetteFile, [fetchLine("a", title: "First"), fetchLine("b", title: "Second")])
        let log = CallLog()
        let player = try Cassette(file: cassetteFile, mode: .playback, matching: .byArguments, codecs: .cloudKit)
        player.attach(to: log)
        let database = container(log, backed: false).privateCloudDatabase
        let second = try await database.record(for: CKRecord.ID(recordName: "b"))
        let first = try await database.record(for: CKRecord.ID(recordName: "a"))
        XCTAssertEqual([first["title"] as? String, second["title"] as? String], ["First", "Second"])
        try player.finish()
    }

    /// Stubs win over the cassette in playback.
    func testStubsWinOverTheCassette() async throws {
        let cassetteFile = file("stubbed")
        try write(cassetteFile, [fetchLine("note-1", title: "Shopping")])
        let log = CallLog()
        let player = try Cassette(file: cassetteFile, mode: .playback, codecs: .cloudKit)
        player.attach(to: log)
        let mock = container(log, backed: false)
        mock.stub(.accountStatus, .value(.noAccount))
        let status = try await mock.accountStatus()
        XCTAssertEqual(status, .noAccount)
        _ = try await mock.privateCloudDatabase.record(for: CKRecord.ID(recordName: "note-1"))
        try player.finish()
    }

    /// The rewrite hook runs before anything is written.
    func testRewriteRedactsBeforeWriting() async throws {
        let log = CallLog()
        let recording = container(log, backed: true)
        let cassetteFile = file("redacted")
        let recorder = try Cassette(file: cassetteFile, mode: .record, codecs: .cloudKit) { interaction in
            interaction.arguments = .string("[redacted]")
        }
        recorder.attach(to: log)
        _ = try? await recording.privateCloudDatabase.record(for: CKRecord.ID(recordName: "secret-name"))
        try recorder.finish()
        let text = try String(contentsOf: cassetteFile, encoding: .utf8)
        XCTAssertFalse(text.contains("secret-name"))
        XCTAssertTrue(text.contains("\"arguments\":\"[redacted]\""), text)
    }

    /// Live mode neither writes nor answers: the backing does.
    func testLiveModeIgnoresTheCassette() async throws {
        let log = CallLog()
        let live = try Cassette(file: file("live"), mode: .live, codecs: .cloudKit)
        live.attach(to: log)
        let status = try await container(log, backed: true).accountStatus()
        XCTAssertEqual(status, .available)
        try live.finish()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("live").path))
        XCTAssertTrue(live.interactions.isEmpty)
    }

    /// A line that is not an interaction is reported with its file and line when the cassette opens.
    func testAnUnreadableLineIsReportedWithItsLocation() throws {
        let cassetteFile = file("broken")
        try write(cassetteFile, [fetchLine("a", title: "A"), "{\"call\": \"fetchRecord\""])
        XCTAssertThrowsError(try Cassette(file: cassetteFile, mode: .playback, codecs: .cloudKit)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(cassetteFile.path):3:1: error: not a cassette interaction"), "\(error)")
        }
        XCTAssertThrowsError(try Cassette(file: file("absent"), mode: .playback, codecs: .cloudKit)) { error in
            XCTAssertTrue("\(error)".contains("no cassette at"), "\(error)")
        }
    }

    /// `CLOUDDOUBLE_CASSETTE` names the mode; anything else falls back to the default.
    func testTheModeComesFromTheEnvironment() {
        let name = CassetteMode.environmentVariable
        let previous = ProcessInfo.processInfo.environment[name]
        defer {
            if let previous { setenv(name, previous, 1) } else { unsetenv(name) }
        }
        setenv(name, "record", 1)
        XCTAssertEqual(CassetteMode.fromEnvironment(), .record)
        setenv(name, "LIVE", 1)
        XCTAssertEqual(CassetteMode.fromEnvironment(), .live)
        unsetenv(name)
        XCTAssertEqual(CassetteMode.fromEnvironment(default: .live), .live)
        XCTAssertEqual(CassetteMode.fromEnvironment(), .playback)
    }

    // MARK: Hand-written lines

    private func fetchLine(_ name: String, title: String) -> String {
        "{\"arguments\":{\"ownerName\":\"__defaultOwner__\",\"recordName\":\"\(name)\",\"zoneName\":\"_defaultZone\"},\"call\":\"fetchRecord\","
            + "\"form\":\"async\",\"type\":\"Database\",\"value\":{\"fields\":{\"title\":{\"String\":\"\(title)\"}},\"recordID\":"
            + "{\"ownerName\":\"__defaultOwner__\",\"recordName\":\"\(name)\",\"zoneName\":\"_defaultZone\"},\"recordType\":\"Note\"}}"
    }

    private func write(_ file: URL, _ lines: [String]) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((["# written by hand"] + lines).joined(separator: "\n").utf8).write(to: file)
    }
}

/// The cassette on a fault wrapper: what the wrapped object's `async` calls answered (on Apple
/// platforms, the live adapter's real traffic) with the faults the app saw, replayed without
/// calling the wrapped object.
final class CassetteWrapperTests: XCTestCase {
    func testAWrapperRecordsWhatTheAppSawAndReplaysWithoutTheWrappedObject() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("CassetteWrapperTests-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let plan = FaultPlan([FaultRule.fail(.named("saveRecord", type: "Database", form: .async), on: .nth(1), with: "zoneBusy", retryAfter: 4)])
        func app(_ database: any CloudDatabase) async throws -> [String] {
            let note = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "w"))
            note["title"] = "Wrapped"
            var seen: [String] = []
            do {
                _ = try await database.save(note)
            } catch let error as CKError {
                seen.append("\(error.code.rawValue) after \(error.retryAfterSeconds ?? -1)")
            }
            let saved = try await database.save(note)
            let items = try await database.records(for: [note.recordID, CKRecord.ID(recordName: "none")], desiredKeys: nil)
            seen.append("\(saved["title"] as? String ?? "-") \(saved.recordChangeTag != nil)")
            seen.append(items.keys.map(\.recordName).sorted().joined(separator: ","))
            seen.append("\((try? items[CKRecord.ID(recordName: "none")]?.get()) == nil)")
            return seen
        }

        let recorder = try Cassette(file: file, mode: .record, codecs: .cloudKit)
        let recording = FaultInjectingCloudDatabase(
            wrapping: InMemoryCloudKit().mockDatabase(delivery: .immediate),
            faults: FaultInjector(plan: plan, errorModel: .cloudKit, cassette: recorder))
        let recorded = try await app(recording)
        try recorder.finish()

        let player = try Cassette(file: file, mode: .playback, codecs: .cloudKit)
        let nothingBehind = MockCloudDatabase(delivery: .immediate)  // unstubbed: any call fails the test
        let replaying = FaultInjectingCloudDatabase(wrapping: nothingBehind, faults: FaultInjector(errorModel: .cloudKit, cassette: player))
        let replayed = try await app(replaying)
        try player.finish()

        XCTAssertEqual(recorded, ["\(CKError.Code.zoneBusy.rawValue) after 4.0", "Wrapped true", "none,w", "true"])
        XCTAssertEqual(replayed, recorded)
        XCTAssertEqual(nothingBehind.log.count, 0, "playback never reached the wrapped object")
        XCTAssertEqual(player.interactions.map(\.call), ["saveRecord", "saveRecord", "fetchRecords"])
    }
}
