import CloudDoubleRuntime
import CloudKitDoubles
import Foundation

/// The names NSUbiquitousKeyValueStore's external-change notification uses: Foundation's own
/// constants on Apple platforms, their string values on Linux (where the class does not exist).
public enum KeyValueStoreNotification {
    #if canImport(Darwin)
        public static let didChangeExternally = NSUbiquitousKeyValueStore.didChangeExternallyNotification
        public static let reasonKey = NSUbiquitousKeyValueStoreChangeReasonKey
        public static let changedKeysKey = NSUbiquitousKeyValueStoreChangedKeysKey
    #else
        public static let didChangeExternally = Notification.Name("NSUbiquitousKeyValueStoreDidChangeExternallyNotification")
        public static let reasonKey = "NSUbiquitousKeyValueStoreChangeReasonKey"
        public static let changedKeysKey = "NSUbiquitousKeyValueStoreChangedKeysKey"
    #endif

    /// The reasons the notification gives (`NSUbiquitousKeyValueStoreServerChange`, ...).
    public enum Reason: Int, Sendable {
        case serverChange = 0, initialSyncChange = 1, quotaViolationChange = 2, accountChange = 3
    }
}

/// iCloud key-value storage held in memory, with the service's limits: at most 1,024 keys,
/// 1 MB for all values together and for any one value, keys of at most 128 UTF-16 characters
/// (Apple's current documentation; older sources say 64 bytes). A write over a quota is dropped
/// and the external-change notification says `quotaViolationChange`, as on a device. A key that
/// is too long raises an exception on a device; here the write is dropped and recorded in
/// `violations`, so a test can assert on it instead of crashing.
///
/// `simulateExternalChange` plays a change arriving from another device: the values change and
/// the notification is posted with its reason and changed keys, on this store's notification
/// center (its own by default, so parallel tests do not hear each other), with the mock as object.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 9.0, *)
public final class InMemoryKeyValueStore: CloudKeyValueStoreBacking, @unchecked Sendable {
    // @unchecked: values are property-list values (immutable value types or copies), and every
    // stored property is guarded by `lock`.
    public static let maximumKeys = 1024
    public static let maximumTotalBytes = 1_048_576
    public static let maximumValueBytes = 1_048_576
    public static let maximumKeyLength = 128

    /// A write the real store would refuse.
    public struct Violation: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable { case keyTooLong, notAPropertyList, valueTooLarge, tooManyKeys, totalTooLarge }
        public let key: String
        public let kind: Kind
        public var description: String { "\(kind) for key \"\(key.prefix(40))\"" }
    }

    /// Where the external-change notifications go.
    public let notificationCenter: NotificationCenter
    private let lock = NSLock()
    private var values: [String: Any] = [:]
    private var sizes: [String: Int] = [:]
    private var recordedViolations: [Violation] = []
    private weak var notificationObject: AnyObject?

    public init(notificationCenter: NotificationCenter = NotificationCenter()) {
        self.notificationCenter = notificationCenter
    }

    /// A mock backed by this store, and the object of the notifications it posts.
    public func mock(log: CallLog = CallLog()) -> MockCloudKeyValueStore {
        let mock = MockCloudKeyValueStore(log: log)
        mock.backing = self
        lock.withLock { notificationObject = mock }
        return mock
    }

    // MARK: Inspection and simulation (for tests)

    /// Everything stored, as `dictionaryRepresentation` gives it.
    public var contents: [String: Any] { lock.withLock { values } }

    /// The writes the real store would have refused, oldest first.
    public var violations: [Violation] { lock.withLock { recordedViolations } }

    /// The bytes the values take, as the quota counts them (their binary property-list size).
    public var totalBytes: Int { lock.withLock { sizes.values.reduce(0, +) } }

    /// Another device changed these keys (`nil` removes one): the values change, then the
    /// notification is posted with `reason` and the changed keys.
    public func simulateExternalChange(_ changes: [String: Any?], reason: KeyValueStoreNotification.Reason = .serverChange) {
        lock.withLock {
            for (key, value) in changes {
                if let value, let size = Self.size(of: value) {
                    values[key] = value
                    sizes[key] = size
                } else {
                    values[key] = nil
                    sizes[key] = nil
                }
            }
        }
        post(reason, keys: changes.keys.sorted())
    }

    /// The iCloud account changed: every value goes, and the notification says so.
    public func simulateAccountChange() {
        let keys = lock.withLock { () -> [String] in
            defer {
                values.removeAll()
                sizes.removeAll()
            }
            return values.keys.sorted()
        }
        post(.accountChange, keys: keys)
    }

    // MARK: Backing

    public func dictionaryRepresentation() throws -> [String: Any] { contents }
    public func object(_ arguments: String) throws -> Any? { lock.withLock { values[arguments] } }
    public func string(_ arguments: String) throws -> String? { try object(arguments) as? String }
    public func array(_ arguments: String) throws -> [Any]? { try object(arguments) as? [Any] }
    public func dictionary(_ arguments: String) throws -> [String: Any]? { try object(arguments) as? [String: Any] }
    public func data(_ arguments: String) throws -> Data? { try object(arguments) as? Data }
    public func longLong(_ arguments: String) throws -> Int64 { Self.number(try object(arguments))?.int64Value ?? 0 }
    public func double(_ arguments: String) throws -> Double { Self.number(try object(arguments))?.doubleValue ?? 0 }
    public func bool(_ arguments: String) throws -> Bool { Self.number(try object(arguments))?.boolValue ?? false }

    public func setObject(_ arguments: (anObject: Any?, aKey: String)) throws { write(arguments.anObject, arguments.aKey) }
    public func setString(_ arguments: (aString: String?, aKey: String)) throws { write(arguments.aString, arguments.aKey) }
    public func setData(_ arguments: (aData: Data?, aKey: String)) throws { write(arguments.aData, arguments.aKey) }
    public func setArray(_ arguments: (anArray: [Any]?, aKey: String)) throws { write(arguments.anArray, arguments.aKey) }
    public func setDictionary(_ arguments: (aDictionary: [String: Any]?, aKey: String)) throws { write(arguments.aDictionary, arguments.aKey) }
    public func setLongLong(_ arguments: (value: Int64, aKey: String)) throws { write(arguments.value, arguments.aKey) }
    public func setDouble(_ arguments: (value: Double, aKey: String)) throws { write(arguments.value, arguments.aKey) }
    public func setBool(_ arguments: (value: Bool, aKey: String)) throws { write(arguments.value, arguments.aKey) }
    public func removeObject(_ arguments: String) throws { write(nil, arguments) }

    // MARK: Limits

    /// A local write: checked against the limits, then stored. Local writes post no notification
    /// unless a quota refuses them, as on a device.
    private func write(_ value: Any?, _ key: String) {
        let refusal: Violation.Kind? = lock.withLock {
            if key.utf16.count > Self.maximumKeyLength { return .keyTooLong }
            guard let value else {
                values[key] = nil
                sizes[key] = nil
                return nil
            }
            guard let size = Self.size(of: value) else { return .notAPropertyList }
            if size > Self.maximumValueBytes { return .valueTooLarge }
            if values[key] == nil, values.count >= Self.maximumKeys { return .tooManyKeys }
            if sizes.values.reduce(0, +) - (sizes[key] ?? 0) + size > Self.maximumTotalBytes { return .totalTooLarge }
            values[key] = value
            sizes[key] = size
            return nil
        }
        guard let refusal else { return }
        lock.withLock { recordedViolations.append(Violation(key: key, kind: refusal)) }
        if refusal != .keyTooLong && refusal != .notAPropertyList { post(.quotaViolationChange, keys: [key]) }
    }

    private func post(_ reason: KeyValueStoreNotification.Reason, keys: [String]) {
        let object = lock.withLock { notificationObject }
        notificationCenter.post(
            name: KeyValueStoreNotification.didChangeExternally, object: object,
            userInfo: [KeyValueStoreNotification.reasonKey: NSNumber(value: reason.rawValue), KeyValueStoreNotification.changedKeysKey: keys])
    }

    /// A value's size as a binary property list; `nil` when it is not a property-list value.
    static func size(of value: Any) -> Int? {
        guard PropertyListSerialization.propertyList(value, isValidFor: .binary) else { return nil }
        return (try? PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))?.count
    }

    static func number(_ value: Any?) -> NSNumber? {
        switch value {
        case let value as Int64: return NSNumber(value: value)
        case let value as Int: return NSNumber(value: value)
        case let value as Double: return NSNumber(value: value)
        case let value as Bool: return NSNumber(value: value)
        case let value as NSNumber: return value
        default: return nil
        }
    }
}
