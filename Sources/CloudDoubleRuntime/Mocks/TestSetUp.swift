/// The calls a test makes on mocks itself, apart from the app's: reaching a child mock through
/// the member the app calls (`mock.childByAutoId()`), reading a property to assert on it, setting
/// one up. Inside `run(_:)`, mocks answer as they answer the app (a stub, the backing,
/// the fallback or child mock) but record nothing: no history (`callCount`, `arguments`,
/// `calls`), no log entry, no cassette, and a queue of stubs is not advanced; a property the test
/// sets is read back by the app without counting as the app's write.
///
/// ```swift
/// let message = TestSetUp.run { mock.childByAutoId() as! MockRealtimeReference }
/// message.stub(.key, .value("m1"))
/// await room.send("hi", as: "ada")
/// #expect(mock.callCount(.childByAutoId) == 1)   // the app's call only
/// ```
///
/// It holds for the calls made in the body's task and its child tasks (a task-local value), not
/// for those another task makes meanwhile: start the app's work outside the body.
public enum TestSetUp {
    /// Whether the running task is inside `run`.
    @TaskLocal @usableFromInline static var isActive = false

    /// Runs `body` as the test's own calls.
    public static func run<R>(_ body: () throws -> R) rethrows -> R {
        try $isActive.withValue(true, operation: body)
    }

    /// Runs `body` as the test's own calls (an `async` member, a completion form awaited).
    public static func run<R>(_ body: () async throws -> R) async rethrows -> R {
        try await $isActive.withValue(true, operation: body)
    }
}
