import Foundation

/// Generic methods, shaped as Firestore's `DocumentReference.getDocument<T: Decodable>(as:)` and
/// `DocumentSnapshot.data<T: Decodable>(as:)`: the app names the type it decodes the stored JSON
/// as, and the SDK hands back a value of it.
public final class SettingsDocuments: Sendable {
    private let json: [String: String]

    public init(json: [String: String] = [:]) {
        self.json = json
    }

    /// The document at `key`, decoded as `type`.
    public func document<T: Decodable>(at key: String, as type: T.Type) async throws -> T {
        try decode(key, as: type)
    }

    /// The same, synchronously (the document is cached).
    public func cached<T: Decodable>(at key: String, as type: T.Type) throws -> T {
        try decode(key, as: type)
    }

    /// Every document of `keys`, decoded as `type` (two constraints).
    public func documents<Document: Decodable & Sendable>(at keys: [String], as type: Document.Type) async throws -> [Document] {
        try keys.map { try decode($0, as: type) }
    }

    /// Encodes `value`; a generic parameter only a parameter mentions.
    public func encodedSize<T: Encodable>(of value: T) throws -> Int {
        try JSONEncoder().encode(value).count
    }

    private func decode<T: Decodable>(_ key: String, as type: T.Type) throws -> T {
        guard let text = json[key] else { throw SettingsBusy(message: "no document at \(key)") }
        return try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
