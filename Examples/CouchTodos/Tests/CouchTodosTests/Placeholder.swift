import CouchbaseLite
import Foundation
final class UnstubbedListenerToken: NSObject, CBLListenerToken, @unchecked Sendable { func remove() {} }
