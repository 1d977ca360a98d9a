import Foundation

extension NSCoder {
    /// Apple's `decodeObject(of:forKey:)` returns nil for a key the archive does not have, which
    /// CloudKit's `-initWithCoder:`s rely on (decompiled: they decode optional keys without
    /// asking). swift-corelibs-foundation instead records a "data is missing" error (fatal under
    /// the default failure policy), so the stand-in asks first and behaves as Apple's does.
    func decodeIfPresent<T: NSObject & NSCoding>(_ type: T.Type, forKey key: String) -> T? {
        containsValue(forKey: key) ? decodeObject(of: type, forKey: key) : nil
    }

    /// `decodeIfPresent(_:forKey:)` for a value of one of several classes.
    func decodeIfPresent(of classes: [AnyClass], forKey key: String) -> Any? {
        containsValue(forKey: key) ? decodeObject(of: classes, forKey: key) : nil
    }
}
