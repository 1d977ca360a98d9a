import Foundation

/// What an error means for the app, for any `Error`: CloudKit's (by catalogue), the daemon-died
/// Cocoa error, offline and timed-out URL errors, cancellation, or something else.
public struct ErrorDiagnosis: Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// An error of the model's domain or one of the SDK's Swift errors it recognises
        /// (``ErrorModel/swiftErrors``), with its catalogue entry when the code is known.
        case service(code: Int, info: ErrorCodeInfo?)
        /// `NSCocoaErrorDomain` 4097: the sync daemon died; retry after about 6 s.
        case daemonDied
        /// A URL error that means there is no connection.
        case offline
        /// A URL error that means the request timed out.
        case timedOut
        /// `CancellationError`, `NSUserCancelledError`, `NSURLErrorCancelled`, and the model's own
        /// ``ErrorModel/cancelledCode`` (CloudKit's `operationCancelled`: "The operation was
        /// explicitly canceled", Apple's `CKError.Code` documentation).
        case cancelled
        /// Anything else.
        case other
    }

    public let kind: Kind
    /// Retry-after seconds sent with the error, or the catalogue's default for its code.
    public let retryAfter: Double?
    public let isRetryable: Bool
    public let isThrottling: Bool
    public let recovery: Recovery

    /// A cancellation: not retried.
    static let cancelled = ErrorDiagnosis(kind: .cancelled, retryAfter: nil, isRetryable: false, isThrottling: false, recovery: .giveUp)

    public var description: String {
        var text = "\(kind) → \(recovery.rawValue)"
        if let retryAfter { text += " after \(retryAfter) s" }
        return text
    }
}

extension ErrorModel {
    /// Seconds to wait after the sync daemon dies (CloudKitHelper's figure).
    public static let daemonDiedRetryAfter: Double = 6

    /// Classifies any error.
    public func diagnose(_ error: any Error) -> ErrorDiagnosis {
        if error is CancellationError {
            return .cancelled
        }
        // The SDK's own Swift errors and its domain's errors, by the same catalogue.
        if let code = code(of: error) {
            if code == cancelledCode {
                return .cancelled
            }
            let info = catalogue[code]
            let retryAfter = retryAfter(of: error) ?? info?.defaultRetryAfter
            return ErrorDiagnosis(
                kind: .service(code: code, info: info), retryAfter: retryAfter,
                isRetryable: info?.isRetryable ?? false, isThrottling: info?.isThrottling ?? false,
                recovery: info?.recovery ?? .giveUp)
        }
        let nsError = error as NSError
        switch (nsError.domain, nsError.code) {
        case (NSCocoaErrorDomain, 4097):
            return ErrorDiagnosis(kind: .daemonDied, retryAfter: Self.daemonDiedRetryAfter, isRetryable: true, isThrottling: false, recovery: .retry)
        case (NSCocoaErrorDomain, NSUserCancelledError), (NSURLErrorDomain, NSURLErrorCancelled):
            return .cancelled
        case (NSURLErrorDomain, NSURLErrorNotConnectedToInternet), (NSURLErrorDomain, NSURLErrorNetworkConnectionLost),
            (NSURLErrorDomain, NSURLErrorDataNotAllowed), (NSURLErrorDomain, NSURLErrorInternationalRoamingOff),
            (NSURLErrorDomain, NSURLErrorCannotConnectToHost), (NSURLErrorDomain, NSURLErrorDNSLookupFailed):
            return ErrorDiagnosis(kind: .offline, retryAfter: nil, isRetryable: true, isThrottling: false, recovery: .retry)
        case (NSURLErrorDomain, NSURLErrorTimedOut):
            return ErrorDiagnosis(kind: .timedOut, retryAfter: nil, isRetryable: true, isThrottling: false, recovery: .retry)
        default:
            return ErrorDiagnosis(kind: .other, retryAfter: nil, isRetryable: false, isThrottling: false, recovery: .giveUp)
        }
    }
}
