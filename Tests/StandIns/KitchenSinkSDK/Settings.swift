import Foundation

/// A small made-up SDK that exercises what CloudKit's surface does not: settable properties,
/// keyword names, `Void` results in every form, custom handler labels, non-`Sendable` handlers,
/// error-first handlers, synchronous methods that throw.
public final class SettingsStore: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: String] = [:]
    private var _isEnabled = true

    public init() {}

    public var isEnabled: Bool {
        get { lock.withLock { _isEnabled } }
        set { lock.withLock { _isEnabled = newValue } }
    }

    public var `default`: String { "fallback" }

    public func value(for key: String) async throws -> String? { lock.withLock { values[key] } }

    public func value(for key: String, then done: @escaping (String?, (any Error)?) -> Void) {
        let value = lock.withLock { values[key] }
        done(value, nil)
    }

    /// As Firebase's blocks do, the handler takes the error first.
    public func entry(for key: String, completion: @escaping ((any Error)?, String?) -> Void) {
        let value = lock.withLock { values[key] }
        completion(nil, value)
    }

    /// An error-first handler whose value is not optional: `-1` goes with an error.
    public func count(completion: @escaping @Sendable ((any Error)?, Int) -> Void) {
        completion(nil, lock.withLock { values.count })
    }

    public struct NotANumber: Error {}

    /// A synchronous method that throws, as Firestore's `Transaction.getDocument(_:)`.
    public func parse(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw NotANumber() }
        return value
    }

    /// Typed throws: a protocol requirement that throws untyped is satisfied by it.
    public func check(_ key: String, strict: Bool = false) throws(NotANumber) {
        if strict, lock.withLock({ values[key] }).flatMap(Int.init) == nil { throw NotANumber() }
    }

    /// Returns a value at once and reports completion later, as Firestore's
    /// `addDocument(data:completion:) -> DocumentReference`: the key the value is stored under.
    @discardableResult
    public func add(_ value: String, completion: (((any Error)?) -> Void)? = nil) -> String {
        let key = lock.withLock {
            let key = "k\(values.count)"
            values[key] = value
            return key
        }
        completion?(nil)
        return key
    }

    /// An SDK object handed out by an async call, as Firestore's `collection.addDocument(data:)`.
    public func section(named name: String) async throws -> SettingsSection { SettingsSection(name: name) }

    public func section(named name: String, completionHandler: @escaping @Sendable (SettingsSection?, (any Error)?) -> Void) {
        completionHandler(SettingsSection(name: name), nil)
    }

    /// Copies every value to a backup, reporting progress from 0 to 1 as it goes.
    public func backUp(to name: String, progress: @escaping @Sendable (Double) -> Void) async throws -> Int {
        let count = lock.withLock { values.count }
        progress(0)
        progress(1)
        return count
    }

    public func store(_ value: String, in key: String, overwrite: Bool = true) async throws {
        lock.withLock { if overwrite || values[key] == nil { values[key] = value } }
    }

    public func store(_ value: String, in key: String, overwrite: Bool = true, completionHandler: @escaping ((any Error)?) -> Void) {
        lock.withLock { if overwrite || values[key] == nil { values[key] = value } }
        completionHandler(nil)
    }

    public func reset(completionHandler: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        lock.withLock { values.removeAll() }
        completionHandler(.success(()))
    }

    public func reset() async throws {
        lock.withLock { values.removeAll() }
    }

    public func `repeat`(_ count: Int) -> Int { count }
}

/// A part of the settings, handed out by `SettingsStore.section(named:)`.
public final class SettingsSection: Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }

    /// Hands the section back to an error-first block, as Firebase's write blocks pass the
    /// reference written.
    public func touch(withCompletionBlock block: @escaping ((any Error)?, SettingsSection) -> Void) {
        block(nil, self)
    }

    /// A new section at each call, as Firebase's `childByAutoId()` makes a new location.
    public func subsection() -> SettingsSection { SettingsSection(name: name + "/" + String(UInt32.random(in: 0...UInt32.max), radix: 36)) }

    /// A new copy at each call, as Firestore's `addDocument(data:)` makes a new document.
    public func duplicate(named name: String) async throws -> SettingsSection { SettingsSection(name: name) }

    /// The section this one is in, through a `Result` handler.
    public func parent(completionHandler: @escaping @Sendable (Result<SettingsSection, any Error>) -> Void) {
        completionHandler(.success(SettingsSection(name: name.components(separatedBy: "/").dropLast().joined(separator: "/"))))
    }
}
