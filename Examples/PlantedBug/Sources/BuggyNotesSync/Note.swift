import CloudKit
import Foundation

/// What the user writes. Seed 003's model: an ID, the text, when it last changed.
public struct Note: Sendable, Equatable {
    public var id: String
    public var text: String
    public var modified: Date

    public init(id: String, text: String, modified: Date) {
        self.id = id
        self.text = text
        self.modified = modified
    }
}

extension Note {
    static let recordType: CKRecord.RecordType = "Note"

    /// Reads a note from its record; `nil` for a record that is not a complete note.
    init?(record: CKRecord) {
        guard let text = record["text"] as? String, let modified = record["modified"] as? Date else { return nil }
        self.init(id: record.recordID.recordName, text: text, modified: modified)
    }

    /// Writes this note's fields onto a record (a new one, or the server's copy being updated).
    func write(to record: CKRecord) {
        record["text"] = text
        record["modified"] = modified
    }
}
