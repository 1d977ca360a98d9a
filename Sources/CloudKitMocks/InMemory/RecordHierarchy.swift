@_spi(Generated) import CloudDoubleRuntime
import CloudKit
import Foundation

/// The `parent` links of a zone's records as one modify request sees them: which records name a
/// record as their parent once the request is applied, and which records its deletes take away.
///
/// Two server rules rest on it (sources and choices: docs/InMemoryStore.md, "references"):
/// - deleting a record that other records still name as `parent` is `referenceViolation`, and
///   nothing of it is deleted;
/// - a parent that gets its first child gets a new change tag (the server touches it).
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
struct RecordHierarchy {
    /// What the request deletes.
    private let deleting: Set<CKRecord.ID>
    /// The parent each record the request saves names (`nil`: none), by record.
    private let savedParents: [CKRecord.ID: CKRecord.ID?]
    /// What the request's deletes remove, `.deleteSelf` cascades included (made when first needed).
    private var removed: Set<CKRecord.ID>?

    init(deleting: [CKRecord.ID], saving: [CKRecord]) {
        self.deleting = Set(deleting)
        savedParents = Dictionary(saving.map { ($0.recordID, $0.parent?.recordID) }, uniquingKeysWith: { _, last in last })
    }

    /// Whether deleting `id` leaves records that name it as `parent`: stored children the request
    /// neither deletes (itself or by a `.deleteSelf` cascade) nor saves under another parent, or
    /// records the request saves under it.
    mutating func keepsChildren(of id: CKRecord.ID, in state: InMemoryCloudDatabase.State) -> Bool {
        if savedParents.values.contains(id) { return true }
        let children = storedChildren(of: id, in: state).filter { child in savedParents[child].map { $0 == id } ?? true }
        guard !children.isEmpty else { return false }
        let removed = self.removed ?? cascade(in: state)
        self.removed = removed
        return children.contains { !removed.contains($0) }
    }

    /// Whether a stored record names `parent` as its `parent` (before the request is applied).
    func hasChildren(_ parent: CKRecord.ID, in state: InMemoryCloudDatabase.State) -> Bool {
        !storedChildren(of: parent, in: state).isEmpty
    }

    private func storedChildren(of id: CKRecord.ID, in state: InMemoryCloudDatabase.State) -> [CKRecord.ID] {
        state.records.entries(in: id.zoneID).values.compactMap { $0.item.parent?.recordID == id ? $0.item.recordID : nil }
    }

    /// The records the request's deletes remove: the deleted ones and, in their zones, every
    /// record that refers to a removed one with `.deleteSelf`, and theirs in turn.
    private func cascade(in state: InMemoryCloudDatabase.State) -> Set<CKRecord.ID> {
        var removed = deleting
        var pending = Array(deleting)
        while let next = pending.popLast() {
            for entry in state.records.entries(in: next.zoneID).values
            where !removed.contains(entry.item.recordID) && Self.refers(entry.item, to: next) {
                removed.insert(entry.item.recordID)
                pending.append(entry.item.recordID)
            }
        }
        return removed
    }

    /// Whether a field of `record` is a `.deleteSelf` reference to `target` (Apple,
    /// `CKRecord.ReferenceAction.deleteSelf`: "Deletes the source record when the target record is
    /// deleted").
    static func refers(_ record: CKRecord, to target: CKRecord.ID) -> Bool {
        record.allKeys().contains { key in
            let references = (record[key] as? CKRecord.Reference).map { [$0] } ?? (record[key] as? [CKRecord.Reference]) ?? []
            return references.contains { $0.referenceAction == .deleteSelf && $0.recordID == target }
        }
    }
}
