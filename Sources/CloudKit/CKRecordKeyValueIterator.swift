import Foundation

/// A record is a sequence of its keys and values, as in Apple's Swift overlay (`extension CKRecord :
/// Sequence`, iOS 8): `for (key, value) in record`. The stand-in visits the keys in `allKeys()`
/// order (sorted); Apple does not document an order.
public struct CKRecordKeyValueIterator: IteratorProtocol {
    private let record: CKRecord
    private var keys: IndexingIterator<[CKRecord.FieldKey]>

    init(_ record: CKRecord) {
        self.record = record
        keys = record.allKeys().makeIterator()
    }

    public mutating func next() -> (CKRecord.FieldKey, any CKRecordValueProtocol)? {
        while let key = keys.next() {
            if let value = record.object(forKey: key) { return (key, value) }
        }
        return nil
    }
}

extension CKRecord: Sequence {
    public func makeIterator() -> CKRecordKeyValueIterator { CKRecordKeyValueIterator(self) }
}
