import CouchbaseLite
import Foundation

/// Why the list could not read or write, read from the `NSError` Couchbase Lite gives: its domain
/// is `CBLErrorDomain` ("CouchbaseLite") and its codes are `CBLErrors.h`'s. An error of any other
/// domain is not Couchbase Lite's.
public enum TodoFailure: Equatable, Sendable {
    /// `CBLErrorBusy`: another connection holds the database's lock; trying again may succeed.
    case busy
    /// `CBLErrorNotFound`: the document is no longer in the collection.
    case notFound
    /// `CBLErrorNotOpen`: the database was closed.
    case notOpen
    /// `CBLErrorInvalidParameter`: the document is not this collection's.
    case invalidParameter
    /// Another Couchbase Lite code.
    case other(Int)
    /// Not a Couchbase Lite error.
    case unexpected(domain: String, code: Int)

    public init(_ error: any Error) {
        let error = error as NSError
        guard error.domain == CBLErrorDomain else {
            self = .unexpected(domain: error.domain, code: error.code)
            return
        }
        switch error.code {
        case CBLErrorBusy: self = .busy
        case CBLErrorNotFound: self = .notFound
        case CBLErrorNotOpen: self = .notOpen
        case CBLErrorInvalidParameter: self = .invalidParameter
        default: self = .other(error.code)
        }
    }
}
