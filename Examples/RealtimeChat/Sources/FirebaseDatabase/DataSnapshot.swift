// Transcribed from firebase/firebase-ios-sdk, FirebaseDatabase/Sources/Public/FirebaseDatabase/FIRDataSnapshot.h
// at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd, as Swift imports it: only the members the
// example uses. The header declares `NS_SWIFT_SENDABLE NS_SWIFT_NAME(DataSnapshot) @interface
// FIRDataSnapshot : NSObject` and no initialiser: apps receive snapshots with data, they cannot
// make one. Swift still sees NSObject's `init()` (Firebase's own FirebaseDatabase/Tests/Unit/Swift/
// DatabaseAPITests.swift calls `DataSnapshot()`), which makes a snapshot of nothing; so does the
// stand-in's (Firebase's would crash on `key`, which bridges a nil; the stand-in's key is "").

import Foundation

open class DataSnapshot: NSObject, @unchecked Sendable {
    // Immutable after init: snapshots "are efficiently-generated immutable copies of the data".
    private let storedValue: TreeValue?
    private let location: [String]

    /// NSObject's `init()`, as Swift imports it for a header that declares none: no data.
    public override init() {
        storedValue = nil
        location = []
    }

    init(value: TreeValue?, at location: [String]) {
        storedValue = value
        self.location = location
    }

    /// `@property(strong, readonly, nonatomic, nullable) id value;` Dictionaries, arrays,
    /// numbers and strings, as written.
    open var value: Any? { storedValue?.exported }

    /// `@property(strong, readonly, nonatomic) NSString *key;`
    open var key: String { location.last ?? "" }

    /// `@property(readonly, nonatomic) NSUInteger childrenCount;`
    open var childrenCount: UInt { UInt(storedValue?.children.count ?? 0) }

    /// `@property(strong, readonly, nonatomic) NSEnumerator<FIRDataSnapshot *> *children;`
    /// In key order (the stand-in has no priorities).
    open var children: NSEnumerator {
        let snapshots = (storedValue?.children ?? [:]).sorted { $0.key < $1.key }.map { DataSnapshot(value: $0.value, at: location + [$0.key]) }
        return NSArray(array: snapshots).objectEnumerator()
    }

    /// `- (BOOL)exists;`
    open func exists() -> Bool { storedValue != nil }

    /// `- (FIRDataSnapshot *)childSnapshotForPath:(NSString *)childPathString;`
    open func childSnapshot(forPath childPathString: String) -> DataSnapshot {
        let relative = TreeStore.components(childPathString)
        return DataSnapshot(value: storedValue?.value(at: relative), at: location + relative)
    }
}
