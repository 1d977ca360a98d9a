/// The SDK-agnostic core of an in-memory service: items by key within partitions (CloudKit's
/// zones), a version per item bumped on every save, and a change log with one sequence number
/// per change, so "what changed since sequence n" can be answered per partition and overall.
///
/// A value type: the owner keeps it behind its own lock and copies nothing it does not change.
@_spi(Generated) public struct VersionedStore<Partition: Hashable, Key: Hashable, Item> {
    /// A stored item with its version (the sequence number of the save that wrote it).
    public struct Entry {
        public var item: Item
        public var version: Int
    }

    /// One change: a save or a deletion of an item, or of a whole partition.
    public struct Change {
        public enum Kind {
            case saved(Key)
            /// The item as it was when deleted (its type, for instance, is still reported).
            case deleted(Key, Item)
            case partitionSaved
            case partitionDeleted
        }

        public var sequence: Int
        public var partition: Partition
        public var kind: Kind
    }

    private var partitions: [Partition: [Key: Entry]] = [:]
    /// The changes in order; sequence numbers increase by one per change.
    public private(set) var changes: [Change] = []
    /// The sequence number of the latest change; 0 before the first.
    public private(set) var sequence = 0

    public init() {}

    // MARK: Partitions

    public func hasPartition(_ partition: Partition) -> Bool {
        partitions[partition] != nil
    }

    /// Creates a partition (or records that it was saved again).
    public mutating func savePartition(_ partition: Partition) {
        if partitions[partition] == nil { partitions[partition] = [:] }
        log(partition, .partitionSaved)
    }

    /// Deletes a partition and everything in it; returns whether it existed.
    @discardableResult
    public mutating func deletePartition(_ partition: Partition) -> Bool {
        guard partitions.removeValue(forKey: partition) != nil else { return false }
        log(partition, .partitionDeleted)
        return true
    }

    // MARK: Items

    public func entry(_ key: Key, in partition: Partition) -> Entry? {
        partitions[partition]?[key]
    }

    /// The entries of a partition, in no particular order.
    public func entries(in partition: Partition) -> [Key: Entry] {
        partitions[partition] ?? [:]
    }

    /// Stores `item` under `key` with a new version; the partition must exist.
    @discardableResult
    public mutating func save(_ item: Item, as key: Key, in partition: Partition) -> Entry {
        log(partition, .saved(key))
        let entry = Entry(item: item, version: sequence)
        partitions[partition, default: [:]][key] = entry
        return entry
    }

    /// Removes an item; returns it, or `nil` when there was none.
    @discardableResult
    public mutating func delete(_ key: Key, in partition: Partition) -> Item? {
        guard let removed = partitions[partition]?.removeValue(forKey: key) else { return nil }
        log(partition, .deleted(key, removed.item))
        return removed.item
    }

    // MARK: Changes

    /// The latest change to each item of `partition` after `sequence`, oldest first: saves of
    /// items that still exist, and deletions.
    public func itemChanges(in partition: Partition, since sequence: Int) -> [Change] {
        var latest: [Key: Int] = [:]
        let relevant = changes.indices.filter { changes[$0].sequence > sequence && changes[$0].partition == partition }
        for index in relevant {
            switch changes[index].kind {
            case .saved(let key), .deleted(let key, _): latest[key] = index
            case .partitionSaved, .partitionDeleted: break
            }
        }
        return latest.values.sorted().map { changes[$0] }
    }

    /// Partitions changed (items or the partition itself) and partitions deleted after `sequence`.
    public func partitionChanges(since sequence: Int) -> (changed: [Partition], deleted: [Partition]) {
        var order: [Partition] = []
        var deleted = Set<Partition>()
        for change in changes where change.sequence > sequence {
            if let index = order.firstIndex(of: change.partition) { order.remove(at: index) }
            order.append(change.partition)
            if case .partitionDeleted = change.kind {
                deleted.insert(change.partition)
            } else if hasPartition(change.partition) {
                deleted.remove(change.partition)
            }
        }
        return (order.filter { !deleted.contains($0) }, order.filter { deleted.contains($0) })
    }

    private mutating func log(_ partition: Partition, _ kind: Change.Kind) {
        sequence += 1
        changes.append(Change(sequence: sequence, partition: partition, kind: kind))
    }
}
