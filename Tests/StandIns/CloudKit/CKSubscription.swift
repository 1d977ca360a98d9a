import Foundation

// Linux stand-in: subscriptions.

public class CKSubscription: NSObject, @unchecked Sendable {
    public typealias ID = String
    public let subscriptionID: ID

    init(subscriptionID: ID) {
        self.subscriptionID = subscriptionID
    }
}

public final class CKDatabaseSubscription: CKSubscription, @unchecked Sendable {
    public override init(subscriptionID: CKSubscription.ID) {
        super.init(subscriptionID: subscriptionID)
    }
}
