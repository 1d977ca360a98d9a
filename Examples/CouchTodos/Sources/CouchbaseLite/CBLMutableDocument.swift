// Transcribed from couchbase/couchbase-lite-ios, Objective-C/CBLMutableDocument.h at tag 3.4.0
// (commit 1c55a443cdcacd485fc82c82813710487b8ea02f), as Swift imports it: only the initialisers
// the example uses. `@interface CBLMutableDocument : CBLDocument <CBLMutableDictionary>`: the one
// document an app makes itself, then hands to `save(_:)`.

import Foundation

open class CBLMutableDocument: CBLDocument {
    /// `- (instancetype) initWithID: (nullable NSString*)documentID data: (NSDictionary<NSString*,id>*)data;`
    /// A `nil` ID gives a new random UUID.
    public init(id documentID: String?, data: [String: Any]) {
        super.init(id: documentID, data: data, store: nil, revision: 0)
    }
}
