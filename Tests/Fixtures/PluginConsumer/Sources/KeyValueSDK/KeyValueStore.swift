import Foundation

/// A tiny stand-in for a third-party cloud SDK: not CloudKit, to show any SDK can be described.
public final class RemoteStore: @unchecked Sendable {
    public init() {}
    public var endpoint: String { "https://example.invalid" }

    public func value(forKey key: String) async throws -> String? { nil }

    public func fetchValue(forKey key: String, completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
        completion(nil, nil)
    }

    public func put(_ value: String, forKey key: String) async throws {}
}

public let RemoteStoreErrorDomain = "RemoteStoreErrorDomain"
