import Foundation

/// A handle to a feed listener, as Firebase's `DatabaseHandle` is (`UInt`).
public typealias FeedHandle = UInt

/// What `SettingsFeed.addListener(_:)` returns, as Firestore's `ListenerRegistration`.
public protocol FeedRegistration: AnyObject {
    func remove()
}

/// What `SettingsFeed.addObjectListener(_:)` returns, as Firestore's `ListenerRegistration`,
/// which refines `NSObjectProtocol`.
public protocol FeedObjectRegistration: NSObjectProtocol {
    func remove()
}

/// A feed of settings values with listeners in the two shapes SDKs give them: Firebase's
/// handle style (`observe(_:with:withCancel:) -> FeedHandle`, ended by
/// `removeObserver(withHandle:)`) and Firestore's object style (`addListener(_:)`, one closure
/// for values and errors, ended by `remove()` on the registration it returns). Closures are not
/// `Sendable`, as in both SDKs; events are delivered on the publishing thread.
public final class SettingsFeed: @unchecked Sendable {
    private struct Observer {
        let values: (String) -> Void
        let errors: ((any Error) -> Void)?
    }

    private final class Registration: FeedRegistration {
        let remove_: () -> Void
        init(remove: @escaping () -> Void) { remove_ = remove }
        func remove() { remove_() }
    }

    private final class ObjectRegistration: NSObject, FeedObjectRegistration {
        let remove_: () -> Void
        init(remove: @escaping () -> Void) { remove_ = remove }
        func remove() { remove_() }
    }

    private let lock = NSLock()
    private var nextHandle: FeedHandle = 1
    private var observers: [FeedHandle: Observer] = [:]

    public init() {}

    public func observe(_ key: String, with block: @escaping (String) -> Void, withCancel cancelBlock: ((any Error) -> Void)?) -> FeedHandle {
        lock.withLock {
            let handle = nextHandle
            nextHandle += 1
            observers[handle] = Observer(values: block, errors: cancelBlock)
            return handle
        }
    }

    public func removeObserver(withHandle handle: FeedHandle) {
        _ = lock.withLock { observers.removeValue(forKey: handle) }
    }

    public func addListener(_ listener: @escaping (String?, (any Error)?) -> Void) -> any FeedRegistration {
        let handle = observe("", with: { listener($0, nil) }, withCancel: { listener(nil, $0) })
        return Registration { [self] in removeObserver(withHandle: handle) }
    }

    public func addObjectListener(_ listener: @escaping (String?, (any Error)?) -> Void) -> any FeedObjectRegistration {
        let handle = observe("", with: { listener($0, nil) }, withCancel: { listener(nil, $0) })
        return ObjectRegistration { [self] in removeObserver(withHandle: handle) }
    }

    /// Ends every listener, as Firebase's `removeAllObservers()`.
    public func removeAllObservers() {
        lock.withLock { observers.removeAll() }
    }

    /// Stands for the server: sends `value` to every listener.
    public func publish(_ value: String) {
        for observer in lock.withLock({ Array(observers.values) }) { observer.values(value) }
    }

    /// Stands for the server: ends every listener with `error`.
    public func fail(_ error: any Error) {
        let ended = lock.withLock {
            defer { observers.removeAll() }
            return Array(observers.values)
        }
        for observer in ended { observer.errors?(error) }
    }
}
