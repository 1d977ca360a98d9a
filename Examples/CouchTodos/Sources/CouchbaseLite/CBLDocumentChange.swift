// Transcribed from couchbase/couchbase-lite-ios, Objective-C/CBLDocumentChange.h at tag 3.4.0
// (commit 1c55a443cdcacd485fc82c82813710487b8ea02f), as Swift imports it: only the members the
// example uses. `@interface CBLDocumentChange : NSObject`, not `NS_SWIFT_SENDABLE`, with
// `- (instancetype) init NS_UNAVAILABLE;`: only the SDK makes one, to hand to a listener.

import Foundation

open class CBLDocumentChange: NSObject {
    /// `@property (readonly, nonatomic) CBLCollection* collection;`
    public let collection: CBLCollection
    /// `@property (readonly, nonatomic) NSString* documentID;`
    public let documentID: String

    /// `- (instancetype) init NS_UNAVAILABLE;`
    @available(*, unavailable, message: "only a collection makes document changes")
    public override init() { fatalError("only a collection makes document changes") }

    init(collection: CBLCollection, documentID: String) {
        self.collection = collection
        self.documentID = documentID
    }
}
