import Foundation

/// A keyed archive in `NSKeyedArchiver`'s format, written by a coder of our own, so that the
/// in-memory store can hand out many records a request without `NSKeyedArchiver`. What is
/// archived is each object's own `encode(with:)` (CloudKit's, on Apple platforms); the archive is
/// decoded by `NSKeyedUnarchiver` and the classes' `init?(coder:)`, as Apple's archives are. Kept
/// for speed: swift-corelibs-foundation's archiver was about 60% of the CPU of a user's exploration
/// scenario in a debug build (target g, docs/Benchmarks.md: a class description named and compared
/// for every archived object, every object uniqued by a deep `isEqual`, the property list bridged
/// before it is written); this writer, unoptimised there too, takes about a fifth of that CPU.
///
/// The format (swift-corelibs-foundation's `NSKeyedArchiver.swift`, the same on Apple platforms):
/// a binary property list whose root holds `$archiver` ("NSKeyedArchiver"), `$version` (100000),
/// `$top` (the top-level keys) and `$objects`, whose entry 0 is "$null". A string, number or data
/// whose class for the archiver is exactly `NSString`, `NSNumber` or `NSData` is an entry as it
/// is; any other object is a dictionary of its keys with `$class`, a reference to an entry
/// `{$classname, $classes (the class and its superclasses)}`; keys starting with "$" get another
/// "$". A key's value is a UID (a reference to an entry) for an object, or the value itself for a
/// number or bytes (`encode(_:forKey:)` of a `Bool`, an integer, a real, `encodeBytes`). Arrays and
/// sets hold "NS.objects", dictionaries "NS.keys" and "NS.objects", dates "NS.time", URLs
/// "NS.base" and "NS.relative"; these are written here, not by their classes' `encode(with:)`,
/// which write them only for `NSKeyedArchiver` itself. Objects are one entry when they are the
/// same object, as Apple's archiver keeps them, and equal strings are one entry.
/// swift-corelibs-foundation's archiver merges every two equal objects, so an `NSNumber` of `true`
/// and one of 1 became one entry of one type (`KeyedArchiveWriterTests.testTrueAndOneKeepTheirTypes`).
///
/// What this coder does not write (unkeyed coding, another Foundation class) makes `finishedData()`
/// nil, and the caller archives with `NSKeyedArchiver` instead.
///
/// `CKRecord` is archived by coders other than `NSKeyedArchiver` on Apple platforms too: Photos'
/// `cloudphotod` hands `-[CKRecord encodeWithCoder:]` its own `CPLArchiver`
/// (`-[CKRecord(CPLArchiver) plistArchiveWithCPLArchiver:]`, in a public decompilation). Only a Mac
/// can show that CloudKit's `encode(with:)` asks this coder nothing it lacks:
/// `KeyedArchiveWriterTests` compares its archives with `NSKeyedArchiver`'s there as here.
final class KeyedArchiveWriter: NSCoder {
    /// What a key holds: a reference to an entry of `$objects`, an array of them (a collection's
    /// elements), or a value written in place (an object of `list`).
    private enum Field {
        case entry(Int)
        case entries([Int])
        case value(Int)
    }

    /// An archived object's keys (objects of `list`, the strings) and what they hold.
    private struct Keys {
        var names: [Int] = []
        var fields: [Field] = []
    }

    /// An entry of `$objects`: a string, number or data as it is (an object of `list`), or an
    /// object's keys.
    private enum Entry {
        case value(Int)
        case object(Keys)
    }

    private var list = BinaryPropertyList()
    private var objects: [Entry] = []
    /// The keys of the objects being encoded, innermost last; the archive's top level first.
    private var containers: [Keys] = [Keys()]
    private var entries: [ObjectIdentifier: Int] = [:]
    /// Every archived object, kept alive so that no other object takes its identity meanwhile.
    private var archived: [AnyObject] = []
    private var strings: [String: Int] = [:]
    private var classes: [ObjectIdentifier: ClassDescription] = [:]
    /// The classes archived under their own names (`NSStringFromClass`), by those names.
    private(set) var classesByName: [String: AnyClass] = [:]
    private var unsupported = false

    private struct ClassDescription {
        var entry: Int
        var isFoundation: Bool
    }

    private let classNames: KeyedArchiveClassNames

    /// A writer naming classes with `classNames`.
    init(classNames: KeyedArchiveClassNames) {
        self.classNames = classNames
        super.init()
        objects.append(.value(list.string("$null")))
    }

    override var allowsKeyedCoding: Bool { true }
    override var requiresSecureCoding: Bool { true }

    /// The archive's bytes, or `nil` when it holds something this coder does not write; called
    /// once, when everything is encoded. Entries nothing refers to any more (values a redirected
    /// key held) are left out: the unarchiver reads every entry of `$objects` before it decodes
    /// anything.
    func finishedData() -> Data? {
        guard !unsupported else { return nil }
        var referred = [Bool](repeating: false, count: objects.count)
        var pending = [0]
        func refer(to fields: [Field]) {
            for field in fields {
                switch field {
                case .entry(let entry): pending.append(entry)
                case .entries(let entries): pending.append(contentsOf: entries)
                case .value: break
                }
            }
        }
        refer(to: containers[0].fields)
        while let next = pending.popLast() {
            guard !referred[next] else { continue }
            referred[next] = true
            if case .object(let keys) = objects[next] { refer(to: keys.fields) }
        }
        // Kept in order, renumbered.
        var numbers = [Int](repeating: -1, count: objects.count)
        var kept: [Int] = []
        for entry in 0..<objects.count where referred[entry] {
            numbers[entry] = kept.count
            kept.append(entry)
        }
        var written: [Int] = []
        written.reserveCapacity(kept.count)
        for entry in kept {
            switch objects[entry] {
            case .value(let value): written.append(value)
            case .object(let keys): written.append(dictionary(keys, numbers: numbers))
            }
        }
        let root = list.dictionary(
            keys: [list.string("$archiver"), list.string("$version"), list.string("$top"), list.string("$objects")],
            values: [list.string("NSKeyedArchiver"), list.integer(100_000), dictionary(containers[0], numbers: numbers), list.array(written)])
        return list.written(top: root)
    }

    /// `keys` as a dictionary of the property list, with entries renumbered by `numbers`.
    private func dictionary(_ keys: Keys, numbers: [Int]) -> Int {
        var values: [Int] = []
        values.reserveCapacity(keys.fields.count)
        for field in keys.fields {
            switch field {
            case .entry(let entry): values.append(list.uid(numbers[entry]))
            case .entries(let entries):
                var uids: [Int] = []
                uids.reserveCapacity(entries.count)
                for entry in entries { uids.append(list.uid(numbers[entry])) }
                values.append(list.array(uids))
            case .value(let value): values.append(value)
            }
        }
        return list.dictionary(keys: keys.names, values: values)
    }

    // MARK: Keyed coding

    override func encode(_ object: Any?, forKey key: String) {
        set(.entry(entry(for: object)), forKey: key)
    }

    /// A reference to `object` if it is archived already, else to nil (`encodeConditionalObject`).
    override func encodeConditionalObject(_ object: Any?, forKey key: String) {
        let known = (object as AnyObject?).flatMap { entries[ObjectIdentifier($0)] }
        set(.entry(known ?? 0), forKey: key)
    }

    override func encode(_ value: Bool, forKey key: String) { set(.value(list.bool(value)), forKey: key) }
    override func encode(_ value: Int, forKey key: String) { set(.value(list.integer(Int64(value))), forKey: key) }
    override func encode(_ value: Int32, forKey key: String) { set(.value(list.integer(Int64(value))), forKey: key) }
    override func encode(_ value: Int64, forKey key: String) { set(.value(list.integer(value)), forKey: key) }
    override func encode(_ value: Float, forKey key: String) { set(.value(list.float(value)), forKey: key) }
    override func encode(_ value: Double, forKey key: String) { set(.value(list.double(value)), forKey: key) }

    override func encodeBytes(_ bytes: UnsafePointer<UInt8>?, length: Int, forKey key: String) {
        set(.value(list.data(bytes.map { Data(bytes: $0, count: length) } ?? Data())), forKey: key)
    }

    #if canImport(Darwin)
        /// `-encodeInt:forKey:`, which Swift names apart from `encode(_: Int32, forKey:)` on Apple platforms.
        override func encodeCInt(_ value: Int32, forKey key: String) { set(.value(list.integer(Int64(value))), forKey: key) }
    #endif

    // MARK: Unkeyed coding, which keyed archives do not hold

    override func encodeValue(ofObjCType type: UnsafePointer<CChar>, at address: UnsafeRawPointer) { unsupported = true }
    override func encode(_ data: Data) { unsupported = true }
    override func encode(_ object: Any?) { unsupported = true }
    override func encodeConditionalObject(_ object: Any?) { unsupported = true }

    // MARK: Editing the archive before it is written

    /// Encodes `object` under `key` at the top level, and returns its entry (to edit its keys).
    func encodeTopLevel(_ object: NSObject, forKey key: String) -> Int {
        let entry = entry(for: object)
        set(.entry(entry), forKey: key)
        return entry
    }

    /// The entry of `object`, archived (without a key referring to it) if it is not yet.
    func entry(of object: NSObject) -> Int { entry(for: object) }

    /// The entry that `key` of entry `entry` refers to, when it is an object with keys of its own.
    func entry(_ key: String, of entry: Int) -> Int? {
        guard case .object(let keys) = objects[entry], let name = list.existingString(key), let index = keys.names.firstIndex(of: name),
            case .entry(let referred) = keys.fields[index], case .object = objects[referred]
        else { return nil }
        return referred
    }

    /// Makes `key` of entry `entry` refer to entry `referred` (0: nil); `false` when it has no such key.
    func redirect(_ key: String, of entry: Int, to referred: Int) -> Bool {
        guard case .object(var keys) = objects[entry], let name = list.existingString(key), let index = keys.names.firstIndex(of: name) else {
            return false
        }
        keys.fields[index] = .entry(referred)
        objects[entry] = .object(keys)
        return true
    }

    // MARK: Objects

    private func set(_ field: Field, forKey key: String) {
        let name = list.string(key.hasPrefix("$") ? "$" + key : key)
        containers[containers.count - 1].names.append(name)
        containers[containers.count - 1].fields.append(field)
    }

    private func entry(for object: Any?) -> Int {
        guard let object else { return 0 }
        guard let object = object as? NSObject else {
            if let string = object as? String { return stringEntry(string) }
            unsupported = true
            return 0
        }
        if let known = entries[ObjectIdentifier(object)] { return known }
        let archivedClass: AnyClass = object.classForKeyedArchiver ?? type(of: object)
        if archivedClass == NSString.self, let string = object as? NSString {
            let entry = stringEntry(string as String)
            remember(object, as: entry)
            return entry
        }
        if archivedClass == NSNumber.self, let number = object as? NSNumber { return add(.value(value(of: number)), for: object) }
        if archivedClass == NSData.self, let data = object as? NSData { return add(.value(list.data(data as Data)), for: object) }
        // Reserved before the object's own keys, which may refer back to it.
        let entry = add(.object(Keys()), for: object)
        containers.append(Keys())
        let description = classDescription(archivedClass)
        if !description.isFoundation, let coding = object as? any NSCoding {
            coding.encode(with: self)
        } else {
            // Foundation's classes write their keys for `NSKeyedArchiver` only: these are written
            // here, any other makes the archive one this coder does not write.
            switch object {
            case let array as NSArray:
                var elements: [Any?] = []
                for element in array { elements.append(element) }
                set(references(to: elements), forKey: "NS.objects")
            case let set as NSSet: self.set(references(to: set.allObjects), forKey: "NS.objects")
            case let dictionary as NSDictionary:
                let keys = dictionary.allKeys
                var values: [Any?] = []
                for key in keys { values.append(dictionary.object(forKey: key)) }
                set(references(to: keys), forKey: "NS.keys")
                set(references(to: values), forKey: "NS.objects")
            case let date as NSDate: encode(date.timeIntervalSinceReferenceDate, forKey: "NS.time")
            case let url as NSURL:
                encode(url.baseURL.map { $0 as NSURL }, forKey: "NS.base")
                encode(url.relativeString as NSString, forKey: "NS.relative")
            default: unsupported = true
            }
        }
        var keys = containers.removeLast()
        keys.names.append(list.string("$class"))
        keys.fields.append(.entry(description.entry))
        objects[entry] = .object(keys)
        return entry
    }

    /// References to `elements` (a collection's "NS.objects" or "NS.keys").
    private func references(to elements: [Any?]) -> Field {
        var entries: [Int] = []
        entries.reserveCapacity(elements.count)
        for element in elements { entries.append(entry(for: element)) }
        return .entries(entries)
    }

    private func add(_ entry: Entry, for object: NSObject) -> Int {
        objects.append(entry)
        remember(object, as: objects.count - 1)
        return objects.count - 1
    }

    private func remember(_ object: NSObject, as entry: Int) {
        entries[ObjectIdentifier(object)] = entry
        archived.append(object)
    }

    /// Equal strings are one entry, as both platforms' archivers write them.
    private func stringEntry(_ string: String) -> Int {
        if let known = strings[string] { return known }
        objects.append(.value(list.string(string)))
        strings[string] = objects.count - 1
        return objects.count - 1
    }

    /// A number as the property list holds it: a Boolean (`kCFBooleanTrue`/`kCFBooleanFalse`, the
    /// objects `NSNumber(value:)` gives for a `Bool` on both platforms), a real of its size, or an integer.
    private func value(of number: NSNumber) -> Int {
        if number === NSNumber(value: true) || number === NSNumber(value: false) { return list.bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"): return list.float(number.floatValue)
        case UInt8(ascii: "d"): return list.double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let unsigned = number.uint64Value
            return unsigned > UInt64(Int64.max) ? list.largeUnsigned(unsigned) : list.integer(Int64(unsigned))
        default: return list.integer(number.int64Value)
        }
    }

    // MARK: Classes

    /// The entry describing `archivedClass`, and whether the class is Foundation's.
    private func classDescription(_ archivedClass: AnyClass) -> ClassDescription {
        if let known = classes[ObjectIdentifier(archivedClass)] { return known }
        let names = classNames.names(of: archivedClass)
        var keys = Keys()
        keys.names.append(list.string("$classname"))
        keys.fields.append(.value(list.string(names.name)))
        if let chain = names.chain {
            classesByName[names.name] = archivedClass
            var written: [Int] = []
            for name in chain { written.append(list.string(name)) }
            keys.names.append(list.string("$classes"))
            keys.fields.append(.value(list.array(written)))
        }
        if !names.hints.isEmpty {
            var written: [Int] = []
            for hint in names.hints { written.append(list.string(hint)) }
            keys.names.append(list.string("$classhints"))
            keys.fields.append(.value(list.array(written)))
        }
        objects.append(.object(keys))
        let description = ClassDescription(entry: objects.count - 1, isFoundation: names.isFoundation)
        classes[ObjectIdentifier(archivedClass)] = description
        return description
    }
}
