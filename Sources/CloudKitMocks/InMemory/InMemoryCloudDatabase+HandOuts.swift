@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    /// A copy for the app carrying its change tag and server fields, with only `desiredKeys`
    /// (when given) and no changed keys, like a record fetched from the server.
    ///
    /// The archive round trip is the costly part, so a full hand-out without assets is made once
    /// per version and viewer and then copied (`copy()` keeps user and system fields: decompiled
    /// `-[CKRecord copyWithZone:]` copies both; see `cachedHandOut`).
    func handOut(
        _ entry: VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry, in state: State, desiredKeys: [CKRecord.FieldKey]? = nil
    ) -> CKRecord {
        handOuts([entry], in: state, desiredKeys: desiredKeys)[0]
    }

    /// `handOut(_:in:desiredKeys:)` for several entries, the ones not handed out before made
    /// together (`SystemFields.records`).
    func handOuts(
        _ entries: [VersionedStore<CKRecordZone.ID, CKRecord.ID, CKRecord>.Entry], in state: State, desiredKeys: [CKRecord.FieldKey]? = nil
    ) -> [CKRecord] {
        let viewer = account.userRecordName
        var handedOut = [CKRecord?](repeating: nil, count: entries.count)
        var toMake: [(index: Int, source: CKRecord, cacheKey: DatabaseStorage.HandOutKey?)] = []
        for (index, entry) in entries.enumerated() {
            let id = entry.item.recordID
            let assets = state.assets[id] ?? [:]
            let cacheKey = DatabaseStorage.HandOutKey(partition: state.partition, recordID: id, version: entry.version)
            let cacheable = desiredKeys == nil && assets.isEmpty
            if cacheable, let cached = cachedHandOut(cacheKey) {
                handedOut[index] = cached
                continue
            }
            var source = entry.item
            if desiredKeys != nil || !assets.isEmpty {
                source = entry.item.copy() as! CKRecord
                if let desiredKeys {
                    for key in source.allKeys() where !desiredKeys.contains(key) { source[key] = nil }
                    for key in source.encryptedValues.allKeys() where !desiredKeys.contains(key) { source.encryptedValues[key] = nil }
                }
                // Each hand-out gets its own staged copy of each asset.
                for (key, bytes) in assets where source[key] is CKAsset {
                    source[key] = service.assetStaging.stage(bytes).map { CKAsset(fileURL: $0) }
                }
            }
            toMake.append((index, source, cacheable ? cacheKey : nil))
        }
        let made = handOut(toMake.map { ($0.source, String(entries[$0.index].version), state.serverFields[$0.source.recordID]) })
        for (item, record) in zip(toMake, made) {
            if let cacheKey = item.cacheKey {
                storage.handOuts.withLock { $0[cacheKey] = (viewer, record.copy() as! CKRecord) }
            }
            handedOut[item.index] = record
        }
        return handedOut.map { $0! }
    }

    /// A copy of the full hand-out of a stored version made earlier for the signed-in user, if any.
    func cachedHandOut(_ key: DatabaseStorage.HandOutKey) -> CKRecord? {
        let viewer = account.userRecordName
        return storage.handOuts.withLock { $0[key] }.flatMap { $0.viewer == viewer ? $0.record.copy() as? CKRecord : nil }
    }

    /// The version of record `id` that change tag `tag` names, as it was handed out: a
    /// conflict's ancestor (CKError.h, `CKRecordChangedErrorAncestorRecordKey`). The app got
    /// that tag from a hand-out, so the hand-out is usually cached; otherwise it is made from the
    /// store's history. `nil` when the store has no such version.
    func handOut(version tag: String, of id: CKRecord.ID, in state: State) -> CKRecord? {
        guard let past = state.history[id]?[tag] else { return nil }
        if let version = Int(tag), let cached = cachedHandOut(DatabaseStorage.HandOutKey(partition: state.partition, recordID: id, version: version))
        {
            return cached
        }
        return handOut(past.record, changeTag: tag, fields: past.fields)
    }

    /// `record` with a change tag and server fields. The user who asks sees themself as
    /// `CKCurrentUserDefaultName` ("__defaultOwner__"), other users by their record names. Not in
    /// Apple's documentation: it is what CloudKit returns for the current user's own records, as
    /// public app code relies on (e.g. `creatorUserRecordID?.recordName == "__defaultOwner__"`
    /// to tell records the user created); `userRecordID()` gives the real name.
    func handOut(_ record: CKRecord, changeTag: String, fields: ServerFields?) -> CKRecord {
        handOut([(record, changeTag, fields)])[0]
    }

    /// `handOut(_:changeTag:fields:)` for several records, made from one archive.
    func handOut(_ records: [(record: CKRecord, changeTag: String, fields: ServerFields?)]) -> [CKRecord] {
        let user = account.userRecordName
        let made = service.systemFields.records(
            records.map { item in
                let asSeen = item.fields.map { fields in
                    var seen = fields
                    if seen.creatorUserRecordName == user { seen.creatorUserRecordName = CKCurrentUserDefaultName }
                    if seen.lastModifiedUserRecordName == user { seen.lastModifiedUserRecordName = CKCurrentUserDefaultName }
                    return seen
                }
                return (item.record, item.changeTag, asSeen)
            })
        return made.map { made in (made as? CKShare).map { shareAsSeen($0) } ?? made }
    }
}
