import Foundation

// Linux stand-in: record references.
//
// Apple (CKReference.h):
//     typedef NS_ENUM(NSUInteger, CKReferenceAction) { CKReferenceActionNone = 0, CKReferenceActionDeleteSelf = 1 };
//     NS_SWIFT_SENDABLE
//     @interface CKReference : NSObject <NSSecureCoding, NSCopying>
//     - (instancetype)init NS_UNAVAILABLE;  + (instancetype)new NS_UNAVAILABLE;
//     - (instancetype)initWithRecordID:(CKRecordID *)recordID action:(CKReferenceAction)action NS_DESIGNATED_INITIALIZER;
//     - (instancetype)initWithRecord:(CKRecord *)record action:(CKReferenceAction)action;
//     @property (nonatomic, readonly, assign) CKReferenceAction referenceAction;
//     @property (nonatomic, readonly, copy) CKRecordID *recordID;
// imported as `CKRecord.Reference` and `CKRecord.ReferenceAction`; the overlay (iOS 18
// `CloudKit.swiftinterface`) adds the deprecated spellings `CKRecord.Reference.Action` and
// `CKRecord_Reference_Action`, and makes `CKRecord.Reference` a `CKRecordValueProtocol`.

extension CKRecord {
    @available(macOS 10.10, iOS 8.0, watchOS 3.0, *)
    public enum ReferenceAction: UInt, @unchecked Sendable {
        /// When the referred record is deleted, this record is unchanged (a dangling reference).
        case none = 0
        /// When the referred record is deleted, this record is deleted too.
        case deleteSelf = 1
    }

    /// Apple's `CKReference`. See `__CKReference`.
    public typealias Reference = __CKReference
}

/// Apple's `CKReference`, which Swift sees only as `CKRecord.Reference`.
///
/// Stand-in only: the class is top-level (under a hidden `__` name, like Apple's own
/// `__CKRecordObjCValue`) because swift-corelibs-foundation's `NSKeyedArchiver` can only archive
/// top-level classes, and references are archived with their records. Always spell it
/// `CKRecord.Reference`.
@available(macOS 10.10, iOS 8.0, watchOS 3.0, *)
open class __CKReference: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    private let action: CKRecord.ReferenceAction
    private let id: CKRecord.ID

    public init(recordID: CKRecord.ID, action: CKRecord.ReferenceAction) {
        self.id = recordID
        self.action = action
    }

    public convenience init(record: CKRecord, action: CKRecord.ReferenceAction) {
        self.init(recordID: record.recordID, action: action)
    }

    open var referenceAction: CKRecord.ReferenceAction { action }

    open var recordID: CKRecord.ID { id }

    open class var supportsSecureCoding: Bool { true }

    /// Archive format and equality, from a public decompilation of CloudKit.framework
    /// (`-[CKReference encodeWithCoder:]`, `-initWithCoder:`, `-isEqual:`, `-hash`, iOS 18.2): the
    /// target as a `CKRecordID` object under "recordID" and the action as an int64 under
    /// "referenceAction" (both lower-case first letters). Apple's `-initWithCoder:` hands a
    /// missing ID to `initWithRecordID:action:`, which raises an Objective-C exception; Swift
    /// cannot catch one, so this stand-in fails the decode instead. Equal when the actions match
    /// and the record IDs are equal; the hash is the record ID's.
    public required init?(coder: NSCoder) {
        guard let id = coder.decodeIfPresent(CKRecord.ID.self, forKey: "recordID"),
            let action = CKRecord.ReferenceAction(rawValue: UInt(truncatingIfNeeded: coder.decodeInt64(forKey: "referenceAction")))
        else { return nil }
        self.id = id
        self.action = action
    }

    open func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "recordID")
        coder.encode(Int64(action.rawValue), forKey: "referenceAction")
    }

    /// Immutable, so a copy is the reference itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKRecord.Reference else { return false }
        return other.id == id && other.action == action
    }

    open override var hash: Int { id.hash }

    open override var description: String { "CKRecord.Reference(\(id), \(action))" }
}

@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 3.0, *)
extension CKRecord.Reference: CKRecordValueProtocol {}

@available(macOS 10.10, macCatalyst 8.0, iOS 8.0, tvOS 9.0, watchOS 3.0, *)
extension CKRecord.Reference {
    @available(swift 4.2)
    @available(macOS, deprecated, introduced: 10.10, message: "renamed to CKRecord.ReferenceAction")
    @available(macCatalyst, deprecated, introduced: 8.0, message: "renamed to CKRecord.ReferenceAction")
    @available(iOS, deprecated, introduced: 8.0, message: "renamed to CKRecord.ReferenceAction")
    @available(tvOS, deprecated, introduced: 9.0, message: "renamed to CKRecord.ReferenceAction")
    @available(watchOS, deprecated, introduced: 3.0, message: "renamed to CKRecord.ReferenceAction")
    @available(visionOS, deprecated, message: "renamed to CKRecord.ReferenceAction")
    public typealias Action = CKRecord.ReferenceAction
}

@available(swift 4.2)
@available(macOS, deprecated, introduced: 10.10, message: "renamed to CKRecord.ReferenceAction")
@available(macCatalyst, deprecated, introduced: 8.0, message: "renamed to CKRecord.ReferenceAction")
@available(iOS, deprecated, introduced: 8.0, message: "renamed to CKRecord.ReferenceAction")
@available(tvOS, deprecated, introduced: 9.0, message: "renamed to CKRecord.ReferenceAction")
@available(watchOS, deprecated, introduced: 3.0, message: "renamed to CKRecord.ReferenceAction")
@available(visionOS, deprecated, message: "renamed to CKRecord.ReferenceAction")
public typealias CKRecord_Reference_Action = CKRecord.ReferenceAction
