@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import Foundation

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension InMemoryCloudDatabase {
    func fetchZones(_ ids: [CKRecordZone.ID]?) -> [ItemResult<CKRecordZone.ID, CKRecordZone>] {
        if scope == .shared { return sharedFetchZones(ids) }
        return state.withLock { state in
            let ids = ids ?? state.zones.keys.sorted { $0.zoneName < $1.zoneName }
            return ids.map { id in (id, state.zones[id].map { .success(fetchedZone($0, in: state)) } ?? .failure(error(.zoneNotFound))) }
        }
    }

    /// Saves and deletes zones. The public database has only its default zone and refuses to
    /// modify any with `badDatabase` (CKError.h: "Operation could not be completed on the given
    /// database. Likely caused by attempting to modify zones in the public database"); deleting a
    /// private database's default zone is `permissionFailure` (our choice).
    func modifyZones(
        saving zones: [CKRecordZone], deleting ids: [CKRecordZone.ID]
    ) -> (saves: [ItemResult<CKRecordZone.ID, CKRecordZone>], deletes: [ItemResult<CKRecordZone.ID, Void>]) {
        if scope == .shared { return sharedModifyZones(saving: zones, deleting: ids) }
        if scope == .public { return (zones.map { ($0.zoneID, .failure(error(.badDatabase))) }, ids.map { ($0, .failure(error(.badDatabase))) }) }
        return state.withLock { state in
            let saves = zones.map { zone -> ItemResult<CKRecordZone.ID, CKRecordZone> in
                create(zone, in: &state)
                return (zone.zoneID, .success(state.zones[zone.zoneID]!.copy() as! CKRecordZone))
            }
            let deletes = ids.map { id -> ItemResult<CKRecordZone.ID, Void> in
                guard id != .default else { return (id, .failure(error(.permissionFailure))) }
                guard state.zones.removeValue(forKey: id) != nil else { return (id, .failure(error(.zoneNotFound))) }
                state.capabilities[id] = nil
                for recordID in state.records.entries(in: id).keys {
                    state.history[recordID] = nil
                    state.serverFields[recordID] = nil
                }
                state.records.deletePartition(id)
                return (id, .success(()))
            }
            return (saves, deletes)
        }
    }

    func fetchSubscriptions(_ ids: [CKSubscription.ID]?) -> [ItemResult<CKSubscription.ID, CKSubscription>] {
        state.withLock { state in
            let ids = ids ?? state.subscriptions.map(\.id)
            return ids.map { id in
                (id, state.subscriptions.first { $0.id == id }.map { .success($0.subscription) } ?? .failure(error(.unknownItem)))
            }
        }
    }

    func modifySubscriptions(
        saving subscriptions: [CKSubscription], deleting ids: [CKSubscription.ID]
    ) -> (saves: [ItemResult<CKSubscription.ID, CKSubscription>], deletes: [ItemResult<CKSubscription.ID, Void>]) {
        state.withLock { state in
            let saves = subscriptions.map { subscription -> ItemResult<CKSubscription.ID, CKSubscription> in
                if let index = state.subscriptions.firstIndex(where: { $0.id == subscription.subscriptionID }) {
                    state.subscriptions[index].subscription = subscription
                } else {
                    state.subscriptions.append((subscription.subscriptionID, subscription))
                }
                return (subscription.subscriptionID, .success(subscription))
            }
            let deletes = ids.map { id -> ItemResult<CKSubscription.ID, Void> in
                guard let index = state.subscriptions.firstIndex(where: { $0.id == id }) else { return (id, .failure(error(.unknownItem))) }
                state.subscriptions.remove(at: index)
                return (id, .success(()))
            }
            return (saves, deletes)
        }
    }
}
