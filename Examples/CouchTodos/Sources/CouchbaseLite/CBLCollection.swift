// Transcribed from couchbase/couchbase-lite-ios, Objective-C/CBLCollection.h at tag 3.4.0 (commit
// 1c55a443cdcacd485fc82c82813710487b8ea02f), as Swift imports it: only the members the example
// uses. `@interface CBLCollection : NSObject<CBLCollectionChangeObservable, CBLIndexable,
// NSCopying>`, not `NS_SWIFT_SENDABLE`, `- (instancetype) init NS_UNAVAILABLE;`. The import rules
// applied, each confirmed by the SDK's own Swift API over this class (Swift/Collection.swift):
// - `-saveDocument:error:` and `-deleteDocument:error:` return `BOOL` with a trailing `NSError**`:
//   `throws` methods returning `Void`, and the parameter type's name is a needless word of the
//   selector (`saveDocument:` with a `CBLMutableDocument*`), so `save(_:)` and `delete(_:)`
//   (`try impl.save(…)`, `try impl.delete(document.impl)`);
// - `-documentWithID:error:` is `NS_SWIFT_NOTHROW`: the error stays a parameter,
//   `document(withID:error:) -> CBLDocument?` (`impl.document(withID: id, error: &error)`);
// - `-addDocumentChangeListenerWithID:listener:` returns `id<CBLListenerToken>`:
//   `addDocumentChangeListener(withID:listener:) -> any CBLListenerToken`, its block escaping and
//   not `@Sendable`.
//
// What it does is the stand-in's (DocumentStore.swift), not Couchbase Lite's.

import Foundation

open class CBLCollection: NSObject {
    let store: DocumentStore
    private let owner: CBLDatabase

    /// `- (instancetype) init NS_UNAVAILABLE;`
    @available(*, unavailable, message: "get collections from a database")
    public override init() { fatalError("get collections from a database") }

    init(database: CBLDatabase, store: DocumentStore) {
        owner = database
        self.store = store
    }

    /// `@property (readonly, nonatomic) NSString* name;` The stand-in has only the default collection.
    open var name: String { "_default" }

    /// `@property (readonly, nonatomic) CBLDatabase* database;`
    open var database: CBLDatabase { owner }

    /// `- (nullable CBLDocument*) documentWithID: (NSString*)documentID error: (NSError**)error NS_SWIFT_NOTHROW;`
    /// `nil` with no error when there is no such document; `nil` with `CBLErrorNotOpen` once the
    /// database is closed.
    open func document(withID documentID: String, error: NSErrorPointer) -> CBLDocument? {
        do {
            return try store.document(documentID)
        } catch let thrown {
            error?.pointee = thrown as NSError
            return nil
        }
    }

    /// `- (BOOL) saveDocument: (CBLMutableDocument*)document error: (NSError**)error;`
    /// Last write wins, as the SDK's default concurrency control.
    open func save(_ document: CBLMutableDocument) throws {
        try store.save(document) { CBLDocumentChange(collection: self, documentID: $0) }
    }

    /// `- (BOOL) deleteDocument: (CBLDocument*)document error: (NSError**)error;` `CBLErrorNotFound`
    /// when the document is not in the collection, `CBLErrorInvalidParameter` when it came from
    /// another database's collection, as the header documents.
    open func delete(_ document: CBLDocument) throws {
        try store.delete(document) { CBLDocumentChange(collection: self, documentID: $0) }
    }

    /// `- (id<CBLListenerToken>) addDocumentChangeListenerWithID: (NSString*)id listener: (void (^)(CBLDocumentChange*))listener;`
    open func addDocumentChangeListener(withID id: String, listener: @escaping (CBLDocumentChange) -> Void) -> any CBLListenerToken {
        store.addListener(for: id, listener)
    }
}
