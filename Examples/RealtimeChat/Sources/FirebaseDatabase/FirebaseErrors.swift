// How Firebase Realtime Database's iOS client turns a server status into the NSError an app
// receives, transcribed from firebase/firebase-ios-sdk at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd:
// - FirebaseDatabase/Sources/Constants/FConstants.m: `kFErrorDomain = @"com.firebase"`,
//   `kFErrorWriteCanceled = @"write_canceled"` (FConstants.h is not a public header: apps see
//   only the string, so the description spells the domain as a literal);
// - FirebaseDatabase/Sources/Utilities/FUtilities.m, `+errorForStatus:andReason:`: codes
//   `permission_denied` 1, `unavailable` 2, `write_canceled` 3, any other status 9999, with the
//   reason (or a fixed text, or the status itself) as the localized description.
// (Reads that fail offline with no cache use another domain, `kFirebaseCoreErrorDomain`,
// "com.firebase.core", code 1: FRepo.m, `getData:withCompletionBlock:`. The stand-in never
// fails a read.)

import Foundation

enum FirebaseErrors {
    static let domain = "com.firebase"

    static func error(forStatus status: String, reason: String? = nil) -> NSError {
        let descriptions = [
            "permission_denied": "Permission Denied", "unavailable": "Service is unavailable", "write_canceled": "Write cancelled by user",
        ]
        let codes = ["permission_denied": 1, "unavailable": 2, "write_canceled": 3]
        return NSError(
            domain: domain, code: codes[status] ?? 9999,
            userInfo: [NSLocalizedDescriptionKey: reason ?? descriptions[status] ?? status])
    }
}
