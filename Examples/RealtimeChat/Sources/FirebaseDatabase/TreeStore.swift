// The stand-in's in-process database: one tree, its listeners, and the server statuses a test
// queued. Our choice of behaviour, not Firebase's (which syncs with a server, caches, and raises
// events on its callback queue): writes apply at once, listeners are called synchronously on
// the writing thread after the lock is released, `.childAdded` and `.value` are the events it
// raises (the example listens to no others).

import Foundation

final class TreeStore: @unchecked Sendable {
    enum Write {
        case set(TreeValue?)
        case update([(path: [String], value: TreeValue?)])
    }

    private struct Listener {
        let path: [String]
        let eventType: DataEventType
        let block: (DataSnapshot) -> Void
        let cancel: ((any Error) -> Void)?
        var knownChildren: Set<String>
    }

    private let lock = NSLock()
    private var root: TreeValue?
    private var listeners: [DatabaseHandle: Listener] = [:]
    private var nextHandle: DatabaseHandle = 1
    private var autoIds = 0
    private var writeStatuses: [String] = []

    static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    static func updates(_ values: [AnyHashable: Any]) -> [(path: [String], value: TreeValue?)] {
        values.map { (components("\($0.key)"), TreeValue($0.value)) }
    }

    func nextAutoId() -> String {
        lock.withLock {
            autoIds += 1
            return "-StandIn" + String(repeating: "0", count: max(0, 12 - String(autoIds).count)) + String(autoIds)
        }
    }

    func snapshot(at path: [String]) -> DataSnapshot {
        DataSnapshot(value: lock.withLock { root?.value(at: path) }, at: path)
    }

    func queueWriteStatuses(_ statuses: [String]) {
        lock.withLock { writeStatuses += statuses }
    }

    /// Applies the write, or returns the error of the next queued status without applying it.
    func write(_ write: Write, at path: [String]) -> NSError? {
        let status: String? = lock.withLock { writeStatuses.isEmpty ? nil : writeStatuses.removeFirst() }
        if let status { return FirebaseErrors.error(forStatus: status) }
        let events: [() -> Void] = lock.withLock {
            switch write {
            case .set(let value):
                root = TreeValue.replacing(root, at: path, with: value)
            case .update(let updates):
                for update in updates { root = TreeValue.replacing(root, at: path + update.path, with: update.value) }
            }
            return listeners.keys.sorted().flatMap { pendingEvents(for: $0) }
        }
        events.forEach { $0() }
        return nil
    }

    func observe(
        _ eventType: DataEventType, at path: [String], block: @escaping (DataSnapshot) -> Void, cancel: ((any Error) -> Void)?
    ) -> DatabaseHandle {
        let (handle, events): (DatabaseHandle, [() -> Void]) = lock.withLock {
            let handle = nextHandle
            nextHandle += 1
            listeners[handle] = Listener(path: path, eventType: eventType, block: block, cancel: cancel, knownChildren: [])
            return (handle, pendingEvents(for: handle))
        }
        events.forEach { $0() }
        return handle
    }

    func removeObserver(_ handle: DatabaseHandle) {
        _ = lock.withLock { listeners.removeValue(forKey: handle) }
    }

    func revokeReads() {
        let cancels: [(any Error) -> Void] = lock.withLock {
            let revoked = listeners.filter { $0.value.cancel != nil }
            for handle in revoked.keys { listeners[handle] = nil }
            return revoked.keys.sorted().compactMap { revoked[$0]?.cancel }
        }
        let error = FirebaseErrors.error(forStatus: "permission_denied")
        cancels.forEach { $0(error) }
    }

    /// The events listener `handle` has not seen yet; called with the lock held.
    private func pendingEvents(for handle: DatabaseHandle) -> [() -> Void] {
        guard var listener = listeners[handle] else { return [] }
        let value = root?.value(at: listener.path)
        switch listener.eventType {
        case .childAdded:
            let added = (value?.children ?? [:]).keys.filter { !listener.knownChildren.contains($0) }.sorted()
            listener.knownChildren = Set((value?.children ?? [:]).keys)
            listeners[handle] = listener
            return added.map { key in
                let snapshot = DataSnapshot(value: value?.children[key], at: listener.path + [key])
                return { listener.block(snapshot) }
            }
        case .value:
            let snapshot = DataSnapshot(value: value, at: listener.path)
            return [{ listener.block(snapshot) }]
        case .childRemoved, .childChanged, .childMoved:
            return []
        }
    }
}
