import Foundation

/// Each distinct type text parsed once per description: most repeat (`String`, `CKRecord.ID`),
/// and every use then shares one model's storage. One per decode (no static state); the decoder
/// reads types on all cores, so the table is behind a lock.
final class SwiftTypeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var parsed: [String: Result<SwiftType, SwiftTypeError>] = [:]

    func parse(_ text: String) -> Result<SwiftType, SwiftTypeError> {
        if let known = lock.withLock({ parsed[text] }) { return known }
        // Parsed outside the lock: two threads may parse one text, and either result is the same.
        let result = SwiftTypeParser.parse(text)
        lock.withLock { parsed[text] = result }
        return result
    }
}

/// The last few type texts one reader (one type's JSON, on one thread) parsed, in front of the
/// shared `SwiftTypeCache`.
final class RecentTypes {
    private var entries: [(text: String, parsed: Result<SwiftType, SwiftTypeError>)] = []
    private var next = 0
    private static let capacity = 8

    func parse(_ text: String, cache: SwiftTypeCache) -> Result<SwiftType, SwiftTypeError> {
        for entry in entries where entry.text == text { return entry.parsed }
        let parsed = cache.parse(text)
        if entries.count < Self.capacity {
            entries.append((text, parsed))
        } else {
            entries[next] = (text, parsed)
            next = (next + 1) % Self.capacity
        }
        return parsed
    }
}
