/// Calls whose result is an `AsyncSequence`: an `AsyncThrowingStream`, a paginator-shaped
/// sequence of pages (as the AWS SDK's `PaginatorSequence`), and `some AsyncSequence`.
public final class SettingsTicker: Sendable {
    private let keys: [String]

    public init(keys: [String] = []) {
        self.keys = keys
    }

    /// Each value the key takes: two, then the stream finishes.
    public func changes(of key: String) -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(key + "=1")
            continuation.yield(key + "=2")
            continuation.finish()
        }
    }

    /// The keys, `pageSize` at a time.
    public func pages(pageSize: Int = 10) -> SettingsPages {
        SettingsPages(keys: keys, pageSize: pageSize)
    }

    /// An opaque parameter, which a description writes `any CustomStringConvertible`.
    public func label(for value: some CustomStringConvertible) -> String {
        "#" + value.description
    }

    /// The keys, as an opaque sequence (primary associated types need the Swift 6 runtime).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func values() -> some AsyncSequence<String, any Error> {
        AsyncThrowingStream<String, any Error> { continuation in
            for key in keys { continuation.yield(key) }
            continuation.finish()
        }
    }
}

/// One page of keys, and where the next one starts (`nil` on the last page).
public struct SettingsPage: Sendable, Equatable {
    public var keys: [String]
    public var nextToken: Int?

    public init(keys: [String], nextToken: Int?) {
        self.keys = keys
        self.nextToken = nextToken
    }
}

/// The pages of keys, each fetched when the app asks for it.
public struct SettingsPages: AsyncSequence, Sendable {
    public typealias Element = SettingsPage
    let keys: [String]
    let pageSize: Int

    public struct AsyncIterator: AsyncIteratorProtocol {
        let keys: [String]
        let pageSize: Int
        var token: Int? = 0

        public mutating func next() async throws -> SettingsPage? {
            guard let start = token else { return nil }
            let end = Swift.min(keys.count, start + Swift.max(1, pageSize))
            token = end < keys.count ? end : nil
            return SettingsPage(keys: Array(keys[start..<end]), nextToken: token)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(keys: keys, pageSize: pageSize)
    }
}

/// The keys at one moment, as Firestore's `QuerySnapshot`: an SDK class not marked `Sendable`.
public final class SettingsSnapshot {
    public let keys: [String]

    public init(keys: [String]) {
        self.keys = keys
    }
}

@available(*, unavailable)
extension SettingsSnapshot: Sendable {}

extension SettingsTicker {
    /// A snapshot per key, each with the keys up to it, as Firestore's `Query.snapshots`.
    public func snapshots() -> SettingsSnapshots {
        SettingsSnapshots(keys: keys)
    }
}

/// The snapshots of the keys, each made when the app asks for it.
public struct SettingsSnapshots: AsyncSequence, Sendable {
    public typealias Element = SettingsSnapshot
    let keys: [String]

    public struct AsyncIterator: AsyncIteratorProtocol {
        let keys: [String]
        var count = 0

        public mutating func next() async throws -> SettingsSnapshot? {
            guard count < keys.count else { return nil }
            count += 1
            return SettingsSnapshot(keys: Array(keys.prefix(count)))
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(keys: keys)
    }
}
