import CloudKit
import Foundation

/// What the user writes. Seed 003's model: an ID, the text, when it last changed.
///
/// Its members are `nonisolated` so that the `NotesSyncEngine` actor can use them when this file
/// is compiled with the main actor as default isolation (an Xcode 26 app target).
public struct Note: Sendable, Equatable {
    nonisolated public var id: String
    nonisolated public var text: String
    nonisolated public var modified: Date

    nonisolated public init(id: String, text: String, modified: Date) {
        self.id = id
        self.text = text
        self.modified = modified
    }
}

extension Note {
    nonisolated static let recordType: CKRecord.RecordType = "Note"

    /// Reads a note from its record; `nil` for a record that is not a complete note.
    nonisolated init?(record: CKRecord) {
        guard let text = record["text"] as? String, let modified = record["modified"] as? Date else { return nil }
        self.init(id: record.recordID.recordName, text: text, modified: modified)
    }

    /// Writes this note's fields onto a record (a new one, or the server's copy being updated).
    nonisolated func write(to record: CKRecord) {
        record["text"] = text
        record["modified"] = modified
    }
}
