import Foundation

/// An SDK's error domain, its userInfo keys and its catalogue: everything needed to build errors
/// that the app cannot tell from real ones, and to read them back.
///
/// Generated code passes the SDK's own constants (`CKErrorDomain`, `CKErrorRetryAfterKey`, ...)
/// so injected errors use exactly the keys the SDK's accessors read. Nothing in the runtime
/// defaults to one SDK's model: every injector and retry policy is given its model. Each
/// description declares its SDK's model once, in its protocols file (`ErrorModel.cloudKit` from the
/// shipped CloudKit description, in `CloudKitDoubles`).
public struct ErrorModel: Sendable {
    public var domain: String
    public var catalogue: ErrorCatalogue
    /// userInfo key of the retry-after seconds (a `Double`).
    public var retryAfterKey: String?
    /// userInfo key of the per-item errors (`[AnyHashable: NSError]`).
    public var partialErrorsKey: String?
    /// The code that means "some items failed; see the per-item errors".
    public var partialFailureCode: Int?
    /// The code that means "the request was too large; send fewer items" (CloudKit's
    /// `limitExceeded`), which ``splittingOnLimitExceeded(_:isolation:send:)`` splits batches on.
    /// `nil`: no error counts as too large, so batches are sent whole and every error rethrown.
    public var requestTooLargeCode: Int?
    /// The code a cancelled call fails with (CloudKit's `operationCancelled`), which a fault
    /// plan's ``FaultOutcome/cancel`` injects. `nil`: a cancelled call throws Swift's
    /// `CancellationError`.
    public var cancelledCode: Int?
    /// userInfo keys of the server, client and ancestor records of a conflict.
    public var serverRecordKey: String?
    public var clientRecordKey: String?
    public var ancestorRecordKey: String?
    /// Makes the SDK's own Swift error type from an error of this model (`CKError(_nsError:)`),
    /// so the app can write `error as? CKError` and `catch CKError.zoneBusy` against a double as
    /// against the SDK. On Apple platforms Foundation bridges an `NSError` to it by itself; on
    /// Linux nothing does. `nil`: errors reach the app as `NSError`s.
    public var errorType: (@Sendable (NSError) -> any Error)?
    /// The codes the SDK throws as Swift error types of its own: injected errors of these codes are
    /// made as the SDK's, and the SDK's errors are read back to these codes, before the domain
    /// and numeric code are looked at. The first that recognises an error gives its code.
    public var swiftErrors: [SwiftErrorCode]

    public init(
        domain: String, catalogue: ErrorCatalogue? = nil, retryAfterKey: String? = nil, partialErrorsKey: String? = nil,
        partialFailureCode: Int? = nil, requestTooLargeCode: Int? = nil, cancelledCode: Int? = nil, serverRecordKey: String? = nil,
        clientRecordKey: String? = nil, ancestorRecordKey: String? = nil, errorType: (@Sendable (NSError) -> any Error)? = nil,
        swiftErrors: [SwiftErrorCode] = []
    ) {
        self.errorType = errorType
        self.swiftErrors = swiftErrors
        self.domain = domain
        self.catalogue = catalogue ?? ErrorCatalogue(domain: domain, codes: [])
        self.retryAfterKey = retryAfterKey
        self.partialErrorsKey = partialErrorsKey
        self.partialFailureCode = partialFailureCode
        self.requestTooLargeCode = requestTooLargeCode
        self.cancelledCode = cancelledCode
        self.serverRecordKey = serverRecordKey
        self.clientRecordKey = clientRecordKey
        self.ancestorRecordKey = ancestorRecordKey
    }
}

// MARK: - Construction

extension ErrorModel {
    /// A record conflict's three versions, for `serverRecordChanged`.
    public struct Conflict: @unchecked Sendable {
        public var server: AnyObject?
        public var client: AnyObject?
        public var ancestor: AnyObject?

        public init(server: AnyObject? = nil, client: AnyObject? = nil, ancestor: AnyObject? = nil) {
            self.server = server
            self.client = client
            self.ancestor = ancestor
        }
    }

    /// An error in this model's domain, shaped like the SDK's: the code's meaning as the
    /// localized description, retry-after seconds as a `Double`, per-item errors as
    /// `[AnyHashable: NSError]`, the conflict's records under the SDK's keys; as the SDK's own
    /// error type when the model has one (``errorType``). A code the SDK throws as a Swift type of
    /// its own (``swiftErrors``) is made as that type instead, which carries none of the above.
    public func error(
        _ code: Int, retryAfter: Double? = nil, partialErrors: [AnyHashable: any Error]? = nil,
        conflict: Conflict? = nil, userInfo extra: [String: Any] = [:]
    ) -> any Error {
        if let swiftError = swiftErrors.first(where: { $0.code == code }) { return swiftError.make() }
        let made = nsError(code, retryAfter: retryAfter, partialErrors: partialErrors, conflict: conflict, userInfo: extra)
        return errorType?(made) ?? made
    }

    /// The same error as an `NSError`, whatever the model's Swift error type.
    public func nsError(
        _ code: Int, retryAfter: Double? = nil, partialErrors: [AnyHashable: any Error]? = nil,
        conflict: Conflict? = nil, userInfo extra: [String: Any] = [:]
    ) -> NSError {
        var userInfo: [String: Any] = [:]
        if let info = catalogue[code] { userInfo[NSLocalizedDescriptionKey] = info.meaning }
        if let retryAfter, let key = retryAfterKey { userInfo[key] = retryAfter }
        if let partialErrors, let key = partialErrorsKey {
            userInfo[key] = partialErrors.mapValues { $0 as NSError } as [AnyHashable: NSError]
        }
        if let conflict {
            if let key = serverRecordKey, let record = conflict.server { userInfo[key] = record }
            if let key = clientRecordKey, let record = conflict.client { userInfo[key] = record }
            if let key = ancestorRecordKey, let record = conflict.ancestor { userInfo[key] = record }
        }
        userInfo.merge(extra) { _, new in new }
        return NSError(domain: domain, code: code, userInfo: userInfo)
    }

    /// An error by code name (`"zoneBusy"`); `nil` when the catalogue has no such name.
    public func error(named name: String, retryAfter: Double? = nil) -> (any Error)? {
        catalogue[name: name].map { error($0.rawValue, retryAfter: retryAfter) }
    }

    /// A partial failure wrapping per-item errors, as batch calls report them.
    public func partialFailure(_ itemErrors: [AnyHashable: any Error]) -> any Error {
        error(partialFailureCode ?? 0, partialErrors: itemErrors)
    }
}

// MARK: - Inspection

extension ErrorModel {
    /// The code of `error`: the code of the first of ``swiftErrors`` that recognises it, else its
    /// code when it is in this model's domain.
    public func code(of error: any Error) -> Int? {
        if let swiftError = swiftErrors.first(where: { $0.recognises(error) }) { return swiftError.code }
        let nsError = error as NSError
        return nsError.domain == domain ? nsError.code : nil
    }

    /// The catalogue entry of `error`'s code.
    public func info(of error: any Error) -> ErrorCodeInfo? {
        code(of: error).flatMap { catalogue[$0] }
    }

    /// The server's retry-after, in seconds, when the error carries one.
    public func retryAfter(of error: any Error) -> Double? {
        guard let key = retryAfterKey else { return nil }
        let value = (error as NSError).userInfo[key]
        if let seconds = value as? Double { return seconds }
        if let seconds = value as? Int { return Double(seconds) }
        if let number = value as? NSNumber { return number.doubleValue }
        return nil
    }

    /// The per-item errors of a partial failure, keyed by item ID; empty for any other error.
    public func partialErrors(of error: any Error) -> [AnyHashable: any Error] {
        guard let key = partialErrorsKey else { return [:] }
        let value = (error as NSError).userInfo[key]
        if let errors = value as? [AnyHashable: NSError] { return errors.mapValues { $0 as any Error } }
        if let errors = value as? [AnyHashable: any Error] { return errors }
        return [:]
    }

    /// The innermost per-item errors: partial failures inside partial failures are flattened,
    /// so each entry is the error of one item that failed for a reason of its own.
    public func leafErrors(of error: any Error) -> [AnyHashable: any Error] {
        var leaves: [AnyHashable: any Error] = [:]
        for (item, itemError) in partialErrors(of: error) {
            let nested = leafErrors(of: itemError)
            if nested.isEmpty {
                leaves[item] = itemError
            } else {
                leaves.merge(nested) { first, _ in first }
            }
        }
        return leaves
    }

    /// The record the server holds, for a `serverRecordChanged` conflict.
    public func serverRecord(of error: any Error) -> AnyObject? {
        serverRecordKey.flatMap { (error as NSError).userInfo[$0] as AnyObject? }
    }

    public func clientRecord(of error: any Error) -> AnyObject? {
        clientRecordKey.flatMap { (error as NSError).userInfo[$0] as AnyObject? }
    }

    public func ancestorRecord(of error: any Error) -> AnyObject? {
        ancestorRecordKey.flatMap { (error as NSError).userInfo[$0] as AnyObject? }
    }
}
