/// One to-do item, stored as the document `<id>`: `{title, done}`.
public struct Todo: Equatable, Sendable {
    public var id: String
    public var title: String
    public var done: Bool

    public init(id: String, title: String, done: Bool = false) {
        self.id = id
        self.title = title
        self.done = done
    }

    /// The item in a document's data, or `nil` when the data is not one.
    init?(id: String, fields: [String: Any]) {
        guard let title = fields["title"] as? String else { return nil }
        self.init(id: id, title: title, done: fields["done"] as? Bool ?? false)
    }

    /// What `save(_:)` writes.
    var fields: [String: Any] { ["title": title, "done": done] }
}
