import CloudDoubleRuntime
import CloudKit
import Foundation

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension CassetteCodecs {
    /// The mirrors the sharing calls return, by their members: `CloudUserIdentity` (identity
    /// discovery, and a metadata's `ownerIdentity`) and `CloudShareMetadata` (`shareMetadata(for:)`,
    /// taken back by `accept(_:)`).
    /// A replayed metadata keeps no SDK value: replay answers from a mock, which needs none.
    static func registerSharingMirrors(in codecs: inout CassetteCodecs) {
        codecs.register(
            CloudUserIdentity.self, name: "UserIdentity",
            encode: { identity, codecs in
                var object: [String: CassetteJSON] = ["hasiCloudAccount": .bool(identity.hasiCloudAccount)]
                if let id = identity.userRecordID { object["userRecordID"] = try codecs.encode(id) }
                if let name = identity.nameComponents { object["nameComponents"] = .object(nameParts(name).mapValues { .string($0) }) }
                return .object(object)
            },
            decode: { json, codecs in
                guard case .bool(let hasAccount)? = json["hasiCloudAccount"] else { throw CassetteError.unreadable("a user identity", json) }
                return CloudUserIdentity(
                    userRecordID: try json["userRecordID"].map { try codecs.decode(CKRecord.ID.self, from: $0) },
                    nameComponents: json["nameComponents"]?.objectValue.map { nameComponents($0.compactMapValues(\.stringValue)) },
                    hasiCloudAccount: hasAccount)
            })
        codecs.register(
            CloudShareMetadata.self, name: "ShareMetadata",
            encode: { metadata, codecs in
                var object: [String: CassetteJSON] = [
                    "containerIdentifier": .string(metadata.containerIdentifier), "share": try codecs.encode(metadata.share),
                    "participantRole": .int(metadata.participantRole.rawValue), "participantStatus": .int(metadata.participantStatus.rawValue),
                    "participantPermission": .int(metadata.participantPermission.rawValue),
                    "ownerIdentity": try codecs.encode(metadata.ownerIdentity),
                ]
                if let id = metadata.hierarchicalRootRecordID { object["hierarchicalRootRecordID"] = try codecs.encode(id) }
                if let root = metadata.rootRecord { object["rootRecord"] = try codecs.encode(root) }
                return .object(object)
            },
            decode: { json, codecs in
                guard let container = json["containerIdentifier"]?.stringValue, let owner = json["ownerIdentity"] else {
                    throw CassetteError.unreadable("share metadata", json)
                }
                return CloudShareMetadata(
                    containerIdentifier: container, share: try codecs.decode(CKShare.self, from: json["share"] ?? .null),
                    hierarchicalRootRecordID: try json["hierarchicalRootRecordID"].map { try codecs.decode(CKRecord.ID.self, from: $0) },
                    participantRole: CKShare.ParticipantRole(rawValue: json["participantRole"]?.intValue ?? 0) ?? .unknown,
                    participantStatus: CKShare.ParticipantAcceptanceStatus(rawValue: json["participantStatus"]?.intValue ?? 0) ?? .unknown,
                    participantPermission: CKShare.ParticipantPermission(rawValue: json["participantPermission"]?.intValue ?? 0) ?? .unknown,
                    ownerIdentity: try codecs.decode(CloudUserIdentity.self, from: owner),
                    rootRecord: try json["rootRecord"].map { try codecs.decode(CKRecord.self, from: $0) })
            },
            describe: { metadata, codecs in
                // As an argument (`accept(_:)`), matched by the share it names, as Apple's metadata is.
                .object(["share": try codecs.encode(metadata.share.recordID)])
            })
    }

    /// The parts of a name a cassette writes, by `PersonNameComponents`' property names.
    private static func nameParts(_ name: PersonNameComponents) -> [String: String] {
        let parts: [(String, String?)] = [
            ("namePrefix", name.namePrefix), ("givenName", name.givenName), ("middleName", name.middleName),
            ("familyName", name.familyName), ("nameSuffix", name.nameSuffix), ("nickname", name.nickname),
        ]
        return Dictionary(uniqueKeysWithValues: parts.compactMap { key, value in value.map { (key, $0) } })
    }

    private static func nameComponents(_ parts: [String: String]) -> PersonNameComponents {
        var name = PersonNameComponents()
        name.namePrefix = parts["namePrefix"]
        name.givenName = parts["givenName"]
        name.middleName = parts["middleName"]
        name.familyName = parts["familyName"]
        name.nameSuffix = parts["nameSuffix"]
        name.nickname = parts["nickname"]
        return name
    }
}
