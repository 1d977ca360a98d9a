import Foundation

// Linux stand-in: subscriptions (CKSubscription.h, iOS 18 SDK, and the iOS 18 Swift interface).

/// `@interface CKSubscription : NSObject <NSSecureCoding, NSCopying>` (CKSubscription.h). The
/// archive follows the decompiled `-[CKSubscription encodeWithCoder:]` / `-initWithCoder:`: the ID
/// under `serverID`, the type (`CKSubscriptionType`: query 1, record zone 2, database 3) as an
/// int64 under `subscriptionType`, then `recordType`, `notificationInfo` and, for a zone
/// subscription, `ZoneID`, each when set.
public class CKSubscription: NSObject, NSSecureCoding, @unchecked Sendable {
    public typealias ID = String
    /// `CKSubscription.NotificationInfo` (Apple's `CKNotificationInfo`). See `__CKNotificationInfo`.
    public typealias NotificationInfo = __CKNotificationInfo

    /// `CKSubscriptionType` (CKSubscription.h).
    public enum SubscriptionType: Int, Sendable {
        case query = 1
        case recordZone = 2
        case database = 3
    }

    public let subscriptionID: ID
    /// `@property (readonly, assign) CKSubscriptionType subscriptionType`.
    public let subscriptionType: SubscriptionType
    private let lock = NSLock()
    private var storedRecordType: CKRecord.RecordType?
    private var storedNotificationInfo: NotificationInfo?

    init(subscriptionID: ID, type: SubscriptionType) {
        self.subscriptionID = subscriptionID
        self.subscriptionType = type
    }

    /// `@property (nullable, copy) CKNotificationInfo *notificationInfo`: "Describes the
    /// notification that will be sent when the subscription fires."
    public var notificationInfo: NotificationInfo? {
        get { lock.withLock { storedNotificationInfo } }
        set { lock.withLock { storedNotificationInfo = newValue } }
    }

    /// The record type of query, zone and database subscriptions (each subclass declares it).
    var subscribedRecordType: CKRecord.RecordType? {
        get { lock.withLock { storedRecordType } }
        set { lock.withLock { storedRecordType = newValue } }
    }

    public class var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(subscriptionID as NSString, forKey: "serverID")
        coder.encode(Int64(subscriptionType.rawValue), forKey: "subscriptionType")
        if let recordType = subscribedRecordType { coder.encode(recordType as NSString, forKey: "recordType") }
        if let notificationInfo { coder.encode(notificationInfo, forKey: "notificationInfo") }
    }

    public required init?(coder: NSCoder) {
        guard let id = coder.decodeObject(of: NSString.self, forKey: "serverID") else { return nil }
        subscriptionID = id as String
        subscriptionType = SubscriptionType(rawValue: Int(coder.decodeInt64(forKey: "subscriptionType"))) ?? .database
        // swift-corelibs-foundation reports a missing key as a decoding error: ask first.
        if coder.containsValue(forKey: "recordType") { storedRecordType = coder.decodeObject(of: NSString.self, forKey: "recordType") as String? }
        if coder.containsValue(forKey: "notificationInfo") {
            storedNotificationInfo = coder.decodeObject(of: NotificationInfo.self, forKey: "notificationInfo")
        }
    }
}

/// `@interface CKDatabaseSubscription : CKSubscription` (macOS 10.12, iOS 10, tvOS 10, watchOS 6).
public final class CKDatabaseSubscription: CKSubscription, @unchecked Sendable {
    public init(subscriptionID: CKSubscription.ID) {
        super.init(subscriptionID: subscriptionID, type: .database)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// `@property (nullable, copy) CKRecordType recordType`: "Optional property. If set, a
    /// database subscription is scoped to record changes for this record type."
    public var recordType: CKRecord.RecordType? {
        get { subscribedRecordType }
        set { subscribedRecordType = newValue }
    }
}

/// `@interface CKRecordZoneSubscription : CKSubscription` (macOS 10.12, iOS 10, tvOS 10,
/// watchOS 6): "A subscription that generates push notifications when CloudKit modifies records in
/// a specific record zone."
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 6.0, *)
public final class CKRecordZoneSubscription: CKSubscription, @unchecked Sendable {
    /// `@property (readonly, copy, nonatomic) CKRecordZoneID *zoneID` (CKSubscription.h, iOS 17.0 SDK).
    public let zoneID: CKRecordZone.ID

    /// `- initWithZoneID:subscriptionID: NS_DESIGNATED_INITIALIZER`.
    public init(zoneID: CKRecordZone.ID, subscriptionID: CKSubscription.ID) {
        self.zoneID = zoneID
        super.init(subscriptionID: subscriptionID, type: .recordZone)
    }

    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "ZoneID"), let zoneID = coder.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID") else { return nil }
        self.zoneID = zoneID
        super.init(coder: coder)
    }

    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(zoneID, forKey: "ZoneID")
    }

    /// `@property (nullable, copy) CKRecordType recordType`: "Optional property. If set, a zone
    /// subscription is scoped to record changes for this record type."
    public var recordType: CKRecord.RecordType? {
        get { subscribedRecordType }
        set { subscribedRecordType = newValue }
    }
}

/// Apple's `CKNotificationInfo`, which Swift sees as `CKSubscription.NotificationInfo`
/// (`NS_SWIFT_NAME`): what the push notification of a subscription carries. Every property is
/// settable and optional, the flags default to `false`; the Swift convenience initialiser is the
/// iOS 18 interface's.
///
/// Archive keys from the decompiled `-[CKNotificationInfo encodeWithCoder:]`: "alertString",
/// "localizedAlert", "localizedAlertArguments", "title", "localizedTitle",
/// "localizedTitleArguments", "subtitle", "localizedSubtitle", "localizedSubtitleArguments",
/// "localizedAlertAction", "launchImage", "soundName", "desiredKeys", "shouldBadge",
/// "shouldSendContentAvailable", "shouldSendMutableContent", "category", "collapseID".
///
/// Stand-in only: top-level under a hidden `__` name (swift-corelibs-foundation archives only
/// top-level classes, see `__CKRecordID`). Always spell it `CKSubscription.NotificationInfo`.
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 6.0, *)
public final class __CKNotificationInfo: NSObject, NSSecureCoding, @unchecked Sendable {
    // @unchecked: mutable, as Apple's class is; the app configures it before saving.
    // The alert properties are `__TVOS_PROHIBITED` in CKSubscription.h: unavailable on tvOS.
    @available(tvOS, unavailable)
    public var alertBody: String?
    @available(tvOS, unavailable)
    public var alertLocalizationKey: String?
    @available(tvOS, unavailable)
    public var alertLocalizationArgs: [CKRecord.FieldKey]?
    @available(tvOS, unavailable)
    public var title: String?
    @available(tvOS, unavailable)
    public var titleLocalizationKey: String?
    @available(tvOS, unavailable)
    public var titleLocalizationArgs: [CKRecord.FieldKey]?
    @available(tvOS, unavailable)
    public var subtitle: String?
    @available(tvOS, unavailable)
    public var subtitleLocalizationKey: String?
    @available(tvOS, unavailable)
    public var subtitleLocalizationArgs: [CKRecord.FieldKey]?
    @available(tvOS, unavailable)
    public var alertActionLocalizationKey: String?
    @available(tvOS, unavailable)
    public var alertLaunchImage: String?
    @available(tvOS, unavailable)
    public var soundName: String?
    public var desiredKeys: [CKRecord.FieldKey]?
    public var shouldBadge = false
    public var shouldSendContentAvailable = false
    public var shouldSendMutableContent = false
    @available(tvOS, unavailable)
    public var category: String?
    public var collapseIDKey: String?

    public override init() {}

    /// The iOS 18 interface's convenience initialiser: empty argument lists leave the property nil.
    public convenience init(
        alertBody: String? = nil, alertLocalizationKey: String? = nil, alertLocalizationArgs: [CKRecord.FieldKey] = [], title: String? = nil,
        titleLocalizationKey: String? = nil, titleLocalizationArgs: [CKRecord.FieldKey] = [], subtitle: String? = nil,
        subtitleLocalizationKey: String? = nil, subtitleLocalizationArgs: [CKRecord.FieldKey] = [], alertActionLocalizationKey: String? = nil,
        alertLaunchImage: String? = nil, soundName: String? = nil, desiredKeys: [CKRecord.FieldKey] = [], shouldBadge: Bool = false,
        shouldSendContentAvailable: Bool = false, shouldSendMutableContent: Bool = false, category: String? = nil, collapseIDKey: String? = nil
    ) {
        self.init()
        self.alertBody = alertBody
        self.alertLocalizationKey = alertLocalizationKey
        self.alertLocalizationArgs = alertLocalizationArgs.isEmpty ? nil : alertLocalizationArgs
        self.title = title
        self.titleLocalizationKey = titleLocalizationKey
        self.titleLocalizationArgs = titleLocalizationArgs.isEmpty ? nil : titleLocalizationArgs
        self.subtitle = subtitle
        self.subtitleLocalizationKey = subtitleLocalizationKey
        self.subtitleLocalizationArgs = subtitleLocalizationArgs.isEmpty ? nil : subtitleLocalizationArgs
        self.alertActionLocalizationKey = alertActionLocalizationKey
        self.alertLaunchImage = alertLaunchImage
        self.soundName = soundName
        self.desiredKeys = desiredKeys.isEmpty ? nil : desiredKeys
        self.shouldBadge = shouldBadge
        self.shouldSendContentAvailable = shouldSendContentAvailable
        self.shouldSendMutableContent = shouldSendMutableContent
        self.category = category
        self.collapseIDKey = collapseIDKey
    }

    public static var supportsSecureCoding: Bool { true }

    /// The string properties and their archive keys.
    private static var strings: [(key: String, property: ReferenceWritableKeyPath<__CKNotificationInfo, String?>)] {
        [
            ("alertString", \.alertBody), ("localizedAlert", \.alertLocalizationKey), ("title", \.title), ("localizedTitle", \.titleLocalizationKey),
            ("subtitle", \.subtitle), ("localizedSubtitle", \.subtitleLocalizationKey), ("localizedAlertAction", \.alertActionLocalizationKey),
            ("launchImage", \.alertLaunchImage), ("soundName", \.soundName), ("category", \.category), ("collapseID", \.collapseIDKey),
        ]
    }

    /// The key lists and their archive keys.
    private static var lists: [(key: String, property: ReferenceWritableKeyPath<__CKNotificationInfo, [CKRecord.FieldKey]?>)] {
        [
            ("localizedAlertArguments", \.alertLocalizationArgs), ("localizedTitleArguments", \.titleLocalizationArgs),
            ("localizedSubtitleArguments", \.subtitleLocalizationArgs), ("desiredKeys", \.desiredKeys),
        ]
    }

    /// The flags and their archive keys.
    private static var flags: [(key: String, property: ReferenceWritableKeyPath<__CKNotificationInfo, Bool>)] {
        [
            ("shouldBadge", \.shouldBadge), ("shouldSendContentAvailable", \.shouldSendContentAvailable),
            ("shouldSendMutableContent", \.shouldSendMutableContent),
        ]
    }

    public func encode(with coder: NSCoder) {
        for (key, property) in Self.strings { if let value = self[keyPath: property] { coder.encode(value as NSString, forKey: key) } }
        for (key, property) in Self.lists { if let value = self[keyPath: property] { coder.encode(value as NSArray, forKey: key) } }
        for (key, property) in Self.flags { coder.encode(self[keyPath: property], forKey: key) }
    }

    public init?(coder: NSCoder) {
        super.init()
        for (key, property) in Self.strings where coder.containsValue(forKey: key) {
            self[keyPath: property] = coder.decodeObject(of: NSString.self, forKey: key) as String?
        }
        for (key, property) in Self.lists where coder.containsValue(forKey: key) {
            self[keyPath: property] = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: key) as? [String]
        }
        for (key, property) in Self.flags where coder.containsValue(forKey: key) {
            self[keyPath: property] = coder.decodeBool(forKey: key)
        }
    }
}
