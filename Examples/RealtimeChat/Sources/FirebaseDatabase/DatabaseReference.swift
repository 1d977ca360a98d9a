// Transcribed from firebase/firebase-ios-sdk, FirebaseDatabase/Sources/Public/FirebaseDatabase/FIRDatabaseReference.h
// at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd, as Swift imports it: only the members the
// example uses. `NS_SWIFT_NAME(DatabaseReference) @interface FIRDatabaseReference : FIRDatabaseQuery`,
// not `NS_SWIFT_SENDABLE`. Completion blocks are plain ObjC blocks (not `@Sendable`), and take the
// error first: `void (^)(NSError *__nullable error, FIRDatabaseReference *ref)`.
//
// The `async` forms are those Swift imports for the `…WithCompletionBlock:` methods (SE-0297: the
// block's non-error parameter becomes the result, a non-nil error a throw).
//
// Behaviour is the stand-in's own (see DatabaseQuery.swift): writes apply to the in-process tree
// at once and then call the block; a write fails only when a test queued a server status for it
// (`Database.failNextWrites(withStatuses:)`, SPI), with the error Firebase makes of that status.

import Foundation

open class DatabaseReference: DatabaseQuery {
    /// `- (FIRDatabaseReference *)child:(NSString *)pathString;`
    open func child(_ pathString: String) -> DatabaseReference {
        DatabaseReference(store: store, path: path + TreeStore.components(pathString))
    }

    /// `- (FIRDatabaseReference *)childByAutoId;` Firebase's keys are client timestamps plus
    /// randomness (`FNextPushId`), sorted chronologically; the stand-in's are a counter with the
    /// same property.
    open func childByAutoId() -> DatabaseReference {
        DatabaseReference(store: store, path: path + [store.nextAutoId()])
    }

    /// `@property(strong, readonly, nonatomic, nullable) NSString *key;` (`nil` at the root)
    open var key: String? { path.last }

    /// `- (void)setValue:(nullable id)value withCompletionBlock:(void (^)(NSError *__nullable error, FIRDatabaseReference *ref))block;`
    open func setValue(_ value: Any?, withCompletionBlock block: @escaping ((any Error)?, DatabaseReference) -> Void) {
        block(store.write(.set(TreeValue(value)), at: path), self)
    }

    open func setValue(_ value: Any?) async throws -> DatabaseReference {
        if let error = store.write(.set(TreeValue(value)), at: path) { throw error }
        return self
    }

    /// `- (void)updateChildValues:(NSDictionary *)values withCompletionBlock:(void (^)(NSError *__nullable error, FIRDatabaseReference *ref))block;`
    open func updateChildValues(_ values: [AnyHashable: Any], withCompletionBlock block: @escaping ((any Error)?, DatabaseReference) -> Void) {
        block(store.write(.update(TreeStore.updates(values)), at: path), self)
    }

    open func updateChildValues(_ values: [AnyHashable: Any]) async throws -> DatabaseReference {
        if let error = store.write(.update(TreeStore.updates(values)), at: path) { throw error }
        return self
    }

    /// `- (void)removeValueWithCompletionBlock:(void (^)(NSError *__nullable error, FIRDatabaseReference *ref))block;`
    open func removeValue(completionBlock block: @escaping ((any Error)?, DatabaseReference) -> Void) {
        block(store.write(.set(nil), at: path), self)
    }

    open func removeValue() async throws -> DatabaseReference {
        if let error = store.write(.set(nil), at: path) { throw error }
        return self
    }
}
