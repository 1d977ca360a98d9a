import Foundation

/// Why the chat could not write or keep listening, read from the NSError Firebase's client
/// gives: its domain is `"com.firebase"` and its codes are `permission_denied` 1, `unavailable` 2,
/// `write_canceled` 3, any other server status 9999 (firebase-ios-sdk, `FUtilities.m`,
/// `+errorForStatus:andReason:`). An error of any other domain is not Firebase's.
public enum ChatFailure: Equatable, Sendable {
    case permissionDenied
    case unavailable
    case writeCanceled
    /// Another server status (9999): the status or the server's reason.
    case server(String)
    /// Not a Firebase Realtime Database error.
    case unexpected(domain: String, code: Int)

    public init(_ error: any Error) {
        let error = error as NSError
        guard error.domain == "com.firebase" else {
            self = .unexpected(domain: error.domain, code: error.code)
            return
        }
        switch error.code {
        case 1: self = .permissionDenied
        case 2: self = .unavailable
        case 3: self = .writeCanceled
        default: self = .server(error.localizedDescription)
        }
    }
}
