import CloudKit
import Foundation

/// Orders query results by the query's sort descriptors, compared by the descriptors themselves
/// (`NSSortDescriptor.compare(_:to:)`): on Apple platforms field keys through key-value coding,
/// on Linux, which has no key-value coding, key paths and comparators. Ties keep record-name order.
enum RecordOrdering {
    static func sorted(_ records: [CKRecord], by descriptors: [NSSortDescriptor]) -> [CKRecord] {
        guard !descriptors.isEmpty else { return records }
        let indexed = Array(records.enumerated())
        return indexed.sorted { left, right in
            for descriptor in descriptors {
                let order = descriptor.compare(left.element, to: right.element)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return left.offset < right.offset
        }.map(\.element)
    }
}
