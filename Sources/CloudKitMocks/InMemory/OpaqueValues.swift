import Foundation
#if canImport(Darwin)
import CloudKit
#else
@_spi(StandIn) import CloudKit
#endif

/// Change tokens and query cursors have no public initialiser, yet an in-memory service has to
/// hand out new ones. On Apple platforms they are made with their Objective-C `+new` (no public
/// Swift initialiser exists, but the classes are plain `NSObject`s); the Linux stand-in has an
/// SPI initialiser. Either way the store remembers what each one means by identity.
enum OpaqueValues {
    static func token(_ label: String) -> CKServerChangeToken {
        #if canImport(Darwin)
        return make(CKServerChangeToken.self)
        #else
        return CKServerChangeToken(standInValue: label)
        #endif
    }

    static func cursor(_ label: String) -> CKQueryOperation.Cursor {
        #if canImport(Darwin)
        return make(CKQueryOperation.Cursor.self)
        #else
        return CKQueryOperation.Cursor(standInValue: label)
        #endif
    }

    #if canImport(Darwin)
    private static func make<T: NSObject>(_ type: T.Type) -> T {
        // `+new` is `alloc` + `init`; the Swift overlay hides `init()`, the runtime does not.
        let made = (type as AnyObject).perform(NSSelectorFromString("new"))?.takeRetainedValue()
        return made as! T
    }
    #endif
}
