import Foundation

// Linux stand-in: CloudKit's account-change notification.
// CKContainer.h (iOS 16.4 SDK): "This local notification is posted when there has been any change
// to the logged in iCloud account. On receipt, an updated account status should be obtained by
// calling accountStatusWithCompletionHandler:"
//   CK_EXTERN NSString * const CKAccountChangedNotification API_AVAILABLE(macos(10.11), ios(9.0), watchos(3.0));
// Swift (Apple documentation): `static let CKAccountChanged: NSNotification.Name`.
// The string value is the constant's name, as for Foundation's own notification names.

extension NSNotification.Name {
    @available(macOS 10.11, iOS 9.0, watchOS 3.0, *)
    public static let CKAccountChanged = NSNotification.Name("CKAccountChangedNotification")
}
