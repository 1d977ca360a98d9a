import Foundation

/// Collects what the SDK reports for a real run of an operation whose blocks a fault wrapper
/// swapped for its own: the per-item and event callbacks in order, then the final result. When
/// the SDK makes its last callback (`completionBlock`), `finish` receives them.
public final class OperationCapture<Event, Final>: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`; `finish` runs once, unlocked.
    private let lock = NSLock()
    private var events: [Event] = []
    private var result: Result<Final, any Error>?
    private var finish: ((_ events: [Event], _ result: Result<Final, any Error>?) -> Void)?

    public init(finish: @escaping (_ events: [Event], _ result: Result<Final, any Error>?) -> Void) {
        self.finish = finish
    }

    /// A per-item or event callback.
    public func append(_ event: Event) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    /// The final Result-based callback.
    public func finalResult(_ result: Result<Final, any Error>) {
        lock.lock()
        self.result = result
        lock.unlock()
    }

    /// The SDK's last callback: hands everything collected to `finish`, once.
    public func complete() {
        lock.lock()
        let finish = self.finish
        self.finish = nil
        let events = self.events
        let result = self.result
        lock.unlock()
        finish?(events, result)
    }
}
