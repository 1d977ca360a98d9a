import CloudDoubleRuntime
import CloudKit
import Foundation

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension CassetteCodecs {
    /// How a cassette writes CloudKit's values (docs/Cassettes.md), on top of `standard`:
    ///
    /// - record IDs and zone IDs by name (`{"recordName": …, "zoneName": …, "ownerName": …}`),
    ///   so a test can read them and edit them;
    /// - records by their type, ID and fields (readable, editable) plus the record's whole
    ///   `NSSecureCoding` archive in base64, which carries the system fields (change tag, dates,
    ///   creator, share, parent) and the values as the SDK archives them (CKRecord.h: "When you
    ///   invoke encodeWithCoder: on a CKRecord, it encodes all its values"). Reading takes the
    ///   archive, then sets every field the line shows differently (a hand edit); a record
    ///   without an archive is made from its type, ID and fields alone;
    /// - shares as records; zones, participants, share metadata, user identities, change tokens
    ///   and query cursors as base64 keyed archives (all `NSSecureCoding` in the SDK; Apple
    ///   documents no fields for tokens and cursors);
    /// - the change mirrors `recordZoneChanges` and `databaseChanges` return, and the sharing
    ///   mirrors (share metadata, user identities), by their members;
    /// - references by record ID and action; enums by raw value; errors in `CKErrorDomain` read
    ///   back as `CKError`;
    /// - assets by content: SHA-256, size and the file's bytes in base64; read back as a file in a
    ///   temporary folder named by the hash;
    /// - the record operations (fetch, modify): what their blocks received, in order.
    ///
    /// Not written (our choice, stated in the docs): locations, and `CKQuery` results (queries
    /// are written for matching only: their record type, and on Apple platforms their predicate
    /// format).
    public static var cloudKit: CassetteCodecs {
        var codecs = CassetteCodecs.standard
        codecs.register(errorModel: .cloudKit)
        registerCalls(in: &codecs)
        codecs.register(CKRecordZone.ID.self, name: "CKRecordZone.ID", encode: { id, _ in encode(id) }, decode: { json, _ in try zoneID(json) })
        codecs.register(
            CKRecord.ID.self, name: "CKRecord.ID",
            encode: { id, _ in
                .object(["recordName": .string(id.recordName), "zoneName": .string(id.zoneID.zoneName), "ownerName": .string(id.zoneID.ownerName)])
            },
            decode: { json, _ in
                guard let name = json["recordName"]?.stringValue else { throw CassetteError.unreadable("a record ID", json) }
                return CKRecord.ID(recordName: name, zoneID: try zoneID(json))
            })
        codecs.register(
            CKRecord.Reference.self, name: "CKRecord.Reference",
            encode: { reference, codecs in
                .object(["recordID": try codecs.encode(reference.recordID), "action": .int(Int(reference.referenceAction.rawValue))])
            },
            decode: { json, codecs in
                CKRecord.Reference(
                    recordID: try codecs.decode(CKRecord.ID.self, from: json["recordID"] ?? .null),
                    action: CKRecord.ReferenceAction(rawValue: UInt(json["action"]?.intValue ?? 0)) ?? .none)
            })
        codecs.register(
            CKRecord.self, name: "CKRecord", encode: { record, codecs in try encode(record, codecs) },
            decode: { json, codecs in
                try decodeRecord(json, codecs)
            },
            describe: { record, codecs in
                // An argument is matched by what the app set, not by its archive (whose value
                // dictionaries are archived in hash order, which differs from run to run).
                try encode(record, codecs).objectValue.map { json in CassetteJSON.object(json.filter { $0.key != "secureCodingArchive" }) } ?? .null
            })
        // A share is a record (CKShare.h: `@interface CKShare : CKRecord`), written the same way,
        // so a share read where a record is expected, and the reverse, both work.
        codecs.register(
            CKShare.self, name: "CKShare", encode: { share, codecs in try encode(share, codecs) },
            decode: { json, codecs in
                guard let share = try decodeRecord(json, codecs) as? CKShare else { throw CassetteError.unreadable("a share", json) }
                return share
            })
        // As arguments, archived values are shown and matched by their identity: their archives
        // hold dictionaries archived in hash order, which changes from run to run.
        registerArchive(CKRecordZone.self, name: "CKRecordZone", in: &codecs) { zone, codecs in .object(["zoneID": try codecs.encode(zone.zoneID)]) }
        registerArchive(CKShare.Participant.self, name: "CKShare.Participant", in: &codecs)
        registerArchive(CKShare.Metadata.self, name: "CKShare.Metadata", in: &codecs) { metadata, codecs in
            .object(["share": try codecs.encode(metadata.share.recordID)])
        }
        registerArchive(CKUserIdentity.self, name: "CKUserIdentity", in: &codecs)
        registerArchive(CKServerChangeToken.self, name: "CKServerChangeToken", in: &codecs)
        registerArchive(CKQueryOperation.Cursor.self, name: "CKQueryOperation.Cursor", in: &codecs)
        // `@interface CKSubscription : NSObject <NSSecureCoding, NSCopying>` (CKSubscription.h);
        // its subclasses (query, zone, database) archive under their own class names.
        registerArchive(CKSubscription.self, name: "CKSubscription", in: &codecs) { subscription, _ in
            .object(["subscriptionID": .string(subscription.subscriptionID)])
        }
        registerResultTuples(in: &codecs)
        codecs.register(
            CKQuery.self, name: "CKQuery",
            encode: { query, _ in
                var object: [String: CassetteJSON] = ["recordType": .string(query.recordType)]
                #if canImport(Darwin)
                    // swift-corelibs-foundation has no predicate format: Linux matches queries by record type.
                    object["predicate"] = .string(query.predicate.predicateFormat)
                #endif
                return .object(object)
            }, decode: { json, _ in throw CassetteError.unreadable("no CKQuery (queries are written for matching only)", json) })
        codecs.register(CKAsset.self, name: "CKAsset", encode: { asset, _ in try encode(asset) }, decode: { json, _ in try decodeAsset(json) })
        registerOperations(in: &codecs)
        registerChanges(in: &codecs)
        registerSharingMirrors(in: &codecs)
        return codecs
    }

    private static func encode(_ id: CKRecordZone.ID) -> CassetteJSON {
        .object(["zoneName": .string(id.zoneName), "ownerName": .string(id.ownerName)])
    }

    private static func zoneID(_ json: CassetteJSON) throws -> CKRecordZone.ID {
        CKRecordZone.ID(
            zoneName: json["zoneName"]?.stringValue ?? CKRecordZone.ID.defaultZoneName,
            ownerName: json["ownerName"]?.stringValue ?? CKCurrentUserDefaultName)
    }

    /// A secure-coding class as `"<base64 keyed archive>"`.
    private static func registerArchive<T: NSObject & NSSecureCoding>(
        _ type: T.Type, name: String, in codecs: inout CassetteCodecs, describe: (@Sendable (T, CassetteCodecs) throws -> CassetteJSON)? = nil
    ) {
        codecs.register(
            type, name: name,
            encode: { value, _ in
                .string(try PortableArchive.data(value).base64EncodedString())
            },
            decode: { json, _ in
                try unarchive(type, try archive(json))
            }, describe: describe)
    }

    private static func archive(_ json: CassetteJSON) throws -> Data {
        guard let text = json.stringValue, let data = Data(base64Encoded: text) else { throw CassetteError.unreadable("a base64 archive", json) }
        return data
    }

    private static func unarchive<T: NSObject & NSSecureCoding>(_ type: T.Type, _ data: Data) throws -> T {
        guard let value = try PortableArchive.object(of: [type], from: data) as? T else {
            throw CassetteError.unreadable("an archived \(type)", .string(data.base64EncodedString()))
        }
        return value
    }

    // MARK: Assets

    /// `{"sha256": …, "size": …, "contents": base64}`: the file's contents on the line, named by
    /// their hash so that equal files are seen to be equal and a diff shows a changed one.
    private static func encode(_ asset: CKAsset) throws -> CassetteJSON {
        guard let url = asset.fileURL, let data = FileManager.default.contents(atPath: url.path) else {
            throw CassetteError.noCodec("a CKAsset whose file cannot be read")
        }
        return .object(["sha256": .string(ContentHash.sha256(data)), "size": .int(data.count), "contents": .string(data.base64EncodedString())])
    }

    /// The asset's file, written once per content into a temporary folder named by its hash. A
    /// hand-edited `contents` must come without `sha256` (or with the new one).
    private static func decodeAsset(_ json: CassetteJSON) throws -> CKAsset {
        guard let text = json["contents"]?.stringValue, let data = Data(base64Encoded: text) else {
            throw CassetteError.unreadable("an asset with base64 contents", json)
        }
        let hash = ContentHash.sha256(data)
        if let written = json["sha256"]?.stringValue, written != hash {
            throw CassetteError.unreadable("an asset whose contents have the SHA-256 \(written) (they have \(hash))", json)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CloudDoubleCassetteAssets")
        let file = folder.appendingPathComponent(hash)
        if !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        }
        return CKAsset(fileURL: file)
    }

    // MARK: Records

    private static func encode(_ record: CKRecord, _ codecs: CassetteCodecs) throws -> CassetteJSON {
        var fields: [String: CassetteJSON] = [:]
        for key in record.allKeys() { fields[key] = codecs.encodeTagged(record[key] as Any) }
        return .object([
            "recordType": .string(record.recordType),
            "recordID": try codecs.encode(record.recordID),
            "fields": .object(fields),
            "secureCodingArchive": .string(try PortableArchive.data(record).base64EncodedString()),
        ])
    }

    private static func decodeRecord(_ json: CassetteJSON, _ codecs: CassetteCodecs) throws -> CKRecord {
        let record: CKRecord
        if let archive = json["secureCodingArchive"], let archived = try? unarchiveRecord(self.archive(archive)) {
            record = archived
        } else {
            // Written by hand, or an archive this platform cannot read: the readable part,
            // without system fields.
            guard let type = json["recordType"]?.stringValue else { throw CassetteError.unreadable("a record with a recordType", json) }
            record = CKRecord(recordType: type, recordID: try codecs.decode(CKRecord.ID.self, from: json["recordID"] ?? .null))
        }
        // A field the line shows differently from the archive was edited by hand: the line wins.
        let fields = json["fields"]?.objectValue ?? [:]
        for key in Set(record.allKeys()).union(fields.keys) {
            let written = fields[key] ?? .null
            guard written != codecs.encodeTagged(record[key] as Any) else { continue }
            record[key] = try fieldValue(codecs.decodeTagged(written))
        }
        return record
    }

    private static func unarchiveRecord(_ data: Data) throws -> CKRecord {
        guard let record = try PortableArchive.object(of: [CKRecord.self, CKShare.self], from: data) as? CKRecord else {
            throw CassetteError.unreadable("an archived record", .string(data.base64EncodedString()))
        }
        return record
    }

    /// A decoded field as a record value; lists come back as `[Any]` and are typed here.
    private static func fieldValue(_ value: Any?) throws -> (any CKRecordValueProtocol)? {
        guard let value else { return nil }
        if let field = value as? any CKRecordValueProtocol { return field }
        if let list = value as? [Any] {
            if let strings = list as? [String] { return strings }
            if let ints = list as? [Int] { return ints }
            if let doubles = list as? [Double] { return doubles }
            if let dates = list as? [Date] { return dates }
            if let data = list as? [Data] { return data }
            if let references = list as? [CKRecord.Reference] { return references }
        }
        throw CassetteError.noCodec("the record field value \(type(of: value))")
    }
}
