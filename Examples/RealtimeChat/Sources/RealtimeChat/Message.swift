import FirebaseDatabase

/// One chat message, as stored under `rooms/<room>/<auto id>`: `{author, text}`.
public struct Message: Equatable, Sendable {
    public var id: String
    public var author: String
    public var text: String

    public init(id: String, author: String, text: String) {
        self.id = id
        self.author = author
        self.text = text
    }

    /// The message in a child snapshot, or `nil` when the data is not one.
    init?(_ snapshot: DataSnapshot) {
        guard let fields = snapshot.value as? [String: Any], let author = fields["author"] as? String, let text = fields["text"] as? String else {
            return nil
        }
        self.init(id: snapshot.key, author: author, text: text)
    }

    /// What `setValue(_:)` writes.
    var fields: [String: String] { ["author": author, "text": text] }
}
