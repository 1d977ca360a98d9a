import CloudDoubleRuntime
import FirebaseDatabase

/// The view model of one chat room: writes messages (retrying what Firebase says may succeed
/// later), reads the history once, and listens for new messages until told to stop.
///
/// It talks to the generated `RealtimeReference` protocol, never to `DatabaseReference`:
/// production passes `LiveRealtimeReference(Database.database().reference(withPath: "rooms/general"))`,
/// tests a mock or a fault-injecting wrapper.
public final class ChatRoom: Sendable {
    private struct State {
        var messages: [Message] = []
        var failure: ChatFailure?
        var handle: DatabaseHandle?
    }

    private let room: any RealtimeReference
    private let policy: RetryPolicy
    private let time: TimeSource
    private let random: RandomSource
    private let state = Locked(State())

    /// - Parameters:
    ///   - room: the room's location; each message is a child with an auto id.
    ///   - time, random: the retry loop's clock and jitter (a virtual clock and a seed in tests).
    public init(room: any RealtimeReference, maxAttempts: Int = 4, time: TimeSource = .system, random: RandomSource = .system()) {
        self.room = room
        policy = RetryPolicy(maxAttempts: maxAttempts, baseDelay: 0.5, maxDelay: 8, errorModel: .realtimeDatabase)
        self.time = time
        self.random = random
    }

    /// The messages in the order they arrived.
    public var messages: [Message] { state.snapshot.messages }
    /// The last failure, `nil` after a success.
    public var failure: ChatFailure? { state.snapshot.failure }
    /// Whether a listener is registered.
    public var isListening: Bool { state.snapshot.handle != nil }

    /// Writes a message under a new auto id, retrying the errors the error model calls
    /// retryable. Returns whether it was written; on failure, `failure` says why.
    @discardableResult
    public func send(_ text: String, as author: String) async -> Bool {
        let message = room.childByAutoId()
        let fields = Message(id: message.key ?? "", author: author, text: text).fields
        do {
            _ = try await retrying(policy, time: time, random: random) { _ in try await message.setValue(fields) }
            state.withLock { $0.failure = nil }
            return true
        } catch {
            state.withLock { $0.failure = ChatFailure(error) }
            return false
        }
    }

    /// Replaces the messages with the room's current contents, read once.
    public func loadHistory() async {
        do {
            let snapshot = try await room.getData()
            let history = snapshot.children.allObjects.compactMap { ($0 as? DataSnapshot).flatMap(Message.init) }
            state.withLock {
                $0.messages = history
                $0.failure = nil
            }
        } catch {
            state.withLock { $0.failure = ChatFailure(error) }
        }
    }

    /// Listens for messages added to the room (Firebase first reports the ones already there).
    /// When the server revokes access, the listener ends and `failure` says so.
    public func startListening() {
        guard !isListening else { return }
        let handle = room.observe(
            .childAdded,
            with: { [state] snapshot in
                guard let message = Message(snapshot) else { return }
                state.withLock { if !$0.messages.contains(where: { $0.id == message.id }) { $0.messages.append(message) } }
            },
            withCancel: { [state] error in
                state.withLock {
                    $0.failure = ChatFailure(error)
                    $0.handle = nil
                }
            })
        state.withLock { $0.handle = handle }
    }

    /// Removes the listener; no message arrives after this.
    public func stopListening() {
        let handle = state.withLock { state in
            let handle = state.handle
            state.handle = nil
            return handle
        }
        guard let handle else { return }
        room.removeObserver(withHandle: handle)
    }
}
