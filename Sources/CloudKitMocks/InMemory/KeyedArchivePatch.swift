import Foundation

/// Redirects entries of a keyed archive in place, in its binary property list, without parsing
/// the archive into objects and writing it again. Kept for speed, measured on a real workload:
/// the NotesSync 30%-faults scenario (`seeds-bench 40 3`, release, both cores, interleaved on a
/// loaded box, 2026-11-28) ran 19.6, 7.9 and 18.4 seeds/s with it against 5.0, 2.9 and 2.4
/// without it (every archive taking the `PropertyListSerialization` round trip of
/// `SystemFields.withKeysAdded`), under the ≥ 20 seeds/s target (docs/Benchmarks.md). It edits the
/// archives `NSKeyedArchiver` writes one object at a time: zones, sharing values, and a record
/// `KeyedArchiveWriter` cannot write (a request's records are written by that writer, which sets
/// the references before it writes). `CKRecord` has no public setter for its change tag, dates or
/// users, so the store edits the archive Apple's `encode(with:)` wrote.
///
/// `NSKeyedArchiver` writes a binary property list (`bplist00`, its default `outputFormat` on
/// every platform) whose root dictionary holds `$top` (the top-level keys) and `$objects` (every
/// archived object; an object's keys are a dictionary there). Each dictionary entry is a
/// reference to a UID object naming an entry of `$objects`. Making a key "refer to" another value
/// is therefore one reference changed in place: the bytes keep their size and every other entry
/// stays as the archiver wrote it. The layout (header, objects, offset table, 32-byte trailer;
/// a marker byte per object, its count in the low nibble or in a following integer object) is
/// Apple's open-source CoreFoundation's (`CFBinaryPList.c`), which both platforms' archivers use.
///
/// Anything unexpected (another format, a key the archive does not have, a string key that is not
/// ASCII) gives `nil`, and the caller rewrites the archive the slow way.
struct KeyedArchivePatch {
    private var bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int
    private let root: Int

    init?(_ data: Data) {
        bytes = [UInt8](data)
        guard bytes.count > 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else { return nil }
        let bytes = self.bytes
        let fields = (0..<3).map { field in
            Int(truncatingIfNeeded: (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[trailer + 8 + field * 8 + $1]) })
        }
        (objectCount, root, offsetTable) = (fields[0], fields[1], fields[2])
        guard objectCount > 0, root >= 0, root < objectCount, offsetTable >= 8,
            offsetTable + objectCount * offsetSize <= trailer
        else { return nil }
    }

    var data: Data { Data(bytes) }

    /// Makes each `key` of the archive's top level refer to what its `source` key refers to.
    mutating func redirectTopLevel(_ keys: [(key: String, source: String)]) -> Bool {
        guard let top = topDictionary else { return false }
        for (key, source) in keys {
            guard let slot = valueSlot(of: key, inDictionary: top), let value = valueSlot(of: source, inDictionary: top) else { return false }
            write(reference: reference(at: value), to: slot)
        }
        return true
    }

    /// The reference `source` holds at the archive's top level (to point nested keys at it).
    func topLevelReference(_ source: String) -> Int? {
        topDictionary.flatMap { valueSlot(of: source, inDictionary: $0) }.map(reference(at:))
    }

    /// Makes `key` of every archived object that has it refer to `reference`.
    mutating func redirectNested(_ key: String, to reference: Int) {
        guard let objects = rootValue("$objects"), let array = container(objects, marker: 0xA) else { return }
        for index in 0..<array.count {
            let object = self.reference(at: array.start + index * referenceSize)
            if container(object, marker: 0xD) != nil, let slot = valueSlot(of: key, inDictionary: object) { write(reference: reference, to: slot) }
        }
    }

    // MARK: Reading the format

    private var topDictionary: Int? {
        rootValue("$top").flatMap { container($0, marker: 0xD) != nil ? $0 : nil }
    }

    private func rootValue(_ key: String) -> Int? {
        valueSlot(of: key, inDictionary: root).map(reference(at:))
    }

    /// The byte offset of object `index`.
    private func offset(of index: Int) -> Int? {
        guard index >= 0, index < objectCount else { return nil }
        let offset = integer(at: offsetTable + index * offsetSize, size: offsetSize)
        return offset >= 8 && offset < offsetTable ? offset : nil
    }

    /// Where the references of an array (`0xA`) or dictionary (`0xD`) object start, and their count.
    private func container(_ index: Int, marker: UInt8) -> (start: Int, count: Int)? {
        guard let offset = offset(of: index), bytes[offset] >> 4 == marker else { return nil }
        guard let (start, count) = counted(at: offset) else { return nil }
        let width = marker == 0xD ? 2 * count * referenceSize : count * referenceSize
        return start + width <= offsetTable ? (start, count) : nil
    }

    /// The byte offset of the value reference that `key` has in dictionary object `index`.
    private func valueSlot(of key: String, inDictionary index: Int) -> Int? {
        guard let (start, count) = container(index, marker: 0xD) else { return nil }
        let wanted = Array(key.utf8)
        for entry in 0..<count where isASCII(reference(at: start + entry * referenceSize), wanted) {
            return start + (count + entry) * referenceSize
        }
        return nil
    }

    /// Whether object `index` is the ASCII string `wanted` (`0x5`; keys are written as ASCII).
    private func isASCII(_ index: Int, _ wanted: [UInt8]) -> Bool {
        guard let offset = offset(of: index), bytes[offset] >> 4 == 0x5, let (start, count) = counted(at: offset),
            count == wanted.count, start + count <= offsetTable
        else { return false }
        return bytes[start..<start + count].elementsEqual(wanted)
    }

    /// An object's count (low nibble, or `0xF` and an integer object) and where its body starts.
    private func counted(at offset: Int) -> (start: Int, count: Int)? {
        let nibble = Int(bytes[offset] & 0xF)
        guard nibble == 0xF else { return (offset + 1, nibble) }
        guard offset + 2 < offsetTable, bytes[offset + 1] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[offset + 1] & 0xF)
        guard size <= 8, offset + 2 + size <= offsetTable else { return nil }
        return (offset + 2 + size, integer(at: offset + 2, size: size))
    }

    private func reference(at slot: Int) -> Int { integer(at: slot, size: referenceSize) }

    private func integer(at offset: Int, size: Int) -> Int {
        var value = 0
        for index in offset..<offset + size { value = value << 8 | Int(bytes[index]) }
        return value
    }

    private mutating func write(reference: Int, to slot: Int) {
        for index in 0..<referenceSize {
            bytes[slot + index] = UInt8(truncatingIfNeeded: reference >> (8 * (referenceSize - 1 - index)))
        }
    }
}
