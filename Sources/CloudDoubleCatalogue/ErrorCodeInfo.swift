/// What an app should do about an error code, beyond "retry or not".
public enum Recovery: String, Sendable, Hashable, CaseIterable {
    /// Retry the same request after a backoff (and after the server's retry-after, if any).
    case retry
    /// The request was too large: split the batch and send the halves.
    case splitBatch
    /// Fetch the server record, merge, and save again (`serverRecordChanged`).
    case resolveConflict
    /// Drop the change token and fetch everything again (`changeTokenExpired`).
    case resetChangeToken
    /// Create the zone (or re-create it after asking the user) and save again.
    case recreateZone
    /// Look at the per-item errors inside the partial failure and handle each one.
    case inspectItems
    /// Nothing to do automatically; tell the user (sign in, free up storage, ...).
    case askUser
    /// The request itself is wrong; fix the code or the data. Retrying cannot help.
    case fixRequest
    /// Give up on this request.
    case giveUp
}

/// Which calls the SDK can fail with a code.
public enum ErrorScope: String, Sendable, Hashable, CaseIterable {
    /// Any call or item: a fault plan's trait draws (`.trait(.retryable)`) may pick it.
    case anyCall
    /// Only requests of one kind, which the runtime cannot tell from the others (CloudKit's
    /// asset codes: saves and fetches of records with assets; its share-participant codes):
    /// trait draws never pick it, so an exploration does not fail a call with an error that
    /// call cannot get. A rule that names the code still injects it.
    case particularRequests
}

/// One error code and its traits: the single source for generated doubles, inspection, the
/// retry policy and the docs table.
public struct ErrorCodeInfo: Sendable, Hashable {
    /// The SDK's raw value, e.g. 7.
    public let rawValue: Int
    /// The SDK's case name, e.g. `requestRateLimited`.
    public let name: String
    /// What it means, in one line.
    public let meaning: String
    /// Sending the same request again, later, may succeed.
    public let isRetryable: Bool
    /// The service is shedding load: back off, honour the retry-after, count against the budget.
    public let isThrottling: Bool
    /// The request did not reach the service or its answer did not come back (no connection,
    /// the connection failed, the response was lost).
    public let isNetworkFailure: Bool
    /// The user has to do something (sign in, free storage, ...).
    public let needsUserAction: Bool
    /// The app can recover by itself (possibly by doing something other than retrying).
    public let appCanHandle: Bool
    /// A sign of a programming or configuration mistake that should be caught in development.
    public let developmentOnly: Bool
    /// Seconds to wait when the service sends no retry-after of its own.
    public let defaultRetryAfter: Double?
    /// What to do about it.
    public let recovery: Recovery
    /// Which calls can get it; trait draws pick only codes of ``ErrorScope/anyCall``.
    public let scope: ErrorScope

    public init(
        rawValue: Int, name: String, meaning: String, isRetryable: Bool, isThrottling: Bool = false,
        isNetworkFailure: Bool = false, needsUserAction: Bool = false, appCanHandle: Bool, developmentOnly: Bool = false,
        defaultRetryAfter: Double? = nil, recovery: Recovery, scope: ErrorScope = .anyCall
    ) {
        self.rawValue = rawValue
        self.name = name
        self.meaning = meaning
        self.isRetryable = isRetryable
        self.isThrottling = isThrottling
        self.isNetworkFailure = isNetworkFailure
        self.needsUserAction = needsUserAction
        self.appCanHandle = appCanHandle
        self.developmentOnly = developmentOnly
        self.defaultRetryAfter = defaultRetryAfter
        self.recovery = recovery
        self.scope = scope
    }

    /// Whether the code has `trait`.
    public func has(_ trait: ErrorTrait) -> Bool {
        switch trait {
        case .retryable: return isRetryable
        case .throttling: return isThrottling
        case .network: return isNetworkFailure
        case .needsUser: return needsUserAction
        }
    }
}

/// A trait a catalogue gives its codes, so fault plans can ask for "a network error" or "a
/// rate-limit error" of whichever SDK they are installed on, without naming its codes.
public enum ErrorTrait: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``ErrorCodeInfo/isRetryable``: sending the same request again, later, may succeed.
    case retryable
    /// ``ErrorCodeInfo/isThrottling``: the service is rate-limiting or shedding load.
    case throttling
    /// ``ErrorCodeInfo/isNetworkFailure``: the request did not reach the service or its answer
    /// did not come back.
    case network
    /// ``ErrorCodeInfo/needsUserAction``: only the user can fix it.
    case needsUser

    public var description: String { rawValue }
}

/// A table of error codes for one error domain. The CloudKit table ships as ``cloudKit``; a
/// description for another SDK can name its own domain and codes.
public struct ErrorCatalogue: Sendable {
    public let domain: String
    public let codes: [ErrorCodeInfo]
    private let byRawValue: [Int: ErrorCodeInfo]
    private let byName: [String: ErrorCodeInfo]

    public init(domain: String, codes: [ErrorCodeInfo]) {
        self.domain = domain
        self.codes = codes.sorted { $0.rawValue < $1.rawValue }
        self.byRawValue = Dictionary(codes.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        self.byName = Dictionary(codes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(rawValue: Int) -> ErrorCodeInfo? { byRawValue[rawValue] }
    public subscript(name name: String) -> ErrorCodeInfo? { byName[name] }

    /// The codes with `trait`, by raw value.
    public func codes(with trait: ErrorTrait) -> [ErrorCodeInfo] {
        codes.filter { $0.has(trait) }
    }

    /// The codes a fault plan's `.trait(trait)` draws from: those with `trait` that any call can
    /// get (``ErrorScope/anyCall``), by raw value.
    public func codes(drawnBy trait: ErrorTrait) -> [ErrorCodeInfo] {
        codes.filter { $0.has(trait) && $0.scope == .anyCall }
    }

    /// The catalogue as a Markdown table: the docs embed exactly this text (a test checks it).
    public func markdownTable() -> String {
        func mark(_ flag: Bool) -> String { flag ? "yes" : "" }
        var lines = [
            "| raw | code | meaning | retryable | throttling | network | user action | app can handle | development only | default retry-after | recovery |",
            "|---:|---|---|:-:|:-:|:-:|:-:|:-:|:-:|---:|---|",
        ]
        for info in codes {
            let retryAfter = info.defaultRetryAfter.map { "\(Self.format($0)) s" } ?? ""
            lines.append(
                "| \(info.rawValue) | `\(info.name)` | \(info.meaning) | \(mark(info.isRetryable)) | \(mark(info.isThrottling)) "
                    + "| \(mark(info.isNetworkFailure)) | \(mark(info.needsUserAction)) | \(mark(info.appCanHandle)) | \(mark(info.developmentOnly)) "
                    + "| \(retryAfter) | `\(info.recovery.rawValue)` |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
