import Foundation

// Linux stand-in: subscriptions.

/// `@interface CKSubscription : NSObject <NSSecureCoding, NSCopying>` (CKSubscription.h). The
/// archive follows the decompiled `-[CKSubscription encodeWithCoder:]`: the ID under `serverID`,
/// the type (`CKSubscriptionType`: query 1, record zone 2, database 3) as an int64 under
/// `subscriptionType`, then `recordType` and `notificationInfo` when set. The stand-in has no
/// notification info, so it never writes or reads that key.
public class CKSubscription: NSObject, NSSecureCoding, @unchecked Sendable {
    public typealias ID = String
    public let subscriptionID: ID
    let subscriptionType: Int64
    var recordType: String?

    init(subscriptionID: ID, type: Int64) {
        self.subscriptionID = subscriptionID
        self.subscriptionType = type
    }

    public class var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(subscriptionID as NSString, forKey: "serverID")
        coder.encode(subscriptionType, forKey: "subscriptionType")
        if let recordType { coder.encode(recordType as NSString, forKey: "recordType") }
    }

    public required init?(coder: NSCoder) {
        guard let id = coder.decodeObject(of: NSString.self, forKey: "serverID") else { return nil }
        subscriptionID = id as String
        subscriptionType = coder.decodeInt64(forKey: "subscriptionType")
        // swift-corelibs-foundation reports a missing key as a decoding error: ask first.
        if coder.containsValue(forKey: "recordType") { recordType = coder.decodeObject(of: NSString.self, forKey: "recordType") as String? }
    }
}

public final class CKDatabaseSubscription: CKSubscription, @unchecked Sendable {
    public init(subscriptionID: CKSubscription.ID) {
        super.init(subscriptionID: subscriptionID, type: 3)
    }

    /// "The type of record that the subscription targets" (CKDatabaseSubscription.h); archived
    /// under `recordType` with the rest of the subscription.
    public override var recordType: CKRecord.RecordType? {
        get { super.recordType }
        set { super.recordType = newValue }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
