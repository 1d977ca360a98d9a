// Transcribed from firebase/firebase-ios-sdk, FirebaseDatabase/Sources/Public/FirebaseDatabase/FIRDatabaseQuery.h
// at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd, as Swift imports it: only the members the
// example uses. The header's class is `NS_SWIFT_NAME(DatabaseQuery) @interface FIRDatabaseQuery : NSObject`,
// neither `NS_SWIFT_SENDABLE` nor with an initialiser of its own: Swift sees NSObject's `init()`
// (Firebase's DatabaseAPITests.swift calls `DatabaseQuery()` and `DatabaseReference()`), which
// gives a query attached to no database. The stand-in's gives one on an empty database of its own.
//
// What the members do here is the stand-in's own choice, not Firebase's: a tiny in-process tree
// (`TreeStore`), events raised synchronously on the calling thread (Firebase raises them on its
// callback queue, the main queue by default), no server and no cache.

import Foundation

/// `typedef NSUInteger FIRDatabaseHandle NS_SWIFT_NAME(DatabaseHandle);`
public typealias DatabaseHandle = UInt

open class DatabaseQuery: NSObject {
    let store: TreeStore
    let path: [String]

    /// NSObject's `init()`, as Swift imports it for a header that declares none.
    public override init() {
        store = TreeStore()
        path = []
    }

    init(store: TreeStore, path: [String]) {
        self.store = store
        self.path = path
    }

    /// `- (FIRDatabaseHandle)observeEventType:(FIRDataEventType)eventType withBlock:(void (^)(FIRDataSnapshot *snapshot))block;`
    open func observe(_ eventType: DataEventType, with block: @escaping (DataSnapshot) -> Void) -> DatabaseHandle {
        store.observe(eventType, at: path, block: block, cancel: nil)
    }

    /// `- (FIRDatabaseHandle)observeEventType:withBlock:withCancelBlock:`; the cancel block is
    /// `nullable void (^)(NSError *error)`: called when this client may no longer read the location.
    open func observe(
        _ eventType: DataEventType, with block: @escaping (DataSnapshot) -> Void, withCancel cancelBlock: ((any Error) -> Void)?
    ) -> DatabaseHandle {
        store.observe(eventType, at: path, block: block, cancel: cancelBlock)
    }

    /// `- (void)getDataWithCompletionBlock:(void (^_Nonnull)(NSError *__nullable error, FIRDataSnapshot *__nullable snapshot))block
    /// NS_SWIFT_NAME(getData(completion:));`. Note the order: the error comes first.
    open func getData(completion block: @escaping ((any Error)?, DataSnapshot?) -> Void) {
        block(nil, store.snapshot(at: path))
    }

    /// The `async` form Swift imports for `getData(completion:)` (SE-0297: the nullable snapshot
    /// becomes non-optional, the error a throw).
    open func getData() async throws -> DataSnapshot {
        store.snapshot(at: path)
    }

    /// `- (void)removeObserverWithHandle:(FIRDatabaseHandle)handle;`
    open func removeObserver(withHandle handle: DatabaseHandle) {
        store.removeObserver(handle)
    }
}
