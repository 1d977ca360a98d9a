import Foundation

// Linux stand-in only: the dictionaries and sets a value store archives.
//
// In the archive they are Apple's classes (`classForCoder` names `NSMutableDictionary` and
// `NSMutableSet`, the classes the decompiled `-[CKRecordValueStore initWithCoder:]` reads under
// "RecordValues", "OriginalValues" and "ChangedKeys"), with the same "NS.keys"/"NS.objects"
// entries. What differs is how swift-corelibs-foundation's `NSKeyedArchiver` tells them from other
// objects: it uniques every archived object in a dictionary keyed by the object's `hash` and
// `isEqual`, and an `NSDictionary`'s or `NSSet`'s hash is its count, so every two-field record's
// values collide with each other and with every class description of the archive, each collision
// a deep comparison (most of the in-memory store's time, docs/Benchmarks.md). These compare by
// identity, as Apple's archiver treats the objects it archives, so an archive of many records
// costs in proportion to them. Empty ones are equal to each other (of one class): the archiver then
// writes one per archive however many stores hold one (a record has four or more: its original
// values and its empty encrypted store's collections, docs/Benchmarks.md), and the stand-in's
// decoder copies what it reads, so no two stores share one.
//
// An empty plain `NSDictionary` must not sit beside these in an archive: swift-corelibs-foundation's
// `NSDictionary.isEqual` bridges its argument to a Swift dictionary, which reads a subclass as
// empty (checked with 6.3.1; `NSSet`'s compares counts first), so it is "equal" to every one of
// these, with another hash: values went missing, and the archiver's Swift Dictionary may trap
// ("Duplicate keys") on such a pair.

/// An immutable dictionary archived as an `NSMutableDictionary`, equal only to itself (or, empty, to
/// the other empty ones).
final class StandInArchivedDictionary: NSDictionary {
    private var entries: [(key: NSObject, value: AnyObject)] = []

    required init(objects: UnsafePointer<AnyObject>!, forKeys keys: UnsafePointer<NSObject>!, count: Int) {
        for index in 0..<count { entries.append((keys[index], objects[index])) }
        super.init(objects: objects, forKeys: keys, count: 0)
    }

    override var count: Int { entries.count }
    override func object(forKey key: Any) -> Any? { entries.first { $0.key.isEqual(key) }?.value }
    override func keyEnumerator() -> NSEnumerator { NSArray(array: entries.map(\.key)).objectEnumerator() }
    override var classForCoder: AnyClass { NSMutableDictionary.self }
    override var hash: Int { entries.isEmpty ? 0 : ObjectIdentifier(self).hashValue }
    override func isEqual(_ object: Any?) -> Bool {
        (object as AnyObject?) === self || (entries.isEmpty && (object as? StandInArchivedDictionary)?.entries.isEmpty == true)
    }
}

/// An immutable set archived as an `NSMutableSet`, equal only to itself (or, empty, to the other
/// empty ones).
final class StandInArchivedSet: NSSet {
    private var members: [AnyObject] = []

    override init(objects: UnsafePointer<AnyObject>!, count: Int) {
        for index in 0..<count { members.append(objects[index]) }
        super.init(objects: objects, count: 0)
    }

    override var count: Int { members.count }
    override func member(_ object: Any) -> Any? { members.first { ($0 as? NSObject)?.isEqual(object) ?? false } }
    override func objectEnumerator() -> NSEnumerator { NSArray(array: members).objectEnumerator() }
    override var classForCoder: AnyClass { NSMutableSet.self }
    override var hash: Int { members.isEmpty ? 0 : ObjectIdentifier(self).hashValue }
    override func isEqual(_ object: Any?) -> Bool {
        (object as AnyObject?) === self || (members.isEmpty && (object as? StandInArchivedSet)?.members.isEmpty == true)
    }
}
