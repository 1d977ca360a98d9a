// Transcribed from couchbase/couchbase-lite-ios at tag 3.4.0 (commit
// 1c55a443cdcacd485fc82c82813710487b8ea02f), as Swift imports it: only the members the example
// uses. Objective-C/CBLDocument.h declares `@interface CBLDocument : NSObject <CBLDictionary,
// NSMutableCopying>`, not `NS_SWIFT_SENDABLE`, with `- (instancetype) init NS_UNAVAILABLE;`: apps
// get documents from a collection, they cannot make one. `toDictionary()` is a requirement of the
// `CBLDictionary` protocol (Objective-C/CBLDictionary.h) that CBLDocument adopts; the stand-in
// declares it on the class and leaves the protocol out.

import Foundation

open class CBLDocument: NSObject {
    /// The document's data, copied in when the stand-in's collection hands the document out.
    let data: [String: Any]
    let store: DocumentStore?
    let revision: Int

    /// `- (instancetype) init NS_UNAVAILABLE;`
    @available(*, unavailable, message: "get documents from a collection")
    public override init() { fatalError("get documents from a collection") }

    init(id: String?, data: [String: Any], store: DocumentStore?, revision: Int) {
        storedID = id ?? UUID().uuidString
        self.data = data
        self.store = store
        self.revision = revision
    }

    private let storedID: String

    /// `@property (readonly, nonatomic) NSString* id;`
    open var id: String { storedID }

    /// `@property (readonly, nonatomic, nullable) NSString* revisionID;` (`nil` until saved)
    open var revisionID: String? { store == nil ? nil : "\(revision)-standin" }

    /// `- (NSDictionary<NSString*,id>*) toDictionary;` (CBLDictionary.h)
    open func toDictionary() -> [String: Any] { data }
}
