import Foundation

/// Writes Apple's binary property list (`bplist00`), the format `NSKeyedArchiver` writes its
/// archives in on every platform, for `KeyedArchiveWriter`. The layout is Apple's open-source
/// CoreFoundation's (`CFBinaryPList.c`): a header, the objects, an offset table and a 32-byte
/// trailer; a marker byte per object, its count in the low nibble (or `0xF` and an integer object);
/// containers hold the numbers of their elements. Integers take the fewest bytes that hold them
/// (8 for a negative one), as CoreFoundation writes them; equal strings and UIDs are one object.
///
/// Objects are added one by one and numbered as they come; a value is written when it is added,
/// a container when the list is (references take 1, 2 or 4 bytes, by the number of objects).
/// The code sticks to concrete types and plain loops: it runs unoptimised in the debug builds
/// tests use, where generic algorithms and tuples cost a runtime lookup each.
struct BinaryPropertyList {
    private var bytes: [UInt8] = Array("bplist00".utf8)
    /// Each object's offset in `bytes`, or -1 for a container not written yet.
    private var offsets: [Int] = []
    private var containers: [Container] = []
    private var strings: [String: Int] = [:]
    /// The object of each UID written, by the UID's value (archive entries are numbered densely).
    private var uids: [Int] = []

    private struct Container {
        var number: Int
        var marker: UInt8
        /// An array's elements, or a dictionary's keys then its values.
        var references: [Int]
        var count: Int
    }

    mutating func string(_ string: String) -> Int {
        if let known = strings[string] { return known }
        let number = startObject()
        if string.utf8.count == string.unicodeScalars.count {  // ASCII
            writeMarker(0x5, count: string.utf8.count)
            bytes.append(contentsOf: string.utf8)
        } else {
            let units = Array(string.utf16)
            writeMarker(0x6, count: units.count)
            for unit in units { write(UInt64(unit), size: 2) }
        }
        strings[string] = number
        return number
    }

    /// The object of `string`, if the list holds it.
    func existingString(_ string: String) -> Int? { strings[string] }

    /// A keyed archive's reference to an entry of its `$objects`.
    mutating func uid(_ uid: Int) -> Int {
        if uid < uids.count, uids[uid] >= 0 { return uids[uid] }
        let number = startObject()
        let size = uid <= 0xFF ? 1 : uid <= 0xFFFF ? 2 : 4
        bytes.append(0x80 | UInt8(size - 1))
        write(UInt64(uid), size: size)
        if uid >= uids.count { uids += [Int](repeating: -1, count: uid - uids.count + 1) }
        uids[uid] = number
        return number
    }

    mutating func integer(_ integer: Int64) -> Int {
        let number = startObject()
        writeInteger(integer)
        return number
    }

    /// An unsigned integer past `Int64.max`: 16 bytes.
    mutating func largeUnsigned(_ integer: UInt64) -> Int {
        let number = startObject()
        bytes.append(0x14)
        write(0, size: 8)
        write(integer, size: 8)
        return number
    }

    mutating func double(_ double: Double) -> Int {
        let number = startObject()
        bytes.append(0x23)
        write(double.bitPattern, size: 8)
        return number
    }

    mutating func float(_ float: Float) -> Int {
        let number = startObject()
        bytes.append(0x22)
        write(UInt64(float.bitPattern), size: 4)
        return number
    }

    mutating func bool(_ bool: Bool) -> Int {
        let number = startObject()
        bytes.append(bool ? 0x09 : 0x08)
        return number
    }

    mutating func data(_ data: Data) -> Int {
        let number = startObject()
        writeMarker(0x4, count: data.count)
        bytes.append(contentsOf: data)
        return number
    }

    mutating func array(_ elements: [Int]) -> Int {
        let number = offsets.count
        offsets.append(-1)
        containers.append(Container(number: number, marker: 0xA, references: elements, count: elements.count))
        return number
    }

    mutating func dictionary(keys: [Int], values: [Int]) -> Int {
        let number = offsets.count
        offsets.append(-1)
        containers.append(Container(number: number, marker: 0xD, references: keys + values, count: keys.count))
        return number
    }

    /// The list's bytes, with object `top` at its root.
    mutating func written(top: Int) -> Data {
        let referenceSize = Self.byteCount(offsets.count)
        for container in containers {
            offsets[container.number] = bytes.count
            writeMarker(container.marker, count: container.count)
            for reference in container.references { write(UInt64(reference), size: referenceSize) }
        }
        let offsetTable = bytes.count
        let offsetSize = Self.byteCount(offsetTable)
        for offset in offsets { write(UInt64(offset), size: offsetSize) }
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        write(UInt64(offsets.count), size: 8)
        write(UInt64(top), size: 8)
        write(UInt64(offsetTable), size: 8)
        return Data(bytes)
    }

    private mutating func startObject() -> Int {
        offsets.append(bytes.count)
        return offsets.count - 1
    }

    private mutating func writeInteger(_ integer: Int64) {
        let size = integer < 0 ? 8 : Self.byteCount(Int(integer))
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        write(UInt64(bitPattern: integer), size: size)
    }

    /// A marker with its count: in the low nibble below 15, else `0xF` and an integer object.
    private mutating func writeMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker << 4 | UInt8(count))
        } else {
            bytes.append(marker << 4 | 0xF)
            writeInteger(Int64(count))
        }
    }

    /// `value`'s low `size` bytes, big-endian.
    private mutating func write(_ value: UInt64, size: Int) {
        var shift = UInt64(8 * size)
        while shift > 0 {
            shift -= 8
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// The bytes (1, 2, 4 or 8) that hold `value`.
    private static func byteCount(_ value: Int) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }
}
