// Transcribed from couchbase/couchbase-lite-ios, Objective-C/CBLListenerToken.h at tag 3.4.0
// (commit 1c55a443cdcacd485fc82c82813710487b8ea02f), as Swift imports it:
// `@protocol CBLListenerToken <NSObject> - (void) remove; @end`.

import Foundation

/// Listener token returned when adding a change listener. The token is used for removing the
/// added change listener.
public protocol CBLListenerToken: NSObjectProtocol {
    /// `- (void) remove;`
    func remove()
}
