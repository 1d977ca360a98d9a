import CouchbaseLite
import Testing

/// `CBLDocumentChange` has no initialiser an app can call (`init NS_UNAVAILABLE`), so a test cannot
/// make the change a mock's listener hands the app. On Linux the stand-in can: listen to a fresh
/// in-process database and save the document. With the real SDK, the same works against a local
/// database (Couchbase Lite runs in-process), but the change is then made by a real write.
enum Changes {
    static func of(documentID: String) throws -> CBLDocumentChange {
        let collection = try CBLDatabase(name: "changes").defaultCollection()
        var heard: CBLDocumentChange?
        let token = collection.addDocumentChangeListener(withID: documentID) { heard = $0 }
        try collection.save(CBLMutableDocument(id: documentID, data: [:]))
        token.remove()
        return try #require(heard)
    }
}
